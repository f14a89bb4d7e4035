import type { Decimal } from 'decimal.js';
import { ZERO, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions } from './contract.js';
import { directionOf, type FuturesPositionInput, readInput } from './position-input.js';
import { readFeeRate, readOpenPrice, readSize } from './position-readers.js';
import { R1, add, div, mul, ratioOf, sign, sub, toFigure, type Ratio } from './exact.js';

/** Options of breakEvenPrice. */
export interface BreakEvenOptions extends ContractOptions {
  /** Taker fee rate of the closing trade; defaults to the input's `feeRate`. */
  feeRate?: NumericInput;
  /** Fees paid on this position so far (quote coin linear, base coin inverse); negative when maker rebates exceed them; default 0. */
  feesPaid?: NumericInput;
  /** Funding paid so far (negative when received); default 0. */
  fundingPaid?: NumericInput;
}

/**
 * Break-even price: the close price at which PnL net of fees paid, funding paid and the closing fee is zero.
 * Linear long (Q·E + F)/(Q·(1 − f)), short (Q·E − F)/(Q·(1 + f)); inverse long Q·(1 + f)/(Q/E − F),
 * short Q·(1 − f)/(Q/E + F), with F = fees + funding. Null when no positive price breaks even.
 *
 * @example
 * ```ts
 * const long = { position: 1, count: '0.5', openAvgPrice: '60000', feeRate: '0.0006' };
 * formatPrice(breakEvenPrice(long), 2); // '60036.02'
 * ```
 */
export function breakEvenPrice(input: FuturesPositionInput, options: BreakEvenOptions = {}): Decimal | null {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const q = ratioOf(readSize(input, contract));
  const open = ratioOf(readOpenPrice(input));
  const f = ratioOf(readFeeRate(input, options.feeRate));
  const costs = add(
    ratioOf(readOptionalDecimal(options.feesPaid, 'feesPaid', ZERO)),
    ratioOf(readOptionalDecimal(options.fundingPaid, 'fundingPaid', ZERO)),
  );
  const long = directionOf(input) === 1;
  const qe = mul(q, open);
  const qOverE = div(q, open) as Ratio;
  const price =
    contract.kind === 'linear'
      ? positivePrice(long ? add(qe, costs) : sub(qe, costs), mul(q, long ? sub(R1, f) : add(R1, f)))
      : positivePrice(mul(q, long ? add(R1, f) : sub(R1, f)), long ? sub(qOverE, costs) : add(qOverE, costs));
  return price === null ? null : toFigure(price);
}

/** numerator ÷ denominator when it is a positive price, else null ("no price", shown as '--'); never infinite. */
export function positivePrice(numerator: Ratio, denominator: Ratio): Ratio | null {
  const price = div(numerator, denominator);
  return price !== null && sign(price) > 0 ? price : null;
}
