import { ExkitError } from '../errors/exkit-error.js';
import type { ExkitErrorOptions } from '../errors/exkit-error.js';

/** Why signing init (or one of its steps) failed; `code` names the step and cause. */
export type SigningInitFailure =
  | 'CONFIG_FETCH_FAILED'
  | 'CONFIG_INVALID'
  | 'CLIENT_CLOSED'
  | 'SERVER_KEY_MISSING'
  | 'SERVER_KEY_INVALID'
  | 'SERVER_KEY_SIGNATURE_INVALID'
  | 'CERTIFICATE_INVALID'
  | 'INSECURE_CONTEXT'
  | 'KEY_GENERATION_TIMEOUT'
  | 'KEY_GENERATION_FAILED';

/** Raised by a signing-init step (spec §S4); reported to the error service as loginEncryptFailed. */
export class SigningInitError extends ExkitError {
  override name = 'SigningInitError';
  declare readonly code: SigningInitFailure;
  constructor(code: SigningInitFailure, msg: string, options: ExkitErrorOptions = {}) {
    super(code, msg, options);
  }
}

/** Raised when a login payload cannot be encrypted (no server key, no client key, crypto failure). */
export class LoginEncryptionError extends ExkitError {
  override name = 'LoginEncryptionError';
  constructor(msg: string, options: ExkitErrorOptions = {}) {
    super('LOGIN_ENCRYPTION_FAILED', msg, options);
  }
}
