import type { CookieJar, CookieOptions } from './types.js';

/** One day of a cookie's lifetime (`CookieOptions.days`), in ms. */
export const COOKIE_DAY_MS = 86_400_000;

/** A cookie as an in-memory jar keeps it: value, absolute expiry (ms) and the options it was set with. */
export interface StoredCookie {
  value: string;
  expires: number | undefined;
  options: CookieOptions;
}

/** A cookie jar over a Map, with lifetimes in days measured on `now` (expired cookies read as absent). */
export function memoryCookieJar(store: Map<string, StoredCookie>, now: () => number): CookieJar {
  return {
    get(name) {
      const cookie = store.get(name);
      if (!cookie) return undefined;
      if (cookie.expires !== undefined && cookie.expires <= now()) {
        store.delete(name);
        return undefined;
      }
      return cookie.value;
    },
    set(name, value, options = {}) {
      store.set(name, { value, expires: options.days === undefined ? undefined : now() + options.days * COOKIE_DAY_MS, options });
    },
    remove(name) {
      store.delete(name);
    },
  };
}
