import { ExkitError } from '../errors/exkit-error.js';

/** The server refused to hand out a challenge or to check one; `code` is the server's code. */
export class CaptchaRequestError extends ExkitError {
  override name = 'CaptchaRequestError';
}

/** The widget's script failed to load, or did not load within its time-out. */
export class CaptchaScriptLoadError extends ExkitError {
  override name = 'CaptchaScriptLoadError';
}

/** The widget port itself failed (its factory or one of its methods threw, or `init` rejected untyped). */
export class CaptchaWidgetError extends ExkitError {
  override name = 'CaptchaWidgetError';
}

/**
 * The error a failed flow carries: an exkit error as it is (HTTP client errors keep their type and code),
 * anything else wrapped with `code` and the original as its cause.
 */
export function typedCaptchaError(
  error: unknown,
  code: string,
  msg: string,
  make: typeof CaptchaRequestError | typeof CaptchaWidgetError = CaptchaRequestError,
): ExkitError {
  return error instanceof ExkitError ? error : new make(code, msg, { cause: error });
}
