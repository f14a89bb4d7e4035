import { InvalidArgumentError } from '../errors/exkit-error.js';
import { guardCallback } from '../errors/guard-callback.js';
import type { KeyValueStorage, Platform } from '../platform/types.js';
import { checkDuration } from '../validate/duration.js';
import { expectString, readRecord, invalidArgument, expectObjectWith } from '../validate/describe-value.js';

/** Spec §S9: the local storage databases, one per product area. */
export const STORAGE_AREAS = [
  'common',
  'separation',
  'mix',
  'copy',
  'community',
  'activity',
  'earn',
  'web-sdk',
  'web3',
  'axios-cache',
  'md5-cache',
] as const;

export type StorageArea = (typeof STORAGE_AREAS)[number];

/** Spec §S9: storage instances carry version 1. */
export const STORAGE_VERSION = 1;

/** The key prefix of an area's entries: a version bump moves to fresh keys and never reads stale shapes. */
export function storageKeyPrefix(area: StorageArea, version = STORAGE_VERSION): string {
  expectString('area', area, 'storageKeyPrefix');
  if (!Number.isInteger(version)) throw invalidArgument('version', 'an integer', version, 'storageKeyPrefix');
  return `exkit:${area}:v${version}:`;
}

interface Envelope {
  v: unknown;
  /** Expiry in ms since the epoch; absent when the value never expires. */
  e?: number;
}

export interface SetOptions {
  /**
   * Time to live in ms from now, rounded up to whole ms: a duration by the shared rule (finite, > 0, at most
   * 2^31 − 1 ms, about 24.8 days). A longer life is given as `expiresAt`.
   */
  ttlMs?: number;
  /** Absolute expiry in ms since the epoch: any finite time (one in the past stores an entry that reads as absent). */
  expiresAt?: number;
}

/** A runtime check for a stored value's shape. */
export type Guard<T> = (value: unknown) => value is T;

export interface NamespacedStore {
  readonly area: StorageArea;
  /** The stored value, or `fallback` when absent, expired, corrupted, of the wrong shape or unreadable. */
  get<T>(key: string, fallback: T, guard?: Guard<T>): T;
  /**
   * Stores a value; returns false (and keeps the old value) when the storage refuses the write or the value
   * has no JSON text. An invalid `ttlMs` or `expiresAt`, or both at once, is an InvalidArgumentError naming
   * the option, and nothing is written.
   */
  set(key: string, value: unknown, options?: SetOptions): boolean;
  remove(key: string): void;
  /** Removes every entry of this area and version. */
  clear(): void;
  /** The keys of this area (without the prefix). */
  keys(): string[];
  /** The full storage key for `key`, as other tabs see it in their cross-tab events. */
  storageKey(key: string): string;
}

export interface StoreOptions {
  /** Which storage backs the area. Default 'local'. */
  backend?: 'local' | 'session';
  version?: number;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'v' in value && (!('e' in value) || typeof (value as Envelope).e === 'number');
}

/**
 * The expiry an entry is written with, or undefined for none. Throws InvalidArgumentError for a TTL that is
 * not a duration, an expiry that is not a finite time, or both at once: each would store an entry that could
 * never be read back (NaN becomes null in JSON) or one whose life the caller did not mean.
 */
function expiryOf(options: SetOptions | undefined, platform: Platform): number | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('storage: set options must be an object', { field: 'options', value: options });
  }
  const { ttlMs, expiresAt } = readRecord('options', options, 'storage');
  // TTLs follow the one duration rule of every timer option. A storage TTL is compared with the clock, never
  // given to a timer, so a longer one would work; it is still refused so that one rule reads the same
  // everywhere, and `expiresAt` carries any longer life.
  checkDuration('ttlMs', ttlMs, { owner: 'storage' });
  // Number.isFinite is false for every non-number.
  if (expiresAt !== undefined && !Number.isFinite(expiresAt)) {
    throw new InvalidArgumentError('storage: expiresAt must be a finite time in ms since the epoch', {
      field: 'expiresAt',
      value: expiresAt,
    });
  }
  if (ttlMs !== undefined && expiresAt !== undefined) {
    throw new InvalidArgumentError('storage: give ttlMs or expiresAt, not both', { field: 'ttlMs', value: ttlMs });
  }
  if (expiresAt !== undefined) return expiresAt;
  // Whole ms, rounded up: the clock counts in ms, and a TTL of a fraction of one (5e-324 vanishes in the sum)
  // would store an entry already expired when written.
  return ttlMs === undefined ? undefined : platform.clock.now() + Math.ceil(ttlMs);
}

/**
 * Opens the store of one area on the platform's local (or session) storage.
 *
 * @example
 * ```ts
 * const common = createStore(browserPlatform(), 'common');
 * common.set('imageHost', 'https://img.example.com', { ttlMs: 86_400_000 });
 * common.get('imageHost', ''); // 'https://img.example.com' until it expires, then ''
 * ```
 */
export function createStore(platform: Platform, area: StorageArea, options: StoreOptions = {}): NamespacedStore {
  options = readRecord('options', options, 'createStore');
  expectObjectWith('platform', platform, 'createStore', ['clock', 'localStorage', 'sessionStorage']);
  const storage: KeyValueStorage = options.backend === 'session' ? platform.sessionStorage : platform.localStorage;
  const prefix = storageKeyPrefix(area, options.version);
  // Every method takes its key through here: a key that is not a string is named, before anything is read or written.
  const full = (key: string) => prefix + expectString('key', key, 'storage');
  const quietly = (run: () => void) => {
    try {
      run();
    } catch {
      // A storage that throws behaves as an empty one.
    }
  };

  const store: NamespacedStore = {
    area,
    get<T>(key: string, fallback: T, guard?: Guard<T>): T {
      const storageKey = full(key);
      if (guard !== undefined && typeof guard !== 'function') throw invalidArgument('guard', 'a function', guard, 'storage');
      let raw: string | null;
      try {
        raw = storage.getItem(storageKey);
      } catch {
        return fallback;
      }
      if (raw === null) return fallback;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return fallback;
      }
      if (!isEnvelope(parsed)) return fallback;
      if (parsed.e !== undefined && parsed.e <= platform.clock.now()) {
        quietly(() => storage.removeItem(storageKey));
        return fallback;
      }
      if (guard !== undefined) {
        // The caller's guard runs guarded: a throw reads as a value of the wrong shape (and is reported).
        const shape = guardCallback('store.get guard', () => guard(parsed.v), platform.errors);
        if (!shape.ok || !shape.value) return fallback;
      }
      return parsed.v as T;
    },
    set(key, value, setOptions) {
      const storageKey = full(key);
      const expiry = expiryOf(setOptions, platform);
      // The value's own JSON text: undefined, a function or a symbol has none (an envelope around it would read
      // back as corrupted), and a BigInt or a throwing getter makes stringify throw. Either way the old value stays.
      let valueText: string | undefined;
      try {
        valueText = JSON.stringify(value) as string | undefined;
      } catch {
        return false;
      }
      if (valueText === undefined) return false;
      // The envelope `{ v, e }`, written as JSON.stringify would write it, without a second pass over the value.
      const text = expiry === undefined ? `{"v":${valueText}}` : `{"v":${valueText},"e":${JSON.stringify(expiry)}}`;
      try {
        storage.setItem(storageKey, text);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      const storageKey = full(key);
      quietly(() => storage.removeItem(storageKey));
    },
    clear() {
      for (const key of store.keys()) store.remove(key);
    },
    keys() {
      try {
        return storage
          .keys()
          .filter((k) => k.startsWith(prefix))
          .map((k) => k.slice(prefix.length));
      } catch {
        return [];
      }
    },
    storageKey: full,
  };
  return store;
}
