import type { CookieOptions, Platform } from '../platform/types.js';
import { readRecord, expectObjectWith } from '../validate/describe-value.js';

/** Spec §S9: the preferences and language cookies live 365 days. */
export const PREFERENCE_COOKIE_DAYS = 365;

/** Reads a JSON cookie: the parsed value, or undefined when absent or not valid JSON. Callers check its shape. */
export function readJsonCookie(platform: Platform, name: string): unknown {
  expectObjectWith('platform', platform, 'readJsonCookie', ['cookies']);
  const raw = platform.cookies.get(name);
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
  return platform.cookies.set(name, text, options);
}
