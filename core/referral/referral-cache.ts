import type { Platform } from '../platform/types.js';
import { createStore } from '../storage/namespaced-store.js';
import { toRegistrationParams } from './registration.js';
import { decideReferralCache, readQueryCodes } from './rules.js';
import type { ReferralCacheConfig, ReferralCodes, ReferralDecision, RegistrationReferral } from './types.js';
import { REFERRAL_CODE_FIELDS } from './types.js';
import { readRecord, expectObjectWith } from '../validate/describe-value.js';

/** The key of the cached codes in the 'common' storage area. */
export const REFERRAL_STORAGE_KEY = 'referral-codes';

export interface ReferralCacheOptions {
  /** Storage key inside the 'common' area. Default `REFERRAL_STORAGE_KEY`. */
  storageKey?: string;
}

export interface ReferralCache {
  /** Applies the cache rules to a visit (the current page by default) and stores its codes when they qualify. */
  capture(config: ReferralCacheConfig, url?: string): ReferralDecision;
  /** The cached codes, or undefined when none are cached or their end time has passed. */
  current(): ReferralCodes | undefined;
  /** The cached codes as registration parameters (empty when nothing is cached). */
  registrationParams(): RegistrationReferral;
  /** Forgets the cached codes (after a successful registration, for instance). */
  clear(): void;
}

function isStringList(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
}

function isReferralCodes(value: unknown): value is ReferralCodes {
  // Object() of anything but an object is a fresh object without the fields, so it fails the checks below.
  const record = Object(value) as Record<string, unknown>;
  if (typeof record.currentLink !== 'string' || typeof record.effectiveEndTime !== 'number') return false;
  return REFERRAL_CODE_FIELDS.every((field) => record[field] === undefined || isStringList(record[field]));
}

/**
 * The referral-code cache of spec §S3/§S5, kept in the 'common' storage area.
 *
 * @example
 * ```ts
 * const referral = createReferralCache(browserPlatform());
 * referral.capture(configFromServer); // stores the codes of the current URL when the rules allow
 * await http.post('/user/register/email', { ...form, ...referral.registrationParams() });
 * ```
 */
export function createReferralCache(platform: Platform, options: ReferralCacheOptions = {}): ReferralCache {
  options = readRecord('options', options, 'createReferralCache');
  expectObjectWith('platform', platform, 'createReferralCache', ['clock', 'location', 'localStorage']);
  const store = createStore(platform, 'common');
  const key = options.storageKey ?? REFERRAL_STORAGE_KEY;

  const cache: ReferralCache = {
    capture(config, url = platform.location.href) {
      const now = platform.clock.now();
      const codes = readQueryCodes(url);
      const decision = decideReferralCache(codes, url, config, now);
      // A decision to store always ends after now (decideReferralCache stores nothing that ends at once).
      if (decision.store) {
        const record: ReferralCodes = { ...codes, currentLink: url, effectiveEndTime: decision.effectiveEndTime };
        store.set(key, record, { expiresAt: decision.effectiveEndTime });
      }
      return decision;
    },
    current() {
      const record = store.get<ReferralCodes | undefined>(
        key,
        undefined,
        isReferralCodes as (v: unknown) => v is ReferralCodes | undefined,
      );
      if (record === undefined) return undefined;
      // The store drops expired envelopes; the record's own end time is checked too, so a hand-edited
      // or differently written entry is never returned past it.
      if (record.effectiveEndTime <= platform.clock.now()) {
        store.remove(key);
        return undefined;
      }
      return record;
    },
    registrationParams() {
      return toRegistrationParams(cache.current());
    },
    clear() {
      store.remove(key);
    },
  };
  return cache;
}
