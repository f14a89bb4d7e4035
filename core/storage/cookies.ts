import { InvalidArgumentError } from '../errors/exkit-error.js';
import { reportCallbackError, UserCallbackError } from '../errors/guard-callback.js';
import type { CookieOptions, ErrorReporter, Platform } from '../platform/types.js';
import { readRecord, expectObjectWith } from '../validate/describe-value.js';

/**
 * Calls the platform's cookie jar. A jar's reads never throw by its contract, but a custom one may: its throw
 * fails the call with a UserCallbackError naming the jar's method (reported through `platform.errors`), and an
 * InvalidArgumentError it throws (a malformed name or option) passes through as it is.
 */
export function throughCookieJar<T>(platform: Platform, method: 'get' | 'set', run: () => T): T {
  try {
    return run();
  } catch (cause) {
    if (cause instanceof InvalidArgumentError) throw cause;
    const error = new UserCallbackError(`platform.cookies.${method}`, cause);
    let errors: ErrorReporter | undefined;
    try {
      errors = platform.errors;
    } catch {
      // A platform whose reporter cannot be read: the console stands in.
    }
    reportCallbackError(errors, error);
    throw error;
  }
}

/** Spec §S9: the preferences and language cookies live 365 days. */
export const PREFERENCE_COOKIE_DAYS = 365;

/** Reads a JSON cookie: the parsed value, or undefined when absent or not valid JSON. Callers check its shape. */
export function readJsonCookie(platform: Platform, name: string): unknown {
  expectObjectWith('platform', platform, 'readJsonCookie', ['cookies']);
  const raw = throughCookieJar(platform, 'get', () => platform.cookies.get(name));
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes a JSON cookie with a lifetime in days: true when written, false when the value has no JSON text (a
 * cycle, a BigInt, undefined) or the host refused the cookie. Malformed options are an InvalidArgumentError.
 */
export function writeJsonCookie(platform: Platform, name: string, value: unknown, options: CookieOptions = {}): boolean {
  options = readRecord('options', options, 'writeJsonCookie');
  expectObjectWith('platform', platform, 'writeJsonCookie', ['cookies']);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  if (text === undefined) return false;
  return throughCookieJar(platform, 'set', () => platform.cookies.set(name, text, options));
}
