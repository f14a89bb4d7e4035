import { useState } from 'react';
import { useLiveActor } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { useActionButton } from './action-button.js';
import { Phrase } from './figure.js';

/** How long the demo's order takes to place (a stand-in for the call). */
const PLACING_MS = 1200;

/**
 * The shared button: a click counts only while neither loading nor disabled; the two are independent. A click
 * places an order, loading until it is placed, so a double-click places one.
 */
export function ButtonDemo() {
  const [clicks, setClicks] = useState(0);
  const t = useText().buttonDemo;
  const button = useActionButton(() => {
    setClicks((n) => n + 1);
    return new Promise((done) => setTimeout(done, PLACING_MS));
  });
  useLiveActor('button', button.actor);
  // The machine's regions as they are named (data, not translated).
  const state = [button.loading && 'loading', button.disabled && 'disabled'].filter(Boolean).join(' + ') || 'idle';
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <button {...button.getButtonProps()} data-testid="demo-button">
        {button.loading ? t.placing : t.place}
      </button>
      <p className="muted">
        <Phrase
          text={t.status}
          values={[
            <bdi dir="ltr" data-testid="button-state">
              {state}
            </bdi>,
            <bdi dir="ltr" data-testid="button-clicks">
              {clicks}
            </bdi>,
          ]}
        />
      </p>
      {/* Each box shows one of the machine's two regions: enabling a loading button leaves it loading. */}
      <label className="switch">
        <input
          type="checkbox"
          data-testid="button-loading"
          checked={button.loading}
          onChange={(e) => button.setLoading(e.target.checked)}
        />
        {t.loading}
      </label>
      <label className="switch">
        <input
          type="checkbox"
          data-testid="button-disabled"
          checked={button.disabled}
          onChange={(e) => button.setDisabled(e.target.checked)}
        />
        {t.disabled}
      </label>
    </section>
  );
}
