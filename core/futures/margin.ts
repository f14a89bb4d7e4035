import type { Decimal } from 'decimal.js';
import { FuturesDecimal, ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import { marginModeOf, positionModeOf, type FuturesPositionInput } from './position-input.js';
import { hasMargin, readBp, readLeverage, readMargin, readMmr, readOpenPrice, readSize } from './position-readers.js';

/** Options of the margin figures. */
export interface MarginOptions extends ContractOptions {
  /** Price the notional is taken at (default the average open price; a mark price for live figures). */
  price?: NumericInput;
}

/** Notional of Q at price, in the margin coin: linear Q·price/bp, inverse Q/price. */
export function notional(contract: ResolvedContract, q: Decimal, price: Decimal, bp: Decimal): Decimal {
  return contract.kind === 'linear' ? q.times(price).div(bp) : q.div(price);
}

/** Initial margin in the margin coin: linear Q·price/L (÷ bp when margined in a coin), inverse Q/(price·L). */
export function initialMargin(input: FuturesPositionInput, options: MarginOptions = {}): Decimal {
  const contract = resolveContract(options);
  const price = options.price === undefined ? readOpenPrice(input) : readDecimal(options.price, 'price', 'positive');
  return notional(contract, readSize(input, contract), price, readBp(input)).div(readLeverage(input));
}

/** Options of maintenanceMargin. */
export interface MaintenanceMarginOptions extends MarginOptions {
  /** The tier's maintenance amount (deduction), in the quote coin for linear, base coin for inverse; default 0. */
  maintenanceAmount?: NumericInput;
}

function hasLegs(input: FuturesPositionInput): boolean {
  return [input.longOpenCount, input.shortOpenCount].some((v) => v !== undefined && v !== null);
}

/**
 * Maintenance margin in the margin coin: notional × MMR − maintenance amount; in cross hedge mode with
 * both legs given, charged on the larger leg only: max(long, short) notional × MMR − amount.
 */
export function maintenanceMargin(input: FuturesPositionInput, options: MaintenanceMarginOptions = {}): Decimal {
  const contract = resolveContract(options);
  const mmr = readMmr(input);
  const bp = readBp(input);
  const cum = readOptionalDecimal(options.maintenanceAmount, 'maintenanceAmount', ZERO, 'non-negative');
  const price = options.price === undefined ? undefined : readDecimal(options.price, 'price', 'positive');
  const amount = contract.kind === 'linear' ? cum.div(bp) : cum;
  const cross = input.marginMode !== undefined && input.marginMode !== null && marginModeOf(input) === 'cross';
  if (cross && hasLegs(input) && positionModeOf(input) === 'hedge') {
    const legs = readHedgeLegs(input, contract);
    const longValue = legs.long.isZero() ? ZERO : notional(contract, legs.long, price ?? legs.longPrice, bp);
    const shortValue = legs.short.isZero() ? ZERO : notional(contract, legs.short, price ?? legs.shortPrice, bp);
    return FuturesDecimal.max(longValue, shortValue).times(mmr).minus(amount);
  }
  const q = readSize(input, contract);
  return notional(contract, q, price ?? readOpenPrice(input), bp).times(mmr).minus(amount);
}

/** Both legs of a hedge-mode position, in face units, with their open prices (ONE placeholder when a leg is empty). */
export interface HedgeLegs {
  long: Decimal;
  longPrice: Decimal;
  short: Decimal;
  shortPrice: Decimal;
}

/** Reads `longOpenCount`/`longOpenPrice` and `shortOpenCount`/`shortOpenPrice`; an empty leg needs no price. */
export function readHedgeLegs(input: FuturesPositionInput, contract: ResolvedContract): HedgeLegs {
  const long = readOptionalDecimal(input.longOpenCount, 'longOpenCount', ZERO, 'non-negative').times(contract.faceValue);
  const short = readOptionalDecimal(input.shortOpenCount, 'shortOpenCount', ZERO, 'non-negative').times(contract.faceValue);
  const one = new FuturesDecimal(1);
  return {
    long,
    longPrice: long.isZero() ? one : readDecimal(input.longOpenPrice, 'longOpenPrice', 'positive'),
    short,
    shortPrice: short.isZero() ? one : readDecimal(input.shortOpenPrice, 'shortOpenPrice', 'positive'),
  };
}

/** M in the margin coin: the position's margin field, or the initial margin at the open price when the API sent none. */
export function positionMargin(input: FuturesPositionInput, contract: ResolvedContract, rule: 'non-negative' | 'positive' = 'non-negative'): Decimal {
  if (hasMargin(input)) return readMargin(input, rule);
  return notional(contract, readSize(input, contract), readOpenPrice(input), readBp(input)).div(readLeverage(input));
}
