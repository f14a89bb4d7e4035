import { useState } from 'react';
import { useLiveActor } from '../app-context.js';
import { useActionButton } from './action-button.js';

/** How long the demo's order takes to place (a stand-in for the call). */
const PLACING_MS = 1200;

/**
 * The shared button: a click counts only while neither loading nor disabled; the two are independent. A click
 * places an order, loading until it is placed, so a double-click places one.
 */
export function ButtonDemo() {
  const [clicks, setClicks] = useState(0);
  const button = useActionButton(() => {
    setClicks((n) => n + 1);
    return new Promise((done) => setTimeout(done, PLACING_MS));
  });
  useLiveActor('button', button.actor);
  const state = [button.loading && 'loading', button.disabled && 'disabled'].filter(Boolean).join(' + ') || 'idle';
  return (
    <section className="card">
      <h2>Button</h2>
      <button {...button.getButtonProps()} data-testid="demo-button">
        {button.loading ? 'Placing order…' : 'Place order'}
      </button>
      <p className="muted">
        State: <span data-testid="button-state">{state}</span> · clicks counted: <span data-testid="button-clicks">{clicks}</span>
      </p>
      {/* Each box shows one of the machine's two regions: enabling a loading button leaves it loading. */}
      <label className="switch">
        <input
          type="checkbox"
          data-testid="button-loading"
          checked={button.loading}
          onChange={(e) => button.setLoading(e.target.checked)}
        />
        Loading
      </label>
      <label className="switch">
        <input
          type="checkbox"
          data-testid="button-disabled"
          checked={button.disabled}
          onChange={(e) => button.setDisabled(e.target.checked)}
        />
        Disabled
      </label>
    </section>
  );
}
