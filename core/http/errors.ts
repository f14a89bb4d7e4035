import { ExkitError } from '../errors/exkit-error.js';
import type { ApiEnvelope, HttpRequestContext } from './request-context.js';

export interface HttpRequestErrorDetails {
  context: HttpRequestContext;
  status?: number;
  envelope?: ApiEnvelope;
  cause?: unknown;
}

/**
 * Base of every failure of an HTTP call. `msg` is the user-facing text (localized), `context` says which
 * call failed, `status` the HTTP status when a response arrived, `envelope` (also `appData`) the body.
 */
export class HttpRequestError extends ExkitError {
  override name = 'HttpRequestError';
  readonly context: HttpRequestContext;
  readonly status?: number;
  readonly envelope?: ApiEnvelope;

  constructor(code: string, msg: string, details: HttpRequestErrorDetails) {
    super(code, msg, {
      cause: details.cause,
      appData: details.envelope,
      extra: { method: details.context.method, path: details.context.apiPath, status: details.status },
    });
    this.context = details.context;
    this.status = details.status;
    this.envelope = details.envelope;
  }
}

/** A non-2xx HTTP status (403 forbidden, 404/504 request error, 500 busy, others '{status}:…'). */
export class HttpStatusError extends HttpRequestError {
  override name = 'HttpStatusError';
  declare readonly status: number;
  constructor(msg: string, details: HttpRequestErrorDetails & { status: number }) {
    super('HTTP_STATUS', msg, details);
  }
}

/** fetch itself failed (offline, DNS, connection dropped). Not reported to the error service (spec §S8). */
export class HttpNetworkError extends HttpRequestError {
  override name = 'HttpNetworkError';
  constructor(msg: string, details: HttpRequestErrorDetails) {
    super('HTTP_NETWORK', msg, details);
  }
}

/** The call took longer than its timeout ('Request timed out!', spec §S8). */
export class RequestTimeoutError extends HttpRequestError {
  override name = 'RequestTimeoutError';
  readonly timeoutMs: number;
  constructor(msg: string, details: HttpRequestErrorDetails & { timeoutMs: number }) {
    super('HTTP_TIMEOUT', msg, details);
    this.timeoutMs = details.timeoutMs;
  }
}

/** Why a call was cancelled: a newer identical call, the caller's signal, or the client's disposal. */
export type CancelReason = 'duplicate' | 'aborted' | 'disposed';

/** The call was cancelled, not failed: no toast, no report. Tell it apart with `isExkitError(e, 'RequestCancelledError')`. */
export class RequestCancelledError extends HttpRequestError {
  override name = 'RequestCancelledError';
  readonly reason: CancelReason;
  constructor(reason: CancelReason, details: HttpRequestErrorDetails) {
    super('HTTP_CANCELLED', `Request cancelled (${reason})`, details);
    this.reason = reason;
  }
}

/** The session expired (codes 20906, 20205). Only seen by callers that chose `onLoginExpired: 'reject'`. */
export class LoginExpiredError extends HttpRequestError {
  override name = 'LoginExpiredError';
  readonly apiCode: string;
  constructor(msg: string, details: HttpRequestErrorDetails & { envelope: ApiEnvelope }) {
    super('HTTP_LOGIN_EXPIRED', msg, details);
    this.apiCode = String(details.envelope.code);
  }
}

/** The gateway answered with a failure in the body (status 'error' with msg, or codes 00004/00005/00006). */
export class HttpApiError extends HttpRequestError {
  override name = 'HttpApiError';
  readonly apiCode: string;
  constructor(msg: string, details: HttpRequestErrorDetails & { envelope: ApiEnvelope }) {
    super('HTTP_API', msg, details);
    this.apiCode = String(details.envelope.code);
  }
}

/** What was wrong with a body that could not serve as an envelope. */
export type InvalidResponseReason = 'empty' | 'malformed';

/** A 2xx answer without a usable body: empty ('no data body', spec §S8) or not JSON. */
export class HttpInvalidResponseError extends HttpRequestError {
  override name = 'HttpInvalidResponseError';
  readonly reason: InvalidResponseReason;
  constructor(msg: string, reason: InvalidResponseReason, details: HttpRequestErrorDetails) {
    super('HTTP_INVALID_RESPONSE', msg, details);
    this.reason = reason;
  }
}

/**
 * Why a redirect was not followed: another origin not on the allow list, a browser that hides the redirect
 * (`opaque`), an allowed other origin that would need the body resent (`body`), a Location that is not an
 * http(s) URL (`location`), or more than 20 hops (`too-many`).
 */
export type RedirectRefusal = 'cross-origin' | 'opaque' | 'body' | 'location' | 'too-many';

/**
 * The gateway answered with a redirect the client does not follow (see docs/http.md "Redirects").
 * `location` is the absolute target when the host shows it (a browser's opaque redirect does not);
 * `status` is the redirect's status when visible. Toasted ('unknown error') and reported: a gateway that
 * points elsewhere is misconfigured or compromised, never the user's connection.
 */
export class HttpRedirectError extends HttpRequestError {
  override name = 'HttpRedirectError';
  readonly reason: RedirectRefusal;
  /** Where the refused redirect pointed, without any `user:password@` (it is reported and logged). */
  readonly location?: string;
  constructor(msg: string, reason: RedirectRefusal, details: HttpRequestErrorDetails & { location?: string }) {
    super('HTTP_REDIRECT', msg, details);
    this.reason = reason;
    if (details.location !== undefined) this.location = withoutUserinfo(details.location);
  }
}

/** The authority's `user:password@` of an absolute URL (up to its last `@`, as the URL parser reads it). */
const USERINFO = /^([a-z][a-z\d+.-]*:)?([\\/]{2})[^\\/?#]*@/i;

/**
 * A URL text with its userinfo removed: a Location header can carry `user:password@`, and the error holding it
 * is reported. Read as the URL parser reads it (tabs and newlines dropped, ends trimmed) so no spelling keeps it.
 */
export function withoutUserinfo(text: string): string {
  if (URL.canParse(text)) {
    const url = new URL(text);
    if (url.username === '' && url.password === '') return text;
    url.username = '';
    url.password = '';
    return url.href;
  }
  // eslint-disable-next-line no-control-regex -- what the URL parser drops or trims
  const read = text.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  return USERINFO.test(read) ? read.replace(USERINFO, '$1$2') : text;
}

/**
 * A call could not be set up because a callback the app registered (a provider such as `locale` or
 * `terminalCode`) threw, or the host refused the request before it was sent. `extra.field` names the
 * provider when it is one; `cause` is what was thrown. Nothing was sent, nothing is toasted.
 */
export class HttpSetupError extends ExkitError {
  override name = 'HttpSetupError';
  constructor(msg: string, options: { field?: string; cause: unknown }) {
    super('HTTP_SETUP', msg, { cause: options.cause, ...(options.field === undefined ? {} : { extra: { field: options.field } }) });
  }
}

/** Raised for a time zone that is neither 'local', 'utc' nor an IANA zone name the host knows. */
export class UnknownTimeZoneError extends ExkitError {
  override name = 'UnknownTimeZoneError';
  readonly timeZone: unknown;
  constructor(timeZone: unknown) {
    super('UNKNOWN_TIME_ZONE', `Unknown time zone for request params: ${String(timeZone)}`, {
      extra: { field: 'timeZone', value: timeZone },
    });
    this.timeZone = timeZone;
  }
}
