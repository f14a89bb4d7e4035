// The machines' own error classes. Only RiskTokenEmptyError is public (exkit/machines); the others are
// internal faults of a machine started without the input its default actors need.
import { ExkitError } from '../core/errors/index.js';

/** Raised when the device service answers with nothing (spec §S4: an empty result is an error). */
export class RiskTokenEmptyError extends ExkitError {
  override name = 'RiskTokenEmptyError';
  constructor() {
    super('RISK_TOKEN_EMPTY', 'The device service returned an empty risk token.');
  }
}

/** Raised by the default fetch actor when the machine was given no fetcher. */
export class MissingFetcherError extends ExkitError {
  override name = 'MissingFetcherError';
  constructor() {
    super('MISSING_FETCHER', 'the risk-token machine needs input.fetchToken or a provided fetchToken actor');
  }
}

/** Raised by a default actor when the machine was given no security service and no provided actor. */
export class MissingSecurityError extends ExkitError {
  override name = 'MissingSecurityError';
  constructor() {
    super('MISSING_SECURITY', 'signing init needs input.security or provided actors');
  }
}
