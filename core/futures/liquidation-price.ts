import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './errors.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import { directionOf, marginModeOf, positionModeOf, type FuturesPositionInput, readInput } from './position-input.js';
import { checkLeverage, readBp, readFeeRate, readLeverage, readMmr, readOpenPrice, readSize } from './position-readers.js';
import { positionMargin, readHedgeLegs } from './margin.js';
import { positivePrice } from './break-even-price.js';
import { R0, R1, add, div, max, mul, neg, ratioOf, signed, sub, toFigure, type Ratio } from './exact.js';
import { resolveTiers, tierAt, tierIndex, type MarginTierInput, type MarginTierTable } from './margin-tiers.js';

/** Options of liquidationPrice. */
export interface LiquidationOptions extends ContractOptions {
  /** The tier's maintenance amount `cum` (quote coin for linear, base coin for inverse); default 0. */
  maintenanceAmount?: NumericInput;
  /**
   * A maintenance-margin tier table. The tier is selected from the notional at the open price; when the
   * notional at the resulting liquidation price falls in another tier, the price is computed again with
   * that tier (Binance's method). Its rate and amount replace `mm` and `maintenanceAmount`.
   */
  tiers?: MarginTierTable | readonly MarginTierInput[];
}

/** The position's side of the liquidation equation, with the rates still open. */
interface LiquidationSetup {
  /** The price for maintenance rate `mmr`, maintenance amount `cum` and close fee rate `f`, or null for none. */
  solve(mmr: Ratio, cum: Ratio, f: Ratio): Ratio | null;
  /** Notional the tier is chosen from at a price: quote coin linear, base coin inverse (the larger leg in hedge mode). */
  notionalAt(price: Ratio | null): Ratio;
}

/**
 * Estimated liquidation price, or null for "no liquidation price" (shown as '--'): the mark price at which
 * the equity backing the position equals its maintenance margin plus the fee to close it. Isolated uses the
 * position margin (or the initial margin at the open price when absent), cross one-way the cross equity X,
 * cross hedge both legs against X. With `tiers`, the tier follows the notional (see LiquidationOptions).
 *
 * @example
 * ```ts
 * const long = { position: 1, marginMode: 1, count: '0.5', openAvgPrice: '60000', openMarginCount: '3000', mm: '0.004', feeRate: '0.0006'
 * };
 * formatLiquidationPrice(liquidationPrice(long), 2); // '54249.54'
 * ```
 */
export function liquidationPrice(input: FuturesPositionInput, options: LiquidationOptions = {}): Decimal | null {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const price = liquidationPriceRatio(input, options);
  return price === null ? null : toFigure(price);
}

/** Options of bankruptcyPrice. */
export interface BankruptcyOptions extends ContractOptions {
  /**
   * Count the fee of closing at the bankruptcy price as a loss too (Bybit's inverse formula: long
   * 1.00075 × Q/(Q/E + X) at a 0.075 % taker rate). Default false: the plain price where the equity is used up.
   */
  includeCloseFee?: boolean;
  /** Taker fee rate of that close when `includeCloseFee` is set; defaults to the input's `feeRate`. */
  feeRate?: NumericInput;
}

/**
 * Bankruptcy price, or null when there is none: the mark price at which the equity backing the position
 * (margin, or the cross equity) is exactly used up, with no maintenance margin and, by default, no closing fee.
 * Isolated linear E − d·M/Q; isolated inverse Q/(Q/E + d·M) (E·L/(L + 1) long, E·L/(L − 1) short at the initial margin).
 * With `includeCloseFee` the fee of closing there is paid out of the equity too: linear (B − d·Q·E)/(Q·(f − d)),
 * inverse Q·(d + f)/(B + d·Q/E).
 *
 * @example
 * ```ts
 * const long = { position: 1, marginMode: 1, count: '0.5', openAvgPrice: '60000', openMarginCount: '3000' };
 * bankruptcyPrice(long)?.toString(); // '54000'
 * // Bybit's inverse example: 10,000 USD long at 8,000 with 0.5 BTC, taker 0.075 %.
 * const inverse = { position: 1, marginMode: 2, positionMode: 1, count: 10000, openAvgPrice: 8000, available: '0.5', feeRate: '0.00075' };
 * formatPrice(bankruptcyPrice(inverse, { kind: 'inverse', includeCloseFee: true }), 2); // '5718.57'
 * ```
 */
export function bankruptcyPrice(input: FuturesPositionInput, options: BankruptcyOptions = {}): Decimal | null {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const withFee = options.includeCloseFee;
  if (withFee !== undefined && typeof withFee !== 'boolean') throw new FuturesInputError('includeCloseFee', 'not-an-option', withFee);
  const f = withFee === true ? ratioOf(readFeeRate(input, options.feeRate)) : R0;
  const price = setup(input, resolveContract(options)).solve(R0, R0, f);
  return price === null ? null : toFigure(price);
}

/** The liquidation price as an exact ratio (null for none). */
export function liquidationPriceRatio(input: FuturesPositionInput, options: LiquidationOptions = {}): Ratio | null {
  const contract = resolveContract(options);
  const f = ratioOf(readFeeRate(input));
  if (options.tiers === undefined) {
    const cum = ratioOf(readOptionalDecimal(options.maintenanceAmount, 'maintenanceAmount', ZERO, 'non-negative'));
    const mmr = ratioOf(readMmr(input));
    return setup(input, contract).solve(mmr, cum, f);
  }
  const table = resolveTiers(options.tiers);
  const position = setup(input, contract);
  let index = tierIndex(table, position.notionalAt(null));
  const tried = new Set<number>();
  for (;;) {
    tried.add(index);
    const tier = tierAt(table, index);
    const price = position.solve(tier.rate, tier.amount, f);
    if (price === null) return null;
    const landed = tierIndex(table, position.notionalAt(price));
    if (landed === index) return price;
    if (tried.has(landed)) break;
    index = landed;
  }
  // The recomputation went round in a circle: take the tier whose own price lands in it. Maintenance margin
  // is continuous across tiers (that is what the maintenance amount is for), so such a tier exists when a price does.
  for (let i = 0; i < table.tiers.length; i++) {
    const tier = tierAt(table, i);
    const price = position.solve(tier.rate, tier.amount, f);
    // Only a tier other than the open one can give null here (the loop above got a price from it), and
    // notionalAt(null) lies in the open tier, so the index test below would fail for a null price anyway.
    // Stryker disable next-line ConditionalExpression: skipping null changes nothing, the index test below fails for it too
    if (price === null) continue;
    if (tierIndex(table, position.notionalAt(price)) === i) return price;
  }
  return null;
}

function setup(input: FuturesPositionInput, contract: ResolvedContract): LiquidationSetup {
  const linear = contract.kind === 'linear';
  if (marginModeOf(input) === 'isolated') {
    const margin = positionMargin(input, contract);
    return oneWay(contract, input, linear ? mul(margin, ratioOf(readBp(input))) : margin);
  }
  const x = crossEquity(input, contract);
  if (positionModeOf(input) === 'one-way') return oneWay(contract, input, x);
  const { long, longPrice, short, shortPrice } = hedgeLegsOrPosition(input, contract);
  const larger = max(long, short);
  return {
    notionalAt(price) {
      if (price !== null) return (linear ? mul(larger, price) : div(larger, price)) as Ratio;
      return linear
        ? max(mul(long, longPrice), mul(short, shortPrice))
        : max(div(long, longPrice) as Ratio, div(short, shortPrice) as Ratio);
    },
    solve(mmr, cum, f) {
      const charged = add(mul(larger, mmr), mul(add(long, short), f));
      if (linear) {
        // (QL·EL − QS·ES − X − cum) / (QL − QS − MMR·max(QL, QS) − f·(QL + QS))
        const numerator = sub(sub(sub(mul(long, longPrice), mul(short, shortPrice)), x), cum);
        return positivePrice(numerator, sub(sub(long, short), charged));
      }
      // inverse: (QL − QS + MMR·max(QL, QS) + f·(QL + QS)) / (X + cum + QL/EL − QS/ES)
      const denominator = sub(add(add(x, cum), div(long, longPrice) as Ratio), div(short, shortPrice) as Ratio);
      return positivePrice(add(sub(long, short), charged), denominator);
    },
  };
}

/** One position against `backing` (M·bp isolated, X cross): linear (B + cum − d·Q·E)/(Q·(MMR + f − d)), inverse Q·(MMR + f + d)/(B + cum +
 * d·Q/E). */
function oneWay(contract: ResolvedContract, input: FuturesPositionInput, backing: Ratio): LiquidationSetup {
  const d = directionOf(input);
  const q = ratioOf(readSize(input, contract));
  const open = ratioOf(readOpenPrice(input));
  const linear = contract.kind === 'linear';
  const dir = d === 1 ? R1 : neg(R1);
  return {
    notionalAt(price) {
      const at = price ?? open;
      return (linear ? mul(q, at) : div(q, at)) as Ratio;
    },
    solve(mmr, cum, f) {
      const rates = add(mmr, f);
      if (linear) return positivePrice(sub(add(backing, cum), signed(mul(q, open), d)), mul(q, sub(rates, dir)));
      return positivePrice(mul(q, add(rates, dir)), add(add(backing, cum), signed(div(q, open) as Ratio, d)));
    },
  };
}

/**
 * X, the cross equity backing the position: (available + othersUpnl − othersMaintain)·bp for linear (the
 * coin amounts in the quote coin), the same without bp for inverse, less the initial margin of pending
 * opening orders, totalDelegateValue ÷ L.
 */
export function crossEquity(input: FuturesPositionInput, contract: ResolvedContract): Ratio {
  const available = ratioOf(readDecimal(input.available, 'available'));
  const others = sub(
    ratioOf(readOptionalDecimal(input.othersUpnl, 'othersUpnl', ZERO)),
    ratioOf(readOptionalDecimal(input.othersMaintain, 'othersMaintain', ZERO, 'non-negative')),
  );
  const coin = add(available, others);
  const x = contract.kind === 'linear' ? mul(coin, ratioOf(readBp(input))) : coin;
  const delegated = readOptionalDecimal(input.totalDelegateValue, 'totalDelegateValue', ZERO, 'non-negative');
  if (delegated.isZero()) {
    checkLeverage(input);
    return x;
  }
  return sub(x, div(ratioOf(delegated), ratioOf(readLeverage(input))) as Ratio);
}

function hedgeLegsOrPosition(input: FuturesPositionInput, contract: ResolvedContract) {
  const given = [input.longOpenCount, input.shortOpenCount].some((v) => v !== undefined && v !== null);
  if (given) return readHedgeLegs(input, contract);
  // Only this position's own leg is known: it is the whole hedge book.
  const q = ratioOf(readSize(input, contract));
  const open = ratioOf(readOpenPrice(input));
  return directionOf(input) === 1
    ? { long: q, longPrice: open, short: R0, shortPrice: R1 }
    : { long: R0, longPrice: R1, short: q, shortPrice: open };
}
