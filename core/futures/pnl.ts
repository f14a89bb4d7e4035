import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractKind, type ContractOptions } from './contract.js';
import { directionOf, type FuturesPositionInput, readInput } from './position-input.js';
import { readOpenPrice, readSize } from './position-readers.js';
import { div, mul, ratioOf, signed, sub, toFigure, type Ratio } from './exact.js';

/** PnL of size `q` (face units) from `open` to `close`, for a long, exactly; the caller applies the direction. */
export function longPnl(kind: ContractKind, q: Ratio, open: Ratio, close: Ratio): Ratio {
  const gain = mul(q, sub(close, open));
  // inverse: q·(1/E − 1/C) = q·(C − E)/(E·C); E and C are positive, so the quotient exists.
  return kind === 'linear' ? gain : (div(gain, mul(open, close)) as Ratio);
}

/** d·Q·(P − E) (inverse d·Q·(1/E − 1/P)) as an exact ratio. */
export function unrealizedPnlRatio(input: FuturesPositionInput, markPrice: NumericInput, options: ContractOptions = {}): Ratio {
  const contract = resolveContract(options);
  const mark = ratioOf(readDecimal(markPrice, 'markPrice', 'positive'));
  const pnl = longPnl(contract.kind, ratioOf(readSize(input, contract)), ratioOf(readOpenPrice(input)), mark);
  return signed(pnl, directionOf(input));
}

/**
 * Unrealised PnL at `markPrice`: linear d·Q·(P − E) in the quote coin, inverse d·Q·(1/E − 1/P) in the base coin.
 *
 * @example
 * ```ts
 * const long = { position: 1, marginMode: 1, count: '0.5', openAvgPrice: '60000', openLevel: '10', openMarginCount: '3000', mm: '0.004',
 * feeRate: '0.0006' };
 * unrealizedPnl(long, '62000').toString(); // '1000'
 * ```
 */
export function unrealizedPnl(input: FuturesPositionInput, markPrice: NumericInput, options: ContractOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  return toFigure(unrealizedPnlRatio(input, markPrice, options));
}

/** Options of realizedPnl: how much is closed, and which costs to subtract. */
export interface RealizedPnlOptions extends ContractOptions {
  /** Contracts closed (default: the whole position). */
  quantity?: NumericInput;
  /** Fee rate charged on both the opening and the closing side (fee = price × quantity × rate). */
  feeRate?: NumericInput;
  /** Fee rate of the opening side; wins over feeRate. */
  openFeeRate?: NumericInput;
  /** Fee rate of the closing side; wins over feeRate. */
  closeFeeRate?: NumericInput;
  /** Funding paid while holding (negative when received); subtracted. */
  funding?: NumericInput;
}

/**
 * Realised PnL of closing at `closePrice`: d·q·(C − E) (inverse d·q·(1/E − 1/C)), minus fees and funding when given.
 *
 * @example
 * ```ts
 * const long = { position: 1, count: '0.5', openAvgPrice: '60000' };
 * realizedPnl(long, '62000').toString(); // '1000'
 * ```
 */
export function realizedPnl(input: FuturesPositionInput, closePrice: NumericInput, options: RealizedPnlOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const close = ratioOf(readDecimal(closePrice, 'closePrice', 'positive'));
  const open = ratioOf(readOpenPrice(input));
  const q = ratioOf(
    options.quantity === undefined
      ? readSize(input, contract)
      : readDecimal(options.quantity, 'quantity', 'positive').times(contract.faceValue),
  );
  let pnl = signed(longPnl(contract.kind, q, open, close), directionOf(input));
  const both = readOptionalDecimal(options.feeRate, 'feeRate', ZERO, 'non-negative');
  const openRate = readOptionalDecimal(options.openFeeRate, 'openFeeRate', both, 'non-negative');
  const closeRate = readOptionalDecimal(options.closeFeeRate, 'closeFeeRate', both, 'non-negative');
  // Stryker disable next-line ConditionalExpression: a zero rate gives a zero fee, so subtracting it anyway changes nothing
  if (!openRate.isZero()) pnl = sub(pnl, fee(contract.kind, q, open, ratioOf(openRate)));
  // Stryker disable next-line ConditionalExpression: a zero rate gives a zero fee, so subtracting it anyway changes nothing
  if (!closeRate.isZero()) pnl = sub(pnl, fee(contract.kind, q, close, ratioOf(closeRate)));
  return toFigure(sub(pnl, ratioOf(readOptionalDecimal(options.funding, 'funding', ZERO))));
}

/** Trading fee of q at price, exactly: linear price·q·rate (quote coin), inverse q/price·rate (base coin). */
export function fee(kind: ContractKind, q: Ratio, price: Ratio, rate: Ratio): Ratio {
  return kind === 'linear' ? mul(mul(price, q), rate) : mul(div(q, price) as Ratio, rate);
}
