import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import { marginModeOf, positionModeOf, type FuturesPositionInput, readInput } from './position-input.js';
import {
  checkLeverage,
  hasLeverage,
  hasMargin,
  readBp,
  readLeverage,
  readMargin,
  readMmr,
  readOpenPrice,
  readSize,
} from './position-readers.js';
import { R1, div, exactProduct, max, mul, ratioOf, sub, toFigure, type Ratio } from './exact.js';
import { selectTier, type MarginTierInput, type MarginTierTable } from './margin-tiers.js';

/** Options of the margin figures. */
export interface MarginOptions extends ContractOptions {
  /** Price the notional is taken at (default the average open price; a mark price for live figures). */
  price?: NumericInput;
}

/** Notional of Q at price in the margin coin, exactly: linear Q·price/bp, inverse Q/price. */
export function notional(contract: ResolvedContract, q: Ratio, price: Ratio, bp: Ratio): Ratio {
  return (contract.kind === 'linear' ? div(mul(q, price), bp) : div(q, price)) as Ratio;
}

/**
 * Initial margin in the margin coin: linear Q·price/L (÷ bp when margined in a coin), inverse Q/(price·L).
 *
 * @example
 * ```ts
 * initialMargin({ position: 1, count: '0.5', openAvgPrice: '60000', openLevel: '10' }).toString(); // '3000'
 * ```
 */
export function initialMargin(input: FuturesPositionInput, options: MarginOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const price = options.price === undefined ? readOpenPrice(input) : readDecimal(options.price, 'price', 'positive');
  const value = notional(contract, ratioOf(readSize(input, contract)), ratioOf(price), ratioOf(readBp(input)));
  return toFigure(div(value, ratioOf(readLeverage(input))) as Ratio);
}

/** Options of maintenanceMargin. */
export interface MaintenanceMarginOptions extends MarginOptions {
  /** The tier's maintenance amount (deduction), in the quote coin for linear, base coin for inverse; default 0. */
  maintenanceAmount?: NumericInput;
  /**
   * A maintenance-margin tier table: the tier is selected from the notional at `price` (the larger leg in
   * cross hedge mode) and its rate and amount replace `mm` and `maintenanceAmount`.
   */
  tiers?: MarginTierTable | readonly MarginTierInput[];
}

function hasLegs(input: FuturesPositionInput): boolean {
  return [input.longOpenCount, input.shortOpenCount].some((v) => v !== undefined && v !== null);
}

/**
 * Maintenance margin in the margin coin: notional × MMR − maintenance amount; in cross hedge mode with
 * both legs given, charged on the larger leg only: max(long, short) notional × MMR − amount.
 *
 * @example
 * ```ts
 * maintenanceMargin({ position: 1, count: '0.5', openAvgPrice: '60000', mm: '0.004' }).toString(); // '120'
 * ```
 */
export function maintenanceMargin(input: FuturesPositionInput, options: MaintenanceMarginOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const bp = ratioOf(readBp(input));
  const price = options.price === undefined ? undefined : ratioOf(readDecimal(options.price, 'price', 'positive'));
  const cross = input.marginMode !== undefined && input.marginMode !== null && marginModeOf(input) === 'cross';
  let value: Ratio;
  if (cross && hasLegs(input) && positionModeOf(input) === 'hedge') {
    const legs = readHedgeLegs(input, contract);
    // An empty leg's notional is 0 at any price (its placeholder price included).
    value = max(notional(contract, legs.long, price ?? legs.longPrice, bp), notional(contract, legs.short, price ?? legs.shortPrice, bp));
  } else {
    value = notional(contract, ratioOf(readSize(input, contract)), price ?? ratioOf(readOpenPrice(input)), bp);
  }
  let mmr: Ratio;
  let cum: Ratio;
  if (options.tiers !== undefined) {
    // Tier tables are written in the quote coin (linear) or the base coin (inverse): select on the notional before ÷ bp.
    const tier = selectTier(options.tiers, contract.kind === 'linear' ? mul(value, bp) : value);
    mmr = tier.rate;
    cum = tier.amount;
  } else {
    mmr = ratioOf(readMmr(input));
    cum = ratioOf(readOptionalDecimal(options.maintenanceAmount, 'maintenanceAmount', ZERO, 'non-negative'));
  }
  const amount = contract.kind === 'linear' ? (div(cum, bp) as Ratio) : cum;
  return toFigure(sub(mul(value, mmr), amount));
}

/** Both legs of a hedge-mode position, in face units, with their open prices (1 as a placeholder when a leg is empty). */
export interface HedgeLegs {
  long: Ratio;
  longPrice: Ratio;
  short: Ratio;
  shortPrice: Ratio;
}

/** Reads `longOpenCount`/`longOpenPrice` and `shortOpenCount`/`shortOpenPrice`; an empty leg needs no price. */
export function readHedgeLegs(input: FuturesPositionInput, contract: ResolvedContract): HedgeLegs {
  const long = ratioOf(exactProduct(readOptionalDecimal(input.longOpenCount, 'longOpenCount', ZERO, 'non-negative'), contract.faceValue));
  const short = ratioOf(
    exactProduct(readOptionalDecimal(input.shortOpenCount, 'shortOpenCount', ZERO, 'non-negative'), contract.faceValue),
  );
  return {
    long,
    longPrice: long.n === 0n ? R1 : ratioOf(readDecimal(input.longOpenPrice, 'longOpenPrice', 'positive')),
    short,
    shortPrice: short.n === 0n ? R1 : ratioOf(readDecimal(input.shortOpenPrice, 'shortOpenPrice', 'positive')),
  };
}

/** M in the margin coin: the position's margin field, or the initial margin at the open price when the API sent none. */
export function positionMargin(
  input: FuturesPositionInput,
  contract: ResolvedContract,
  rule: 'non-negative' | 'positive' = 'non-negative',
): Ratio {
  if (hasMargin(input)) {
    checkLeverage(input);
    return ratioOf(readMargin(input, rule));
  }
  const value = notional(contract, ratioOf(readSize(input, contract)), ratioOf(readOpenPrice(input)), ratioOf(readBp(input)));
  return div(value, ratioOf(readLeverage(input))) as Ratio;
}

/** True when the margin M can be known: a margin field or a leverage is present. */
export function hasPositionMargin(input: FuturesPositionInput): boolean {
  return hasMargin(input) || hasLeverage(input);
}
