import type { Observable } from 'rxjs';

/** An opaque handle returned by `Timers.setTimeout`. */
export type TimerHandle = unknown;

/** Wall-clock time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/**
 * One-shot timers. The shape matches XState's `Clock`, so `createActor(machine, { clock: platform.timers })`
 * drives machine delays from the platform (and from the memory platform's manual clock in tests).
 * On every platform a delay is 0 to 2^31 − 1 ms (omitted is 0); NaN, Infinity, a negative delay, a longer one
 * (which hosts wrap to about 0) or a callback that is not a function is an InvalidArgumentError.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * A Web Storage-like key/value store. On the browser platform reads never throw (an unreadable storage
 * reads as empty) and `setItem` throws when the host refuses the write (quota exceeded, private mode), so
 * the caller can tell; `createStore` turns that into `false`.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
}

export interface CookieOptions {
  /** Lifetime in days; a session cookie when omitted. */
  days?: number;
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/**
 * The page's cookies. Reads never throw: a jar the host will not read (a sandboxed frame) reads as empty, and
 * a foreign cookie that cannot be decoded never hides the others. A malformed call (an empty name, a
 * non-finite `days`, a `;` in `path` or `domain`) is an InvalidArgumentError naming the field.
 */
export interface CookieJar {
  /** The cookie's value, or undefined when absent, expired or unreadable. */
  get(name: string): string | undefined;
  /** Writes a cookie; false when the host refused it (it threw, the pair is over 4096 bytes or not well-formed text). */
  set(name: string, value: string, options?: CookieOptions): boolean;
  /** Deletes a cookie; false when the host refused the write. */
  remove(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): boolean;
}

export interface PlatformLocation {
  readonly href: string;
  assign(url: string): void;
  reload(): void;
}

export type Visibility = 'visible' | 'hidden';

export interface VisibilityPort {
  current(): Visibility;
  /** Emits the current visibility on subscription and every change after it. */
  readonly changes: Observable<Visibility>;
}

/** A change to shared storage made by another tab (the browser's `storage` event). */
export interface CrossTabChange {
  key: string | null;
  oldValue: string | null;
  newValue: string | null;
}

export interface PlatformCrypto {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  /** WebCrypto, when the host has it. */
  readonly subtle: SubtleCrypto | undefined;
  /** Whether the page runs in a secure context (https or localhost). */
  readonly isSecureContext: boolean;
}

/** One event for the error-reporting service (loginEncryptFailed, risk-token failures, …). */
export interface ErrorReport {
  event: string;
  message?: string;
  error?: unknown;
  data?: Record<string, unknown>;
}

export interface ErrorReporter {
  report(report: ErrorReport): void;
}

/** Named properties of the host's global object: native bridge handlers and the callbacks the app calls. */
export interface HostGlobals {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  delete(name: string): void;
}

/** The DOM, present only in a browser (or when a test hands in a jsdom window). */
export interface DomPort {
  readonly window: Window;
  readonly document: Document;
}

/** Everything exkit needs from its host. Only `core/platform/` implements it; everything else receives one. */
export interface Platform {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly localStorage: KeyValueStorage;
  readonly sessionStorage: KeyValueStorage;
  readonly cookies: CookieJar;
  readonly location: PlatformLocation;
  readonly visibility: VisibilityPort;
  readonly userAgent: string;
  /** The user's preferred languages, most preferred first (navigator.languages). */
  readonly languages: readonly string[];
  readonly crossTab: Observable<CrossTabChange>;
  readonly crypto: PlatformCrypto;
  readonly fetch: typeof fetch;
  /** The error-reporting port; reports from bots are dropped before they reach the sink. */
  readonly errors: ErrorReporter;
  readonly globals: HostGlobals;
  /** Whether a CSS media query matches (false where there is no media-query support). */
  matchMedia(query: string): boolean;
  /** Emits whether a CSS media query matches on subscription and on every change after it. */
  watchMedia(query: string): Observable<boolean>;
  readonly dom: DomPort | undefined;
}
