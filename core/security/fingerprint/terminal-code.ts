import { bytesToHex } from '@noble/hashes/utils.js';
import { filter, firstValueFrom, map, merge, take } from 'rxjs';
import { timer$ } from '../../platform/rx.js';
import { MAX_TIMER_DELAY_MS, isDuration } from '../../validate/duration.js';
import type { Platform } from '../../platform/types.js';
import { createStore } from '../../storage/namespaced-store.js';
import { collectFingerprint } from './collect-fingerprint.js';
import {
  CROSS_TAB_WAIT_MS,
  MAX_TERMINAL_CODE_REGENERATIONS,
  PENDING_MARKER_TTL_MS,
  TERMINAL_CODE_KEY,
  TERMINAL_CODE_PENDING_KEY,
  TERMINAL_CODE_SALT_BYTES,
} from './constants.js';
import { FingerprintError } from './errors.js';
import { validateFingerprintOptions } from './fingerprint-options.js';
import type { FingerprintOptions } from './fingerprint-options.js';
import { sha256HexVia } from '../bytes.js';
import { canonicalJson } from './canonical-json.js';
import { isValidTerminalCode } from './terminal-code-hash.js';
import type { TerminalCodeHash } from './terminal-code-hash.js';
import type { Fingerprint } from './types.js';
import { readRecord, expectObjectWith, isRecord } from '../../validate/describe-value.js';

/** The platform's SubtleCrypto, or undefined when it has none or its crypto port cannot be read. */
function subtleOf(platform: Platform): SubtleCrypto | undefined {
  let subtle: SubtleCrypto | undefined;
  try {
    subtle = platform.crypto.subtle;
  } catch {
    // A crypto port that cannot be read offers no SubtleCrypto: the JavaScript digest is used.
  }
  return subtle;
}

/** Options of `createTerminalCode`. */
export interface TerminalCodeOptions {
  /** Where the components come from. Default: `collectFingerprint(platform, fingerprintOptions)`. */
  collect?: () => Promise<Fingerprint>;
  /** Options of the default collection. */
  fingerprintOptions?: FingerprintOptions;
  /** How long to wait for another tab that is computing. Default 1000 ms (spec §S9); 0 never waits. */
  crossTabWaitMs?: number;
  /** Lifetime of this tab's "computing" marker. Default 10 000 ms. */
  pendingMarkerTtlMs?: number;
  /** Canonical text to hex code. Default SHA-256: WebCrypto's where the platform has it, else `sha256Hex` (the same hex). */
  hash?: TerminalCodeHash;
  /** Salted retries before giving up with TERMINAL_CODE_INVALID. Default 8. */
  maxRegenerations?: number;
}

/** The device's terminal code, shared by every tab through the common storage area. */
export interface TerminalCode {
  /** The code: stored, received from another tab, or computed (concurrent callers share one computation). */
  get(): Promise<string>;
  /** The code if this tab or any tab already has it; never computes (for `providers.terminalCode`). */
  current(): string | undefined;
}

interface PendingMarker {
  owner: string;
}

const isMarker = (value: unknown): value is PendingMarker => isRecord(value) && typeof value.owner === 'string';

function invalid(field: string, value: unknown, why: string): never {
  throw new FingerprintError('FINGERPRINT_INVALID_OPTION', `${field} ${why}`, { extra: { field, value } });
}

/** Checks the fields of `options`, already a plain copy (readRecord refuses what is not an object). */
function validate(options: TerminalCodeOptions): void {
  const { crossTabWaitMs, pendingMarkerTtlMs, maxRegenerations } = options;
  // The shared duration rule (a delay every host's timer honours), reported as this module's error.
  if (crossTabWaitMs !== undefined && !isDuration(crossTabWaitMs, true)) {
    invalid('crossTabWaitMs', crossTabWaitMs, `must be a finite number of ms from 0 up to ${MAX_TIMER_DELAY_MS}`);
  }
  if (pendingMarkerTtlMs !== undefined && !isDuration(pendingMarkerTtlMs)) {
    invalid('pendingMarkerTtlMs', pendingMarkerTtlMs, `must be a positive, finite number of ms up to ${MAX_TIMER_DELAY_MS}`);
  }
  if (maxRegenerations !== undefined && (!Number.isInteger(maxRegenerations) || maxRegenerations < 1)) {
    invalid('maxRegenerations', maxRegenerations, 'must be a whole number, 1 or more');
  }
  if (options.collect !== undefined && typeof options.collect !== 'function') invalid('collect', options.collect, 'must be a function');
  if (options.hash !== undefined && typeof options.hash !== 'function') invalid('hash', options.hash, 'must be a function');
  if (options.fingerprintOptions !== undefined) validateFingerprintOptions(options.fingerprintOptions);
}

/**
 * The terminal code of a page: computed once per device and reused across tabs (spec §S5, §S9).
 *
 * @example
 * ```ts
 * const terminalCode = createTerminalCode(browserPlatform());
 * const http = createHttpClient(platform, { baseUrl, providers: { terminalCode: () => terminalCode.current() } });
 * await terminalCode.get(); // computed once, shared with the other tabs
 * ```
 */
export function createTerminalCode(platform: Platform, options: TerminalCodeOptions = {}): TerminalCode {
  options = readRecord('options', options, 'createTerminalCode');
  expectObjectWith('platform', platform, 'createTerminalCode', ['crossTab', 'crypto', 'timers', 'localStorage']);
  validate(options);
  const store = createStore(platform, 'common');
  const waitMs = options.crossTabWaitMs ?? CROSS_TAB_WAIT_MS;
  const markerTtlMs = options.pendingMarkerTtlMs ?? PENDING_MARKER_TTL_MS;
  // Without a hash of the caller's, SHA-256 runs through WebCrypto where the platform has it: native, and no
  // cold start of the pure-JavaScript digest on the page's first call (sha256HexVia falls back to it).
  const hash: (canonical: string) => string | Promise<string> = options.hash ?? ((text) => sha256HexVia(subtleOf(platform), text));
  const maxRegenerations = options.maxRegenerations ?? MAX_TERMINAL_CODE_REGENERATIONS;
  const fingerprintOptions = options.fingerprintOptions ?? {};
  const collect = options.collect ?? (() => collectFingerprint(platform, fingerprintOptions));
  const randomHex = (bytes: number) => bytesToHex(platform.crypto.getRandomValues(new Uint8Array(bytes)));
  const owner = randomHex(8);
  const codeKey = store.storageKey(TERMINAL_CODE_KEY);
  const markerKey = store.storageKey(TERMINAL_CODE_PENDING_KEY);
  let known: string | undefined;
  let inflight: Promise<string> | undefined;

  /** The shared code; an invalid one (the known-bad hash, garbage) is removed so that it gets regenerated. */
  const stored = (): string | undefined => {
    const value = store.get<unknown>(TERMINAL_CODE_KEY, undefined);
    if (value === undefined) return undefined;
    if (isValidTerminalCode(value)) return value;
    store.remove(TERMINAL_CODE_KEY);
    return undefined;
  };

  const markerOwner = () => store.get<PendingMarker | undefined>(TERMINAL_CODE_PENDING_KEY, undefined, isMarker)?.owner;
  const otherTabComputing = () => {
    const computing = markerOwner();
    return computing !== undefined && computing !== owner;
  };

  const current = (): string | undefined => {
    const shared = stored();
    if (shared !== undefined) known = shared;
    return known;
  };

  /** Another tab's code once it stores one; undefined when it gives up (marker gone) or after the wait. */
  const waitForOtherTab = (): Promise<string | undefined> =>
    firstValueFrom(
      merge(
        platform.crossTab.pipe(
          filter((change) => change.key === null || change.key === codeKey || change.key === markerKey),
          map(() => stored()),
          filter((code) => code !== undefined || !otherTabComputing()),
        ),
        timer$(platform.timers, waitMs).pipe(map(() => stored())),
      ).pipe(take(1)),
    );

  const codeOf = async (components: Readonly<Record<string, unknown>>): Promise<string> => {
    // No component at all would give every such device the same code: it is salted like a bad one.
    let code = Object.keys(components).length > 0 ? await hash(canonicalJson(components)) : undefined;
    for (let attempt = 0; !isValidTerminalCode(code); attempt++) {
      if (attempt >= maxRegenerations) {
        throw new FingerprintError('TERMINAL_CODE_INVALID', `no valid terminal code after ${maxRegenerations} regenerations`, {
          extra: { code },
        });
      }
      code = await hash(canonicalJson({ components, salt: randomHex(TERMINAL_CODE_SALT_BYTES) }));
    }
    return code;
  };

  const compute = async (): Promise<string> => {
    const claimed = store.set(TERMINAL_CODE_PENDING_KEY, { owner } satisfies PendingMarker, { ttlMs: markerTtlMs });
    try {
      const fingerprint = await collect();
      const code = await codeOf(fingerprint.components);
      // A tab that gave up waiting for us, or never saw our marker, may have stored first: one code wins.
      const winner = stored();
      if (winner !== undefined) return (known = winner);
      store.set(TERMINAL_CODE_KEY, code);
      return (known = code);
    } finally {
      if (claimed && markerOwner() === owner) store.remove(TERMINAL_CODE_PENDING_KEY);
    }
  };

  const resolve = async (): Promise<string> => {
    if (waitMs > 0 && otherTabComputing()) {
      const theirs = await waitForOtherTab();
      if (theirs !== undefined) return (known = theirs);
    }
    return compute();
  };

  return {
    current,
    get() {
      const code = current();
      if (code !== undefined) return Promise.resolve(code);
      inflight ??= resolve().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}
