// Shared readers: turn the API's position fields into the symbols of docs/futures-maths.md (Q, E, L, M,
// MMR, f, bp), each checked and named after the field it came from.
import type { Decimal } from 'decimal.js';
import { FuturesInputError } from './errors.js';
import { ONE, ZERO, readDecimal, readOptionalDecimal, type NumericRule } from './futures-decimal.js';
import { firstPresent, type FuturesPositionInput } from './position-input.js';
import type { ResolvedContract } from './contract.js';
import { exactDifference, exactProduct } from './exact.js';

/** Reads the first present field of `names` (error names the first when none is present). */
export function readFirst(
  input: FuturesPositionInput,
  names: readonly (keyof FuturesPositionInput & string)[],
  rule: NumericRule,
): Decimal {
  const [field, value] = firstPresent(input, names);
  return readDecimal(value, field, rule);
}

/** Position size in contracts: `count`, else `positionsCount`, else `openDealCount − closeDealCount`. */
export function readContracts(input: FuturesPositionInput, rule: NumericRule = 'positive'): Decimal {
  const [field, value] = firstPresent(input, ['count', 'positionsCount']);
  if (value !== undefined) return readDecimal(value, field, rule);
  if (input.openDealCount !== undefined && input.openDealCount !== null) {
    const opened = readDecimal(input.openDealCount, 'openDealCount', 'non-negative');
    const closed = readOptionalDecimal(input.closeDealCount, 'closeDealCount', ZERO, 'non-negative');
    const held = exactDifference(opened, closed);
    if (held.isNegative() && !held.isZero()) throw new FuturesInputError('closeDealCount', 'negative', input.closeDealCount);
    if (rule === 'positive' && held.isZero()) throw new FuturesInputError('count', 'zero', held.toString());
    return held;
  }
  throw new FuturesInputError('count', 'missing');
}

/** Q: position size in face units (contracts × face value). */
export function readSize(input: FuturesPositionInput, contract: ResolvedContract, rule: NumericRule = 'positive'): Decimal {
  return exactProduct(readContracts(input, rule), contract.faceValue);
}

/** E: average open price (`openAvgPrice`, else `positionsOpenAvgPrice`). */
export function readOpenPrice(input: FuturesPositionInput): Decimal {
  return readFirst(input, ['openAvgPrice', 'positionsOpenAvgPrice'], 'positive');
}

/** L: leverage (`openLevel`, else `positionsLevel`). */
export function readLeverage(input: FuturesPositionInput): Decimal {
  return readFirst(input, ['openLevel', 'positionsLevel'], 'positive');
}

/** True when the position carries a margin field. */
export function hasMargin(input: FuturesPositionInput): boolean {
  return firstPresent(input, ['openMarginCount', 'positionsOpenMarginCount'])[1] !== undefined;
}

/**
 * Checks the leverage field when it is present although the figure does not need it (a margin field was
 * given): a present input that is wrong throws, as everywhere else.
 */
export function checkLeverage(input: FuturesPositionInput): void {
  if (hasLeverage(input)) readLeverage(input);
}

/** M: position margin in the margin coin (`openMarginCount`, else `positionsOpenMarginCount`). */
export function readMargin(input: FuturesPositionInput, rule: NumericRule = 'non-negative'): Decimal {
  return readFirst(input, ['openMarginCount', 'positionsOpenMarginCount'], rule);
}

/** bp: index price of the margin coin (default 1, as for USDT-M and USDC-M). */
export function readBp(input: FuturesPositionInput): Decimal {
  return readOptionalDecimal(input.bp, 'bp', ONE, 'positive');
}

/** MMR: maintenance margin rate (`mm`). */
export function readMmr(input: FuturesPositionInput): Decimal {
  return readDecimal(input.mm, 'mm', 'non-negative');
}

/** Which side of the book a trade took: a taker pays a rate of 0 or more; a maker's rate may be negative (a rebate). */
export type FeeLiquidity = 'taker' | 'maker';

/** Reads a liquidity option: absent is 'taker'; anything but 'taker' or 'maker' is refused naming `field`. */
export function readLiquidity(value: unknown, field: string): FeeLiquidity {
  if (value === undefined) return 'taker';
  if (value === 'taker' || value === 'maker') return value;
  throw new FuturesInputError(field, 'not-an-option', value);
}

/**
 * The fee rate of one trade: a maker's rate as given (required: the position's `feeRate` is the taker rate,
 * and a negative one is a rebate), a taker's rate `override` or else the position's `feeRate`, never negative.
 */
export function readTradeFeeRate(input: FuturesPositionInput, override: unknown, liquidity: FeeLiquidity, field = 'feeRate'): Decimal {
  if (liquidity === 'maker') return readDecimal(override, field, 'any');
  return override === undefined ? readDecimal(input.feeRate, 'feeRate', 'non-negative') : readDecimal(override, field, 'non-negative');
}

/** f: taker fee rate (`feeRate`), or `override` when given. */
export function readFeeRate(input: FuturesPositionInput, override?: unknown): Decimal {
  return override === undefined ? readDecimal(input.feeRate, 'feeRate', 'non-negative') : readDecimal(override, 'feeRate', 'non-negative');
}

/** True when the position carries a leverage field. */
export function hasLeverage(input: FuturesPositionInput): boolean {
  return firstPresent(input, ['openLevel', 'positionsLevel'])[1] !== undefined;
}
