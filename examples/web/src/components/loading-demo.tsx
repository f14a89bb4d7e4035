import { useLoading } from 'exkit/react';
import { LOADING_TARGET } from '../services/app-services.js';

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
      <button type="button" data-testid="loading-start" onClick={() => void loading.track(twoSeconds(), { text: 'Loading balances…' })}>
        Load for 2 s
      </button>
      {loading.mounted ? (
        <div {...loading.getOverlayProps()} className="overlay" data-testid="loading-overlay">
          {loading.text}
        </div>
      ) : null}
    </section>
  );
}
