// Kept deliberately small and import-light: it runs on every keystroke and ships in every trading form.
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { AmountRefusedError, type AmountRefusalReason } from './errors.js';

// A cheap stand-in for describeValue, which would double this module's size in a bundle.
const shown = (value: unknown) =>
  typeof value === 'number' || value == null ? String(value) : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
/** The InvalidArgumentError of the amount modules: `field` must be `expected`, and what it got. */
export const invalidAmountArgument = (field: string, expected: string, value: unknown) =>
  new InvalidArgumentError(`${field} must be ${expected}, got ${shown(value)}`, { field, value });

// Spec §S9: the amount sanitiser keeps at most 20 integer digits.
export const AMOUNT_MAX_INTEGER_DIGITS = 20;

/** A sanitised amount and where the caret belongs in it. */
export interface SanitizedAmountInput {
  value: string;
  caret: number;
}

/** Options of the amount readers. */
export interface AmountOptions {
  /**
   * The locale the text was typed in (a catalogue locale such as `de` or `en`): it decides whether a comma
   * or a dot is the decimal separator. Absent or unknown: the dot, as the specification's rules have it.
   */
  locale?: string;
}

/** What reading an amount gave: the sanitised value and caret, or why the text was refused. */
export type AmountReading =
  { readonly ok: true; readonly value: string; readonly caret: number } | { readonly ok: false; readonly reason: AmountRefusalReason };

// Catalogue locales that write a decimal comma (CLDR, Latin digits); every other locale writes a decimal dot.
// A test checks this list against Intl.NumberFormat for every catalogue locale Intl knows.
const DECIMAL_COMMA_LOCALES: readonly string[] = [
  'bg',
  'de',
  'es',
  'es-AR',
  'es-ES',
  'fr',
  'id',
  'it',
  'pl',
  'pt',
  'pt-PT',
  'ru',
  'sv',
  'tr',
  'uk',
  'uz',
  'vi',
];

/** The decimal separator a locale writes with Latin digits: ',' for the decimal-comma locales, '.' otherwise. */
export function amountDecimalSeparator(locale?: string): '.' | ',' {
  return DECIMAL_COMMA_LOCALES.includes(locale as string) ? ',' : '.';
}

/** A sanitised amount (always written with a dot) as the locale shows it: `2.5` is `2,5` in `de`. Same length, so a caret carries over. */
export function localizeAmount(value: string, locale?: string): string {
  if (typeof value !== 'string') throw invalidAmountArgument('value', 'a string', value);
  return amountDecimalSeparator(locale) === ',' ? value.replace('.', ',') : value;
}

// Character classes. Every Unicode decimal digit (\p{Nd}) is a digit; the rest is decided by code point.
const DIGIT = 0;
const DOT = 1; // '.', full-width '．', ideographic '。' and its half-width form
const COMMA = 2; // ',', full-width '，', ideographic '、', Arabic '،'
const DECIMAL = 3; // the Arabic decimal separator '٫': a decimal point in every locale
const GROUP = 4; // the Arabic thousands separator '٬': a grouping separator in every locale
const SIGN = 5; // plus and minus signs and dashes, in every width
const EXPONENT = 6; // e or E, ASCII or full-width
const OTHER = 7; // stripped

const ND = /\p{Nd}/u;
const digitValues = new Map<number, number>();

/**
 * The value of a decimal digit. Unicode assigns decimal digits only in runs of ten, zero to nine in order
 * (its stability policy for Numeric_Type=Decimal), so the value is the distance from the start of the run.
 */
function digitValue(cp: number): number {
  if (cp <= 0x39) return cp - 0x30;
  let value = digitValues.get(cp);
  if (value === undefined) {
    let start = cp;
    while (ND.test(String.fromCodePoint(start - 1))) start--;
    value = (cp - start) % 10;
    digitValues.set(cp, value);
  }
  return value;
}

// The separators by kind: four dots, four commas, then the Arabic decimal and thousands separators.
const SEPARATORS = '.\uff0e\u3002\uff61,\uff0c\u3001\u060c\u066b\u066c';
const SIGNS = '+-\u2010\u2011\u2012\u2013\u2014\u2212\ufe62\ufe63\uff0b\uff0d';
const EXPONENTS = 'eE\uff25\uff45';

function classOf(cp: number, char: string): number {
  if (cp >= 0x30 && cp <= 0x39) return DIGIT;
  const k = SEPARATORS.indexOf(char);
  if (k >= 0) return k < 4 ? DOT : k < 8 ? COMMA : k < 9 ? DECIMAL : GROUP;
  if (SIGNS.includes(char)) return SIGN;
  if (EXPONENTS.includes(char)) return EXPONENT;
  return cp > 0x7f && (digitValues.has(cp) || ND.test(char)) ? DIGIT : OTHER;
}

/**
 * A number's digits written out in full: String() writes 1e21 and 1e-7 in exponent form, which the reader
 * refuses. Exponent form has one digit before the point and an exponent of at least 21 or at most -7, so the
 * point lands either before every digit or after all of them. The caller has refused signs and non-finite numbers.
 */
function plainNumber(n: number): string {
  const [mantissa, exponent] = String(Math.abs(n)).split('e') as [string, string?];
  if (exponent === undefined) return mantissa;
  const digits = mantissa.replace('.', '');
  const point = 1 + Number(exponent);
  // Stryker disable next-line EqualityOperator: the point is at most -6 or at least 22, never 0
  return point < 0 ? `0.${'0'.repeat(-point)}${digits}` : digits.padEnd(point, '0');
}

/** The fields of an options object, read once; InvalidArgumentError naming `field` when it is no object or cannot be read. */
export function readAmountOptions<T extends object>(options: unknown, field: string, names: readonly (keyof T & string)[]): Partial<T> {
  if (typeof options !== 'object' || options === null) throw invalidAmountArgument(field, 'an object', options);
  const out: Partial<T> = {};
  try {
    for (const name of names) out[name] = (options as T)[name];
  } catch {
    throw invalidAmountArgument(field, 'an object whose fields can be read', options);
  }
  return out;
}

const refused = (reason: AmountRefusalReason): AmountReading => ({ ok: false, reason });
function read(input: unknown, fractionDigits: unknown, caret: number, locale: unknown): AmountReading {
  if (!Number.isInteger(fractionDigits) || (fractionDigits as number) < 0)
    throw invalidAmountArgument('fractionDigits', 'a non-negative integer', fractionDigits);
  if (locale !== undefined && typeof locale !== 'string') throw invalidAmountArgument('locale', 'a string', locale);
  // Numbers are accepted as their text (a form may hold one), always with a decimal dot; anything else is a caller's mistake.
  let decimalIsComma = amountDecimalSeparator(locale as string | undefined) === ',';
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refused('not-finite');
    if (input < 0) return refused('sign');
    text = plainNumber(input);
    decimalIsComma = false;
  } else if (typeof input === 'string') {
    text = input;
  } else {
    throw invalidAmountArgument('input', 'a string or a number', input);
  }
  const digits = fractionDigits as number;
  // One pass. Digits and separators are read; everything else is stripped. The reasons to refuse are noted as
  // they appear and decided at the end, the most telling first: an exponent, a sign, a separator, too many digits.
  let sign = false;
  let exponent = false; // an e after a part of the number: a digit after it makes the text exponent notation
  let ambiguous = false;
  let seen = false; // a digit or separator was read
  // Separators: at most one decimal point; grouping only as a first group of one to three digits not starting
  // with 0, then groups of exactly three, with one kind of separator, before the point.
  let point = -1; // where the decimal point is in the input
  let grouping = 0; // the kind of the grouping separator in use
  let sinceGroup = -1; // digits since the last grouping separator; -1 before the first
  let leading = 0; // digits before the first grouping separator (4 after a leading 0: no grouping can follow)
  // The value as it is written: integer digits without leading zeros, then the fraction cut at `digits`.
  let integer = '';
  let fraction = '';
  let zeroAt = -1; // where the first leading zero is in the input
  let integerCaret = 0;
  let fractionCaret = 0;
  for (let i = 0; i < text.length;) {
    let cp = text.charCodeAt(i);
    let width = 1;
    let kind: number;
    if (cp < 0x80) kind = cp >= 0x30 && cp <= 0x39 ? DIGIT : classOf(cp, text[i]!);
    else {
      cp = text.codePointAt(i)!;
      if (cp > 0xffff) width = 2;
      kind = classOf(cp, String.fromCodePoint(cp));
    }
    if (kind === DIGIT) {
      if (exponent) return refused('exponent');
      seen = true;
      const value = digitValue(cp);
      if (point >= 0) {
        if (fraction.length < digits) {
          fraction += String(value);
          if (i < caret) fractionCaret = fraction.length;
        }
      } else {
        if (sinceGroup >= 0) sinceGroup++;
        else if (leading > 0 || value !== 0) leading++;
        else leading = 4;
        if (integer === '' && value === 0) {
          if (zeroAt < 0) zeroAt = i;
        } else if (integer.length <= AMOUNT_MAX_INTEGER_DIGITS) {
          integer += String(value);
          if (i < caret) integerCaret = integer.length;
        }
      }
    } else if (kind === SIGN) {
      sign = true;
    } else if (kind === EXPONENT) {
      if (seen) exponent = true;
    } else if (kind !== OTHER) {
      seen = true;
      // The Arabic decimal separator and the locale's own separator are the decimal point; the others only group.
      const isPoint = kind === DECIMAL || (kind !== GROUP && (kind === DOT) !== decimalIsComma);
      if (point >= 0 || (sinceGroup >= 0 && sinceGroup !== 3)) ambiguous = true;
      else if (isPoint) point = i;
      else if (leading === 0 || leading > 3 || (grouping !== 0 && grouping !== kind)) ambiguous = true;
      else {
        grouping = kind;
        sinceGroup = 0;
      }
    }
    i += width;
  }
  if (sign) return refused('sign');
  if (ambiguous || (point < 0 && sinceGroup >= 0 && sinceGroup !== 3)) return refused('ambiguous-separator');
  if (integer.length > AMOUNT_MAX_INTEGER_DIGITS) return refused('too-many-digits');
  let caretOut = integerCaret;
  if (integer === '' && (zeroAt >= 0 || point >= 0)) {
    // Leading zeros collapse into one 0; a leading point gets its 0.
    integer = '0';
    if ((zeroAt < 0 ? point : zeroAt) < caret) caretOut = 1;
  }
  if (point < 0 || digits === 0) return { ok: true, value: integer, caret: caretOut };
  if (point < caret) caretOut = integer.length + 1 + fractionCaret;
  return { ok: true, value: `${integer}.${fraction}`, caret: caretOut };
}

/**
 * Reads a typed or pasted amount without throwing for what the user typed: the sanitised value (a dot as the
 * decimal point, at most `fractionDigits` decimals) and where the caret belongs, or the reason the text was
 * refused because any value made of it could differ from what was meant (a sign, an exponent, an ambiguous
 * separator, more than 20 integer digits). Throws InvalidArgumentError only for a caller's mistake.
 *
 * @example
 * ```ts
 * readAmount('2,5', 8, { locale: 'de' }); // { ok: true, value: '2.5', caret: 3 }
 * readAmount('1e9', 8); // { ok: false, reason: 'exponent' }
 * ```
 */
export function readAmount(input: string, fractionDigits: number, options: AmountOptions & { caret?: number } = {}): AmountReading {
  const { caret, locale } = readAmountOptions<AmountOptions & { caret?: number }>(options, 'options', ['caret', 'locale']);
  if (caret !== undefined && (typeof caret !== 'number' || Number.isNaN(caret))) throw invalidAmountArgument('caret', 'a number', caret);
  return read(input, fractionDigits, caret ?? Number.POSITIVE_INFINITY, locale);
}

function orThrow(reading: AmountReading, input: unknown): SanitizedAmountInput {
  if (!reading.ok) throw new AmountRefusedError(reading.reason, input);
  return reading;
}

/**
 * Cleans a typed amount (spec §S5): digits of any script become ASCII, the locale's decimal separator becomes
 * `.`, unambiguous grouping separators and everything else that is no part of a number are dropped, a leading
 * point gets its `0`, leading zeros collapse, and the fraction keeps `fractionDigits` decimals. Text whose
 * value could be misread throws AmountRefusedError with the reason (see readAmount for a reader that does not throw).
 */
export function sanitizeAmount(input: string, fractionDigits: number, options: AmountOptions = {}): string {
  const { locale } = readAmountOptions<AmountOptions>(options, 'options', ['locale']);
  return orThrow(read(input, fractionDigits, Number.POSITIVE_INFINITY, locale), input).value;
}

/** sanitizeAmount plus the caret position in the result that matches `caret` in the raw input. */
export function sanitizeAmountInput(
  input: string,
  fractionDigits: number,
  caret: number,
  options: AmountOptions = {},
): SanitizedAmountInput {
  const { locale } = readAmountOptions<AmountOptions>(options, 'options', ['locale']);
  if (typeof caret !== 'number' || Number.isNaN(caret)) throw invalidAmountArgument('caret', 'a number', caret);
  const reading = orThrow(read(input, fractionDigits, caret, locale), input);
  return { value: reading.value, caret: reading.caret };
}
