import type { Decimal } from 'decimal.js';
import { BusinessLine } from '../catalog/enums.js';
import { FuturesInputError } from './errors.js';
import { ONE, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { readInput } from './position-input.js';

/** How PnL is settled: linear (USDT-M, USDC-M: PnL in the quote coin) or inverse (coin-M: PnL in the base coin). */
export type ContractKind = 'linear' | 'inverse';

// The futures lines of the catalogue's business-line enum (spec §B3).
export const FUTURES_BUSINESS_LINES = {
  usdtContract: BusinessLine.usdtContract,
  coinContract: BusinessLine.coinContract,
  usdcContract: BusinessLine.usdcContract,
} as const;

/** A futures business line number. */
export type FuturesBusinessLine = (typeof FUTURES_BUSINESS_LINES)[keyof typeof FUTURES_BUSINESS_LINES];

/** The contract a figure is computed for; `faceValue` is the contract multiplier (default 1). */
export interface ContractOptions {
  /** linear or inverse; wins over `businessLine` when both are given. */
  kind?: ContractKind;
  /** 10 (USDT-M) or 12 (USDC-M) for linear, 11 (coin-M) for inverse. */
  businessLine?: number | string;
  /** Base coin per contract (linear) or quote per contract (inverse); default 1. */
  faceValue?: NumericInput;
}

/** A contract with its kind and face value resolved. */
export interface ResolvedContract {
  kind: ContractKind;
  faceValue: Decimal;
}

/**
 * The contract kind of a futures business line (10 and 12 linear, 11 inverse).
 *
 * @example
 * ```ts
 * contractKindOfBusinessLine(10); // 'linear' (USDT-M)
 * contractKindOfBusinessLine(11); // 'inverse' (coin-M)
 * ```
 */
export function contractKindOfBusinessLine(businessLine: number | string): ContractKind {
  // Number() ignores the same surrounding white space as trim() (both use WhiteSpace and LineTerminator).
  const line = typeof businessLine === 'string' ? Number(businessLine) : businessLine;
  if (line === FUTURES_BUSINESS_LINES.usdtContract || line === FUTURES_BUSINESS_LINES.usdcContract) return 'linear';
  if (line === FUTURES_BUSINESS_LINES.coinContract) return 'inverse';
  throw new FuturesInputError('businessLine', 'not-an-option', businessLine);
}

/**
 * Resolves contract options to a kind (default linear) and a positive face value (default 1).
 *
 * @example
 * ```ts
 * resolveContract({ businessLine: 10 }); // { kind: 'linear', faceValue: Decimal(1) }
 * ```
 */
export function resolveContract(options: ContractOptions = {}): ResolvedContract {
  options = readInput(options, 'options', true);
  let kind: ContractKind = 'linear';
  if (options.kind !== undefined) {
    if (options.kind !== 'linear' && options.kind !== 'inverse') throw new FuturesInputError('kind', 'not-an-option', options.kind);
    kind = options.kind;
  } else if (options.businessLine !== undefined) {
    kind = contractKindOfBusinessLine(options.businessLine);
  }
  return { kind, faceValue: readOptionalDecimal(options.faceValue, 'faceValue', ONE, 'positive') };
}
