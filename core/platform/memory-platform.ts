import { guardedStream } from '../errors/guarded-observable.js';
import { BehaviorSubject, Subject, distinctUntilChanged, filter, map, startWith } from 'rxjs';
import { silenceBots } from './bots.js';
import { ManualTimers } from './manual-timers.js';
import { memoryCookieJar } from './memory-cookie-jar.js';
import type { StoredCookie } from './memory-cookie-jar.js';
import { MemoryStorage } from './memory-storage.js';
import type { CrossTabChange, DomPort, ErrorReport, HostGlobals, KeyValueStorage, Platform, PlatformCrypto, Visibility } from './types.js';
import { expectString, readRecord } from '../validate/describe-value.js';
import { resolveNavigation } from './navigation.js';

/**
 * What several in-memory tabs of one browser share: the clock, local storage and cookies.
 * A write in one tab reaches the others' `crossTab` streams, never its own (as the `storage` event does).
 */
export class MemoryBrowser {
  readonly timers: ManualTimers;
  readonly cookieStore = new Map<string, StoredCookie>();
  private readonly tabs = new Map<object, Subject<CrossTabChange>>();
  private writer: object | undefined;
  /** The shared local storage; set `failWrites` on it to simulate a full quota in every tab. */
  readonly localStorage: MemoryStorage;

  constructor(startTime = 0) {
    this.timers = new ManualTimers(startTime);
    this.localStorage = new MemoryStorage((key, oldValue, newValue) => {
      for (const [tab, changes] of this.tabs) if (tab !== this.writer) changes.next({ key, oldValue, newValue });
    });
  }

  /** @internal Registers a tab and returns its view of local storage and its cross-tab stream. */
  connect(tab: object): { storage: KeyValueStorage; changes: Subject<CrossTabChange> } {
    const changes = new Subject<CrossTabChange>();
    this.tabs.set(tab, changes);
    const shared = this.localStorage;
    const asTab = <T>(write: () => T): T => {
      const previous = this.writer;
      this.writer = tab;
      try {
        return write();
      } finally {
        this.writer = previous;
      }
    };
    const storage: KeyValueStorage = {
      getItem: (key) => shared.getItem(key),
      setItem: (key, value) => asTab(() => shared.setItem(key, value)),
      removeItem: (key) => asTab(() => shared.removeItem(key)),
      keys: () => shared.keys(),
    };
    return { storage, changes };
  }
}

/** The WebCrypto a memory platform hands out: the host's `crypto`, Node's `webcrypto`, or a seeded stand-in. */
export interface MemoryCryptoSource {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  readonly subtle?: SubtleCrypto | undefined;
}

export interface MemoryPlatformOptions {
  /** Share clock, local storage and cookies with other tabs made from the same browser. */
  browser?: MemoryBrowser;
  /** Start time in ms since the epoch (when no browser is given). Default 0. */
  now?: number;
  userAgent?: string;
  languages?: readonly string[];
  href?: string;
  visibility?: Visibility;
  isSecureContext?: boolean;
  /** Where random bytes and `subtle` come from. Default the host's `globalThis.crypto`; pass a seeded one for reproducible runs. */
  crypto?: MemoryCryptoSource;
  fetch?: typeof fetch;
  /** Media queries that match, such as '(prefers-reduced-motion: reduce)'. */
  media?: readonly string[];
  dom?: DomPort;
}

/** The memory platform with the controls a test or a non-browser runtime needs. */
export interface MemoryPlatform extends Platform {
  readonly browser: MemoryBrowser;
  readonly timers: ManualTimers;
  readonly clock: ManualTimers;
  readonly sessionStorage: MemoryStorage;
  /** Every report that reached the error service. */
  readonly reports: ErrorReport[];
  /** Every URL passed to `location.assign`, in order. */
  readonly navigations: string[];
  /** How many times `location.reload` was called. */
  readonly reloads: number;
  /** Moves time forward, running due timers. */
  advance(ms: number): void;
  /** Moves time forward, letting promises settle after each timer. */
  advanceAsync(ms: number): Promise<void>;
  setVisibility(visibility: Visibility): void;
  setUserAgent(userAgent: string): void;
  setMedia(query: string, matches: boolean): void;
}

/** An in-memory Platform: a manual clock, in-memory storage and cookies, scriptable visibility and location. */
export function memoryPlatform(options: MemoryPlatformOptions = {}): MemoryPlatform {
  options = readRecord('options', options, 'memoryPlatform');
  const browser = options.browser ?? new MemoryBrowser(options.now);
  const timers = browser.timers;
  const { storage: localStorage, changes: crossTab } = browser.connect({});
  const visibility = new BehaviorSubject<Visibility>(options.visibility ?? 'visible');
  const media = new Set(options.media);
  const mediaChanges = new Subject<string>();
  const globalsStore = new Map<string, unknown>();
  const reports: ErrorReport[] = [];
  const navigations: string[] = [];
  let reloads = 0;
  let href = options.href ?? 'https://localhost/';
  let userAgent = options.userAgent ?? 'Mozilla/5.0 (exkit memory platform)';

  const cookies = memoryCookieJar(browser.cookieStore, () => timers.now());

  // Node 20 and every browser have a global WebCrypto; it is read here, when the platform is made, not at import.
  const cryptoSource: MemoryCryptoSource = options.crypto ?? globalThis.crypto;
  const crypto: PlatformCrypto = {
    getRandomValues: (array) => cryptoSource.getRandomValues(array),
    subtle: cryptoSource.subtle,
    isSecureContext: options.isSecureContext ?? true,
  };

  const globals: HostGlobals = {
    get: (name) => globalsStore.get(name),
    set: (name, value) => void globalsStore.set(name, value),
    delete: (name) => void globalsStore.delete(name),
  };

  const errors = silenceBots(
    (report) => reports.push(report),
    () => userAgent,
  );
  const platform: MemoryPlatform = {
    browser,
    clock: timers,
    timers,
    localStorage,
    sessionStorage: new MemoryStorage(),
    cookies,
    location: {
      get href() {
        return href;
      },
      assign(url: string) {
        href = resolveNavigation(url, href);
        navigations.push(href);
      },
      reload() {
        reloads++;
      },
    },
    visibility: {
      current: () => visibility.value,
      changes: guardedStream('platform.visibility.changes', visibility.pipe(distinctUntilChanged()), errors),
    },
    get userAgent() {
      return userAgent;
    },
    languages: options.languages ?? ['en-US', 'en'],
    crossTab: guardedStream('platform.crossTab', crossTab, errors),
    crypto,
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
    errors,
    globals,
    matchMedia: (query) => media.has(query),
    watchMedia: (query) =>
      guardedStream(
        'platform.watchMedia',
        // A query is text: anything else (a Proxy RxJS would probe as a scheduler) is named, not thrown from RxJS.
        mediaChanges.pipe(
          filter((changed) => changed === query),
          startWith(expectString('query', query, 'watchMedia')),
          map(() => media.has(query)),
          distinctUntilChanged(),
        ),
        errors,
      ),
    dom: options.dom,
    reports,
    navigations,
    get reloads() {
      return reloads;
    },
    advance: (ms) => timers.advance(ms),
    advanceAsync: (ms) => timers.advanceAsync(ms),
    setVisibility: (next) => visibility.next(next),
    setUserAgent: (next) => {
      userAgent = next;
    },
    setMedia: (query, matches) => {
      if (matches) media.add(query);
      else media.delete(query);
      mediaChanges.next(query);
    },
  };
  return platform;
}
