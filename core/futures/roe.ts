import type { Decimal } from 'decimal.js';
import type { NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractOptions, type ResolvedContract } from './contract.js';
import type { FuturesPositionInput } from './position-input.js';
import { readBp } from './position-readers.js';
import { positionMargin } from './margin.js';
import { unrealizedPnlRatio } from './pnl.js';
import { R100, div, mul, ratioOf, toFigure, type Ratio } from './exact.js';
import { readInput } from './position-input.js';

/**
 * The margin ROE is measured against, exactly, in the unit of the unrealised PnL (quote coin for linear,
 * base coin for inverse): the position margin field × bp, or the initial margin Q·E/L at the open price when absent.
 */
export function roeBase(input: FuturesPositionInput, contract: ResolvedContract): Ratio {
  const margin = positionMargin(input, contract, 'positive');
  return contract.kind === 'linear' ? mul(margin, ratioOf(readBp(input))) : margin;
}

/**
 * Return on equity in percent: unrealised PnL ÷ position margin × 100.
 *
 * @example
 * ```ts
 * const long = { position: 1, count: '0.5', openAvgPrice: '60000', openLevel: '10', openMarginCount: '3000' };
 * formatRoe(roe(long, '62000')); // '+33.33%'
 * ```
 */
export function roe(input: FuturesPositionInput, markPrice: NumericInput, options: ContractOptions = {}): Decimal {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  // The margin is positive (readMargin 'positive', or Q·E/L with every factor positive), so the quotient exists.
  return toFigure(div(mul(unrealizedPnlRatio(input, markPrice, options), R100), roeBase(input, contract)) as Ratio);
}
