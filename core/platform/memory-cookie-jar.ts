import { checkCookieCall, cookieDays, encodeCookiePart, MAX_COOKIE_PAIR_BYTES, utf8Length } from './cookie-rules.js';
import type { CookieJar, CookieOptions } from './types.js';

/** One day of a cookie's lifetime (`CookieOptions.days`), in ms. */
export const COOKIE_DAY_MS = 86_400_000;

/** A cookie as an in-memory jar keeps it: value, absolute expiry (ms) and the options it was set with. */
export interface StoredCookie {
  value: string;
  expires: number | undefined;
  options: CookieOptions;
}

/**
 * A cookie jar over a Map, with lifetimes in days measured on `now` (expired cookies read as absent). It
 * refuses what a browser's jar would (a pair over 4096 bytes, text that is not well-formed) and checks
 * calls the same way, so code tested on it behaves alike on a page.
 */
export function memoryCookieJar(store: Map<string, StoredCookie>, now: () => number): CookieJar {
  return {
    get(name) {
      const cookie = store.get(name);
      if (!cookie) return undefined;
      // Stryker disable next-line ConditionalExpression: undefined <= now() is false, so a cookie without an expiry is kept either way.
      if (cookie.expires !== undefined && cookie.expires <= now()) {
        store.delete(name);
        return undefined;
      }
      return cookie.value;
    },
    set(name, value, given = {}) {
      const options = checkCookieCall(name, given, value);
      if (encodeCookiePart(name) === undefined || encodeCookiePart(value) === undefined) return false;
      if (utf8Length(name) + utf8Length(value) > MAX_COOKIE_PAIR_BYTES) return false;
      store.set(name, {
        value,
        expires: options.days === undefined ? undefined : now() + cookieDays(options.days) * COOKIE_DAY_MS,
        options,
      });
      return true;
    },
    remove(name, given) {
      checkCookieCall(name, given);
      store.delete(name);
      return true;
    },
  };
}
