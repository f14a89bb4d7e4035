import { useState } from 'react';
import { useAmountInput } from 'exkit/react';

/** An amount input: full-width dots, stray characters, leading zeros and extra decimals are cleaned as you type. */
export function AmountInputDemo() {
  const [digits, setDigits] = useState(4);
  const amount = useAmountInput({ fractionDigits: digits });
  return (
    <section className="card">
      <h2>Amount input</h2>
      <label className="field">
        <span>Decimals</span>
        <select value={digits} onChange={(e) => setDigits(Number(e.target.value))}>
          {[0, 2, 4, 8].map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Amount</span>
        <input {...amount.getInputProps()} data-testid="amount" placeholder="try 00１２．３４５６７abc" />
      </label>
      <p>
        Value: <code data-testid="amount-value">{amount.value === '' ? '—' : amount.value}</code>
      </p>
    </section>
  );
}
