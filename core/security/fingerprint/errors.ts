import { ExkitError } from '../../errors/exkit-error.js';
import type { ExkitErrorOptions } from '../../errors/exkit-error.js';

/** Why a fingerprint or terminal-code call was refused. */
export type FingerprintFailure =
  /** An option is out of range or of the wrong type; `extra.field` names it. */
  | 'FINGERPRINT_INVALID_OPTION'
  /** A value cannot be serialised canonically (function, NaN, cycle, class instance…); `extra.path` says where. */
  | 'FINGERPRINT_NOT_CANONICAL'
  /** Every regeneration still produced an invalid terminal code (only possible with a custom hash). */
  | 'TERMINAL_CODE_INVALID';

/** Raised on bad input to the fingerprint and terminal-code API. */
export class FingerprintError extends ExkitError {
  override name = 'FingerprintError';
  declare readonly code: FingerprintFailure;
  constructor(code: FingerprintFailure, msg: string, options: ExkitErrorOptions = {}) {
    super(code, msg, options);
  }
}

/** Thrown by a source when its API is missing here (no canvas, no audio): the source is reported as skipped. */
export class SourceUnavailableError extends ExkitError {
  override name = 'SourceUnavailableError';
  constructor(msg: string) {
    super('FINGERPRINT_SOURCE_UNAVAILABLE', msg);
  }
}

/** Thrown by a source whose reading cannot be trusted (a randomised canvas, no layout): the source is reported as failed. */
export class SourceFailedError extends ExkitError {
  override name = 'SourceFailedError';
  constructor(msg: string) {
    super('FINGERPRINT_SOURCE_FAILED', msg);
  }
}
