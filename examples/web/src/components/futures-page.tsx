import { MarkTicker } from './mark-ticker.js';
import { PositionsTable } from './positions-table.js';

/** The futures page (/futures/usdt/BTCUSDT): positions priced on the live mark. */
export function FuturesPage() {
  return (
    <div className="grid">
      <PositionsTable />
      <MarkTicker />
    </div>
  );
}
