import { useAmountInput } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { spotPlanOrder } from '../services/positions.js';

/** A BTC spot plan order: its size is an amount input; filled ratio, cost, value and yield follow the mark. */
export function SpotPlanPanel() {
  const { feed } = useApp();
  const quotes = useStore(feed.quotes);
  const size = useAmountInput({ fractionDigits: 6, defaultValue: '0.2' });
  const { order, display } = spotPlanOrder(size.value, quotes.BTCUSDT?.price ?? '0');
  return (
    <section className="card">
      <h2>Spot plan order {order.orderNo}</h2>
      <label className="field">
        <span>Size (BTC)</span>
        <input {...size.inputProps} data-testid="plan-size" />
      </label>
      <dl className="facts" data-testid="plan-figures">
        <dt>buy price</dt>
        <dd>{String(order.buyPrice)}</dd>
        <dt>filled</dt>
        <dd>{display.filledRatio}</dd>
        <dt>average buy price</dt>
        <dd>{display.averageBuyPrice}</dd>
        <dt>cost</dt>
        <dd>{display.cost}</dd>
        <dt>market value</dt>
        <dd>{display.marketValue}</dd>
        <dt>unrealised PnL</dt>
        <dd>{display.unrealizedPnl}</dd>
        <dt>yield</dt>
        <dd data-testid="plan-yield">{display.yield}</dd>
      </dl>
    </section>
  );
}
