import type { ParamTimeZone } from './clean-params.js';
import type { HttpRequestError } from './errors.js';
import type { ContentType, HttpRequestContext } from './request-context.js';

/** The `appTheme` header's values. Spec §S3. */
export type AppTheme = 'standard' | 'dark';

/** Request params: a plain object (cleaned before sending), or a ready FormData for uploads. */
export type HttpParams = Readonly<Record<string, unknown>> | FormData;

/** Values for the headers sent on every call (spec §S3), read at request time. */
export interface HttpProviders {
  /** The current locale ('en', 'zh-CN', …): the `locale` header, `language`, `languageType` and messages. Default 'en'. */
  locale?: () => string;
  /** The `appTheme` header. Default 'dark' (spec §S3 global default theme). */
  appTheme?: () => AppTheme;
  /** The device fingerprint for the `terminalCode` header; omitted while undefined. */
  terminalCode?: () => string | undefined;
  /** The `devicelanguage` header. Default: the platform's first preferred language. */
  deviceLanguage?: () => string | undefined;
  /** Whether the page runs in the beta environment (adds the beta header). Default false. */
  beta?: () => boolean;
}

/**
 * The call's options as a hook sees them. `context` holds per-call data: read exkit's `HttpRequestContext`
 * from it with `requestContext(options)`. At run time this is the options object of the HTTP engine
 * underneath (ky today), which has more fields; only these are promised.
 */
export interface HttpHookOptions {
  readonly context?: Readonly<Record<string, unknown>>;
}

/**
 * Which attempt of the call a hook runs for. The client never retries, so `retryCount` is 0 there; it is
 * passed for hooks that are also installed on an engine that does (a hook should not redo a retry's work).
 */
export interface HttpHookState {
  readonly retryCount: number;
}

/**
 * Runs before a call goes out, with its final headers, URL and body. Return a `Request` to replace it (the
 * next hook gets the replacement), a `Response` to answer without the network, or nothing.
 */
export type HttpBeforeRequestHook = (
  request: Request,
  options: HttpHookOptions,
  state: HttpHookState,
) => Request | Response | void | Promise<Request | Response | void>;

/**
 * Runs on every response, error statuses included, before the client reads the envelope. Return a
 * `Response` to replace it, or nothing.
 */
export type HttpAfterResponseHook = (
  request: Request,
  options: HttpHookOptions,
  response: Response,
  state: HttpHookState,
) => Response | void | Promise<Response | void>;

/** A hook that sees every failure (status, network, timeout, cancellation, body codes) before it is acted on. */
export type HttpBeforeErrorHook = (
  error: HttpRequestError,
  state: { context: HttpRequestContext },
) => HttpRequestError | void | Promise<HttpRequestError | void>;

/**
 * The hook pipeline; each list runs after the client's own work, in order. The hook types are exkit's own
 * (the engine underneath, ky, is not part of the public API).
 * - `beforeRequest`: headers, URL and body are final. A hook returning a `Request` replaces the request and
 *   the REST OF THE LIST STILL RUNS (so encryption then signing both apply); a returned `Response`
 *   short-circuits the network.
 * - `afterResponse`: run on every response, error statuses included, before the client reads the
 *   envelope. Return a `Response` to replace it.
 * - `beforeError`: every failure (status, network, time-out, cancellation, body codes) passes here before
 *   toasts, logouts and rejection; return another error to replace it.
 */
export interface HttpHooks {
  beforeRequest?: HttpBeforeRequestHook[];
  afterResponse?: HttpAfterResponseHook[];
  beforeError?: HttpBeforeErrorHook[];
}

/** What happens to a call whose answer says the login expired (codes 20906, 20205). */
export type LoginExpiredMode = 'hang' | 'reject';

export interface HttpClientOptions {
  /** Origin (and optional base path) of the gateway, e.g. 'https://api.example.com'. */
  baseUrl: string;
  /** Path prefix of every call. Default '/v1' (spec §S7). */
  prefix?: string;
  /**
   * Milliseconds before a call fails with the timeout message, or `false` for no limit. Default 10000
   * (spec §S9). Must be finite, > 0 and ≤ 2^31 − 1: anything else is an InvalidArgumentError when the
   * client is made.
   */
  timeout?: number | false;
  /** Whether calls cancel a pending identical call. Default false: the seed ignores cancellation by default. */
  cancelDuplicates?: boolean;
  /** 'hang' (default, spec §S8): the promise never settles; 'reject': it rejects with LoginExpiredError. */
  onLoginExpired?: LoginExpiredMode;
  providers?: HttpProviders;
  /** The beta header's name and value. Default `beta: true` (our choice: the seed does not spell it). */
  betaHeader?: { name: string; value: string };
  hooks?: HttpHooks;
  /** Quiet window for toasts and logouts. Default 2000 ms (spec §S9); finite, > 0, ≤ 2^31 − 1. */
  eventDebounceMs?: number;
  /** Time zone Dates in params are written in: 'local' (default), 'utc' or an IANA zone name such as 'Asia/Shanghai'. */
  timeZone?: ParamTimeZone;
  /** fetch's credentials mode. Default: fetch's own ('same-origin'). */
  credentials?: RequestCredentials;
  /**
   * Origins (absolute http(s) URLs) a redirect may lead to besides the gateway's own. Default none: a
   * redirect to another origin rejects with HttpRedirectError. Even to these, only the client's non-secret
   * headers travel, never cookies, credentials or a body (docs/http.md "Redirects").
   */
  allowedRedirectOrigins?: readonly string[];
}

export interface RequestOptions {
  /** How a non-GET call sends its params. Default 'json'; ignored for GET. */
  contentType?: ContentType;
  /** Overrides the client's timeout for this call (`false`: no limit); an invalid value rejects the call. */
  timeout?: number | false;
  /** Overrides the client's `cancelDuplicates` for this call. */
  cancelDuplicates?: boolean;
  /** Extra headers for this call (they win over the standard ones; `undefined` removes one). */
  headers?: Record<string, string | undefined>;
  /** Aborting it rejects the call with RequestCancelledError (reason 'aborted'). */
  signal?: AbortSignal;
  /** Overrides the client's `onLoginExpired` for this call. */
  onLoginExpired?: LoginExpiredMode;
  /** No toast for this call's failures (background calls); logouts and error reports still go out. */
  silent?: boolean;
  /** Copied into `context.meta` for the hooks (e.g. `{ skipSign: true }`). */
  meta?: Record<string, unknown>;
  /**
   * Reads a 2xx answer's text into the value the client then checks as the gateway's envelope. Default
   * `JSON.parse`. For a service that does not answer in JSON (the device service's bare token). Synchronous: a
   * throw, or a promise returned, is HttpInvalidResponseError 'malformed' with the cause. An empty text or an
   * error status never reaches it.
   */
  readBody?: (text: string) => unknown;
}

/** A toast the UI should show; debounced with the other toasts. */
export interface HttpToastEvent {
  type: 'toast';
  message: string;
  /** The error's stable code (e.g. 'HTTP_STATUS'), or the caller's code for events pushed with `emit`. */
  code: string;
  /** The API path of the failing call, when there is one. */
  path?: string;
  error?: HttpRequestError;
}

/** The app should log the user out (clear the session and go to the login page); debounced. */
export interface HttpLogoutEvent {
  type: 'logout';
  /** 'loginExpired' for codes 20906/20205; other services may push their own reasons. */
  reason: string;
  path?: string;
}

export type HttpEvent = HttpToastEvent | HttpLogoutEvent;
