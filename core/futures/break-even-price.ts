import type { Decimal } from 'decimal.js';
import { ONE, ZERO, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions } from './contract.js';
import { directionOf, type FuturesPositionInput } from './position-input.js';
import { readFeeRate, readOpenPrice, readSize } from './position-readers.js';

/** Options of breakEvenPrice. */
export interface BreakEvenOptions extends ContractOptions {
  /** Taker fee rate of the closing trade; defaults to the input's `feeRate`. */
  feeRate?: NumericInput;
  /** Fees already paid on this position (quote coin for linear, base coin for inverse); default 0. */
  feesPaid?: NumericInput;
  /** Funding paid so far (negative when received); default 0. */
  fundingPaid?: NumericInput;
}

/**
 * Break-even price: the close price at which PnL net of fees paid, funding paid and the closing fee is zero.
 * Linear long (Q·E + F)/(Q·(1 − f)), short (Q·E − F)/(Q·(1 + f)); inverse long Q·(1 + f)/(Q/E − F),
 * short Q·(1 − f)/(Q/E + F), with F = fees + funding. Null when no positive price breaks even.
 */
export function breakEvenPrice(input: FuturesPositionInput, options: BreakEvenOptions = {}): Decimal | null {
  const contract = resolveContract(options);
  const q = readSize(input, contract);
  const open = readOpenPrice(input);
  const f = readFeeRate(input, options.feeRate);
  const costs = readOptionalDecimal(options.feesPaid, 'feesPaid', ZERO, 'non-negative').plus(
    readOptionalDecimal(options.fundingPaid, 'fundingPaid', ZERO),
  );
  const long = directionOf(input) === 1;
  let numerator: Decimal;
  let denominator: Decimal;
  if (contract.kind === 'linear') {
    numerator = long ? q.times(open).plus(costs) : q.times(open).minus(costs);
    denominator = q.times(long ? ONE.minus(f) : ONE.plus(f));
  } else {
    numerator = q.times(long ? ONE.plus(f) : ONE.minus(f));
    denominator = long ? q.div(open).minus(costs) : q.div(open).plus(costs);
  }
  return positiveQuotient(numerator, denominator);
}

/** numerator ÷ denominator when it is a finite positive price, else null ("no price", shown as '--'). */
export function positiveQuotient(numerator: Decimal, denominator: Decimal): Decimal | null {
  if (denominator.isZero()) return null;
  const price = numerator.div(denominator);
  return price.isFinite() && price.isPositive() && !price.isZero() ? price : null;
}
