// Trading and funding fees (docs/futures-maths.md, "Fees and funding").
import type { Decimal } from 'decimal.js';
import { readDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import { directionOf, type FuturesPositionInput, readInput } from './position-input.js';
import { readContracts, readLiquidity, readOpenPrice, readSize, readTradeFeeRate, type FeeLiquidity } from './position-readers.js';
import { FuturesInputError } from './errors.js';
import { fee } from './pnl.js';
import { div, exactProduct, mul, ratioOf, signed, toFigure, type Ratio } from './exact.js';

/** Options of openFee and closeFee. */
export interface TradingFeeOptions extends ContractOptions {
  /**
   * Fee rate of the trade; a taker's defaults to the input's `feeRate`. A maker's must be given and may be
   * negative: a rebate, and the fee is then a credit (a negative figure).
   */
  feeRate?: NumericInput;
  /** The side of the book the order filled on: 'taker' (default) or 'maker'. */
  liquidity?: FeeLiquidity;
  /** Contracts traded (default: the whole position); closeFee refuses more than the position holds. */
  quantity?: NumericInput;
}

/** Q traded: the whole position, or `quantity` contracts; closing more than the position holds is refused. */
function quantityOf(input: FuturesPositionInput, contract: ResolvedContract, quantity: NumericInput | undefined, closing: boolean): Ratio {
  if (quantity === undefined) return ratioOf(readSize(input, contract));
  const contracts = readDecimal(quantity, 'quantity', 'positive');
  if (closing && contracts.gt(readContracts(input))) throw new FuturesInputError('quantity', 'exceeds-position', quantity);
  return ratioOf(exactProduct(contracts, contract.faceValue));
}

function rateOf(input: FuturesPositionInput, options: TradingFeeOptions): Ratio {
  return ratioOf(readTradeFeeRate(input, options.feeRate, readLiquidity(options.liquidity, 'liquidity')));
}

/**
 * Fee of opening the position at its average open price: notional × rate (linear Q·E·f in the quote coin, inverse Q/E·f in the base coin).
 * Negative for a maker rebate.
 *
 * @example
 * ```ts
 * openFee({ position: 1, count: '0.5', openAvgPrice: '60000', feeRate: '0.0006' }).toString(); // '18'
 * // A maker rebate of 0.025 % is a credit: −7.5.
 * openFee({ position: 1, count: '0.5', openAvgPrice: '60000' }, { liquidity: 'maker', feeRate: '-0.00025' }).toString(); // '-7.5'
 * ```
 */
export function openFee(input: FuturesPositionInput, options: TradingFeeOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const rate = rateOf(input, options);
  return toFigure(fee(contract.kind, quantityOf(input, contract, options.quantity, false), ratioOf(readOpenPrice(input)), rate));
}

/**
 * Fee of closing the position at `closePrice`: notional at that price × rate (linear Q·C·f, inverse Q/C·f); negative for a maker rebate.
 *
 * @example
 * ```ts
 * closeFee({ position: 1, count: '0.5', openAvgPrice: '60000', feeRate: '0.0006' }, '62000').toString(); // '18.6'
 * ```
 */
export function closeFee(input: FuturesPositionInput, closePrice: NumericInput, options: TradingFeeOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const rate = rateOf(input, options);
  const price = ratioOf(readDecimal(closePrice, 'closePrice', 'positive'));
  return toFigure(fee(contract.kind, quantityOf(input, contract, options.quantity, true), price, rate));
}

/**
 * Funding this position pays at one funding time: d × notional at the mark price × funding rate (linear
 * Q·P·r in the quote coin, inverse Q/P·r in the base coin). Positive means paid (a long when the rate is
 * positive), negative received — the sign `realizedPnl`'s `funding` and `breakEvenPrice`'s `fundingPaid` take.
 *
 * @example
 * ```ts
 * // A long pays a positive funding rate: 0.5 × 62000 × 0.0001.
 * fundingFee({ position: 1, count: '0.5', openAvgPrice: '60000' }, '0.0001', '62000').toString(); // '3.1'
 * ```
 */
export function fundingFee(
  input: FuturesPositionInput,
  fundingRate: NumericInput,
  markPrice: NumericInput,
  options: ContractOptions = {},
): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const rate = ratioOf(readDecimal(fundingRate, 'fundingRate'));
  const mark = ratioOf(readDecimal(markPrice, 'markPrice', 'positive'));
  const q = ratioOf(readSize(input, contract));
  const value = (contract.kind === 'linear' ? mul(q, mark) : div(q, mark)) as Ratio;
  return toFigure(signed(mul(value, rate), directionOf(input)));
}
