// A small Platform for plain Node (docs/platform.md): the real clock and timers, Node's WebCrypto and fetch,
// storages and a cookie jar in memory. A server process has no page, no other tabs and no DOM, so
// visibility is always 'visible', cross-tab changes never come, and navigations are only recorded.
import { BehaviorSubject, NEVER } from 'rxjs';
import { MemoryStorage } from 'exkit';
import type { CookieJar, ErrorReport, Platform, Visibility } from 'exkit';

const DAY_MS = 86_400_000;

export interface NodePlatformOptions {
  /** The URL the process acts for (what a page's location would be). */
  href?: string;
  userAgent?: string;
  languages?: readonly string[];
  /** Where error reports go; default: stderr. */
  report?: (report: ErrorReport) => void;
}

/** A Node platform and the navigations it was asked to make. */
export interface NodePlatform extends Platform {
  readonly navigations: string[];
}

/** Creates a Platform backed by Node's own clock, timers, fetch and WebCrypto. */
export function nodePlatform(options: NodePlatformOptions = {}): NodePlatform {
  const cookieStore = new Map<string, { value: string; expires: number | undefined }>();
  const cookies: CookieJar = {
    get(name) {
      const cookie = cookieStore.get(name);
      if (cookie?.expires !== undefined && cookie.expires <= Date.now()) {
        cookieStore.delete(name);
        return undefined;
      }
      return cookie?.value;
    },
    set(name, value, cookieOptions = {}) {
      cookieStore.set(name, { value, expires: cookieOptions.days === undefined ? undefined : Date.now() + cookieOptions.days * DAY_MS });
    },
    remove(name) {
      cookieStore.delete(name);
    },
  };
  const globals = new Map<string, unknown>();
  const navigations: string[] = [];
  let href = options.href ?? 'https://localhost/';
  const report = options.report ?? ((r: ErrorReport) => console.error(`error report: ${r.event}${r.message ? ` (${r.message})` : ''}`));

  return {
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    cookies,
    location: {
      get href() {
        return href;
      },
      assign(url) {
        href = new URL(url, href).href;
        navigations.push(href);
      },
      reload() {
        navigations.push(href);
      },
    },
    visibility: {
      current: () => 'visible',
      changes: new BehaviorSubject<Visibility>('visible').asObservable(),
    },
    userAgent: options.userAgent ?? `Node.js/${process.versions.node} (exkit node example)`,
    languages: options.languages ?? ['en-US', 'en'],
    crossTab: NEVER,
    crypto: {
      getRandomValues: (array) => globalThis.crypto.getRandomValues(array as never) as typeof array,
      subtle: globalThis.crypto.subtle,
      // The https-only rule protects pages; a Node process holds its keys in its own memory.
      isSecureContext: true,
    },
    fetch: (...args) => globalThis.fetch(...args),
    errors: { report },
    globals: {
      get: (name) => globals.get(name),
      set: (name, value) => void globals.set(name, value),
      delete: (name) => void globals.delete(name),
    },
    matchMedia: () => false,
    dom: undefined,
    navigations,
  };
}
