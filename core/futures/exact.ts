// Exact rational arithmetic for the futures figures. Every input is a finite decimal, so every figure is a
// ratio of integers; it is computed as one (BigInt numerator and denominator, no rounding anywhere) and
// rounded once, when it becomes a Decimal or a display string. See docs/futures-maths.md, "Exactness".
import type { Decimal } from 'decimal.js';
import { FuturesDecimal } from './futures-decimal.js';

/** An exact rational n/d with d > 0 (not necessarily reduced). */
export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

/** How a figure is rounded to its displayed decimals. */
export type DisplayRounding = 'truncate' | 'half-up' | 'half-even';

/** The rounding modes a display accepts; 'truncate' (toward zero) is the seed's rule and the default. */
export const DISPLAY_ROUNDINGS: readonly DisplayRounding[] = ['truncate', 'half-up', 'half-even'];

/**
 * Decimals a figure keeps when it becomes a Decimal: the exact value truncated toward zero to this many
 * places, plus one sticky digit 1 when anything was cut (see toFigure). Displays up to 40 decimals round
 * such a Decimal exactly as they would round the exact ratio.
 */
export const FIGURE_PLACES = 41;

const POW10: bigint[] = [1n];
/** 10^k as a BigInt (cached). */
export function pow10(k: number): bigint {
  for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[k]!;
}

/** A finite decimal as integer units and a decimal scale: value = units / 10^scale. */
export interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

/** The exact integer units and scale of a finite Decimal (decimal.js keeps every digit of its input). */
export function scaledOf(value: Decimal): Scaled {
  // toFixed writes every digit, without exponent; BigInt reads the sign and the leading zeros ('-0' + '05' is −5).
  const [whole, fraction = ''] = value.toFixed().split('.');
  return { units: BigInt(`${whole!}${fraction}`), scale: fraction.length };
}

/** The exact ratio of a finite Decimal. */
export function ratioOf(value: Decimal): Ratio {
  const { units, scale } = scaledOf(value);
  return { n: units, d: pow10(scale) };
}

/** An integer as a ratio. */
export const int = (n: bigint | number): Ratio => ({ n: BigInt(n), d: 1n });
export const R0: Ratio = int(0);
export const R1: Ratio = int(1);
export const R100: Ratio = int(100);

export const add = (a: Ratio, b: Ratio): Ratio => (a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d });
export const sub = (a: Ratio, b: Ratio): Ratio => (a.d === b.d ? { n: a.n - b.n, d: a.d } : { n: a.n * b.d - b.n * a.d, d: a.d * b.d });
export const mul = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });
export const neg = (a: Ratio): Ratio => ({ n: -a.n, d: a.d });
/** a ÷ b, or null when b is zero (the caller decides what "no quotient" means). */
export const div = (a: Ratio, b: Ratio): Ratio | null =>
  b.n > 0n ? { n: a.n * b.d, d: a.d * b.n } : b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : null;
export const sign = (a: Ratio): -1 | 0 | 1 => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
/** −1, 0 or 1 as a is below, equal to or above b. */
export const cmp = (a: Ratio, b: Ratio): -1 | 0 | 1 => sign(sub(a, b));
export const max = (a: Ratio, b: Ratio): Ratio => (cmp(a, b) >= 0 ? a : b);
/** a·(±1) for a direction d. */
export const signed = (a: Ratio, direction: 1 | -1): Ratio => (direction === 1 ? a : neg(a));

/** round(n/d · 10^places) as an integer, in the given mode (d > 0). Exact: one BigInt division. */
export function roundScaled(n: bigint, d: bigint, places: number, mode: DisplayRounding): bigint {
  const scaled = n * pow10(places);
  const q = scaled / d; // BigInt division truncates toward zero
  if (mode === 'truncate') return q;
  const r = scaled - q * d;
  // Stryker disable next-line EqualityOperator: r = 0 negated is still 0, so r <= 0n gives the same twice
  const twice = (r < 0n ? -r : r) * 2n;
  const away = twice > d || (twice === d && (mode === 'half-up' || (q & 1n) !== 0n));
  if (!away) return q;
  // Stryker disable next-line EqualityOperator: away needs r ≠ 0, so scaled ≠ 0 here and <= answers as <
  return scaled < 0n ? q - 1n : q + 1n;
}

/** Writes units/10^places with exactly `places` decimals; zero is never written with a minus sign. */
export function writeScaled(units: bigint, places: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (places > 0) {
    if (digits.length <= places) digits = '0'.repeat(places - digits.length + 1) + digits;
    digits = `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
  }
  return negative ? `-${digits}` : digits;
}

/**
 * A ratio as a Decimal: exact when it has at most FIGURE_PLACES decimals (more for values below 1, so that
 * at least 40 significant digits are kept); otherwise truncated toward zero there, with one more digit 1
 * appended ("sticky"). The sticky value lies strictly inside the same 10^-places interval as the exact one
 * and never on its edge, so truncating or rounding it half-up or half-even to at most FIGURE_PLACES − 1
 * decimals gives the same digits as rounding the exact ratio.
 */
export function toFigure(value: Ratio): Decimal {
  // Stryker disable next-line EqualityOperator: 0n negated is 0n
  const magnitude = value.n < 0n ? -value.n : value.n;
  // places: the least p ≥ FIGURE_PLACES at which floor(|value|·10^p) has FIGURE_PLACES digits, i.e. is at least
  // 10^(FIGURE_PLACES − 1) (a property of the value alone, not of how the ratio is written), so values below 1 keep
  // 40 significant digits too. With n and d of a and b digits, 10^(a − b − 1) < |value| < 10^(a − b + 1), so
  // |value|·10^shift lies strictly between 10^(FIGURE_PLACES − 2) and 10^FIGURE_PLACES: p is shift or shift + 1,
  // or FIGURE_PLACES when that is larger (then |value|·10^FIGURE_PLACES > 10^(FIGURE_PLACES − 1) already).
  const shift = FIGURE_PLACES - 1 - (magnitude.toString().length - value.d.toString().length);
  let places = Math.max(FIGURE_PLACES, shift);
  let scaled = magnitude * pow10(places);
  let q = scaled / value.d;
  // Zero takes the step too, harmlessly: zero written with one more decimal is still zero.
  if (q < pow10(FIGURE_PLACES - 1)) {
    places += 1;
    scaled = magnitude * pow10(places);
    q = scaled / value.d;
  }
  const sticky = q * value.d === scaled ? '' : '1';
  return new FuturesDecimal(`${value.n < 0n ? '-' : ''}${writeScaled(q, places)}${sticky}`);
}

/** A Decimal holding units/10^scale exactly (decimal.js does not round what it is constructed from). */
export function decimalOfScaled(value: Scaled): Decimal {
  return new FuturesDecimal(writeScaled(value.units, value.scale));
}

/** a × b with every digit kept (Decimal arithmetic would round at 40 significant digits). */
export function exactProduct(a: Decimal, b: Decimal): Decimal {
  const x = scaledOf(a);
  const y = scaledOf(b);
  return decimalOfScaled({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a − b with every digit kept. */
export function exactDifference(a: Decimal, b: Decimal): Decimal {
  const x = scaledOf(a);
  const y = scaledOf(b);
  const scale = Math.max(x.scale, y.scale);
  return decimalOfScaled({ units: x.units * pow10(scale - x.scale) - y.units * pow10(scale - y.scale), scale });
}
