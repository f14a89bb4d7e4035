import { ExkitError } from '../errors/index.js';

/**
 * The widest input a figure takes: at most this many digits before the decimal point and this many after it.
 * Figures are exact ratios written out digit by digit (exact.ts), so '1e100000000' (12 characters) would
 * otherwise be expanded to 10^8 digits and exhaust memory; no price, size or rate comes near this bound.
 */
export const MAX_DECIMAL_DIGITS = 1000;

/** Why a futures input was refused. */
export type FuturesInputProblem =
  | 'missing'
  | 'not-numeric'
  | 'not-finite'
  | 'zero'
  | 'negative'
  | 'not-an-option'
  | 'out-of-order'
  | 'out-of-range'
  | 'not-an-object'
  | 'exceeds-position';

/** Raised when a futures or spot-order figure gets an unusable input; `field` names the input. */
export class FuturesInputError extends ExkitError {
  override name = 'FuturesInputError' as const;
  readonly field: string;
  readonly problem: FuturesInputProblem;

  constructor(field: string, problem: FuturesInputProblem, value?: unknown) {
    super('FUTURES_INVALID_INPUT', `${field}: ${describe(problem)}`, { extra: { field, problem, value } });
    this.field = field;
    this.problem = problem;
  }
}

function describe(problem: FuturesInputProblem): string {
  switch (problem) {
    case 'missing':
      return 'required but missing';
    case 'not-numeric':
      return 'not a decimal number';
    case 'not-finite':
      return 'NaN or infinite';
    case 'zero':
      return 'must not be zero';
    case 'negative':
      return 'must not be negative';
    case 'not-an-option':
      return 'not one of the accepted values';
    case 'out-of-range':
      return `more than ${MAX_DECIMAL_DIGITS} digits before or after the decimal point`;
    case 'not-an-object':
      return 'not an object whose fields can be read';
    case 'exceeds-position':
      return 'more than the position holds';
    case 'out-of-order':
      return 'out of order (tier floors must start at 0 and rise, rates must not fall)';
  }
}
