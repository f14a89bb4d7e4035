import type { Decimal } from 'decimal.js';
import { readDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions } from './contract.js';
import type { FuturesPositionInput } from './position-input.js';
import { readContracts, readOpenPrice } from './position-readers.js';

/** A fill applied to a position. */
export interface PositionFill {
  /** Fill price. */
  price: NumericInput;
  /** Filled contracts. */
  count: NumericInput;
  /** True when the fill closes part of the position: the average open price then stays as it is. */
  reduce?: boolean;
}

/**
 * Average open price after a fill: linear the quantity-weighted mean (Q1·E1 + Q2·E2)/(Q1 + Q2), inverse
 * the harmonic mean (Q1 + Q2)/(Q1/E1 + Q2/E2); a reducing fill never changes it, and a flat position
 * (size 0) takes the fill price.
 */
export function averageOpenPrice(input: FuturesPositionInput, fill: PositionFill, options: ContractOptions = {}): Decimal {
  const contract = resolveContract(options);
  const price = readDecimal(fill.price, 'fill.price', 'positive');
  const added = readDecimal(fill.count, 'fill.count', 'positive');
  const held = readContracts(input, 'non-negative');
  if (fill.reduce === true) return readOpenPrice(input);
  if (held.isZero()) return price;
  const open = readOpenPrice(input);
  // The face value multiplies every quantity and cancels out of both means. Both are written with a single
  // division (products of API-sized decimals are exact at 40 digits), so the result is the exact mean
  // rounded once and can never leave the interval between the two prices.
  if (contract.kind === 'linear') return held.times(open).plus(added.times(price)).div(held.plus(added));
  // (Q1 + Q2)/(Q1/E1 + Q2/E2) = (Q1 + Q2)·E1·E2/(Q1·E2 + Q2·E1)
  return held.plus(added).times(open).times(price).div(held.times(price).plus(added.times(open)));
}
