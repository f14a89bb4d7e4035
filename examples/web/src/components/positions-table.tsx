import { useApp, useStore } from '../app-context.js';
import { Figure } from './figure.js';

/**
 * Open positions with unrealised PnL, ROE and liquidation price at the current mark. On a phone the table
 * stacks: one card per position, each figure on its own line under its label (styles.css, `.table.stack`).
 */
export function PositionsTable() {
  const { feed, positions } = useApp();
  const quotes = useStore(feed.quotes);
  const rows = positions.rows(quotes);
  return (
    <section className="card wide">
      <h2>Positions</h2>
      <table className="table numbers stack" data-testid="positions">
        <thead>
          <tr>
            <th>symbol</th>
            <th>side</th>
            <th>margin</th>
            <th>size</th>
            <th>entry</th>
            <th>mark</th>
            <th>unrealised PnL</th>
            <th>ROE</th>
            <th>liq. price</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-position={r.id} data-tick={r.tick}>
              <td data-label="symbol" className="stack-head">
                {r.symbol}
              </td>
              <td data-label="side" className={r.side === 'Long' ? 'ok' : 'off'}>
                {r.side}
              </td>
              <td data-label="margin">
                <span>
                  {r.marginMode} <bdi dir="ltr">{r.leverage}</bdi>
                </span>
              </td>
              <td data-label="size">
                <Figure value={r.size} />
              </td>
              <td data-label="entry">
                <Figure value={r.entry} />
              </td>
              <td data-label="mark" data-col="mark">
                <Figure value={r.mark} />
              </td>
              <td data-label="unrealised PnL" data-col="pnl" className={r.pnl.startsWith('-') ? 'off' : 'ok'}>
                <Figure value={r.pnl} unit={r.marginCoin} />
              </td>
              <td data-label="ROE" data-col="roe" className={r.roe.startsWith('-') ? 'off' : 'ok'}>
                <Figure value={r.roe} />
              </td>
              <td data-label="liq. price" data-col="liq">
                <Figure value={r.liquidation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
