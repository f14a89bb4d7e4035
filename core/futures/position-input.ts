import { FuturesInputError } from './errors.js';
import { readRecord } from '../validate/describe-value.js';
import { MarginMode, PositionMode, PositionSide } from '../catalog/enums.js';
import type { NumericInput } from './futures-decimal.js';

/** Position fields as the exchange API names them (spec §S3, "Position fields for maths"). */
export interface PositionFields {
  /** 1 long, 2 short. */
  position?: number | string;
  /** 1 isolated (fixed), 2 cross. */
  marginMode?: number | string;
  /** 1 one-way, 2 hedge (two-way). */
  positionMode?: number | string;
  openAvgPrice?: NumericInput;
  positionsOpenAvgPrice?: NumericInput;
  openDealCount?: NumericInput;
  closeDealCount?: NumericInput;
  count?: NumericInput;
  openLevel?: NumericInput;
  positionsLevel?: NumericInput;
  openMarginCount?: NumericInput;
  positionsOpenMarginCount?: NumericInput;
  positionsCount?: NumericInput;
  achievedProfits?: NumericInput;
}

/** Liquidation inputs as the exchange API names them (spec §S3, "Liquidation inputs"). */
export interface LiquidationFields {
  /** Index price of the margin coin in the quote currency (1 for USDT-M and USDC-M). */
  bp?: NumericInput;
  available?: NumericInput;
  othersUpnl?: NumericInput;
  othersMaintain?: NumericInput;
  longOpenPrice?: NumericInput;
  longOpenCount?: NumericInput;
  shortOpenPrice?: NumericInput;
  shortOpenCount?: NumericInput;
  /** Value of pending opening orders; their initial margin is reserved out of the cross equity. */
  totalDelegateValue?: NumericInput;
  /** Maintenance margin rate. */
  mm?: NumericInput;
  /** Taker fee rate. */
  feeRate?: NumericInput;
}

/** A position object as the API delivers it, optionally merged with the account's liquidation inputs. */
export type FuturesPositionInput = PositionFields & LiquidationFields;

/** Position direction d: +1 long, −1 short. */
export type Direction = 1 | -1;

/** Margin mode: isolated (fixed) or cross. */
export type MarginModeName = 'isolated' | 'cross';

/** Position mode: one-way or hedge (two-way). */
export type PositionModeName = 'one-way' | 'hedge';

/**
 * A plain copy of the caller's input object (a position, an order, options), read once so that later reads
 * cannot throw; FuturesInputError naming `field` when it is absent or cannot be read (a throwing getter, a Proxy).
 */
export function readInput<T extends object>(value: T, field: string, optional = false): T {
  if (value === undefined || value === null) throw new FuturesInputError(field, optional ? 'not-an-object' : 'missing', value);
  try {
    return readRecord(field, value);
  } catch {
    throw new FuturesInputError(field, 'not-an-object', value);
  }
}

function readCode(value: unknown, field: string): 1 | 2 {
  if (value === undefined || value === null || value === '') throw new FuturesInputError(field, 'missing', value);
  // Text is the code's digit alone, around white space: Number() would also read '0x1', '1e0', '1.0' and '01' as 1.
  const code = typeof value === 'string' ? (/^[12]$/.test(value.trim()) ? Number(value) : Number.NaN) : value;
  if (code === 1 || code === 2) return code;
  throw new FuturesInputError(field, 'not-an-option', value);
}

/**
 * The position's direction from `position` (1 long → +1, 2 short → −1).
 *
 * @example
 * ```ts
 * directionOf({ position: 2 }); // -1 (short)
 * ```
 */
export function directionOf(input: PositionFields): Direction {
  input = readInput(input, 'input');
  return readCode(input.position, 'position') === PositionSide.long ? 1 : -1;
}

/**
 * The margin mode from `marginMode` (1 isolated, 2 cross).
 *
 * @example
 * ```ts
 * marginModeOf({ marginMode: 1 }); // 'isolated'
 * ```
 */
export function marginModeOf(input: PositionFields): MarginModeName {
  input = readInput(input, 'input');
  return readCode(input.marginMode, 'marginMode') === MarginMode.isolated ? 'isolated' : 'cross';
}

/**
 * The position mode from `positionMode` (1 one-way, 2 hedge).
 *
 * @example
 * ```ts
 * positionModeOf({ positionMode: 1 }); // 'one-way'
 * ```
 */
export function positionModeOf(input: PositionFields): PositionModeName {
  input = readInput(input, 'input');
  return readCode(input.positionMode, 'positionMode') === PositionMode.oneWay ? 'one-way' : 'hedge';
}

/** The first field of `names` that is present (not undefined or null), with its name. */
export function firstPresent<T extends object>(input: T, names: readonly (keyof T & string)[]): [string, unknown] {
  for (const name of names) {
    const value = input[name];
    if (value !== undefined && value !== null) return [name, value];
  }
  return [names[0] ?? 'value', undefined];
}
