import { ExkitError, InvalidArgumentError } from '../errors/exkit-error.js';

/** Raised for an app scheme that is malformed or one that can run code (javascript, data, file…). */
export class InvalidAppSchemeError extends InvalidArgumentError {
  override name = 'InvalidAppSchemeError';
}

/** Raised when the given window cannot be trusted to sanitise: DOMPurify unsupported or its self-test failed. */
export class UnsafeDomWindowError extends ExkitError {
  override name = 'UnsafeDomWindowError';
  constructor(msg: string, extra?: unknown) {
    super('CONTENT_UNSAFE_WINDOW', msg, extra === undefined ? {} : { extra });
  }
}
