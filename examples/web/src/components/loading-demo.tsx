import { useLoading } from 'exkit/react';
import { LOADING_TARGET } from '../services/app-services.js';
import { ActionButton } from './action-button.js';

/** A loading overlay over this panel; overlapping requests share it until the last ends. */
export function LoadingDemo() {
  const loading = useLoading(LOADING_TARGET);
  const twoSeconds = () => new Promise<void>((resolve) => window.setTimeout(resolve, 2000));
  return (
    <section className="card overlay-host">
      <h2>Loading overlay</h2>
      <p className="muted">
        State: <span data-testid="loading-state">{loading.state}</span>
      </p>
      <ActionButton data-testid="loading-start" action={() => loading.track(twoSeconds(), { text: 'Loading balances…' })}>
        Load for 2 s
      </ActionButton>
      {loading.mounted ? (
        <div {...loading.getOverlayProps()} className="overlay" data-testid="loading-overlay">
          {loading.text}
        </div>
      ) : null}
    </section>
  );
}
