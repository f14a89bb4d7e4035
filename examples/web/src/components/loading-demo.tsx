import { useLoading } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { LOADING_TARGET } from '../services/app-services.js';
import { Phrase } from './figure.js';
import { ActionButton } from './action-button.js';

/** A loading overlay over this panel; overlapping requests share it until the last ends. */
export function LoadingDemo() {
  const loading = useLoading(LOADING_TARGET);
  const t = useText().loadingDemo;
  const twoSeconds = () => new Promise<void>((resolve) => window.setTimeout(resolve, 2000));
  return (
    <section className="card overlay-host">
      <h2>{t.heading}</h2>
      <p className="muted">
        <Phrase text={t.state} values={[<bdi data-testid="loading-state">{loading.state}</bdi>]} />
      </p>
      <ActionButton data-testid="loading-start" action={() => loading.track(twoSeconds(), { text: t.overlay })}>
        {t.start}
      </ActionButton>
      {loading.mounted ? (
        <div {...loading.getOverlayProps()} className="overlay" data-testid="loading-overlay">
          {loading.text}
        </div>
      ) : null}
    </section>
  );
}
