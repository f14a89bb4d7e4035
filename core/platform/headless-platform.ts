import { guardedStream } from '../errors/guarded-observable.js';
import { BehaviorSubject, NEVER } from 'rxjs';
import { silenceBots } from './bots.js';
import { memoryCookieJar } from './memory-cookie-jar.js';
import type { StoredCookie } from './memory-cookie-jar.js';
import { MemoryStorage } from './memory-storage.js';
import { checkedTimers } from './timer-rules.js';
import type { ErrorReport, Platform, Visibility } from './types.js';
import { readRecord } from '../validate/describe-value.js';
import { resolveNavigation } from './navigation.js';

export interface HeadlessPlatformOptions {
  /** The URL the process acts for, as a page's location would be. Default 'https://localhost/'. */
  href?: string;
  /** Default 'exkit headless'. */
  userAgent?: string;
  /** Default ['en-US', 'en']. */
  languages?: readonly string[];
  /** Where error reports go (bots stay silent). Default: nowhere. */
  reportError?: (report: ErrorReport) => void;
  /** Default: the host's fetch. */
  fetch?: typeof fetch;
  /**
   * Whether key material may be generated (the https-only rule of a page). Default true: a server or
   * worker process keeps its keys in its own memory, with no page to be framed.
   */
  isSecureContext?: boolean;
}

/** A headless platform and what it was asked to do that a page would have done. */
export interface HeadlessPlatform extends Platform {
  /** Every URL passed to `location.assign` (and every reload, as the current URL), in order. */
  readonly navigations: readonly string[];
  /** The cookie jar's entries, for a caller that carries cookies to and from its own HTTP layer. */
  readonly cookieStore: ReadonlyMap<string, StoredCookie>;
}

/**
 * A Platform for runtimes without a page (Node, workers, React Native): the host's clock, timers, fetch and
 * WebCrypto; storages and cookies in memory; always visible; no other tabs and no DOM.
 */
export function headlessPlatform(options: HeadlessPlatformOptions = {}): HeadlessPlatform {
  options = readRecord('options', options, 'headlessPlatform');
  // The host's globals are read here, when the platform is made, never at import.
  const host = globalThis;
  const now = () => Date.now();
  const cookieStore = new Map<string, StoredCookie>();
  const globals = new Map<string, unknown>();
  const navigations: string[] = [];
  let href = options.href ?? 'https://localhost/';
  const userAgent = options.userAgent ?? 'exkit headless';
  const hostFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => host.fetch(...args));
  const errors = silenceBots(options.reportError ?? (() => undefined), () => userAgent);
  return {
    clock: { now },
    timers: checkedTimers(
      (callback, ms) => host.setTimeout(callback, ms),
      (handle) => host.clearTimeout(handle as ReturnType<typeof setTimeout>),
    ),
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    cookies: memoryCookieJar(cookieStore, now),
    cookieStore,
    location: {
      get href() {
        return href;
      },
      assign(url) {
        href = resolveNavigation(url, href);
        navigations.push(href);
      },
      reload() {
        navigations.push(href);
      },
    },
    navigations,
    visibility: {
      current: () => 'visible',
      changes: guardedStream('platform.visibility.changes', new BehaviorSubject<Visibility>('visible'), errors),
    },
    userAgent,
    languages: options.languages ?? ['en-US', 'en'],
    crossTab: guardedStream('platform.crossTab', NEVER, errors),
    crypto: {
      getRandomValues: (array) => host.crypto.getRandomValues(array),
      subtle: host.crypto?.subtle,
      isSecureContext: options.isSecureContext ?? true,
    },
    fetch: hostFetch,
    errors,
    globals: {
      get: (name) => globals.get(name),
      set: (name, value) => void globals.set(name, value),
      delete: (name) => void globals.delete(name),
    },
    matchMedia: () => false,
    // No media queries here: nothing matches, and nothing ever changes.
    watchMedia: () => guardedStream('platform.watchMedia', new BehaviorSubject(false), errors),
    dom: undefined,
  };
}
