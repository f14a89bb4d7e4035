import type { Decimal } from 'decimal.js';
import { FuturesDecimal, ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import { directionOf, marginModeOf, positionModeOf, type FuturesPositionInput } from './position-input.js';
import { readBp, readFeeRate, readLeverage, readMmr, readOpenPrice, readSize } from './position-readers.js';
import { positionMargin, readHedgeLegs } from './margin.js';
import { positiveQuotient } from './break-even-price.js';

/** Options of liquidationPrice. */
export interface LiquidationOptions extends ContractOptions {
  /** The tier's maintenance amount `cum` (quote coin for linear, base coin for inverse); default 0. */
  maintenanceAmount?: NumericInput;
}

/**
 * Estimated liquidation price, or null for "no liquidation price" (shown as '--'): the mark price at which
 * the equity backing the position equals its maintenance margin plus the fee to close it. Isolated uses the
 * position margin (or the initial margin at the open price when absent), cross one-way the cross equity X, cross hedge both legs against X.
 */
export function liquidationPrice(input: FuturesPositionInput, options: LiquidationOptions = {}): Decimal | null {
  const contract = resolveContract(options);
  const cum = readOptionalDecimal(options.maintenanceAmount, 'maintenanceAmount', ZERO, 'non-negative');
  const mmr = readMmr(input);
  const f = readFeeRate(input);
  if (marginModeOf(input) === 'isolated') {
    const margin = positionMargin(input, contract);
    const backing = contract.kind === 'linear' ? margin.times(readBp(input)) : margin;
    return oneWay(contract, input, backing, cum, mmr, f);
  }
  const x = crossEquity(input, contract);
  if (positionModeOf(input) === 'one-way') return oneWay(contract, input, x, cum, mmr, f);
  const { long, longPrice, short, shortPrice } = hedgeLegsOrPosition(input, contract);
  const charged = FuturesDecimal.max(long, short).times(mmr).plus(long.plus(short).times(f));
  if (contract.kind === 'linear') {
    // (QL·EL − QS·ES − X − cum) / (QL − QS − MMR·max(QL, QS) − f·(QL + QS))
    const numerator = long.times(longPrice).minus(short.times(shortPrice)).minus(x).minus(cum);
    return positiveQuotient(numerator, long.minus(short).minus(charged));
  }
  // inverse: (QL − QS + MMR·max(QL, QS) + f·(QL + QS)) / (X + cum + QL/EL − QS/ES)
  const denominator = x.plus(cum).plus(long.div(longPrice)).minus(short.div(shortPrice));
  return positiveQuotient(long.minus(short).plus(charged), denominator);
}

/** One position against `backing` (M·bp isolated, X cross): linear (B + cum − d·Q·E)/(Q·(MMR + f − d)), inverse Q·(MMR + f + d)/(B + cum + d·Q/E). */
function oneWay(
  contract: ResolvedContract,
  input: FuturesPositionInput,
  backing: Decimal,
  cum: Decimal,
  mmr: Decimal,
  f: Decimal,
): Decimal | null {
  const d = directionOf(input);
  const q = readSize(input, contract);
  const open = readOpenPrice(input);
  const rates = mmr.plus(f);
  if (contract.kind === 'linear') {
    const dqe = q.times(open).times(d);
    return positiveQuotient(backing.plus(cum).minus(dqe), q.times(rates.minus(d)));
  }
  return positiveQuotient(q.times(rates.plus(d)), backing.plus(cum).plus(q.div(open).times(d)));
}

/**
 * X, the cross equity backing the position: (available + othersUpnl − othersMaintain)·bp for linear (the
 * coin amounts in the quote coin), the same without bp for inverse, less the initial margin of pending
 * opening orders, totalDelegateValue ÷ L.
 */
export function crossEquity(input: FuturesPositionInput, contract: ResolvedContract): Decimal {
  const available = readDecimal(input.available, 'available');
  const others = readOptionalDecimal(input.othersUpnl, 'othersUpnl', ZERO).minus(
    readOptionalDecimal(input.othersMaintain, 'othersMaintain', ZERO, 'non-negative'),
  );
  const coin = available.plus(others);
  const x = contract.kind === 'linear' ? coin.times(readBp(input)) : coin;
  const delegated = readOptionalDecimal(input.totalDelegateValue, 'totalDelegateValue', ZERO, 'non-negative');
  return delegated.isZero() ? x : x.minus(delegated.div(readLeverage(input)));
}

function hedgeLegsOrPosition(input: FuturesPositionInput, contract: ResolvedContract) {
  const given = [input.longOpenCount, input.shortOpenCount].some((v) => v !== undefined && v !== null);
  if (given) return readHedgeLegs(input, contract);
  // Only this position's own leg is known: it is the whole hedge book.
  const q = readSize(input, contract);
  const open = readOpenPrice(input);
  const one = new FuturesDecimal(1);
  return directionOf(input) === 1
    ? { long: q, longPrice: open, short: ZERO, shortPrice: one }
    : { long: ZERO, longPrice: one, short: q, shortPrice: open };
}
