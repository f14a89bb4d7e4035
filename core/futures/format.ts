import { Decimal } from 'decimal.js';
import { FuturesDecimal, readDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './errors.js';
import { DISPLAY_ROUNDINGS, type DisplayRounding } from './exact.js';
import { readInput } from './position-input.js';

export type { DisplayRounding } from './exact.js';
export { DISPLAY_ROUNDINGS } from './exact.js';

// Spec §S9: percentages are shown with 2 decimals.
export const PERCENT_DECIMALS = 2;
// Spec §S9: amounts default to 6 decimals.
export const AMOUNT_DECIMALS = 6;
/** What a screen shows for a figure that does not exist, such as no liquidation price. */
export const NO_VALUE = '--';

/** The most decimals a figure can be displayed with (exact figures keep 41, see docs/futures-maths.md). */
export const MAX_DISPLAY_PLACES = 40;
const MAX_PLACES = MAX_DISPLAY_PLACES;

const DECIMAL_MODES: Record<DisplayRounding, Decimal.Rounding> = {
  truncate: Decimal.ROUND_DOWN,
  'half-up': Decimal.ROUND_HALF_UP,
  'half-even': Decimal.ROUND_HALF_EVEN,
};

/** Checks a rounding option: undefined gives the seed's 'truncate'. */
export function readRounding(rounding: unknown, field = 'rounding'): DisplayRounding {
  if (rounding === undefined) return 'truncate';
  // includes() matches only these very strings: a number, a String object or any other value is refused.
  if ((DISPLAY_ROUNDINGS as readonly unknown[]).includes(rounding)) return rounding as DisplayRounding;
  throw new FuturesInputError(field, 'not-an-option', rounding);
}

/** Checks a number of displayed decimals (an integer from 0 to 40). */
export function readPlaces(places: unknown, field: string): number {
  if (places === undefined || places === null) throw new FuturesInputError(field, 'missing', places);
  const read: unknown = typeof places === 'string' && places.trim() !== '' ? Number(places) : places;
  // Number.isInteger is false for every value that is not a number.
  if (!Number.isInteger(read)) throw new FuturesInputError(field, 'not-numeric', places);
  const n = read as number;
  if (n < 0) throw new FuturesInputError(field, 'negative', places);
  if (n > MAX_PLACES) throw new FuturesInputError(field, 'not-an-option', places);
  return n;
}

/**
 * Cuts `value` to `places` decimals toward zero (floor when positive, round up when negative; spec §S9).
 *
 * @example
 * ```ts
 * truncateDecimal('2.349', 2).toString(); // '2.34'
 * ```
 */
export function truncateDecimal(value: NumericInput, places: number | string): Decimal {
  const out = readDecimal(value, 'value').toDecimalPlaces(readPlaces(places, 'places'), Decimal.ROUND_DOWN);
  return out.isZero() ? new FuturesDecimal(0) : out;
}

/**
 * Rounds `value` to `places` decimals: 'truncate' (toward zero, the default), 'half-up' (half away from zero) or 'half-even'.
 *
 * @example
 * ```ts
 * roundDecimal('2.345', 2).toString(); // '2.34' (truncated by default)
 * roundDecimal('2.345', 2, 'half-up').toString(); // '2.35'
 * ```
 */
export function roundDecimal(value: NumericInput, places: number | string, rounding?: DisplayRounding): Decimal {
  const mode = DECIMAL_MODES[readRounding(rounding)];
  const out = readDecimal(value, 'value').toDecimalPlaces(readPlaces(places, 'places'), mode);
  return out.isZero() ? new FuturesDecimal(0) : out;
}

/**
 * `value` rounded (truncated toward zero by default) and written with exactly `places` decimals, never as '-0'.
 *
 * @example
 * ```ts
 * formatDecimal('2.5', 2); // '2.50'
 * ```
 */
export function formatDecimal(value: NumericInput, places: number | string, rounding?: DisplayRounding): string {
  const n = readPlaces(places, 'places');
  return roundDecimal(value, n, rounding).toFixed(n);
}

/**
 * An amount for display: `places` decimals (default 6, or the caller's quotePrecision), truncated unless `rounding` says otherwise; null
 * shows as '--'.
 *
 * @example
 * ```ts
 * formatAmount('1.23456789'); // '1.234567' (6 places, truncated)
 * formatAmount(null); // '--'
 * ```
 */
export function formatAmount(
  value: NumericInput | null | undefined,
  places: number | string = AMOUNT_DECIMALS,
  rounding?: DisplayRounding,
): string {
  return value === null || value === undefined ? NO_VALUE : formatDecimal(value, places, rounding);
}

/**
 * A price for display at `pricePlace` decimals; null (no price) shows as '--'.
 *
 * @example
 * ```ts
 * formatPrice('61234.5678', 2); // '61234.56'
 * ```
 */
export function formatPrice(
  value: NumericInput | null | undefined,
  pricePlace: number | string = AMOUNT_DECIMALS,
  rounding?: DisplayRounding,
): string {
  return value === null || value === undefined ? NO_VALUE : formatDecimal(value, pricePlace, rounding);
}

/**
 * A liquidation price for display: '--' when there is none (null, zero or negative).
 *
 * @example
 * ```ts
 * formatLiquidationPrice('54249.5479', 2); // '54249.54'
 * formatLiquidationPrice('-3', 2); // '--' (no liquidation price)
 * ```
 */
export function formatLiquidationPrice(
  value: NumericInput | null | undefined,
  pricePlace: number | string = AMOUNT_DECIMALS,
  rounding?: DisplayRounding,
): string {
  if (value === null || value === undefined) return NO_VALUE;
  const price = readDecimal(value, 'liquidationPrice');
  return price.isPositive() && !price.isZero() ? formatDecimal(price, pricePlace, rounding) : NO_VALUE;
}

/** Options of formatPercent. */
export interface PercentFormat {
  /** Decimals (default 2). */
  places?: number;
  /** Prefix '+' when the shown value is positive (as ROE is shown). */
  plusSign?: boolean;
  /** Appended text (default '%'). */
  suffix?: string;
  /** Rounding to `places` (default 'truncate', the seed's rule). */
  rounding?: DisplayRounding;
}

/**
 * A percentage (already × 100) for display: 2 decimals truncated toward zero (or `rounding`), then the suffix; null shows as '--'.
 *
 * @example
 * ```ts
 * formatPercent('12.345'); // '12.34%'
 * ```
 */
export function formatPercent(value: NumericInput | null | undefined, format: PercentFormat = {}): string {
  format = readInput(format, 'format', true);
  if (value === null || value === undefined) return NO_VALUE;
  const places = readPlaces(format.places ?? PERCENT_DECIMALS, 'places');
  const shown = roundDecimal(value, places, format.rounding);
  const sign = format.plusSign === true && shown.isPositive() && !shown.isZero() ? '+' : '';
  return `${sign}${shown.toFixed(places)}${format.suffix ?? '%'}`;
}

/** Options of formatRoe. */
export interface RoeFormat {
  /** Decimals (default 2). */
  places?: number;
  /** Rounding (default 'truncate'). */
  rounding?: DisplayRounding;
}

/**
 * ROE for display: 2 decimals truncated toward zero (or `format.rounding`), '+' when positive, '%' appended; null (no margin known) shows
 * as '--'.
 *
 * @example
 * ```ts
 * formatRoe('6.6667'); // '+6.66%'
 * ```
 */
export function formatRoe(value: NumericInput | null | undefined, format: RoeFormat = {}): string {
  return formatPercent(value, { ...readInput(format, 'format', true), plusSign: true });
}

const DISPLAY_NUMBER = /^[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?$/;

/**
 * Reads a figure back from its display form ('+12.34%', '-0.5', '1,234.5'); '--' gives null.
 *
 * @example
 * ```ts
 * parseDisplayNumber('61,234.50')?.toString(); // '61234.5'
 * ```
 */
export function parseDisplayNumber(text: string): Decimal | null {
  if (typeof text !== 'string') throw new FuturesInputError('text', 'not-numeric', text);
  const trimmed = text.trim();
  if (trimmed === NO_VALUE) return null;
  // What the formatters write: one sign at most, thousands commas only between groups of three, a '%' at the end.
  if (!DISPLAY_NUMBER.test(trimmed)) throw new FuturesInputError('text', 'not-numeric', text);
  return readDecimal(trimmed.replace(/%$/, '').replace(/,/g, '').replace(/^\+/, ''), 'text');
}
