import type { ErrorReport, ErrorReporter } from '../platform/types.js';
import { expectString } from '../validate/describe-value.js';
import { ExkitError } from './exkit-error.js';

/** The error-report event a failed caller callback is logged under. */
export const CALLBACK_FAILED_EVENT = 'callbackFailed';

/** Raised (and reported, never thrown into an actor) when a caller's callback throws or answers a value of the wrong type. */
export class UserCallbackError extends ExkitError {
  override name = 'UserCallbackError';
  constructor(callback: string, cause: unknown, msg = `${callback} threw`) {
    super('USER_CALLBACK_FAILED', msg, { extra: { callback }, cause });
  }
}

/** The outcome of a guarded callback: its value, or the typed error its throw became. */
export type Guarded<T> = { ok: true; value: T } | { ok: false; error: UserCallbackError };

/**
 * The one way exkit reports: through `errors` when there is one, and a reporter or logger that throws (or is
 * not a function) is ignored, so reporting is never what breaks a call, a stream or an actor. Every internal
 * report and log goes through here.
 */
export function safeReport(errors: ErrorReporter | undefined, report: ErrorReport): void {
  try {
    // Stryker disable next-line OptionalChaining: with no reporter, errors.report throws inside this try, which ignores it.
    errors?.report(report);
  } catch {
    // Nothing left to report to.
  }
}

/** Calls a caller's logger (`security`'s `log` option and the like) the same way: a throw from it is ignored. */
export function safeLog(
  log: ((message: string, data: Record<string, unknown>) => void) | undefined,
  message: string,
  data: Record<string, unknown>,
): void {
  try {
    // Stryker disable next-line OptionalChaining: with no logger, log() throws inside this try, which ignores it.
    log?.(message, data);
  } catch {
    // A logger that fails has nowhere to say so.
  }
}

/**
 * Logs a failed callback through the platform's error reporter (the console when the caller gave none).
 * A reporter that throws in turn is ignored: reporting must never be what breaks the caller.
 */
export function reportCallbackError(errors: ErrorReporter | undefined, error: UserCallbackError): void {
  try {
    const report = {
      event: CALLBACK_FAILED_EVENT,
      message: error.msg,
      error,
      data: { callback: (error.extra as { callback: string }).callback },
    };
    if (errors) errors.report(report);
    // Without a platform there is no logger to hand; the console keeps the failure from being lost.
    else console.error(`[exkit] ${error.msg}`, error.cause);
  } catch {
    // Nothing left to report to (or no error to report).
  }
}

/**
 * Runs a caller's callback; a throw is reported as a UserCallbackError naming `callback` and returned, never
 * rethrown. A `callback` name that is not a string is an InvalidArgumentError (a fault of the code calling it).
 */
export function guardCallback<T>(callback: string, run: () => T, errors?: ErrorReporter): Guarded<T> {
  expectString('callback', callback, 'guardCallback');
  try {
    return { ok: true, value: run() };
  } catch (cause) {
    const error = new UserCallbackError(callback, cause);
    reportCallbackError(errors, error);
    return { ok: false, error };
  }
}
