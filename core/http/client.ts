import ky from 'ky';
import type { AfterResponseHook, BeforeRequestHook, KyRequest } from 'ky';
import type { Observable } from 'rxjs';
import { isResultCode, languageKey, message, requestLanguage } from '../catalog/index.js';
import { ExkitError, InvalidArgumentError } from '../errors/exkit-error.js';
import type { Platform, TimerHandle } from '../platform/types.js';
import { checkDuration } from '../validate/duration.js';
import { assertParamTimeZone, cleanParams } from './clean-params.js';
import {
  API_PREFIX,
  DEFAULT_BETA_HEADER,
  ERROR_BODY_STATUS,
  ERROR_EVENT_DEBOUNCE_MS,
  HTTP_TIMEOUT_MS,
  TERMINAL_TYPE,
  USER_INFO_PATH,
} from './constants.js';
import {
  HttpApiError,
  HttpRequestError,
  HttpStatusError,
  HttpInvalidResponseError,
  LoginExpiredError,
  HttpNetworkError,
  HttpRedirectError,
  HttpSetupError,
  RequestCancelledError,
  RequestTimeoutError,
} from './errors.js';
import type { CancelReason, RedirectRefusal } from './errors.js';
import { debouncedEventChannel } from './events.js';
import { httpStatusMessage } from './messages.js';
import { CROSS_ORIGIN_HEADERS, fetchFollowingRedirects } from './redirect.js';
import type { RedirectPolicy } from './redirect.js';
import { requestContext, withRequestContext } from './request-context.js';
import { withBodyText } from './body-text.js';
import type { ApiEnvelope, ContentType, HttpMethod, HttpRequestContext } from './request-context.js';
import { appendSearchParams, paramsKey, toFormData } from './serialize.js';
import { isWirePath } from './wire-path.js';
import { guardedStream } from '../errors/guarded-observable.js';
import { safeReport } from '../errors/guard-callback.js';
import type {
  HttpAfterResponseHook,
  HttpBeforeRequestHook,
  HttpClientOptions,
  HttpEvent,
  HttpHooks,
  HttpParams,
  HttpProviders,
  LoginExpiredMode,
  RequestOptions,
} from './types.js';
import {
  expectArray,
  expectHttpUrl,
  expectObjectWith,
  invalidArgument,
  isRecord,
  readGuarded,
  readRecord,
} from '../validate/describe-value.js';

/** The exchange's HTTP client: one instance per gateway. */
export interface HttpClient {
  /** Sends one call and resolves with the gateway's envelope; rejects with an HttpRequestError subclass. */
  request<T = unknown>(method: HttpMethod, path: string, params?: HttpParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** GET: params go to the query with `languageType` and `_t`. */
  get<T = unknown>(path: string, params?: HttpParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** POST: params are the body (json by default). */
  post<T = unknown>(path: string, params?: HttpParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** PUT: params are the body (json by default). */
  put<T = unknown>(path: string, params?: HttpParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** DELETE: params are the body (json by default). */
  delete<T = unknown>(path: string, params?: HttpParams, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** Toasts and logouts, each type debounced on the leading edge (one per burst). Hot; completes on dispose. */
  readonly events$: Observable<HttpEvent>;
  /** Pushes a toast or logout through the same debounce (for services plugged in as hooks). */
  emit(event: HttpEvent): void;
  /**
   * Appends hooks after those already installed (for services built with the client, such as the risk
   * token or request signing); calls already in flight are not affected. Returns a function that removes them.
   */
  use(hooks: HttpHooks): () => void;
  /** How many calls are in flight (a hanging login-expired call is not). */
  readonly pendingCount: number;
  /** @deprecated Read {@link HttpClient.pendingCount}; the same number under its old name. */
  readonly pending: number;
  /** Cancels every call in flight (RequestCancelledError 'disposed') and completes `events$`. */
  dispose(): void;
}

type Outcome<T> = { ok: ApiEnvelope<T> } | { error: unknown };

/**
 * Marks a failure of fetch itself, so it is not confused with an error thrown by a hook. `inBody`:
 * the head had arrived and the body broke off, where hosts give texts not written for users ('terminated').
 */
class FetchFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly inBody = false,
  ) {
    // Stryker disable next-line StringLiteral: never shown; classify() turns the failure into an HttpNetworkError
    super('fetch failed');
  }
}

const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** A prefix with one leading slash and none at the end: '' and '/' are no prefix. */
function normalizePrefix(prefix: string): string {
  const withSlash = prefix.startsWith('/') ? prefix : `/${prefix}`;
  return withSlash.replace(/\/+$/, '');
}

/** Splits an app path into the path without the prefix and with it; a path already prefixed is accepted. */
function resolvePaths(raw: string, prefix: string): { path: string; apiPath: string } {
  let path = raw.startsWith('/') ? raw : `/${raw}`;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length) || '/';
  return { path, apiPath: prefix + path };
}

const HOOK_LISTS = ['beforeRequest', 'afterResponse', 'beforeError'] as const;

/**
 * A checked copy of a set of hooks: an object whose lists, when given, are arrays of functions. InvalidArgumentError
 * naming the list (or the hook) otherwise, so that nothing malformed is ever installed.
 */
function readHooks(field: string, value: unknown, owner: string): HttpHooks {
  const given = readRecord(field, value as HttpHooks, owner);
  const hooks: Record<string, unknown[]> = {};
  for (const key of HOOK_LISTS) {
    const list: unknown = given[key];
    if (list === undefined) continue;
    expectArray(`${field}.${key}`, list, owner, 'an array of functions');
    const copy = readGuarded(`${field}.${key}`, 'an array of functions', list, owner, () => [...(list as unknown[])]);
    copy.forEach((hook, i) => {
      if (typeof hook !== 'function') throw invalidArgument(`${field}.${key}[${i}]`, 'a function', hook, owner);
    });
    hooks[key] = copy;
  }
  return hooks as HttpHooks;
}

/** The string body of each call in flight, by its context, for the hooks' first request (see body-text.ts). */
const callBodies = new WeakMap<HttpRequestContext, string | undefined>();

/**
 * Runs our beforeRequest hooks in order as one ky hook; a returned Request replaces the current one and the
 * list goes on. Hooks see exkit's own hook types: ky's signature stays inside this file. The request ky built
 * carries the call's body as the client wrote it, so its text is recorded for the hooks that read it.
 */
function chainBeforeRequest(hooks: readonly HttpBeforeRequestHook[]): BeforeRequestHook {
  return async (request, options, state) => {
    const context = requestContext(options);
    const text = context && callBodies.get(context);
    // The client never retries (ky's retry is 0), so this is the call's one request.
    withBodyText(request, text);
    let current: KyRequest = request;
    for (const hook of hooks) {
      const result = await hook(current, options, { retryCount: state.retryCount });
      if (result instanceof Response) return result;
      if (result instanceof Request) current = result as KyRequest;
    }
    // ky takes a returned Request as the one to send; ours is its only beforeRequest hook, so the one it holds is fine.
    return current;
  };
}

/** One of our afterResponse hooks as a ky hook: ky's arguments mapped onto ours. */
function kyAfterResponse(hook: HttpAfterResponseHook): AfterResponseHook {
  return (request, options, response, state) => hook(request, options, response, { retryCount: state.retryCount });
}

/** An object or a function with a `then` method: what `await` and Promise.resolve treat as a promise. */
function isThenable(value: unknown): boolean {
  return (
    ((typeof value === 'object' && value !== null) || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'DELETE']);
const CONTENT_TYPES: ReadonlySet<string> = new Set<ContentType>(['json', 'form', 'multipart']);
const LOGIN_EXPIRED_MODES: ReadonlySet<string> = new Set<LoginExpiredMode>(['hang', 'reject']);
const CREDENTIALS: ReadonlySet<string> = new Set<RequestCredentials>(['omit', 'same-origin', 'include']);
const PROVIDER_NAMES = ['locale', 'appTheme', 'terminalCode', 'deviceLanguage', 'beta'] as const;
/** `timeout: false` means no time limit (ky's spelling); every other value must be a timer-safe duration. */
const TIMEOUT_RULE = { none: false, owner: 'http' } as const;

function checkOneOf(field: string, value: unknown, allowed: ReadonlySet<string>): void {
  // A value that is no string is in no set of strings.
  if (value !== undefined && !allowed.has(value as string)) {
    throw new InvalidArgumentError(`http: ${field} must be one of ${[...allowed].join(', ')}`, { field, value });
  }
}

/** CR, LF and NUL: a value holding one is refused rather than cut by the host. */
const UNSAFE_HEADER_VALUE = /[\r\n\0]/;

/**
 * Sets one header (an undefined value removes it). A value that is not a string, number or boolean, that
 * holds CR, LF or NUL anywhere, or that the host refuses (a bad name, a character above U+00FF) is an
 * InvalidArgumentError naming `field`: a value is never sent cut or altered.
 */
function putHeader(headers: Headers, name: string, value: unknown, field: string): void {
  let text: string | undefined;
  if (value !== undefined) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw invalidHeader(name, field);
    text = String(value);
    if (UNSAFE_HEADER_VALUE.test(text)) throw invalidHeader(name, field);
  }
  try {
    // Stryker disable next-line ConditionalExpression: ky drops a header whose value is the text 'undefined', as if deleted
    if (text === undefined) headers.delete(name);
    else headers.set(name, text);
  } catch {
    throw invalidHeader(name, field);
  }
}

/** The error for a header putHeader refuses. The value stays out of it: it may be a secret (a session token), and errors get logged. */
function invalidHeader(name: string, field: string): InvalidArgumentError {
  return new InvalidArgumentError(`http: ${field} is not a valid header (name ${JSON.stringify(name)})`, { field });
}

/** Checks the client's options once, when it is made: every fault is an InvalidArgumentError naming the option. */
function checkClientOptions(options: HttpClientOptions): { baseUrl: string; allowedOrigins: ReadonlySet<string> } {
  const base = expectHttpUrl('baseUrl', options.baseUrl, 'http');
  if (base.username !== '' || base.password !== '' || base.search !== '' || base.hash !== '') {
    throw new InvalidArgumentError('http: baseUrl must not carry credentials, a query or a fragment', {
      field: 'baseUrl',
      value: options.baseUrl,
    });
  }
  if (options.prefix !== undefined && typeof options.prefix !== 'string') {
    throw new InvalidArgumentError('http: prefix must be a string', { field: 'prefix', value: options.prefix });
  }
  checkDuration('timeout', options.timeout, TIMEOUT_RULE);
  checkDuration('eventDebounceMs', options.eventDebounceMs, { owner: 'http' });
  checkOneOf('onLoginExpired', options.onLoginExpired, LOGIN_EXPIRED_MODES);
  checkOneOf('credentials', options.credentials, CREDENTIALS);
  if (options.providers !== undefined) {
    if (!isRecord(options.providers))
      throw new InvalidArgumentError('http: providers must be an object', { field: 'providers', value: options.providers });
    for (const name of PROVIDER_NAMES) {
      const provider = options.providers[name];
      if (provider !== undefined && typeof provider !== 'function') {
        throw new InvalidArgumentError(`http: providers.${name} must be a function`, { field: `providers.${name}`, value: provider });
      }
    }
  }
  if (options.betaHeader !== undefined) {
    const beta = options.betaHeader as unknown;
    if (!isRecord(beta) || typeof beta.name !== 'string' || typeof beta.value !== 'string') {
      throw new InvalidArgumentError('http: betaHeader must be { name: string, value: string }', { field: 'betaHeader', value: beta });
    }
    putHeader(new Headers(), beta.name, beta.value, 'betaHeader');
  }
  // Kept as origins: the path, query or fragment an entry may carry plays no part in where a redirect may go.
  const allowed = new Set<string>();
  const list = options.allowedRedirectOrigins as unknown;
  if (list !== undefined) {
    if (!Array.isArray(list))
      throw new InvalidArgumentError('http: allowedRedirectOrigins must be an array of origins', {
        field: 'allowedRedirectOrigins',
        value: list,
      });
    list.forEach((origin: unknown, index) => allowed.add(expectHttpUrl(`allowedRedirectOrigins[${index}]`, origin, 'http').origin));
  }
  return { baseUrl: options.baseUrl.replace(/\/+$/, ''), allowedOrigins: allowed };
}

/** What a call needs once its arguments have been checked and its providers read. */
interface CallSetup {
  method: HttpMethod;
  path: string;
  apiPath: string;
  url: string;
  locale: string;
  startedAt: number;
  cleaned: Readonly<Record<string, unknown>> | FormData | undefined;
  bodyType: HttpRequestContext['bodyType'];
  body: BodyInit | undefined;
  headers: Headers;
  options: RequestOptions;
}

/**
 * Creates the HTTP client (spec §S7, §S8) on ky, with the platform's fetch and timers.
 *
 * @example
 * ```ts
 * const http = createHttpClient(browserPlatform(), { baseUrl: 'https://api.example.com' });
 * const { data } = await http.get<{ name: string }>('/user/overview/userinfo'); // GET /v1/user/overview/userinfo
 * http.events$.subscribe((event) => event.type === 'toast' && showToast(event.message));
 * http.dispose();
 * ```
 */
export function createHttpClient(platform: Platform, options: HttpClientOptions): HttpClient {
  options = readRecord('options', options, 'createHttpClient');
  expectObjectWith('platform', platform, 'createHttpClient', ['clock', 'errors', 'fetch', 'languages', 'timers']);
  // Every option is checked here, so a bad one fails when the client is made, not on some later call.
  const { baseUrl, allowedOrigins } = checkClientOptions(options);
  const prefix = normalizePrefix(options.prefix ?? API_PREFIX);
  // The base URL's own path ('' for an origin): what a URL's pathname holds before the API path.
  // baseUrl ends in no slash, so only an origin's pathname, '/', ends in one.
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const defaultTimeout: number | false = options.timeout ?? HTTP_TIMEOUT_MS;
  const defaultCancelDuplicates = options.cancelDuplicates ?? false;
  const defaultLoginExpired: LoginExpiredMode = options.onLoginExpired ?? 'hang';
  const providers = options.providers ?? {};
  const betaHeader = options.betaHeader ?? DEFAULT_BETA_HEADER;
  const crossOriginHeaders: ReadonlySet<string> = new Set([...CROSS_ORIGIN_HEADERS, betaHeader.name.toLowerCase()]);
  const timeZone = options.timeZone ?? 'local';
  // A misspelt zone fails here, when the client is made, not on the first request that carries a Date.
  assertParamTimeZone(timeZone);
  const channel = debouncedEventChannel<HttpEvent>(platform.timers, options.eventDebounceMs ?? ERROR_EVENT_DEBOUNCE_MS);

  // Hook lists: the options' hooks first, then those added with use(), in order.
  // Stryker disable next-line ArrayDeclaration: a string in the list holds no hook lists, so listOf reads none from it
  const installed: HttpHooks[] = options.hooks ? [readHooks('options.hooks', options.hooks, 'createHttpClient')] : [];
  const listOf = <K extends keyof HttpHooks>(key: K): NonNullable<HttpHooks[K]> => {
    const list: unknown[] = [];
    for (const hooks of installed) list.push(...(hooks[key] ?? []));
    return list as NonNullable<HttpHooks[K]>;
  };
  let beforeErrorHooks = listOf('beforeError');

  /**
   * fetch for one call: its abort signal, redirects decided by the client (never by fetch), failures marked.
   * `bodyText`, when given, is the text of the body of the Request ky hands over (no hook could replace it).
   */
  const fetchWith = (
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    signal: AbortSignal,
    refuse: RedirectPolicy['refuse'],
    bodyText: string | undefined,
  ) => {
    const first = withBodyText(input instanceof Request ? input : new Request(input, init), bodyText);
    // ky hands over a Request holding all the call set: the client gives ky no option that fetch alone reads.
    const send = (request: Request) =>
      platform.fetch(request, { signal, redirect: 'manual' }).catch((failure: unknown) => {
        throw new FetchFailure(failure);
      });
    return fetchFollowingRedirects(send, first, { allowedOrigins, crossOriginHeaders, refuse });
  };
  // Rebuilt when hooks change; calls in flight keep the instance they started with. Empty lists register
  // nothing, so a client without afterResponse hooks never pays for ky's per-hook response clone. An
  // undefined `credentials` leaves fetch's default (same-origin), as no option does.
  const buildKy = () => {
    const beforeRequest = listOf('beforeRequest');
    const afterResponse = listOf('afterResponse');
    const hooks = {
      ...(beforeRequest.length === 0 ? {} : { beforeRequest: [chainBeforeRequest(beforeRequest)] }),
      ...(afterResponse.length === 0 ? {} : { afterResponse: afterResponse.map(kyAfterResponse) }),
    };
    const send = ky.create({
      retry: 0,
      // The client runs its own timer on platform.timers: testable with a manual clock, and it covers the body.
      timeout: false,
      throwHttpErrors: false,
      credentials: options.credentials,
      hooks,
    });
    // Whether beforeRequest hooks may replace the request ky builds (then they, not fetch, learn its body text).
    return { send, rewrites: beforeRequest.length > 0 };
  };
  let api = buildKy();
  const rebuild = () => {
    beforeErrorHooks = listOf('beforeError');
    api = buildKy();
  };

  interface Call {
    cancel(reason: CancelReason): void;
  }
  const inFlight = new Set<Call>();
  const duplicates = new Map<string, Call>();
  let sequence = 0;
  let disposed = false;

  /**
   * Runs a provider the app registered, guarded: its throw fails this call with HttpSetupError naming it and
   * is reported (the caller sees a rejection, but the fault is in the app's provider, not in the call).
   */
  function callProvider(name: keyof HttpProviders): unknown {
    const provider = providers[name];
    if (provider === undefined) return undefined;
    try {
      return provider();
    } catch (cause) {
      const field = `providers.${name}`;
      const error = new HttpSetupError(`http: ${field} threw`, { field, cause });
      safeReport(platform.errors, { event: 'httpProviderError', message: error.msg, error, data: { field } });
      throw error;
    }
  }

  function readLocale(): string {
    const locale = callProvider('locale') ?? 'en';
    if (typeof locale !== 'string' || locale === '') {
      throw new InvalidArgumentError('http: providers.locale must return a non-empty string', { field: 'providers.locale', value: locale });
    }
    return locale;
  }

  /** The standard headers (spec §S3) and the caller's, each checked: a bad one rejects the call naming it. */
  function buildHeaders(locale: string, contentType: string | undefined, extra: unknown): Headers {
    const headers = new Headers();
    headers.set('terminaltype', TERMINAL_TYPE);
    putHeader(headers, 'locale', locale, 'providers.locale');
    putHeader(headers, 'language', languageKey(locale), 'providers.locale');
    putHeader(headers, 'appTheme', callProvider('appTheme') ?? 'dark', 'providers.appTheme');
    const deviceLanguage = providers.deviceLanguage ? callProvider('deviceLanguage') : platform.languages[0];
    if (deviceLanguage) putHeader(headers, 'devicelanguage', deviceLanguage, 'providers.deviceLanguage');
    const terminalCode = callProvider('terminalCode');
    if (terminalCode) putHeader(headers, 'terminalCode', terminalCode, 'providers.terminalCode');
    if (callProvider('beta')) headers.set(betaHeader.name, betaHeader.value);
    if (contentType) headers.set('content-type', contentType);
    if (extra !== undefined) {
      if (!isRecord(extra))
        throw new InvalidArgumentError('http: headers must be an object of header names to values', { field: 'headers', value: extra });
      // An undefined value removes a standard header, as in ky.
      for (const [name, value] of Object.entries(extra)) putHeader(headers, name, value, `headers.${name}`);
    }
    return headers;
  }

  function buildBody(cleaned: Readonly<Record<string, unknown>> | FormData | undefined, contentType: ContentType) {
    if (cleaned === undefined) return { body: undefined, header: contentType === 'json' ? JSON_CONTENT_TYPE : undefined };
    if (contentType === 'multipart') return { body: cleaned instanceof FormData ? cleaned : toFormData(cleaned), header: undefined };
    if (cleaned instanceof FormData) throw new InvalidArgumentError(`FormData params need contentType 'multipart', not '${contentType}'.`);
    if (contentType === 'form') return { body: appendSearchParams(new URLSearchParams(), cleaned).toString(), header: FORM_CONTENT_TYPE };
    return { body: JSON.stringify(cleaned), header: JSON_CONTENT_TYPE };
  }

  /** Turns a response into the envelope or the catalogue's error (spec §S8). */
  async function interpret<T>(
    response: Response,
    context: HttpRequestContext,
    readBody: (text: string) => unknown = JSON.parse,
  ): Promise<Outcome<T>> {
    const { locale } = context;
    const status = response.status;
    if (!response.ok) {
      response.body?.cancel().catch(() => undefined);
      return { error: new HttpStatusError(httpStatusMessage(status, locale), { context, status }) };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (failure) {
      // The head arrived but the connection broke in the body: a network failure like any other.
      throw new FetchFailure(failure, true);
    }
    if (text.trim() === '') {
      return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'empty', { context, status }) };
    }
    let body: unknown;
    try {
      body = readBody(text);
      // readBody is synchronous: a promise (or any thenable) is not an answer the client could check.
      if (isThenable(body)) {
        // Its outcome is dropped, a rejection included (it must not surface as an unhandled one).
        Promise.resolve(body).catch(() => undefined);
        throw new InvalidArgumentError('http: readBody must return the value, not a promise', { field: 'readBody' });
      }
    } catch (cause) {
      return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'malformed', { context, status, cause }) };
    }
    if (body === null) return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'empty', { context, status }) };
    if (typeof body !== 'object' || Array.isArray(body)) {
      return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'malformed', { context, status }) };
    }
    const envelope = body as ApiEnvelope<T>;
    const code = String(envelope.code);
    const msg = typeof envelope.msg === 'string' && envelope.msg !== '' ? envelope.msg : undefined;
    if (envelope.status === ERROR_BODY_STATUS && msg) return { error: new HttpApiError(msg, { context, status, envelope }) };
    if (isResultCode(code, 'loginExpired')) {
      return { error: new LoginExpiredError(message(locale, 'expired'), { context, status, envelope }) };
    }
    if (isResultCode(code, 'messageCodes') && msg && context.apiPath !== USER_INFO_PATH) {
      return { error: new HttpApiError(msg, { context, status, envelope }) };
    }
    return { ok: envelope };
  }

  /** Turns anything a call threw into a typed error. */
  function classify(thrown: unknown, context: HttpRequestContext): unknown {
    if (thrown instanceof ExkitError) return thrown;
    if (thrown instanceof FetchFailure) {
      const failure = thrown.failure;
      const text = thrown.inBody ? '' : failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : '';
      return new HttpNetworkError(text || message(context.locale, 'networkError'), { context, cause: failure });
    }
    return new HttpRequestError('HTTP_UNKNOWN', message(context.locale, 'unknownError'), { context, cause: thrown });
  }

  /** Applies the catalogue's side effects (toast, logout, report) for an error that has passed the hooks. */
  function announce(error: HttpRequestError, silent: boolean): void {
    if (error instanceof RequestCancelledError) return;
    const path = error.context.apiPath;
    if (!silent && !(error instanceof HttpInvalidResponseError))
      channel.emit({ type: 'toast', message: error.msg, code: error.code, path, error });
    if (error instanceof LoginExpiredError) channel.emit({ type: 'logout', reason: 'loginExpired', path });
    // Network failures and timeouts are the user's connection, not a fault worth reporting (spec §S8).
    // A refused redirect is reported: the gateway pointing elsewhere is misconfiguration or an attack.
    if (
      error instanceof HttpStatusError ||
      error instanceof HttpInvalidResponseError ||
      error instanceof HttpRedirectError ||
      error.code === 'HTTP_UNKNOWN'
    ) {
      const data: Record<string, unknown> = { method: error.context.method, path, status: error.status, code: error.code };
      if (error instanceof HttpRedirectError) Object.assign(data, { reason: error.reason, location: error.location });
      safeReport(platform.errors, { event: 'httpError', message: error.msg, error, data });
    }
  }

  async function runBeforeError(error: HttpRequestError): Promise<HttpRequestError> {
    let current = error;
    for (const hook of beforeErrorHooks) {
      const next = await hook(current, { context: current.context });
      if (next instanceof HttpRequestError) current = next;
    }
    return current;
  }

  /**
   * Everything a call needs before anything is registered: arguments checked, providers read, URL, body
   * and headers built. Throws (InvalidArgumentError, HttpSetupError, the params' own errors); the caller
   * turns that into a rejection, so a call that cannot start holds no slot, no timer and emits nothing.
   */
  function prepare(method: unknown, rawPath: unknown, params: HttpParams | undefined, rawOptions: unknown): CallSetup {
    if (rawOptions !== undefined && !isRecord(rawOptions))
      throw new InvalidArgumentError('http: request options must be an object', { field: 'options', value: rawOptions });
    const requestOptions: RequestOptions = rawOptions ?? {};
    if (typeof method !== 'string' || !METHODS.has(method))
      throw new InvalidArgumentError('http: method must be GET, POST, PUT or DELETE', { field: 'method', value: method });
    if (typeof rawPath !== 'string') throw new InvalidArgumentError('http: path must be a string', { field: 'path', value: rawPath });
    const { path, apiPath } = resolvePaths(rawPath, prefix);
    // The hooks judge the path the URL carries: a path the parser or a router would read otherwise is refused.
    if (!isWirePath(apiPath, baseUrl, basePath)) {
      throw new InvalidArgumentError(
        'http: path must be sent as written (no query, fragment, backslash, dot segment, space, control or non-ASCII character, `%`, `;` or empty segment)',
        { field: 'path', value: rawPath },
      );
    }
    checkDuration('timeout', requestOptions.timeout, TIMEOUT_RULE);
    checkOneOf('contentType', requestOptions.contentType, CONTENT_TYPES);
    checkOneOf('onLoginExpired', requestOptions.onLoginExpired, LOGIN_EXPIRED_MODES);
    const signal = requestOptions.signal as unknown;
    if (
      signal !== undefined &&
      !(isRecord(signal) && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')
    ) {
      throw new InvalidArgumentError('http: signal must be an AbortSignal', { field: 'signal', value: signal });
    }
    if (requestOptions.meta !== undefined && !isRecord(requestOptions.meta)) {
      throw new InvalidArgumentError('http: meta must be an object', { field: 'meta', value: requestOptions.meta });
    }
    if (requestOptions.readBody !== undefined && typeof requestOptions.readBody !== 'function') {
      throw new InvalidArgumentError('http: readBody must be a function', { field: 'readBody', value: requestOptions.readBody });
    }
    // A string or number here would be walked as an object (a 1 MiB string as a million fields).
    if (params !== undefined && (typeof params !== 'object' || params === null))
      throw new InvalidArgumentError('http: params must be an object or FormData', { field: 'params', value: params });
    const locale = readLocale();
    const startedAt = platform.clock.now();
    const cleaned = params === undefined || params instanceof FormData ? params : cleanParams(params, { timeZone });
    let url = baseUrl + apiPath;
    let body: BodyInit | undefined;
    let contentTypeHeader: string | undefined;
    let bodyType: HttpRequestContext['bodyType'];
    if (method === 'GET') {
      bodyType = 'query';
      if (cleaned instanceof FormData) throw new InvalidArgumentError('A GET call cannot send FormData params.');
      if (cleaned === undefined) {
        // The same text URLSearchParams would give: both values are plain digits.
        url += `?languageType=${requestLanguage(locale).languageType}&_t=${startedAt}`;
      } else {
        const search = appendSearchParams(new URLSearchParams(), cleaned);
        if (!search.has('languageType')) search.set('languageType', String(requestLanguage(locale).languageType));
        search.set('_t', String(startedAt));
        url += `?${search.toString()}`;
      }
    } else {
      bodyType = requestOptions.contentType ?? (cleaned instanceof FormData ? 'multipart' : 'json');
      const built = buildBody(cleaned, bodyType);
      body = built.body;
      contentTypeHeader = built.header;
    }
    const headers = buildHeaders(locale, contentTypeHeader, requestOptions.headers);
    return {
      method: method as HttpMethod,
      path,
      apiPath,
      url,
      locale,
      startedAt,
      cleaned,
      bodyType,
      body,
      headers,
      options: requestOptions,
    };
  }

  /** A set-up fault as the caller sees it: exkit's own errors as they are, anything else as HttpSetupError. */
  function setupFailure(thrown: unknown): ExkitError {
    return thrown instanceof ExkitError ? thrown : new HttpSetupError('http: the call could not be set up', { cause: thrown });
  }

  function request<T = unknown>(
    method: HttpMethod,
    rawPath: string,
    params?: HttpParams,
    rawOptions?: RequestOptions,
  ): Promise<ApiEnvelope<T>> {
    let setup: CallSetup;
    try {
      setup = prepare(method, rawPath, params, rawOptions);
    } catch (error) {
      return Promise.reject(setupFailure(error));
    }
    const { path, apiPath, url, locale, cleaned, body, headers, options: requestOptions } = setup;

    const context: HttpRequestContext = {
      id: ++sequence,
      method: setup.method,
      path,
      apiPath,
      url,
      baseUrl,
      params: cleaned,
      bodyType: setup.bodyType,
      locale,
      startedAt: setup.startedAt,
      meta: { ...requestOptions.meta },
    };
    const timeoutMs = requestOptions.timeout ?? defaultTimeout;
    const silent = requestOptions.silent ?? false;
    const loginExpired = requestOptions.onLoginExpired ?? defaultLoginExpired;
    const dedupeKey =
      (requestOptions.cancelDuplicates ?? defaultCancelDuplicates) ? `${setup.method} ${apiPath} ${paramsKey(cleaned)}` : undefined;
    const userSignal = requestOptions.signal;
    // The error leaves out a location that is undefined, and an undefined status reads as none.
    const refuse = (reason: RedirectRefusal, status: number | undefined, location: string | undefined) =>
      new HttpRedirectError(message(locale, 'unknownError'), reason, { context, status, location });

    return new Promise<ApiEnvelope<T>>((resolve, reject) => {
      const controller = new AbortController();
      let finished = false;
      let timer: TimerHandle | undefined;

      const cleanup = () => {
        inFlight.delete(call);
        // A call refused before it started (aborted, disposed) never took the key: another call may hold it.
        if (dedupeKey !== undefined && duplicates.get(dedupeKey) === call) duplicates.delete(dedupeKey);
        // Stryker disable next-line ConditionalExpression: clearing no timer (undefined) is harmless either way
        if (timer !== undefined) platform.timers.clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
      };

      // Settles once: successes resolve; failures pass the beforeError hooks, announce, then reject or hang.
      const finish = (outcome: Outcome<T>) => {
        if (finished) return;
        finished = true;
        cleanup();
        if ('ok' in outcome) {
          resolve(outcome.ok);
          return;
        }
        const typed = classify(outcome.error, context);
        if (!(typed instanceof HttpRequestError)) {
          reject(typed);
          return;
        }
        runBeforeError(typed).then(
          (error) => {
            announce(error, silent);
            // The page leaves for the login screen: the promise stays pending with nothing referring to it,
            // so it and the caller's continuations are garbage once the caller drops it (spec §S8).
            if (error instanceof LoginExpiredError && loginExpired === 'hang') return;
            reject(error);
          },
          (hookFailure: unknown) => reject(hookFailure),
        );
      };

      // Cancelled only while in flight: a finished call has left inFlight and duplicates, and its timer is cleared.
      const call: Call = {
        cancel(reason) {
          controller.abort();
          finish({ error: new RequestCancelledError(reason, { context }) });
        },
      };
      function onUserAbort() {
        call.cancel('aborted');
      }

      if (disposed) {
        finish({ error: new RequestCancelledError('disposed', { context }) });
        return;
      }
      if (userSignal?.aborted) {
        finish({ error: new RequestCancelledError('aborted', { context }) });
        return;
      }
      userSignal?.addEventListener('abort', onUserAbort);
      if (dedupeKey !== undefined) {
        duplicates.get(dedupeKey)?.cancel('duplicate');
        duplicates.set(dedupeKey, call);
      }
      inFlight.add(call);
      if (timeoutMs !== false) {
        timer = platform.timers.setTimeout(() => {
          timer = undefined;
          controller.abort();
          finish({ error: new RequestTimeoutError(message(locale, 'timeout'), { context, timeoutMs }) });
        }, timeoutMs);
      }

      // A string body's text goes with the request (body-text.ts): to the hooks if there are any, else to fetch.
      const instance = api;
      const bodyText = typeof body === 'string' ? body : undefined;
      callBodies.set(context, bodyText);
      let response: Promise<Response>;
      try {
        response = instance.send(url, {
          method: setup.method,
          headers,
          // Undefined for a call without a body, which ky reads as no body.
          body,
          // The abort signal joins at the fetch itself rather than through ky's `signal` option: ky would
          // combine it with its own through AbortSignal.any on every call, and this way it also governs
          // whatever Request the beforeRequest hooks end up sending.
          fetch: (input: RequestInfo | URL, init?: RequestInit) =>
            fetchWith(input, init, controller.signal, refuse, instance.rewrites ? undefined : bodyText),
          context: withRequestContext(context),
        });
      } catch (thrown) {
        // The host refused to build the request (ky builds it synchronously): still a set-up fault, so
        // the slot, the timer and the listener go at once (nothing can settle the call after that) and nothing
        // is announced.
        cleanup();
        reject(setupFailure(thrown));
        return;
      }
      response.then((answer) => interpret<T>(answer, context, requestOptions.readBody)).then(finish, (error: unknown) => finish({ error }));
    });
  }

  return {
    request,
    get: (path, params, requestOptions) => request('GET', path, params, requestOptions),
    post: (path, params, requestOptions) => request('POST', path, params, requestOptions),
    put: (path, params, requestOptions) => request('PUT', path, params, requestOptions),
    delete: (path, params, requestOptions) => request('DELETE', path, params, requestOptions),
    events$: guardedStream('http.events$', channel.events$, platform.errors),
    emit: (event) => channel.emit(event),
    use(given) {
      // Checked whole before it is recorded: a refused set of hooks leaves the client as it was.
      const hooks = readHooks('hooks', given, 'http.use');
      installed.push(hooks);
      rebuild();
      return () => {
        const index = installed.indexOf(hooks);
        if (index < 0) return;
        installed.splice(index, 1);
        rebuild();
      };
    },
    get pendingCount() {
      return inFlight.size;
    },
    get pending() {
      return inFlight.size;
    },
    dispose() {
      // A second call finds nothing in flight, and completing events$ again does nothing.
      disposed = true;
      for (const call of [...inFlight]) call.cancel('disposed');
      channel.complete();
    },
  };
}
