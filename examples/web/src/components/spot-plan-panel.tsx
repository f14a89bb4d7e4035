import type { AmountRefusalReason } from 'exkit';
import { useAmountInput } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { PLAN_FILLED, spotPlanOrder } from '../services/positions.js';
import type { SpotPlanIssue } from '../services/positions.js';
import { Figure } from './figure.js';

const ISSUE_TEXT: Record<SpotPlanIssue, string> = {
  'incomplete-size': 'Enter a size above zero to see the figures.',
  'below-filled': `${PLAN_FILLED} BTC of this order has already filled: the size cannot be smaller.`,
  'no-price': 'Waiting for the first mark price.',
};

// Why a typed size was not taken: the field keeps the previous size rather than guess another amount.
const REFUSAL_TEXT: Record<AmountRefusalReason, string> = {
  sign: 'Not taken: a size has no sign.',
  exponent: 'Not taken: write the size in full, without an exponent.',
  'ambiguous-separator': 'Not taken: use one dot for the decimal point.',
  'too-many-digits': 'Not taken: at most 20 digits before the point.',
  'not-finite': 'Not taken: not a number.',
};

/** A BTC spot plan order: its size is an amount input; filled ratio, cost, value and yield follow the mark. */
export function SpotPlanPanel() {
  const { feed } = useApp();
  const quotes = useStore(feed.quotes);
  const size = useAmountInput({ fractionDigits: 6, defaultValue: '0.2' });
  const { order, display, issue } = spotPlanOrder(size.value, quotes.BTCUSDT?.price);
  const alert = issue === 'below-filled' || size.refusal !== null;
  return (
    <section className="card">
      <h2>Spot plan order {order.orderNo}</h2>
      <label className="field">
        <span>Size (BTC)</span>
        <input
          {...size.getInputProps()}
          data-testid="plan-size"
          inputMode="decimal"
          aria-invalid={alert || undefined}
          aria-describedby="plan-issue"
        />
      </label>
      <p id="plan-issue" className={alert ? 'error' : 'muted'} data-testid="plan-issue" role={alert ? 'alert' : undefined}>
        {size.refusal ? REFUSAL_TEXT[size.refusal.reason] : issue ? ISSUE_TEXT[issue] : `Filled so far: ${PLAN_FILLED} BTC.`}
      </p>
      <dl className="facts" data-testid="plan-figures">
        <dt>buy price</dt>
        <dd>
          <Figure value={String(order.buyPrice)} unit="USDT" />
        </dd>
        <dt>filled</dt>
        <dd data-testid="plan-filled">
          <Figure value={display.filledRatio} />
        </dd>
        <dt>average buy price</dt>
        <dd>
          <Figure value={display.averageBuyPrice} unit="USDT" />
        </dd>
        <dt>cost</dt>
        <dd>
          <Figure value={display.cost} unit="USDT" />
        </dd>
        <dt>market value</dt>
        <dd>
          <Figure value={display.marketValue} unit="USDT" />
        </dd>
        <dt>unrealised PnL</dt>
        <dd>
          <Figure value={display.unrealizedPnl} unit="USDT" />
        </dd>
        <dt>yield</dt>
        <dd data-testid="plan-yield">
          <Figure value={display.yield} />
        </dd>
      </dl>
    </section>
  );
}
