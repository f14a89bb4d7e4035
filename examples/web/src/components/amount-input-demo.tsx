import { useState } from 'react';
import { useAmountInput } from 'exkit/react';
import { useText } from '../i18n/use-text.js';

/** What the amount field starts with as an example: full-width digits and point, leading zeros, stray letters. */
const SAMPLE = '00１２．３４５６７abc';

/**
 * An amount input: full-width dots, stray characters, leading zeros and extra decimals are cleaned as you type.
 * What cannot be cleaned without guessing (a sign, an exponent, two separators) is not taken: the value stays
 * and the refusal's reason code is shown as a sentence.
 */
export function AmountInputDemo() {
  const [digits, setDigits] = useState(4);
  const amount = useAmountInput({ fractionDigits: digits });
  const t = useText().amountInputDemo;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <label className="field">
        <span>{t.decimals}</span>
        <select value={digits} onChange={(e) => setDigits(Number(e.target.value))}>
          {[0, 2, 4, 8].map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t.amount}</span>
        <input
          {...amount.getInputProps()}
          data-testid="amount"
          placeholder={t.placeholder(SAMPLE)}
          aria-invalid={amount.refusal ? true : undefined}
          aria-describedby={amount.refusal ? 'amount-refusal' : undefined}
        />
      </label>
      {amount.refusal ? (
        <p id="amount-refusal" className="error" role="alert" data-testid="amount-refusal" data-reason={amount.refusal.reason}>
          {t.refusal[amount.refusal.reason]}
        </p>
      ) : null}
      <p>
        {t.value} <code data-testid="amount-value">{amount.value === '' ? '—' : amount.value}</code>
      </p>
    </section>
  );
}
