import { InvalidArgumentError } from '../errors/exkit-error.js';
import { readRecord } from '../validate/describe-value.js';
import type { CookieOptions } from './types.js';

/** The most bytes of name and value together a browser keeps in one cookie (RFC 6265bis §5.6); a larger one is dropped. */
export const MAX_COOKIE_PAIR_BYTES = 4096;

/** The longest cookie life browsers keep, in days (RFC 6265bis §5.6.1, `Max-Age` and `Expires`): a longer one is cut to it. */
export const MAX_COOKIE_DAYS = 400;

/** A lifetime in days as the host keeps it: from 0 (deletes the cookie) to `MAX_COOKIE_DAYS`. */
export function cookieDays(days: number): number {
  return Math.min(Math.max(days, 0), MAX_COOKIE_DAYS);
}

const SAME_SITE = new Set(['Lax', 'Strict', 'None']);
// `;` would start a new attribute and control characters (tab aside, which RFC 6265bis §5.6 allows) end or
// corrupt the line: either would let an option write attributes nobody asked for.
const isUnsafeAttribute = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return char === ';' || code === 0x7f || (code < 0x20 && code !== 0x09);
  });

// An empty path or domain means "not given" (a Set-Cookie `Domain=.` reads as one), as it always has.
function checkAttribute(field: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || isUnsafeAttribute(value)) {
    throw new InvalidArgumentError(`cookies: ${field} must be a string without ';' or control characters other than tab`, { field, value });
  }
}

/**
 * Throws InvalidArgumentError naming the field unless the name is a non-empty string, the value (when
 * given) a string, and the options well formed: `days` a finite number (0 or less deletes), `path` and
 * `domain` free of `;` and control characters (empty means not given), `sameSite` one of Lax, Strict, None.
 * Returns the options as read (a copy; `{}` when none were given), which the write must use.
 */
export function checkCookieCall(name: unknown, options: unknown, value: unknown = ''): CookieOptions {
  if (typeof name !== 'string' || name === '') {
    throw new InvalidArgumentError('cookies: name must be a non-empty string', { field: 'name', value: name });
  }
  if (typeof value !== 'string') throw new InvalidArgumentError('cookies: value must be a string', { field: 'value', value });
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('cookies: options must be an object', { field: 'options', value: options });
  }
  // Read once into a copy: a getter or Proxy that throws is named here, and the write uses what was checked.
  const read = readRecord('options', options as CookieOptions, 'cookies');
  const { days, path, domain, sameSite } = read;
  if (days !== undefined && !Number.isFinite(days)) {
    throw new InvalidArgumentError('cookies: days must be a finite number (0 or less deletes the cookie)', { field: 'days', value: days });
  }
  checkAttribute('path', path);
  checkAttribute('domain', domain);
  if (sameSite !== undefined && !SAME_SITE.has(sameSite)) {
    throw new InvalidArgumentError("cookies: sameSite must be 'Lax', 'Strict' or 'None'", { field: 'sameSite', value: sameSite });
  }
  return read;
}

/** Percent-encodes one cookie name or value; undefined when the text is not well-formed UTF-16 (a lone surrogate). */
export function encodeCookiePart(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Percent-decodes one cookie name or value; undefined when it holds an escape that is not UTF-8. */
export function decodeCookiePart(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The value of cookie `name` in a `document.cookie` string (`a=1; b=2`), percent-decoded; undefined when absent.
 * A cookie whose name cannot be decoded (a foreign `promo%E0%A4=1`) is matched by its raw name only and never
 * stops the others from being read; a value that cannot be decoded is returned as written.
 */
export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const pair = part.trim();
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    if (rawName !== name && decodeCookiePart(rawName) !== name) continue;
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1).trim();
    return decodeCookiePart(rawValue) ?? rawValue;
  }
  return undefined;
}

/** How many UTF-8 bytes `text` takes. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
