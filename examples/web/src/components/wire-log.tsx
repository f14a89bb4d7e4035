import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';

/** The requests as they left the page: headers exkit set and the body (clear fields plus bodyCiphertext). */
export function WireLog() {
  const { wire } = useApp();
  const entries = useStore(wire.entries);
  const t = useText().wireLog;
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      {entries.length === 0 ? <p className="muted">{t.empty}</p> : null}
      <ol className="wire" data-testid="wire-log">
        {entries.map((e) => (
          <li key={e.id} data-path={e.path}>
            <p dir="ltr">
              <strong>
                {e.method} {e.path}
              </strong>{' '}
              {e.code === undefined ? null : (
                <span className="muted">
                  → {e.status} {e.code}
                </span>
              )}
            </p>
            <pre className="json" dir="ltr">
              {JSON.stringify({ headers: e.headers, ...(e.body === undefined ? {} : { body: e.body }) }, null, 2)}
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
