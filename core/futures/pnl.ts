import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions } from './contract.js';
import { directionOf, type FuturesPositionInput } from './position-input.js';
import { readOpenPrice, readSize } from './position-readers.js';

/** PnL of size `q` (face units) from `open` to `close`, for a long; the caller applies the direction. */
export function longPnl(kind: 'linear' | 'inverse', q: Decimal, open: Decimal, close: Decimal): Decimal {
  // inverse: q·(1/E − 1/C) = q·(C − E)/(E·C), one division instead of two.
  return kind === 'linear' ? q.times(close.minus(open)) : q.times(close.minus(open)).div(open.times(close));
}

/** Unrealised PnL at `markPrice`: linear d·Q·(P − E) in the quote coin, inverse d·Q·(1/E − 1/P) in the base coin. */
export function unrealizedPnl(input: FuturesPositionInput, markPrice: NumericInput, options: ContractOptions = {}): Decimal {
  const contract = resolveContract(options);
  const mark = readDecimal(markPrice, 'markPrice', 'positive');
  const pnl = longPnl(contract.kind, readSize(input, contract), readOpenPrice(input), mark);
  return directionOf(input) === 1 ? pnl : pnl.neg();
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

/** Realised PnL of closing at `closePrice`: d·q·(C − E) (inverse d·q·(1/E − 1/C)), minus fees and funding when given. */
export function realizedPnl(input: FuturesPositionInput, closePrice: NumericInput, options: RealizedPnlOptions = {}): Decimal {
  const contract = resolveContract(options);
  const close = readDecimal(closePrice, 'closePrice', 'positive');
  const open = readOpenPrice(input);
  const q =
    options.quantity === undefined ? readSize(input, contract) : readDecimal(options.quantity, 'quantity', 'positive').times(contract.faceValue);
  const gross = longPnl(contract.kind, q, open, close);
  let pnl = directionOf(input) === 1 ? gross : gross.neg();
  const both = readOptionalDecimal(options.feeRate, 'feeRate', ZERO, 'non-negative');
  const openRate = readOptionalDecimal(options.openFeeRate, 'openFeeRate', both, 'non-negative');
  const closeRate = readOptionalDecimal(options.closeFeeRate, 'closeFeeRate', both, 'non-negative');
  if (!openRate.isZero()) pnl = pnl.minus(fee(contract.kind, q, open, openRate));
  if (!closeRate.isZero()) pnl = pnl.minus(fee(contract.kind, q, close, closeRate));
  return pnl.minus(readOptionalDecimal(options.funding, 'funding', ZERO));
}

/** Trading fee of q at price: linear price·q·rate (quote coin), inverse q/price·rate (base coin). */
export function fee(kind: 'linear' | 'inverse', q: Decimal, price: Decimal, rate: Decimal): Decimal {
  return kind === 'linear' ? price.times(q).times(rate) : q.div(price).times(rate);
}
