import type { Decimal } from 'decimal.js';
import { readDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions } from './contract.js';
import type { FuturesPositionInput } from './position-input.js';
import { readContracts, readOpenPrice } from './position-readers.js';
import { add, div, mul, ratioOf, toFigure, type Ratio } from './exact.js';
import { readInput } from './position-input.js';

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
 *
 * @example
 * ```ts
 * const long = { position: 1, count: '0.5', openAvgPrice: '60000' };
 * averageOpenPrice(long, { price: '63000', count: '0.5' }).toString(); // '61500'
 * ```
 */
export function averageOpenPrice(input: FuturesPositionInput, fill: PositionFill, options: ContractOptions = {}): Decimal {
  input = readInput(input, 'input');
  fill = readInput(fill, 'fill');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const price = readDecimal(fill.price, 'fill.price', 'positive');
  const added = ratioOf(readDecimal(fill.count, 'fill.count', 'positive'));
  const held = readContracts(input, 'non-negative');
  if (fill.reduce === true) return readOpenPrice(input);
  if (held.isZero()) return price;
  const open = ratioOf(readOpenPrice(input));
  const p = ratioOf(price);
  const q = ratioOf(held);
  // The face value multiplies every quantity and cancels out of both means. The mean is exact and rounded
  // once, so it can never leave the interval between the two prices. Both sizes are positive: no zero divisor.
  if (contract.kind === 'linear') return toFigure(div(add(mul(q, open), mul(added, p)), add(q, added)) as Ratio);
  // (Q1 + Q2)/(Q1/E1 + Q2/E2) = (Q1 + Q2)·E1·E2/(Q1·E2 + Q2·E1)
  return toFigure(div(mul(mul(add(q, added), open), p), add(mul(q, p), mul(added, open))) as Ratio);
}
