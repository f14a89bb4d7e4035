import { Decimal } from 'decimal.js';
import { FuturesInputError, MAX_DECIMAL_DIGITS } from './errors.js';
import { expectString } from '../validate/describe-value.js';

/**
 * The Decimal constructor futures inputs are read with and figures are returned as. The figures themselves
 * are computed as exact ratios (exact.ts) and rounded once; the 40 significant digits and half-up rounding
 * here only apply to arithmetic a caller does on the returned Decimals. Display rounding is separate (format.ts).
 */
export const FuturesDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

/** A number as an exchange payload carries it: a decimal string, a JS number, a bigint or a Decimal. */
export type NumericInput = string | number | bigint | Decimal;

/** What a numeric input must satisfy beyond being a finite number. */
export type NumericRule = 'any' | 'non-negative' | 'positive';

// Plain decimal notation with an optional exponent; decimal.js alone would also take hex, binary and
// 'Infinity', none of which an exchange payload means.
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Decimal.isDecimal reads the value's prototype and fields; a Proxy or a throwing getter makes that throw. */
function isDecimalValue(value: unknown): boolean {
  let decimal = false;
  try {
    decimal = Decimal.isDecimal(value);
  } catch {
    // Not a Decimal: a value that cannot even be asked is none.
  }
  return decimal;
}

/** Throws FuturesInputError 'out-of-range' when `out` has more integer or fraction digits than MAX_DECIMAL_DIGITS. */
function checkRange(out: Decimal, field: string, value: unknown): Decimal {
  if (out.e >= MAX_DECIMAL_DIGITS || out.decimalPlaces() > MAX_DECIMAL_DIGITS) throw new FuturesInputError(field, 'out-of-range', value);
  return out;
}

/**
 * Reads one numeric input as a Decimal, or throws FuturesInputError naming `field`.
 *
 * @example
 * ```ts
 * readDecimal('0.1', 'price').plus('0.2').toString(); // '0.3'
 * readDecimal('abc', 'price'); // throws FuturesInputError (field 'price', problem 'not-numeric')
 * ```
 */
// Stryker disable next-line StringLiteral: the default 'any' checks no sign, and so does any other text that is no rule
export function readDecimal(value: unknown, field: string, rule: NumericRule = 'any'): Decimal {
  expectString('field', field, 'readDecimal');
  let out: Decimal;
  if (value === undefined || value === null) throw new FuturesInputError(field, 'missing', value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') throw new FuturesInputError(field, 'missing', value);
    if (/^[+-]?(?:nan|infinity|inf)$/i.test(text)) throw new FuturesInputError(field, 'not-finite', value);
    if (!DECIMAL_TEXT.test(text)) throw new FuturesInputError(field, 'not-numeric', value);
    out = new FuturesDecimal(text);
    // decimal.js turns an exponent beyond its own range into Infinity, or into 0 however non-zero the digits before
    // the exponent are: either is a number far past MAX_DECIMAL_DIGITS.
    if (!out.isFinite() || (out.isZero() && /^[^eE]*[1-9]/.test(text))) throw new FuturesInputError(field, 'out-of-range', value);
    checkRange(out, field, value);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new FuturesInputError(field, 'not-finite', value);
    out = checkRange(new FuturesDecimal(value), field, value);
  } else if (typeof value === 'bigint') {
    out = checkRange(new FuturesDecimal(value.toString()), field, value);
  } else if (isDecimalValue(value)) {
    if (!(value as Decimal).isFinite()) throw new FuturesInputError(field, 'not-finite', value);
    out = checkRange(value instanceof FuturesDecimal ? (value as Decimal) : new FuturesDecimal(value as Decimal), field, value);
  } else {
    throw new FuturesInputError(field, 'not-numeric', value);
  }
  // Each rule is named: a rule this function does not know checks nothing rather than passing for 'non-negative'.
  if (rule === 'non-negative' || rule === 'positive') {
    if (out.isNegative() && !out.isZero()) throw new FuturesInputError(field, 'negative', value);
    if (rule === 'positive' && out.isZero()) throw new FuturesInputError(field, 'zero', value);
  }
  return out;
}

/** Reads an optional numeric input: absent (undefined or null) gives `fallback`. */
// Stryker disable next-line StringLiteral: the default 'any' checks no sign, and so does any other text that is no rule
export function readOptionalDecimal(value: unknown, field: string, fallback: Decimal, rule: NumericRule = 'any'): Decimal {
  return value === undefined || value === null ? fallback : readDecimal(value, field, rule);
}

export const ZERO = new FuturesDecimal(0);
export const ONE = new FuturesDecimal(1);
export const HUNDRED = new FuturesDecimal(100);
