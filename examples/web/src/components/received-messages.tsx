import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';

/** What the simulated native app received from the page, newest first. */
export function ReceivedMessages() {
  const { inApp } = useApp();
  const { simulator, received } = useStore(inApp.state);
  const t = useText().receivedMessages;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      {simulator ? null : <p className="muted">{t.outside}</p>}
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
