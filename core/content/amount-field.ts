// The state of an amount field between keystrokes, without a framework: what `useAmountInput` does in React,
// for a plain <input>, a web component or another UI library. A refused change keeps the previous value.
import type { AmountRefusalReason } from './errors.js';
import { invalidAmountArgument, localizeAmount, readAmount, readAmountOptions } from './sanitize-amount.js';

/** Why the last change was not taken, and the text that was refused. */
export interface AmountRefusal {
  readonly reason: AmountRefusalReason;
  readonly text: string;
}

/** What a field shows after a change. */
export interface AmountFieldState {
  /** The amount, written with a dot (what an order sends); '' when empty. */
  readonly value: string;
  /** The amount as the locale shows it (`2,5` in `de`): what the input element holds. */
  readonly text: string;
  /** Where the caret belongs in `text`. */
  readonly caret: number;
  /** Why the last change was refused (the value is the previous one), or null when it was taken. */
  readonly refusal: AmountRefusal | null;
}

/** How a field reads what is typed. */
export interface AmountFieldOptions {
  /** Decimals the amount may have. */
  fractionDigits: number;
  /** The locale the user types in: it decides whether `,` or `.` is the decimal separator (default: `.`). */
  locale?: string;
}

/**
 * The amount a value given by code stands for (a default, a "max" button, a parent's state), read with a
 * decimal dot whatever the locale: '' when it is refused, so a wrong value from code never reaches an order.
 */
export function amountFromCode(value: unknown, fractionDigits: number): string {
  return readCodeAmount('value', value, fractionDigits);
}

/** amountFromCode for a value given as `field` (a hook's `defaultValue`, a change's `previous`): a wrong type names it. */
export function readCodeAmount(field: string, value: unknown, fractionDigits: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidAmountArgument(field, 'a string or a number', value);
  // A number is read as its text (readAmount takes both; its type names the string a field holds).
  const reading = readAmount(value as string, fractionDigits);
  return reading.ok ? reading.value : '';
}

/**
 * Applies one change of an amount field: `raw` is the element's text after the change and `caret` its
 * selection start. A change that reads as an amount gives that amount; a refused one keeps `previous` (a
 * value written with a dot) and says why, with the caret put back where it was before the typed characters.
 *
 * @example
 * ```ts
 * amountInputChange('2', '2,5', 3, { fractionDigits: 8, locale: 'de' }); // value '2.5', text '2,5', caret 3, refusal null
 * amountInputChange('1', '1e', 2, { fractionDigits: 8 }).value; // '1' ('1e' alone is read as 1 and a stray letter)
 * amountInputChange('1', '1e9', 3, { fractionDigits: 8 }).refusal; // { reason: 'exponent', text: '1e9' }
 * ```
 */
export function amountInputChange(previous: string, raw: string, caret: number, options: AmountFieldOptions): AmountFieldState {
  const { fractionDigits, locale } = readAmountOptions<AmountFieldOptions>(options, 'options', ['fractionDigits', 'locale']);
  if (typeof raw !== 'string') throw invalidAmountArgument('raw', 'a string', raw);
  const reading = readAmount(raw, fractionDigits as number, { caret, ...(locale === undefined ? {} : { locale }) });
  if (reading.ok) return { value: reading.value, text: localizeAmount(reading.value, locale), caret: reading.caret, refusal: null };
  const kept = readCodeAmount('previous', previous, fractionDigits as number);
  const text = localizeAmount(kept, locale);
  // The refused characters were typed just before the caret: take their count off it.
  const typed = Math.max(0, raw.length - text.length);
  const at = Math.min(text.length, Math.max(0, (Number.isFinite(caret) ? caret : raw.length) - typed));
  return { value: kept, text, caret: at, refusal: Object.freeze({ reason: reading.reason, text: raw }) };
}

/** A framework-free amount field: feed it the element's text on every input event and write back `text` and `caret`. */
export interface AmountField {
  /** The current state. */
  readonly state: AmountFieldState;
  /** Applies the element's text after an input event; returns the new state. */
  input(raw: string, caret?: number): AmountFieldState;
  /** Replaces the value from code (written with a dot, e.g. a "max" button); a value that is refused empties the field. */
  setValue(value: string): AmountFieldState;
  /** Changes the decimals (another market) or the locale; the value is cut to the new decimals. */
  setOptions(options: Partial<AmountFieldOptions>): AmountFieldState;
}

/**
 * Creates an amount field. Each change goes through `readAmount`; a refused change keeps the previous value and
 * `state.refusal` says why, so a form can show "not a number" instead of changing the order.
 *
 * @example
 * ```ts
 * const field = createAmountField({ fractionDigits: 8, locale: 'de' });
 * input.addEventListener('input', () => {
 *   const { text, caret, refusal } = field.input(input.value, input.selectionStart ?? input.value.length);
 *   input.value = text;
 *   input.setSelectionRange(caret, caret);
 *   hint.textContent = refusal ? 'Not an amount' : '';
 * });
 * ```
 */
export function createAmountField(options: AmountFieldOptions & { value?: string }): AmountField {
  const given = readAmountOptions<AmountFieldOptions & { value?: string }>(options, 'options', ['fractionDigits', 'locale', 'value']);
  if (given.locale !== undefined && typeof given.locale !== 'string') throw invalidAmountArgument('locale', 'a string', given.locale);
  let current: AmountFieldOptions = {
    fractionDigits: given.fractionDigits as number,
    ...(given.locale === undefined ? {} : { locale: given.locale }),
  };
  const settled = (value: string): AmountFieldState => {
    const text = localizeAmount(value, current.locale);
    return Object.freeze({ value, text, caret: text.length, refusal: null });
  };
  let state = settled(amountFromCode(given.value ?? '', current.fractionDigits));
  return {
    get state() {
      return state;
    },
    input(raw, caret) {
      return (state = Object.freeze(amountInputChange(state.value, raw, caret ?? Number.POSITIVE_INFINITY, current)));
    },
    setValue(value) {
      return (state = settled(amountFromCode(value, current.fractionDigits)));
    },
    setOptions(next) {
      const read = readAmountOptions<AmountFieldOptions>(next, 'options', ['fractionDigits', 'locale']);
      const merged: AmountFieldOptions = { ...current };
      if (read.fractionDigits !== undefined) merged.fractionDigits = read.fractionDigits;
      if (read.locale !== undefined) merged.locale = read.locale;
      // Checked before it is kept: a wrong fractionDigits throws here and leaves the field as it was.
      const value = amountFromCode(state.value, merged.fractionDigits);
      if (merged.locale !== undefined && typeof merged.locale !== 'string')
        throw invalidAmountArgument('locale', 'a string', merged.locale);
      current = merged;
      return (state = settled(value));
    },
  };
}
