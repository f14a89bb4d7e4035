import type { HttpClient } from '../../http/client.js';
import { RISK_TOKEN_PATH } from './constants.js';

/** Asks the device service for a risk token; resolves with its text ('' when the answer carries none). Aborting cancels it. */
export type RiskTokenFetcher = (signal?: AbortSignal) => Promise<string>;

/**
 * The device service's token call over an exkit HTTP client made for that service's origin: GET
 * /v1/constantid/udid/c1, answered with the gateway envelope whose `data` is the token string (seed 001 §7).
 * Silent: a failure is the risk token's to report, not a toast.
 */
export function deviceServiceFetcher(device: Pick<HttpClient, 'get'>, path: string = RISK_TOKEN_PATH): RiskTokenFetcher {
  return async (signal) => {
    const envelope = await device.get<unknown>(path, undefined, signal ? { silent: true, signal } : { silent: true });
    return typeof envelope.data === 'string' ? envelope.data : '';
  };
}
