import type { Decimal } from 'decimal.js';
import { HUNDRED, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import type { FuturesPositionInput } from './position-input.js';
import { readBp } from './position-readers.js';
import { positionMargin } from './margin.js';
import { unrealizedPnl } from './pnl.js';

/**
 * The margin ROE is measured against, in the unit of the unrealised PnL (quote coin for linear, base coin
 * for inverse): the position margin field × bp, or the initial margin at the open price when absent.
 */
export function roeBase(input: FuturesPositionInput, contract: ResolvedContract): Decimal {
  const margin = positionMargin(input, contract, 'positive');
  return contract.kind === 'linear' ? margin.times(readBp(input)) : margin;
}

/** Return on equity in percent: unrealised PnL ÷ position margin × 100. */
export function roe(input: FuturesPositionInput, markPrice: NumericInput, options: ContractOptions = {}): Decimal {
  const contract = resolveContract(options);
  return unrealizedPnl(input, markPrice, options).times(HUNDRED).div(roeBase(input, contract));
}
