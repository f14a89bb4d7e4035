import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { amountInputChange, readCodeAmount, type AmountRefusal } from '../core/content/amount-field.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import { localizeAmount } from '../core/content/sanitize-amount.js';

export interface UseAmountInputOptions {
  /** Decimals the amount may have. */
  fractionDigits: number;
  /** The locale the user types in: `,` is the decimal separator where the locale writes one (`de`: `2,5`). Default: `.`. */
  locale?: string;
  /** The value, when the parent owns it (controlled), written with a dot; sanitised before display. */
  value?: string;
  /** The starting value when the hook owns it (uncontrolled). */
  defaultValue?: string;
  /** Called with each new sanitised value; a throw from it is logged (a UserCallbackError), never thrown at the page. */
  onValueChange?: (value: string) => void;
}

export interface AmountInputProps {
  ref: (element: HTMLInputElement | null) => void;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type: 'text';
  inputMode: 'decimal';
  autoComplete: 'off';
}

export interface UseAmountInputResult {
  /** The sanitised value, written with a dot whatever the locale (what an order sends). */
  value: string;
  /** Why the last change was refused (the value stayed as it was), or null: a form shows it instead of changing the order. */
  refusal: AmountRefusal | null;
  /** Replaces the value (sanitised) from code, e.g. a "max" button. */
  setValue(value: string): void;
  /** Props to spread onto an <input>, like every other hook's `get…Props()`. */
  getInputProps(): AmountInputProps;
  /** @deprecated Use {@link UseAmountInputResult.getInputProps}; the same props as a value. */
  inputProps: AmountInputProps;
}

/**
 * A controlled amount input (spec §S5): every change goes through readAmount, and the caret stays where
 * the user typed instead of jumping to the end when characters are dropped. A change that could mean another
 * amount (a sign, an exponent, an ambiguous separator) is refused: the value stays and `refusal` says why.
 */
export function useAmountInput(options: UseAmountInputOptions): UseAmountInputResult {
  const { fractionDigits, locale } = options;
  const controlled = options.value !== undefined;
  // Stryker disable next-line StringLiteral: every render reads the value through readCodeAmount, which reads a non-amount as ''
  const [inner, setInner] = useState(() => readCodeAmount('defaultValue', options.defaultValue ?? '', fractionDigits));
  const [refusal, setRefusal] = useState<AmountRefusal | null>(null);
  // A change that sanitises back to the same value still needs a render, to put the caret back.
  // Stryker disable next-line ArithmeticOperator: n - 1 differs from n as n + 1 does, so every call still renders again
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const input = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const onValueChange = useRef(options.onValueChange);
  // Sanitised on every render, so a change of fractionDigits (another market) trims the value on display too.
  const value = readCodeAmount('value', controlled ? options.value : inner, fractionDigits);
  const text = localizeAmount(value, locale);
  const current = useRef(value);
  // The latest callback and value, for the change handler (which runs after this commit).
  useLayoutEffect(() => {
    onValueChange.current = options.onValueChange;
    current.current = value;
  });

  useLayoutEffect(() => {
    const element = input.current;
    const caret = pendingCaret.current;
    if (!element || caret === null) return;
    pendingCaret.current = null;
    if (element.ownerDocument.activeElement === element) element.setSelectionRange(caret, caret);
  });

  const commit = useCallback(
    (next: string) => {
      if (!controlled) setInner(next);
      // The caller's callback runs guarded: a throw is logged (a UserCallbackError), never thrown at the host.
      if (next !== current.current) guardCallback('onValueChange', () => onValueChange.current?.(next));
    },
    [controlled],
  );

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const raw = event.target.value;
      const next = amountInputChange(current.current, raw, event.target.selectionStart ?? raw.length, { fractionDigits, locale });
      pendingCaret.current = next.caret;
      setRefusal(next.refusal);
      if (next.refusal === null) commit(next.value);
      rerender();
    },
    [commit, fractionDigits, locale],
  );

  const setValue = useCallback(
    (next: string) => {
      setRefusal(null);
      commit(readCodeAmount('value', next, fractionDigits));
    },
    [commit, fractionDigits],
  );
  // One callback for the component's life: React calls a new ref callback again on every render.
  const [ref] = useState(() => (element: HTMLInputElement | null) => {
    input.current = element;
  });

  const inputProps: AmountInputProps = { ref, value: text, onChange, type: 'text', inputMode: 'decimal', autoComplete: 'off' };
  return { value, refusal, setValue, getInputProps: () => inputProps, inputProps };
}
