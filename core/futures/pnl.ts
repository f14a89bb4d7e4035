import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractKind, type ContractOptions } from './contract.js';
import { directionOf, type FuturesPositionInput, readInput } from './position-input.js';
import { readContracts, readLiquidity, readOpenPrice, readSize, readTradeFeeRate, type FeeLiquidity } from './position-readers.js';
import { FuturesInputError } from './errors.js';
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
  /** Contracts closed (default: the whole position); more than the position holds is refused. */
  quantity?: NumericInput;
  /** Fee rate charged on both the opening and the closing side (fee = price × quantity × rate). */
  feeRate?: NumericInput;
  /** Fee rate of the opening side; wins over feeRate. */
  openFeeRate?: NumericInput;
  /** Fee rate of the closing side; wins over feeRate. */
  closeFeeRate?: NumericInput;
  /** How the opening trade filled: 'taker' (default, rate ≥ 0) or 'maker' (the rate may be negative: a rebate, added). */
  openLiquidity?: FeeLiquidity;
  /** How the closing trade filled: 'taker' (default) or 'maker'. */
  closeLiquidity?: FeeLiquidity;
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
  let q: Ratio;
  if (options.quantity === undefined) q = ratioOf(readSize(input, contract));
  else {
    const closed = readDecimal(options.quantity, 'quantity', 'positive');
    if (closed.gt(readContracts(input))) throw new FuturesInputError('quantity', 'exceeds-position', options.quantity);
    q = ratioOf(closed.times(contract.faceValue));
  }
  let pnl = signed(longPnl(contract.kind, q, open, close), directionOf(input));
  // Each side's rate: its own option, else feeRate, else none; a maker side may carry a negative rate (a rebate).
  const rateOf = (own: NumericInput | undefined, liquidity: unknown, field: string, liquidityField: string) => {
    const side = readLiquidity(liquidity, liquidityField);
    const [name, given] = own === undefined ? ['feeRate', options.feeRate] : [field, own];
    return given === undefined ? ZERO : readTradeFeeRate(input, given, side, name);
  };
  const openRate = rateOf(options.openFeeRate, options.openLiquidity, 'openFeeRate', 'openLiquidity');
  const closeRate = rateOf(options.closeFeeRate, options.closeLiquidity, 'closeFeeRate', 'closeLiquidity');
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
