import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAmountInput } from '../../../react/index.js';

afterEach(cleanup);

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** Types as a browser would: the raw text lands in the input with the caret at `caret`, then input fires. */
function typeRaw(input: HTMLInputElement, raw: string, caret: number) {
  setNativeValue.call(input, raw);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input);
}

function Uncontrolled({ digits = 2, onValue, locale }: { digits?: number; onValue?: (v: string) => void; locale?: string }) {
  const amount = useAmountInput({
    fractionDigits: digits,
    defaultValue: '0012.5',
    ...(onValue ? { onValueChange: onValue } : {}),
    ...(locale ? { locale } : {}),
  });
  return (
    <>
      <input aria-label="amount" {...amount.getInputProps()} />
      <button onClick={() => amount.setValue('９９．９９９')}>max</button>
      <p data-testid="refusal">{amount.refusal ? `${amount.refusal.reason}: ${amount.refusal.text}` : ''}</p>
      <p data-testid="value">{amount.value}</p>
    </>
  );
}

function Controlled() {
  const [value, setValue] = useState('1');
  const amount = useAmountInput({ fractionDigits: 2, value, onValueChange: setValue });
  return (
    <>
      <input aria-label="amount" {...amount.getInputProps()} />
      <output>{value}</output>
    </>
  );
}

describe('useAmountInput (spec §S5 "A React hook for a controlled input that keeps the caret where the user expects")', () => {
  it('getInputProps() gives the input props; the deprecated inputProps value is the same object', () => {
    const { result } = renderHook(() => useAmountInput({ fractionDigits: 2, defaultValue: '01.239' }));
    const props = result.current.getInputProps();
    expect({ value: props.value, type: props.type, inputMode: props.inputMode, autoComplete: props.autoComplete }).toStrictEqual({
      value: '1.23',
      type: 'text',
      inputMode: 'decimal',
      autoComplete: 'off',
    });
    expect(result.current.inputProps).toBe(props);
  });

  it('sanitises the default value and sets the input attributes', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    expect(input.value).toBe('12.5');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });

  it('drops a typed letter and keeps the caret where the letter was', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '1x2.5', 2);
    expect(input.value).toBe('12.5');
    expect(input.selectionStart).toBe(1);
  });

  it('a second dot typed mid-number is refused: the value stays, the caret goes back, and the reason is exposed', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '1.2.5', 2);
    expect(input.value).toBe('12.5');
    expect(input.selectionStart).toBe(1);
    expect(screen.getByTestId('refusal').textContent).toBe('ambiguous-separator: 1.2.5');
  });

  it.each([
    ['a pasted exponent', '1e9', 'exponent'],
    ['a minus sign', '-12.5', 'sign'],
    ['a decimal comma in English', '2,5', 'ambiguous-separator'],
  ])('keeps the previous value on %s, never a value of another magnitude, and says why', (_what, raw, reason) => {
    const values: string[] = [];
    render(<Uncontrolled onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, raw, raw.length);
    expect(input.value).toBe('12.5');
    expect(values).toEqual([]);
    expect(screen.getByTestId('refusal').textContent).toBe(`${reason}: ${raw}`);
    // The next change that reads as an amount clears the reason.
    typeRaw(input, '12.55', 5);
    expect(screen.getByTestId('refusal').textContent).toBe('');
    expect(values).toEqual(['12.55']);
  });

  it('a leading dot typed into an empty field becomes 0.', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '', 0);
    typeRaw(input, '.5', 2);
    expect(input.value).toBe('0.5');
    expect(input.selectionStart).toBe(3);
  });

  it('German: the field shows a decimal comma while value keeps the dot', () => {
    render(<Uncontrolled locale="de" />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    expect(input.value).toBe('12,5');
    input.focus();
    typeRaw(input, '12,57', 5);
    expect(input.value).toBe('12,57');
    expect(screen.getByTestId('value').textContent).toBe('12.57');
    typeRaw(input, '12.57', 5);
    expect(input.value).toBe('12,57');
    expect(screen.getByTestId('refusal').textContent).toBe('ambiguous-separator: 12.57');
  });

  it('converts Arabic-Indic digits and the Arabic decimal separator in place', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '٣٫٥', 3);
    expect(input.value).toBe('3.5');
    expect(input.selectionStart).toBe(3);
  });

  it('converts a full-width digit in place', () => {
    const values: string[] = [];
    render(<Uncontrolled onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '1２2.5', 2);
    expect(input.value).toBe('122.5');
    expect(input.selectionStart).toBe(2);
    expect(values).toEqual(['122.5']);
  });

  it('cuts decimals past fractionDigits without moving the caret past the end', () => {
    render(<Uncontrolled digits={1} />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '12.57', 5);
    expect(input.value).toBe('12.5');
    expect(input.selectionStart).toBe(4);
  });

  it('setValue sanitises values set from code and clears a refusal', () => {
    render(<Uncontrolled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '-1', 2);
    expect(screen.getByTestId('refusal').textContent).toBe('sign: -1');
    act(() => {
      screen.getByText('max').click();
    });
    expect(input.value).toBe('99.99');
    expect(screen.getByTestId('refusal').textContent).toBe('');
  });

  it('works controlled: the parent receives sanitised values only', () => {
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '1a0', 2);
    expect(screen.getByRole('status').textContent).toBe('10');
    expect(input.value).toBe('10');
    expect(input.selectionStart).toBe(1);
  });

  it('works controlled: a refused change never reaches the parent', () => {
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    input.focus();
    typeRaw(input, '1e5', 3);
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(input.value).toBe('1');
  });
});

function Switchable({ digits }: { digits: number }) {
  const amount = useAmountInput({ fractionDigits: digits, defaultValue: '1.23456' });
  return <input aria-label="amount" {...amount.getInputProps()} />;
}

describe('useAmountInput when the market changes', () => {
  it('trims the shown value to a smaller fractionDigits', () => {
    const { rerender } = render(<Switchable digits={4} />);
    expect(screen.getByLabelText<HTMLInputElement>('amount').value).toBe('1.2345');
    rerender(<Switchable digits={2} />);
    expect(screen.getByLabelText<HTMLInputElement>('amount').value).toBe('1.23');
  });
});
