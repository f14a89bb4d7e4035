import { useApp, useStore } from '../app-context.js';
import { MARK_TICKS_PER_SECOND } from '../services/mark-feed.js';
import { Figure } from './figure.js';

/** The simulated mark prices. */
export function MarkTicker() {
  const { feed } = useApp();
  const quotes = useStore(feed.quotes);
  return (
    <section className="card">
      <h2>Mark prices</h2>
      <p className="muted">Simulated feed, {MARK_TICKS_PER_SECOND} ticks a second.</p>
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
