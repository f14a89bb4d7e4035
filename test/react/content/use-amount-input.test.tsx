import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

interface FieldProps {
  digits?: number;
  locale?: string;
  value?: string;
  defaultValue?: string;
  onValue?: (value: string) => void;
  /** Not read by the hook: changing it re-renders the field and nothing else. */
  label?: string;
}

/** A field whose every hook option comes from props, so a test can change one and re-render. */
function Field({ digits = 2, locale, value, defaultValue, onValue, label = 'amount' }: FieldProps) {
  const amount = useAmountInput({
    fractionDigits: digits,
    ...(locale === undefined ? {} : { locale }),
    ...(value === undefined ? {} : { value }),
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(onValue === undefined ? {} : { onValueChange: onValue }),
  });
  return (
    <>
      <input aria-label="amount" title={label} {...amount.getInputProps()} />
      <button onClick={() => amount.setValue('1.23456')}>set</button>
      <p data-testid="value">{amount.value}</p>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('amount');

describe('useAmountInput: values, callbacks and the caret across renders', () => {
  it('without a default value the field starts empty', () => {
    const { result } = renderHook(() => useAmountInput({ fractionDigits: 2 }));
    expect(result.current.value).toBe('');
    expect(result.current.getInputProps().value).toBe('');
  });

  it('a defaultValue or value that is no string or number is an InvalidArgumentError naming that option', () => {
    const refused = (field: string, value: unknown) =>
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: `${field} must be a string or a number, got an object`,
        extra: { field, value },
      });
    const wrong = { amount: 1 };
    expect(() => renderHook(() => useAmountInput({ fractionDigits: 2, defaultValue: wrong as never }))).toThrow(
      refused('defaultValue', wrong),
    );
    expect(() => renderHook(() => useAmountInput({ fractionDigits: 2, value: wrong as never }))).toThrow(refused('value', wrong));
    const { result } = renderHook(() => useAmountInput({ fractionDigits: 2 }));
    expect(() => result.current.setValue(wrong as never)).toThrow(refused('value', wrong));
    expect(result.current.value).toBe('');
  });

  it('a controlled field shows the parent’s value, not a default', () => {
    render(<Field value="3.5" defaultValue="7" />);
    expect(field().value).toBe('3.5');
  });

  it('each change that sanitises back to the same value puts the caret back, not only the first', () => {
    const values: string[] = [];
    render(<Field defaultValue="12.5" onValue={(v) => values.push(v)} />);
    const input = field();
    input.focus();
    typeRaw(input, '1x2.5', 2);
    expect([input.value, input.selectionStart]).toEqual(['12.5', 1]);
    typeRaw(input, '12y.5', 3);
    expect([input.value, input.selectionStart]).toEqual(['12.5', 2]);
    typeRaw(input, '12.z5', 4);
    expect([input.value, input.selectionStart]).toEqual(['12.5', 3]);
    // The value never changed: the callback heard nothing.
    expect(values).toEqual([]);
  });

  it('a render that is not a change leaves the caret where the user put it', () => {
    const { rerender } = render(<Field defaultValue="12.5" />);
    const input = field();
    input.focus();
    input.setSelectionRange(2, 2);
    rerender(<Field defaultValue="12.5" label="other" />);
    expect(input.title).toBe('other');
    expect(input.selectionStart).toBe(2);
  });

  it('a change to a field without focus does not set its selection', () => {
    render(<Field defaultValue="12.5" />);
    const input = field();
    expect(document.activeElement).not.toBe(input);
    typeRaw(input, '1x2.5', 2);
    expect(input.value).toBe('12.5');
    expect(document.activeElement).not.toBe(input);
    expect(input.selectionStart).toBe(4);
  });

  it('reports each new value, also one back to an earlier value, to the latest onValueChange', () => {
    const first: string[] = [];
    const second: string[] = [];
    const { rerender } = render(<Field defaultValue="12.5" onValue={(v) => first.push(v)} />);
    const input = field();
    input.focus();
    typeRaw(input, '12.55', 5);
    rerender(<Field defaultValue="12.5" onValue={(v) => second.push(v)} />);
    typeRaw(input, '12.5', 4);
    typeRaw(input, '12.55', 5);
    expect(first).toEqual(['12.55']);
    expect(second).toEqual(['12.5', '12.55']);
  });

  it('typing follows a new fractionDigits and a new locale', () => {
    const values: string[] = [];
    const onValue = (v: string) => values.push(v);
    const { rerender } = render(<Field digits={4} defaultValue="1" onValue={onValue} />);
    const input = field();
    input.focus();
    rerender(<Field digits={2} defaultValue="1" onValue={onValue} />);
    typeRaw(input, '1.2345', 6);
    expect(values).toEqual(['1.23']);
    rerender(<Field digits={2} locale="de" defaultValue="1" onValue={onValue} />);
    typeRaw(input, '1,5', 3);
    expect(values).toEqual(['1.23', '1.5']);
    expect(input.value).toBe('1,5');
  });

  it('setValue follows a new fractionDigits', () => {
    const { rerender } = render(<Field digits={2} />);
    rerender(<Field digits={4} />);
    act(() => screen.getByText('set').click());
    expect(screen.getByTestId('value').textContent).toBe('1.2345');
  });

  it('a refused change stores nothing: back on more decimals, the field shows what it held before', () => {
    const { rerender } = render(<Field digits={4} defaultValue="1.23456" />);
    const input = field();
    input.focus();
    rerender(<Field digits={2} defaultValue="1.23456" />);
    expect(input.value).toBe('1.23');
    typeRaw(input, '1e9', 3);
    expect(input.value).toBe('1.23');
    rerender(<Field digits={4} defaultValue="1.23456" />);
    expect(input.value).toBe('1.2345');
  });

  it('what is typed while the parent owns the value is the parent’s to take: once it lets go, the field goes on from its own value', () => {
    const values: string[] = [];
    const onValue = (v: string) => values.push(v);
    const { rerender } = render(<Field value="1" defaultValue="7" onValue={onValue} />);
    const input = field();
    input.focus();
    typeRaw(input, '15', 2);
    // The parent did not take it.
    expect(values).toEqual(['15']);
    expect(input.value).toBe('1');
    rerender(<Field defaultValue="7" onValue={onValue} />);
    expect(input.value).toBe('7');
    typeRaw(input, '78', 2);
    expect(input.value).toBe('78');
    expect(values).toEqual(['15', '78']);
  });

  it('an onValueChange that throws is logged as a UserCallbackError, and the field keeps working and reporting', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error);
    window.addEventListener('error', onError);
    try {
      const values: string[] = [];
      render(
        <Field
          defaultValue="1"
          onValue={(v) => {
            values.push(v);
            throw new Error('callback bug');
          }}
        />,
      );
      const input = field();
      input.focus();
      typeRaw(input, '12', 2);
      typeRaw(input, '123', 3);
      expect(values).toEqual(['12', '123']);
      expect([input.value, input.selectionStart]).toEqual(['123', 3]);
      expect(uncaught).toEqual([]);
      expect(logged.mock.calls.filter((call) => String(call[0]).includes('onValueChange threw'))).toHaveLength(2);
    } finally {
      window.removeEventListener('error', onError);
      logged.mockRestore();
    }
  });

  it('without onValueChange a change logs nothing', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Field defaultValue="1" />);
      const input = field();
      input.focus();
      typeRaw(input, '12', 2);
      expect(input.value).toBe('12');
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
