import { Decimal } from 'decimal.js';
import { FuturesDecimal, readDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './futures-input-error.js';

// Seed 001 §9: percentages are shown with 2 decimals.
export const PERCENT_DECIMALS = 2;
// Seed 001 §9: amounts default to 6 decimals.
export const AMOUNT_DECIMALS = 6;
/** What a screen shows for a figure that does not exist, such as no liquidation price. */
export const NO_VALUE = '--';

const MAX_PLACES = 40;

function readPlaces(places: unknown, field: string): number {
  if (places === undefined || places === null) throw new FuturesInputError(field, 'missing', places);
  const n = typeof places === 'string' && places.trim() !== '' ? Number(places) : places;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new FuturesInputError(field, 'not-numeric', places);
  if (n < 0) throw new FuturesInputError(field, 'negative', places);
  if (n > MAX_PLACES) throw new FuturesInputError(field, 'not-an-option', places);
  return n;
}

/** Cuts `value` to `places` decimals toward zero (floor when positive, round up when negative; seed 001 §9). */
export function truncateDecimal(value: NumericInput, places: number | string): Decimal {
  const out = readDecimal(value, 'value').toDecimalPlaces(readPlaces(places, 'places'), Decimal.ROUND_DOWN);
  return out.isZero() ? new FuturesDecimal(0) : out;
}

/** `value` truncated toward zero and written with exactly `places` decimals, never as '-0'. */
export function formatDecimal(value: NumericInput, places: number | string): string {
  const n = readPlaces(places, 'places');
  return truncateDecimal(value, n).toFixed(n);
}

/** An amount for display: truncated to `places` (default 6, or the caller's quotePrecision). */
export function formatAmount(value: NumericInput, places: number | string = AMOUNT_DECIMALS): string {
  return formatDecimal(value, places);
}

/** A price for display at `pricePlace` decimals; null (no price) shows as '--'. */
export function formatPrice(value: NumericInput | null | undefined, pricePlace: number | string = AMOUNT_DECIMALS): string {
  return value === null || value === undefined ? NO_VALUE : formatDecimal(value, pricePlace);
}

/** A liquidation price for display: '--' when there is none (null, zero or negative). */
export function formatLiquidationPrice(value: NumericInput | null | undefined, pricePlace: number | string = AMOUNT_DECIMALS): string {
  if (value === null || value === undefined) return NO_VALUE;
  const price = readDecimal(value, 'liquidationPrice');
  return price.isPositive() && !price.isZero() ? formatDecimal(price, pricePlace) : NO_VALUE;
}

/** Options of formatPercent. */
export interface PercentFormat {
  /** Decimals (default 2). */
  places?: number;
  /** Prefix '+' when the shown value is positive (as ROE is shown). */
  plusSign?: boolean;
  /** Appended text (default '%'). */
  suffix?: string;
}

/** A percentage (already × 100) for display: 2 decimals truncated toward zero, then the suffix. */
export function formatPercent(value: NumericInput, format: PercentFormat = {}): string {
  const places = format.places ?? PERCENT_DECIMALS;
  const shown = truncateDecimal(value, places);
  const sign = format.plusSign === true && shown.isPositive() && !shown.isZero() ? '+' : '';
  return `${sign}${shown.toFixed(places)}${format.suffix ?? '%'}`;
}

/** ROE for display: 2 decimals truncated toward zero, '+' when positive, '%' appended. */
export function formatRoe(value: NumericInput): string {
  return formatPercent(value, { plusSign: true });
}

/** Reads a figure back from its display form ('+12.34%', '-0.5', '1,234.5'); '--' gives null. */
export function parseDisplayNumber(text: string): Decimal | null {
  if (typeof text !== 'string') throw new FuturesInputError('text', 'not-numeric', text);
  const trimmed = text.trim();
  if (trimmed === NO_VALUE) return null;
  const bare = trimmed.replace(/%$/, '').replace(/,/g, '').replace(/^\+/, '');
  if (bare.startsWith('+') || bare.startsWith('-+')) throw new FuturesInputError('text', 'not-numeric', text);
  return readDecimal(bare, 'text');
}
