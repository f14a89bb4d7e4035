import { ExkitError } from '../errors/exkit-error.js';

/** The server refused to hand out a challenge or to check one; `code` is the server's code. */
export class CaptchaRequestError extends ExkitError {
  override name = 'CaptchaRequestError';
}

/** The widget's script failed to load, or did not load within its time-out. */
export class CaptchaScriptLoadError extends ExkitError {
  override name = 'CaptchaScriptLoadError';
}
