import { useAmountInput } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { PLAN_FILLED, spotPlanOrder } from '../services/positions.js';
import { useText } from '../i18n/use-text.js';
import { Figure, Phrase } from './figure.js';

/** A BTC spot plan order: its size is an amount input; filled ratio, cost, value and yield follow the mark. */
export function SpotPlanPanel() {
  const { feed } = useApp();
  const quotes = useStore(feed.quotes);
  const size = useAmountInput({ fractionDigits: 6, defaultValue: '0.2' });
  const { order, display, issue } = spotPlanOrder(size.value, quotes.BTCUSDT?.price);
  const alert = issue === 'below-filled' || size.refusal !== null;
  const t = useText().spotPlanPanel;
  const f = t.figures;
  const filled = <Figure value={PLAN_FILLED} unit="BTC" />;
  // Why a typed size was not taken (the field keeps the previous size rather than guess another amount), else why
  // the figures show '--', else how much has filled.
  const note = size.refusal ? (
    t.refusal[size.refusal.reason]
  ) : issue === 'below-filled' ? (
    <Phrase text={t.issue['below-filled']} values={[filled]} />
  ) : issue ? (
    t.issue[issue]
  ) : (
    <Phrase text={t.filledSoFar} values={[filled]} />
  );
  return (
    <section className="card">
      <h2>
        <Phrase text={t.heading} values={[<bdi dir="ltr">{order.orderNo}</bdi>]} />
      </h2>
      <label className="field">
        <span>{t.size}</span>
        <input
          {...size.getInputProps()}
          data-testid="plan-size"
          inputMode="decimal"
          aria-invalid={alert || undefined}
          aria-describedby="plan-issue"
        />
      </label>
      <p id="plan-issue" className={alert ? 'error' : 'muted'} data-testid="plan-issue" role={alert ? 'alert' : undefined}>
        {note}
      </p>
      <dl className="facts" data-testid="plan-figures">
        <dt>{f.buyPrice}</dt>
        <dd>
          <Figure value={String(order.buyPrice)} unit="USDT" />
        </dd>
        <dt>{f.filled}</dt>
        <dd data-testid="plan-filled">
          <Figure value={display.filledRatio} />
        </dd>
        <dt>{f.averageBuyPrice}</dt>
        <dd>
          <Figure value={display.averageBuyPrice} unit="USDT" />
        </dd>
        <dt>{f.cost}</dt>
        <dd>
          <Figure value={display.cost} unit="USDT" />
        </dd>
        <dt>{f.marketValue}</dt>
        <dd>
          <Figure value={display.marketValue} unit="USDT" />
        </dd>
        <dt>{f.unrealizedPnl}</dt>
        <dd>
          <Figure value={display.unrealizedPnl} unit="USDT" />
        </dd>
        <dt>{f.yield}</dt>
        <dd data-testid="plan-yield">
          <Figure value={display.yield} />
        </dd>
      </dl>
    </section>
  );
}
