// The client key pair (spec §S3, §S4): a stored backup pair, or a fresh one generated in a secure
// context within 8 s; after a login it is kept bound to the session token (by hash) and the user id.
import { createStore } from '../storage/namespaced-store.js';
import { checkDuration } from '../validate/duration.js';
import type { Platform } from '../platform/types.js';
import { KEY_ALGORITHM_BITS, KEY_GENERATION_TIMEOUT_MS } from './constants.js';
import type { KeyAlgorithm } from './constants.js';
import { SigningInitError } from './errors.js';
import type { RsaEngine } from './rsa-engine.js';
import { sha256Hex } from './bytes.js';
import { expectObjectWith, expectString, readRecord } from '../validate/describe-value.js';

/** Spec §S3: the client key pair with the time it was stored. */
export interface ClientKeyPair {
  publicKey: string;
  privateKeyPem: string;
  algorithm: KeyAlgorithm;
  storedAt: number;
}

/** A key pair bound to a session after a login-type call succeeded (spec §S4). */
export interface BoundKeyPair {
  /** Hex SHA-256 of the session token; the token itself is not stored here. */
  tokenHash: string;
  userId: string;
  pair: ClientKeyPair;
}

const BACKUP_KEY = 'gatewaySignKeyBackup';
const BOUND_KEY = 'gatewaySignKeyBound';

/** Whether `value` is a client key pair (its algorithm one of KEY_ALGORITHM_BITS' own keys). */
// Own keys of KEY_ALGORITHM_BITS only: `'toString' in KEY_ALGORITHM_BITS` is true through the prototype.
export const isClientKeyPair = (value: unknown): value is ClientKeyPair => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.publicKey === 'string' &&
    typeof v.privateKeyPem === 'string' &&
    typeof v.algorithm === 'string' &&
    Object.hasOwn(KEY_ALGORITHM_BITS, v.algorithm) &&
    typeof v.storedAt === 'number'
  );
};
const isBound = (value: unknown): value is BoundKeyPair => {
  // Stryker disable next-line ConditionalExpression: isBound only sees JSON.parse output; a string, number or boolean has no tokenHash.
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.tokenHash === 'string' && typeof v.userId === 'string' && isClientKeyPair(v.pair);
};

/** Hex SHA-256 of a session token, the form a bound pair keeps. */
export function tokenHashOf(token: string): string {
  expectString('token', token, 'tokenHashOf');
  return sha256Hex(token);
}

/** Where the client key pairs live: the common area of local storage. */
export interface ClientKeyStore {
  backup(): ClientKeyPair | undefined;
  saveBackup(pair: ClientKeyPair): boolean;
  removeBackup(): void;
  /** The pair bound by the last login, whatever its token. */
  bound(): BoundKeyPair | undefined;
  /** The bound pair when it belongs to this token. */
  boundTo(token: string): ClientKeyPair | undefined;
  /** Binds a pair to a session token and user id; the backup slot is emptied. */
  bind(pair: ClientKeyPair, token: string, userId: string): boolean;
  clear(): void;
}

/**
 * Opens the client key store on the platform's local storage.
 *
 * @example
 * ```ts
 * const keys = createClientKeyStore(browserPlatform());
 * keys.boundTo(token); // the login key pair saved for this token, if any
 * ```
 */
export function createClientKeyStore(platform: Platform): ClientKeyStore {
  expectObjectWith('platform', platform, 'createClientKeyStore', ['clock', 'localStorage']);
  const store = createStore(platform, 'common');
  return {
    backup: () =>
      store.get<ClientKeyPair | undefined>(BACKUP_KEY, undefined, isClientKeyPair as (v: unknown) => v is ClientKeyPair | undefined),
    saveBackup: (pair) => store.set(BACKUP_KEY, pair),
    removeBackup: () => store.remove(BACKUP_KEY),
    bound: () => store.get<BoundKeyPair | undefined>(BOUND_KEY, undefined, isBound as (v: unknown) => v is BoundKeyPair | undefined),
    boundTo(token) {
      const bound = this.bound();
      return bound && bound.tokenHash === tokenHashOf(token) ? bound.pair : undefined;
    },
    bind(given, token, userId) {
      const pair = readRecord('pair', given, 'clientKeys.bind');
      const ok = store.set(BOUND_KEY, {
        tokenHash: tokenHashOf(token),
        userId,
        pair: { ...pair, storedAt: platform.clock.now() },
      } satisfies BoundKeyPair);
      if (ok) store.remove(BACKUP_KEY);
      return ok;
    },
    clear() {
      store.remove(BACKUP_KEY);
      store.remove(BOUND_KEY);
    },
  };
}

export interface ObtainKeyPairOptions {
  platform: Platform;
  engine: RsaEngine;
  store: ClientKeyStore;
  algorithm: KeyAlgorithm;
  /** Spec §S9 default 8000 ms. */
  timeoutMs?: number;
  /** Called when a generation that timed out finishes later and its pair is kept as the backup. */
  onBackupStored?: (pair: ClientKeyPair) => void;
}

/**
 * The key pair for a login: the stored backup pair when present, else a new one (secure context only,
 * within the time-out). A generation that times out keeps running and its pair becomes the backup.
 */
export async function obtainClientKeyPair(options: ObtainKeyPairOptions): Promise<ClientKeyPair> {
  options = readRecord('options', options, 'obtainClientKeyPair');
  expectObjectWith('options', options, 'obtainClientKeyPair', ['platform', 'engine', 'store']);
  expectObjectWith('options.platform', options.platform, 'obtainClientKeyPair', ['crypto']);
  const { platform, engine, store, algorithm } = options;
  checkDuration('timeoutMs', options.timeoutMs, { owner: 'client key pair' });
  const backup = store.backup();
  if (backup) return backup;
  if (!platform.crypto.isSecureContext) {
    throw new SigningInitError('INSECURE_CONTEXT', 'a client key pair is generated only in a secure context (https)');
  }
  const stamp = (generated: { publicKey: string; privateKeyPem: string }): ClientKeyPair => ({
    ...generated,
    algorithm,
    storedAt: platform.clock.now(),
  });
  const generation = engine.generateKeyPair(KEY_ALGORITHM_BITS[algorithm]).then(stamp);
  let timedOut = false;
  let handle: unknown;
  const timeout = new Promise<never>((_, reject) => {
    handle = platform.timers.setTimeout(() => {
      timedOut = true;
      reject(
        new SigningInitError(
          'KEY_GENERATION_TIMEOUT',
          `key generation took longer than ${options.timeoutMs ?? KEY_GENERATION_TIMEOUT_MS} ms`,
        ),
      );
    }, options.timeoutMs ?? KEY_GENERATION_TIMEOUT_MS);
  });
  // The slow generation goes on in the background and becomes the backup for the next attempt.
  generation.then(
    (pair) => {
      if (timedOut && store.saveBackup(pair)) options.onBackupStored?.(pair);
    },
    () => undefined,
  );
  try {
    const pair = await Promise.race([generation, timeout]);
    store.saveBackup(pair);
    return pair;
  } catch (cause) {
    if (cause instanceof SigningInitError) throw cause;
    throw new SigningInitError('KEY_GENERATION_FAILED', 'client key pair generation failed', { cause });
  } finally {
    platform.timers.clearTimeout(handle);
  }
}
