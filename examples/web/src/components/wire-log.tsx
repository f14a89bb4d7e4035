import { useApp, useStore } from '../app-context.js';

/** The requests as they left the page: headers exkit set and the body (clear fields plus bodyCiphertext). */
export function WireLog() {
  const { wire } = useApp();
  const entries = useStore(wire.entries);
  return (
    <section className="card wide">
      <h2>Requests as sent</h2>
      {entries.length === 0 ? <p className="muted">No API request yet.</p> : null}
      <ol className="wire" data-testid="wire-log">
        {entries.map((e) => (
          <li key={e.id} data-path={e.path}>
            <p>
              <strong>
                {e.method} {e.path}
              </strong>{' '}
              {e.code === undefined ? null : (
                <span className="muted">
                  → {e.status} {e.code}
                </span>
              )}
            </p>
            <pre className="json">{JSON.stringify({ headers: e.headers, ...(e.body === undefined ? {} : { body: e.body }) }, null, 2)}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
