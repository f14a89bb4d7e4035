import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { Figure, Phrase } from './figure.js';

/**
 * Open positions with unrealised PnL, ROE and liquidation price at the current mark. On a phone the table
 * stacks: one card per position, each figure on its own line under its label (styles.css, `.table.stack`).
 */
export function PositionsTable() {
  const { feed, positions } = useApp();
  const quotes = useStore(feed.quotes);
  const rows = positions.rows(quotes);
  const t = useText().positionsTable;
  const c = t.columns;
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      <table className="table numbers stack" data-testid="positions">
        <thead>
          <tr>
            <th>{c.symbol}</th>
            <th>{c.side}</th>
            <th>{c.margin}</th>
            <th>{c.size}</th>
            <th>{c.entry}</th>
            <th>{c.mark}</th>
            <th>{c.pnl}</th>
            <th>{c.roe}</th>
            <th>{c.liquidation}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-position={r.id} data-tick={r.tick}>
              <td data-label={c.symbol} data-col="symbol" className="stack-head">
                {r.symbol}
              </td>
              <td data-label={c.side} data-col="side" className={r.side === 'long' ? 'ok' : 'off'}>
                {t.side[r.side]}
              </td>
              <td data-label={c.margin} data-col="margin">
                <span>
                  <Phrase text={t.margin[r.marginMode]} values={[<bdi dir="ltr">{r.leverage}</bdi>]} />
                </span>
              </td>
              <td data-label={c.size}>
                <Figure value={r.size} />
              </td>
              <td data-label={c.entry}>
                <Figure value={r.entry} />
              </td>
              <td data-label={c.mark} data-col="mark">
                <Figure value={r.mark} />
              </td>
              <td data-label={c.pnl} data-col="pnl" className={r.pnl.startsWith('-') ? 'off' : 'ok'}>
                <Figure value={r.pnl} unit={r.marginCoin} />
              </td>
              <td data-label={c.roe} data-col="roe" className={r.roe.startsWith('-') ? 'off' : 'ok'}>
                <Figure value={r.roe} />
              </td>
              <td data-label={c.liquidation} data-col="liq">
                <Figure value={r.liquidation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
