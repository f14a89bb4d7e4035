import { guardedStream } from '../errors/guarded-observable.js';
import { Observable, distinctUntilChanged, map, startWith } from 'rxjs';
import { silenceBots } from './bots.js';
import { checkCookieCall, cookieDays, encodeCookiePart, MAX_COOKIE_PAIR_BYTES, readCookie } from './cookie-rules.js';
import { checkedTimers } from './timer-rules.js';
import { invalidArgument, readRecord } from '../validate/describe-value.js';
import type { CookieJar, CrossTabChange, ErrorReport, KeyValueStorage, Platform, Visibility } from './types.js';

export interface BrowserPlatformOptions {
  /** Where error reports go (an error-tracking service); a no-op by default. */
  reportError?: (report: ErrorReport) => void;
  /** The window to use; the global window by default. */
  window?: Window;
}

/** The window's local storage, or undefined where reading it throws (a sandboxed frame, storage blocked). */
function localStorageOrUndefined(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}

/** A storage that degrades to a no-op when the browser refuses access (some private modes throw on read). */
function guardedStorage(get: () => Storage): KeyValueStorage {
  const safe = <T>(fallback: T, run: (s: Storage) => T): T => {
    try {
      return run(get());
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => safe(null, (s) => s.getItem(key)),
    // Writes are allowed to throw: the storage layer above turns quota errors into its documented default.
    setItem: (key, value) => get().setItem(key, value),
    removeItem: (key) => safe(undefined, (s) => s.removeItem(key)),
    keys: () =>
      safe([], (s) => {
        const out: string[] = [];
        // Stryker disable next-line EqualityOperator: key(length) is null, which the loop skips, so one more step changes nothing.
        for (let i = 0; i < s.length; i++) {
          const key = s.key(i);
          if (key !== null) out.push(key);
        }
        return out;
      }),
  };
}

/**
 * `document.cookie` as a CookieJar. A host that throws on reading it (a sandboxed frame, an opaque origin)
 * reads as no cookies; one that throws on writing it makes `set` and `remove` answer false.
 */
function documentCookies(doc: Document): CookieJar {
  const header = (): string => {
    try {
      const text: unknown = doc.cookie;
      return typeof text === 'string' ? text : '';
    } catch {
      return '';
    }
  };
  const write = (cookie: string): boolean => {
    try {
      doc.cookie = cookie;
      return true;
    } catch {
      return false;
    }
  };
  return {
    get: (name) => readCookie(header(), name),
    set(name, value, given = {}) {
      const options = checkCookieCall(name, given, value);
      const encodedName = encodeCookiePart(name);
      const encodedValue = encodeCookiePart(value);
      if (encodedName === undefined || encodedValue === undefined) return false;
      // The browser drops a longer pair without a word; saying so is the only way the caller can know.
      if (encodedName.length + encodedValue.length > MAX_COOKIE_PAIR_BYTES) return false;
      let cookie = `${encodedName}=${encodedValue}; path=${options.path || '/'}`;
      // Capped as the browser would cap it: a number of seconds past ~1e21 would print as 1e+21, which no
      // browser reads as a max-age, and the cookie would silently become a session cookie.
      if (options.days !== undefined) cookie += `; max-age=${Math.round(cookieDays(options.days) * 86_400)}`;
      if (options.domain) cookie += `; domain=${options.domain}`;
      if (options.secure) cookie += '; secure';
      if (options.sameSite) cookie += `; samesite=${options.sameSite}`;
      return write(cookie);
    },
    remove(name, given = {}) {
      const options = checkCookieCall(name, given);
      const encodedName = encodeCookiePart(name);
      if (encodedName === undefined) return false;
      let cookie = `${encodedName}=; path=${options.path || '/'}; max-age=0`;
      if (options.domain) cookie += `; domain=${options.domain}`;
      return write(cookie);
    },
  };
}

/** The Platform of a web page: the real window, storage, cookies, timers and WebCrypto. */
export function browserPlatform(options: BrowserPlatformOptions = {}): Platform {
  options = readRecord('options', options, 'browserPlatform');
  // Outside a browser (Node, a worker) there is no global window: say so rather than fail on `window`.
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (win === undefined || win === null) {
    throw invalidArgument(
      'window',
      'a browser window (none given and this host has none; use headlessPlatform or memoryPlatform outside a browser)',
      win,
      'browserPlatform',
    );
  }
  let doc: Document;
  let nav: Navigator;
  try {
    doc = win.document;
    nav = win.navigator;
  } catch (cause) {
    throw invalidArgument('window', 'a browser window whose document and navigator can be read', win, 'browserPlatform', cause);
  }
  if (typeof doc !== 'object' || doc === null || typeof nav !== 'object' || nav === null) {
    throw invalidArgument('window', 'a browser window with a document and a navigator', win, 'browserPlatform');
  }
  const visibilityNow = (): Visibility => (doc.visibilityState === 'hidden' ? 'hidden' : 'visible');
  const visibilityChanges = new Observable<Visibility>((subscriber) => {
    const onChange = () => subscriber.next(visibilityNow());
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  }).pipe(startWith(undefined), map(visibilityNow), distinctUntilChanged());
  const crossTab = new Observable<CrossTabChange>((subscriber) => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea && event.storageArea !== localStorageOrUndefined(win)) return;
      subscriber.next({ key: event.key, oldValue: event.oldValue, newValue: event.newValue });
    };
    win.addEventListener('storage', onStorage);
    return () => win.removeEventListener('storage', onStorage);
  });
  const host = win as unknown as Record<string, unknown>;
  const errors = silenceBots(options.reportError ?? (() => undefined), () => nav.userAgent);

  return {
    clock: { now: () => Date.now() },
    timers: checkedTimers(
      (callback, ms) => win.setTimeout(callback, ms),
      (handle) => win.clearTimeout(handle as number),
    ),
    localStorage: guardedStorage(() => win.localStorage),
    sessionStorage: guardedStorage(() => win.sessionStorage),
    cookies: documentCookies(doc),
    location: {
      get href() {
        return win.location.href;
      },
      assign: (url) => win.location.assign(url),
      reload: () => win.location.reload(),
    },
    visibility: { current: visibilityNow, changes: guardedStream('platform.visibility.changes', visibilityChanges, errors) },
    userAgent: nav.userAgent,
    languages: nav.languages?.length ? [...nav.languages] : [nav.language],
    crossTab: guardedStream('platform.crossTab', crossTab, errors),
    crypto: {
      getRandomValues: (array) => win.crypto.getRandomValues(array as never) as typeof array,
      subtle: win.isSecureContext ? win.crypto.subtle : undefined,
      isSecureContext: win.isSecureContext,
    },
    fetch: (...args) => win.fetch(...args),
    errors,
    globals: {
      get: (name) => host[name],
      set: (name, value) => {
        host[name] = value;
      },
      delete: (name) => {
        delete host[name];
      },
    },
    matchMedia: (query) => (typeof win.matchMedia === 'function' ? win.matchMedia(query).matches : false),
    watchMedia: (query) =>
      guardedStream(
        'platform.watchMedia',
        new Observable<boolean>((subscriber) => {
          if (typeof win.matchMedia !== 'function') {
            subscriber.next(false);
            return undefined;
          }
          const list = win.matchMedia(query);
          const onChange = () => subscriber.next(list.matches);
          onChange();
          list.addEventListener('change', onChange);
          return () => list.removeEventListener('change', onChange);
        }),
        errors,
      ),
    dom: { window: win, document: doc },
  };
}
