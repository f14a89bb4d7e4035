import type { Platform } from '../../platform/types.js';
import { createStore } from '../../storage/namespaced-store.js';
import { DEFAULT_RISK_TOKEN_NAMES, RISK_TOKEN_COOKIE_DAYS, SUCCESS_TOKEN_LENGTH } from './constants.js';
import { expectObjectWith, expectString, invalidArgument, readRecord } from '../../validate/describe-value.js';

/** What the device service's answer is (spec §S4). */
export type RiskTokenKind = 'success' | 'demoted';

/** The token the page holds, with the expiry recorded when it was fetched. */
export interface StoredRiskToken {
  token: string;
  kind: RiskTokenKind;
  /** When the token counts as expired (ms since the epoch); undefined when nothing was recorded. */
  expiresAt: number | undefined;
}

/** Classifies a device-service answer: 40 characters is a success token, other non-empty text demoted, blank empty. */
export function classifyRiskToken(raw: string): RiskTokenKind | 'empty' {
  expectString('raw', raw, 'classifyRiskToken');
  const token = raw.trim();
  if (token === '') return 'empty';
  return token.length === SUCCESS_TOKEN_LENGTH ? 'success' : 'demoted';
}

/** Whether a token must be refreshed: absent, without a recorded expiry, expired, or within one interval of expiry. */
export function isRiskTokenDue(stored: StoredRiskToken | undefined, now: number, intervalMs: number): boolean {
  if (typeof now !== 'number') throw invalidArgument('now', 'a number of ms', now, 'isRiskTokenDue');
  if (typeof intervalMs !== 'number') throw invalidArgument('intervalMs', 'a number of ms', intervalMs, 'isRiskTokenDue');
  if (!stored) return true;
  const { expiresAt } = readRecord('stored', stored, 'isRiskTokenDue');
  if (expiresAt === undefined) return true;
  if (typeof expiresAt !== 'number') throw invalidArgument('stored.expiresAt', 'a number of ms', expiresAt, 'isRiskTokenDue');
  return now >= expiresAt - intervalMs;
}

/** Where the tokens live: the success token in a cookie, its expiry and the demoted token in the common area. */
export interface RiskTokenStore {
  read(): StoredRiskToken | undefined;
  /** Stores a success token (cookie, expiry) and removes any demoted token. */
  saveSuccess(token: string, expiresAt: number): void;
  /** Stores a demoted token and removes the success cookie (the newest answer wins). */
  saveDemoted(token: string, expiresAt: number): void;
  clear(): void;
  /** The storage keys other tabs see change when this store writes (for cross-tab sync). */
  readonly storageKeys: readonly string[];
}

export interface RiskTokenStoreOptions {
  /** Default 'riskToken'. */
  cookieName?: string;
  /** Default 7 (spec §S9). */
  cookieDays?: number;
  /** Cookie path. Default '/'. */
  cookiePath?: string;
}

const EXPIRY_KEY = 'riskTokenExpiry';
const DEMOTED_KEY = 'riskTokenDemoted';

interface DemotedEntry {
  token: string;
  expiresAt: number;
}

// Guards for the store's reads (the fallback is undefined, hence the `| undefined` in their types).
const isExpiry = (value: unknown): value is number | undefined => typeof value === 'number' && Number.isFinite(value);
const isDemoted = (value: unknown): value is DemotedEntry | undefined =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<DemotedEntry>).token === 'string' &&
  (value as DemotedEntry).token !== '' &&
  isExpiry((value as Partial<DemotedEntry>).expiresAt);

/**
 * Opens the risk-token store on the platform's cookies and local storage; reads and writes never throw.
 *
 * @example
 * ```ts
 * const store = createRiskTokenStore(browserPlatform());
 * store.read(); // { token, kind: 'success' | 'demoted', expiresAt } or undefined
 * ```
 */
export function createRiskTokenStore(platform: Platform, options: RiskTokenStoreOptions = {}): RiskTokenStore {
  options = readRecord('options', options, 'createRiskTokenStore');
  expectObjectWith('platform', platform, 'createRiskTokenStore', ['cookies', 'localStorage']);
  const cookieName = options.cookieName ?? DEFAULT_RISK_TOKEN_NAMES.cookie;
  const cookieDays = options.cookieDays ?? RISK_TOKEN_COOKIE_DAYS;
  const path = options.cookiePath ?? '/';
  const common = createStore(platform, 'common');
  const removeCookie = () => {
    try {
      platform.cookies.remove(cookieName, { path });
    } catch {
      // A cookie jar that throws (a sandboxed frame) holds nothing to remove.
    }
  };
  return {
    read() {
      let cookie: string | undefined;
      try {
        cookie = platform.cookies.get(cookieName);
      } catch {
        cookie = undefined;
      }
      if (cookie !== undefined && classifyRiskToken(cookie) === 'success') {
        const expiry = common.get(EXPIRY_KEY, undefined, isExpiry);
        return { token: cookie.trim(), kind: 'success', expiresAt: expiry };
      }
      const demoted = common.get(DEMOTED_KEY, undefined, isDemoted);
      return demoted ? { token: demoted.token, kind: 'demoted', expiresAt: demoted.expiresAt } : undefined;
    },
    saveSuccess(token, expiresAt) {
      try {
        platform.cookies.set(cookieName, token, { days: cookieDays, path });
      } catch {
        // Without cookies the token lives only in the machine's context for this page.
      }
      common.set(EXPIRY_KEY, expiresAt);
      common.remove(DEMOTED_KEY);
    },
    saveDemoted(token, expiresAt) {
      removeCookie();
      common.remove(EXPIRY_KEY);
      common.set(DEMOTED_KEY, { token, expiresAt });
    },
    clear() {
      removeCookie();
      common.remove(EXPIRY_KEY);
      common.remove(DEMOTED_KEY);
    },
    storageKeys: [common.storageKey(EXPIRY_KEY), common.storageKey(DEMOTED_KEY)],
  };
}
