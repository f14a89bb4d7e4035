import { MarkTicker } from './mark-ticker.js';
import { SpotPlanPanel } from './spot-plan-panel.js';

/** The spot page (the simulation landing page, /spot/BTCUSDT): the live mark and a plan order. */
export function SpotPage() {
  return (
    <div className="grid">
      <MarkTicker />
      <SpotPlanPanel />
    </div>
  );
}
