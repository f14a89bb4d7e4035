import { useApp, useStore } from '../app-context.js';
import { MARK_TICKS_PER_SECOND } from '../services/mark-feed.js';
import { useText } from '../i18n/use-text.js';
import { Figure, Phrase } from './figure.js';

/** The simulated mark prices. */
export function MarkTicker() {
  const { feed } = useApp();
  const quotes = useStore(feed.quotes);
  const t = useText().markTicker;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <p className="muted">
        <Phrase text={t.feed} values={[String(MARK_TICKS_PER_SECOND)]} />
      </p>
      <dl className="facts" data-testid="marks">
        {Object.values(quotes).map((q) => (
          <div key={q.symbol} className="fact">
            <dt>{q.symbol}</dt>
            <dd data-symbol={q.symbol}>
              <Figure value={q.price} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
