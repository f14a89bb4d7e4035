// Kept deliberately small and import-light: it runs on every keystroke and ships in every trading form.
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { AmountRefusedError, type AmountRefusalReason } from './errors.js';

// A cheap stand-in for describeValue, which would double this module's size in a bundle.
const invalid = (field: string, expected: string, value: unknown) =>
  new InvalidArgumentError(`${field} must be ${expected}, got ${typeof value === 'number' ? String(value) : `a ${typeof value}`}`, {
    field,
    value,
  });

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
  if (typeof value !== 'string') throw invalid('value', 'a string', value);
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

function classOf(cp: number, char: string): number {
  if (cp >= 0x30 && cp <= 0x39) return DIGIT;
  switch (cp) {
    case 0x2e:
    case 0xff0e:
    case 0x3002:
    case 0xff61:
      return DOT;
    case 0x2c:
    case 0xff0c:
    case 0x3001:
    case 0x60c:
      return COMMA;
    case 0x66b:
      return DECIMAL;
    case 0x66c:
      return GROUP;
    case 0x2b:
    case 0x2d:
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2212:
    case 0xfe62:
    case 0xfe63:
    case 0xff0b:
    case 0xff0d:
      return SIGN;
    case 0x45:
    case 0x65:
    case 0xff25:
    case 0xff45:
      return EXPONENT;
  }
  return cp > 0x7f && ND.test(char) ? DIGIT : OTHER;
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

const refused = (reason: AmountRefusalReason): AmountReading => ({ ok: false, reason });
// Tokens of pass 1: a digit's value (0–9), the decimal point, or a grouping separator (one token per kind, so
// that a number grouped with two different characters is told apart).
const POINT = 10;
const GROUPING = 11; // + DOT, COMMA or GROUP

function read(input: unknown, fractionDigits: unknown, caret: number, locale: unknown): AmountReading {
  if (!Number.isInteger(fractionDigits) || (fractionDigits as number) < 0)
    throw invalid('fractionDigits', 'a non-negative integer', fractionDigits);
  if (locale !== undefined && typeof locale !== 'string') throw invalid('locale', 'a string', locale);
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
    throw invalid('input', 'a string', input);
  }
  const digits = fractionDigits as number;
  // Pass 1: classify. Only digits and separators are kept, each with where it starts in the input (for the caret).
  const tokens: number[] = [];
  const starts: number[] = [];
  let sign = false;
  let exponent = false; // an e after a digit: a digit after it makes the text a number in exponent form
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const char = cp > 0xffff ? text.slice(i, i + 2) : text[i]!;
    const kind = classOf(cp, char);
    if (kind === DIGIT) {
      if (exponent) return refused('exponent');
      tokens.push(digitValue(cp));
      starts.push(i);
    } else if (kind === SIGN) {
      sign = true;
    } else if (kind === EXPONENT) {
      if (tokens.length > 0) exponent = true;
    } else if (kind !== OTHER) {
      // The Arabic decimal separator and the locale's own separator are the decimal point; the others can only group.
      const point = kind === DECIMAL || (kind !== GROUP && (kind === DOT) !== decimalIsComma);
      tokens.push(point ? POINT : GROUPING + kind);
      starts.push(i);
    }
    i += char.length;
  }
  if (sign) return refused('sign');
  // Pass 2: one decimal point at most; grouping separators only where grouping is unambiguous: a first group of
  // one to three digits not starting with 0, then groups of exactly three, one kind of separator, before the point.
  let point = -1;
  let grouping = 0;
  let sinceGroup = -1; // digits since the last grouping separator; -1 before the first
  let leading = 0; // digits before the first grouping separator
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token < POINT) {
      if (point >= 0) continue;
      if (sinceGroup >= 0) sinceGroup++;
      else if (leading > 0 || token !== 0) leading++;
      else leading = 4; // a leading 0 before a grouping separator is no grouping ('0,500')
      continue;
    }
    if (point >= 0 || (sinceGroup >= 0 && sinceGroup !== 3)) return refused('ambiguous-separator');
    if (token === POINT) {
      point = k;
      continue;
    }
    if (leading === 0 || leading > 3 || (grouping !== 0 && grouping !== token)) return refused('ambiguous-separator');
    grouping = token;
    sinceGroup = 0;
  }
  if (point < 0 && sinceGroup >= 0 && sinceGroup !== 3) return refused('ambiguous-separator');
  // Pass 3: write the value. Leading zeros collapse; a leading point gets its 0; the fraction is cut at `digits`.
  let out = '';
  let caretOut = 0;
  let zeroAt = -1; // where the collapsed or added 0 comes from in the input
  const end = point < 0 ? tokens.length : point;
  for (let k = 0; k < end; k++) {
    const token = tokens[k]!;
    if (token >= POINT) continue;
    if (out === '' && token === 0) {
      if (zeroAt < 0) zeroAt = starts[k]!;
      continue;
    }
    out += String(token);
    if (starts[k]! < caret) caretOut = out.length;
  }
  if (out.length > AMOUNT_MAX_INTEGER_DIGITS) return refused('too-many-digits');
  if (out === '' && (zeroAt >= 0 || point >= 0)) {
    out = '0';
    if (zeroAt < 0) zeroAt = starts[point]!;
    if (zeroAt < caret) caretOut = 1;
  }
  if (point >= 0 && digits > 0) {
    out += '.';
    if (starts[point]! < caret) caretOut = out.length;
    // After the point only digits are left: a separator there was refused.
    for (let k = point + 1; k < tokens.length && k - point <= digits; k++) {
      out += String(tokens[k]);
      if (starts[k]! < caret) caretOut = out.length;
    }
  }
  return { ok: true, value: out, caret: caretOut };
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
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object', options);
  const { caret, locale } = options;
  if (caret !== undefined && (typeof caret !== 'number' || Number.isNaN(caret))) throw invalid('caret', 'a number', caret);
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
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object', options);
  return orThrow(read(input, fractionDigits, Number.POSITIVE_INFINITY, options.locale), input).value;
}

/** sanitizeAmount plus the caret position in the result that matches `caret` in the raw input. */
export function sanitizeAmountInput(
  input: string,
  fractionDigits: number,
  caret: number,
  options: AmountOptions = {},
): SanitizedAmountInput {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object', options);
  if (typeof caret !== 'number' || Number.isNaN(caret)) throw invalid('caret', 'a number', caret);
  const reading = orThrow(read(input, fractionDigits, caret, options.locale), input);
  return { value: reading.value, caret: reading.caret };
}
