import { useApp, useStore } from '../app-context.js';

/** Open positions with unrealised PnL, ROE and liquidation price at the current mark. */
export function PositionsTable() {
  const { feed, positions } = useApp();
  const quotes = useStore(feed.quotes);
  const rows = positions.rows(quotes);
  return (
    <section className="card wide">
      <h2>Positions</h2>
      <table className="table numbers" data-testid="positions">
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
              <td>{r.symbol}</td>
              <td className={r.side === 'Long' ? 'ok' : 'off'}>{r.side}</td>
              <td>
                {r.marginMode} {r.leverage}
              </td>
              <td>{r.size}</td>
              <td>{r.entry}</td>
              <td data-col="mark">{r.mark}</td>
              <td data-col="pnl" className={r.pnl.startsWith('-') ? 'off' : 'ok'}>
                {r.pnl} {r.marginCoin}
              </td>
              <td data-col="roe" className={r.roe.startsWith('-') ? 'off' : 'ok'}>
                {r.roe}
              </td>
              <td data-col="liq">{r.liquidation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
