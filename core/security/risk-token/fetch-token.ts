import type { HttpClient } from '../../http/client.js';
import { RISK_TOKEN_PATH } from './constants.js';
import { expectString } from '../../validate/describe-value.js';

/** Asks the device service for a risk token; resolves with its text ('' when the answer carries none). Aborting cancels it. */
export type RiskTokenFetcher = (signal?: AbortSignal) => Promise<string>;

/** The device service's client: an exkit HTTP client (its `readBody` option reads bare-string bodies), or anything with its `get`. */
export type DeviceServiceClient = Pick<HttpClient, 'get'>;

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

/**
 * The device answer's text as the client's body reader: a bare token or a JSON string becomes an envelope
 * whose `data` is that string; anything else is parsed as JSON (an envelope, or a malformed answer).
 */
function readDeviceBody(text: string): unknown {
  const token = bareDeviceAnswer(text);
  return token === undefined ? JSON.parse(text) : { data: token };
}

/**
 * The device service's token call over an exkit HTTP client made for that service's origin: GET
 * /v1/constantid/udid/c1 (spec §S7), answered with a bare string, a JSON string, or the gateway envelope
 * whose `data` is the token string. Silent: a failure is the risk token's to report, not a toast.
 */
export function deviceServiceFetcher(device: DeviceServiceClient, path: string = RISK_TOKEN_PATH): RiskTokenFetcher {
  // A login-expired answer fails the attempt (retry, then error) instead of never settling (the client's
  // default for it); the client still emits its logout. The body reader is this call's own: the client is
  // shared, and no other call of it reads a bare body.
  const options = { silent: true, onLoginExpired: 'reject', readBody: readDeviceBody } as const;
  return async (signal) => deviceAnswerToken(await device.get<unknown>(path, undefined, signal ? { ...options, signal } : options));
}
