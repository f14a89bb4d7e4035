import type { HttpBeforeRequestHook } from '../../http/types.js';
import { requestApiPath } from '../../http/request-context.js';
import { checkDuration } from '../../validate/duration.js';
import { DEFAULT_RISK_TOKEN_NAMES, RISK_TOKEN_INIT_WAIT_MS, RISK_TOKEN_URLS, USABLE_TOKEN_MAX_LENGTH } from './constants.js';
import { readRecord } from '../../validate/describe-value.js';

/** Where the header hook gets its token. */
export interface RiskTokenSource {
  /** The token held now, if any. */
  current(): string | undefined;
  /** Starts a refresh when the held token is due; never waits. */
  refreshIfDue(): void;
  /**
   * Refreshes, waits at most `waitMs` for the refresh to settle, then resolves with the token held; rejects
   * with InvalidArgumentError when `waitMs` is not a duration a timer honours (finite, > 0, ≤ 2^31 − 1 ms).
   */
  settle(waitMs: number): Promise<string | undefined>;
}

export interface RiskTokenHeaderOptions {
  /** Default 'riskToken'. */
  headerName?: string;
  /** The API paths that get the header. Default RISK_TOKEN_URLS (spec §S7). */
  urls?: readonly string[];
  /** How long a call waits for a token that is missing or not usable. Default 5000 ms (spec §S9). */
  initWaitMs?: number;
}

/** Whether a held token is sent as it is, without waiting for a refresh (spec §S5: shorter than 50 characters). */
export function isUsableRiskToken(token: string | undefined): token is string {
  return typeof token === 'string' && token !== '' && token.length < USABLE_TOKEN_MAX_LENGTH;
}

/**
 * A beforeRequest hook that puts the risk token on the listed calls (spec §S7). A usable token goes at
 * once (and a due one is refreshed behind it); otherwise the call waits up to the init wait for a refresh
 * and carries whatever token is then held, or no header. Throws InvalidArgumentError for a bad `initWaitMs`.
 */
export function riskTokenHeaderHook(source: RiskTokenSource, options: RiskTokenHeaderOptions = {}): HttpBeforeRequestHook {
  options = readRecord('options', options, 'riskTokenHeaderHook');
  const headerName = options.headerName ?? DEFAULT_RISK_TOKEN_NAMES.header;
  const urls = new Set(options.urls ?? RISK_TOKEN_URLS);
  checkDuration('initWaitMs', options.initWaitMs, { owner: 'risk token header' });
  const initWaitMs = options.initWaitMs ?? RISK_TOKEN_INIT_WAIT_MS;
  return async (request, kyOptions) => {
    // The path of the URL the request carries, not the one the call was written with.
    const path = requestApiPath(request, kyOptions);
    if (path === undefined || !urls.has(path)) return;
    let token = source.current();
    if (isUsableRiskToken(token)) source.refreshIfDue();
    else token = await source.settle(initWaitMs);
    if (token) request.headers.set(headerName, token);
  };
}
