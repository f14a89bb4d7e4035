import { ExkitError } from '../errors/index.js';

/** Why a futures input was refused. */
export type FuturesInputProblem =
  | 'missing'
  | 'not-numeric'
  | 'not-finite'
  | 'zero'
  | 'negative'
  | 'not-an-option'
  | 'out-of-order';

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
    case 'out-of-order':
      return 'out of order (tier floors must start at 0 and rise, rates must not fall)';
  }
}
