import type { HttpAfterResponseHook } from '../../http/types.js';
import type { HttpClient } from '../../http/client.js';
import { requestContext } from '../../http/request-context.js';
import { RISK_TOKEN_PATH } from './constants.js';
import { expectString } from '../../validate/describe-value.js';

/** Asks the device service for a risk token; resolves with its text ('' when the answer carries none). Aborting cancels it. */
export type RiskTokenFetcher = (signal?: AbortSignal) => Promise<string>;

/** The device service's client: an exkit HTTP client (its `use` lets bare-string bodies through), or anything with its `get`. */
export type DeviceServiceClient = Pick<HttpClient, 'get'> & Partial<Pick<HttpClient, 'use'>>;

/** Marks the token call in its context so the body hook touches no other call of a shared client. */
const DEVICE_CALL_META = 'exkitRiskTokenCall';

/** A longer body is not a token (a page, a dump): it stays an error rather than becoming a header. */
const MAX_TOKEN_LENGTH = 4096;

// A bare body is taken as a token only when it reads as one: visible ASCII, no spaces. An error page or a
// sentence sent with status 200 stays a malformed answer instead of travelling as the risk-token header.
const BARE_TOKEN = /^[\x21-\x7e]+$/;
// Any token the client keeps must be a valid header value: no control characters (CR/LF would make
// Headers.set throw and fail every secured call), nothing outside the ByteString range.
const HEADER_SAFE = /^[\x20-\x7e\x80-\xff]+$/;

/**
 * The token of a device-service answer (spec §S7 "returns a string token"): a string as it is, or the
 * gateway envelope's `data` string; trimmed. '' when the answer carries no string a header can carry.
 */
export function deviceAnswerToken(answer: unknown): string {
  let token: unknown = answer;
  try {
    if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) token = (answer as { data?: unknown }).data;
  } catch {
    // An answer whose fields cannot be read carries no token.
    return '';
  }
  if (typeof token !== 'string') return '';
  const trimmed = token.trim();
  return trimmed.length <= MAX_TOKEN_LENGTH && HEADER_SAFE.test(trimmed) ? trimmed : '';
}

/**
 * The string a body stands for when it is not an envelope: a JSON string's value, or bare token text;
 * undefined for an envelope (an object) and for anything else, which the client then reports as malformed.
 */
export function bareDeviceAnswer(text: string): string | undefined {
  expectString('text', text, 'bareDeviceAnswer');
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return trimmed.length <= MAX_TOKEN_LENGTH && BARE_TOKEN.test(trimmed) ? trimmed : undefined;
  }
  return typeof parsed === 'string' ? parsed : undefined;
}

/** Hands the client an envelope for a bare-string answer of the token call, so its usual reading applies. */
const bareStringHook: HttpAfterResponseHook = async (_request, options, response) => {
  if (requestContext(options)?.meta[DEVICE_CALL_META] !== true || !response.ok) return undefined;
  // The response is the hook's own copy: the client runs its hooks under ky, which hands each one a clone.
  const token = bareDeviceAnswer(await response.text());
  if (token === undefined) return undefined;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json;charset=UTF-8');
  return new Response(JSON.stringify({ data: token }), { status: response.status, statusText: response.statusText, headers });
};

/**
 * The device service's token call over an exkit HTTP client made for that service's origin: GET
 * /v1/constantid/udid/c1 (spec §S7), answered with a bare string, a JSON string, or the gateway envelope
 * whose `data` is the token string. Silent: a failure is the risk token's to report, not a toast.
 */
export function deviceServiceFetcher(device: DeviceServiceClient, path: string = RISK_TOKEN_PATH): RiskTokenFetcher {
  return async (signal) => {
    // Installed for this call only (and scoped to it by its meta), so the client is left as it was found.
    const remove = device.use?.({ afterResponse: [bareStringHook] });
    try {
      const meta = { [DEVICE_CALL_META]: true };
      // A login-expired answer fails the attempt (retry, then error) instead of never settling (the client's
      // default for it); the client still emits its logout.
      const options = { silent: true, meta, onLoginExpired: 'reject' } as const;
      const answer = await device.get<unknown>(path, undefined, signal ? { ...options, signal } : options);
      return deviceAnswerToken(answer);
    } finally {
      remove?.();
    }
  };
}
