import { useApp, useStore } from '../app-context.js';

/** What the simulated native app received from the page, newest first. */
export function ReceivedMessages() {
  const { inApp } = useApp();
  const { simulator, received } = useStore(inApp.state);
  return (
    <section className="card">
      <h2>Received by the app</h2>
      {simulator ? null : (
        <p className="muted">Outside the app nothing is received: commands are skipped and deep links use the public scheme.</p>
      )}
      <ol className="log" data-testid="received">
        {received.slice(0, 12).map((m, i) => (
          <li key={`${received.length - i}`}>
            <code>{m.command}</code> {m.payload === undefined ? null : <code className="muted">{JSON.stringify(m.payload)}</code>}
          </li>
        ))}
      </ol>
    </section>
  );
}
