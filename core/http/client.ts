import ky from 'ky';
import type { BeforeRequestHook, KyRequest } from 'ky';
import type { Observable } from 'rxjs';
import { isResultCode, languageKey, message, requestLanguage } from '../catalog/index.js';
import { ExkitError, InvalidArgumentError } from '../errors/exkit-error.js';
import type { Platform, TimerHandle } from '../platform/types.js';
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
  RequestCancelledError,
  RequestTimeoutError,
} from './errors.js';
import type { CancelReason } from './errors.js';
import { debouncedEventChannel } from './events.js';
import { httpStatusMessage } from './messages.js';
import { withRequestContext } from './request-context.js';
import { appendSearchParams, paramsKey, toFormData } from './serialize.js';
import type {
  ApiEnvelope,
  ContentType,
  HttpClientOptions,
  HttpEvent,
  HttpHooks,
  HttpMethod,
  HttpParams,
  HttpRequestContext,
  LoginExpiredMode,
  RequestOptions,
} from './types.js';

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
  readonly pending: number;
  /** Cancels every call in flight (RequestCancelledError 'disposed') and completes `events$`. */
  dispose(): void;
}

type Outcome<T> = { ok: ApiEnvelope<T> } | { error: unknown };

/** Marks a failure of fetch itself, so it is not confused with an error thrown by a hook. */
class FetchFailure extends Error {
  constructor(readonly failure: unknown) {
    super('fetch failed');
  }
}

const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

function normalizePrefix(prefix: string): string {
  if (prefix === '' || prefix === '/') return '';
  const withSlash = prefix.startsWith('/') ? prefix : `/${prefix}`;
  return withSlash.replace(/\/+$/, '');
}

/** Splits an app path into the path without the prefix and with it; a path already prefixed is accepted. */
function resolvePaths(raw: string, prefix: string): { path: string; apiPath: string } {
  let path = raw.startsWith('/') ? raw : `/${raw}`;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length) || '/';
  return { path, apiPath: prefix + path };
}

/** Runs beforeRequest hooks in order; a returned Request replaces the current one and the list goes on. */
function chainBeforeRequest(hooks: readonly BeforeRequestHook[]): BeforeRequestHook {
  return async (request, options, state) => {
    let current: KyRequest = request;
    for (const hook of hooks) {
      const result = await hook(current, options, state);
      if (result instanceof Response) return result;
      if (result instanceof Request) current = result as KyRequest;
    }
    return current === request ? undefined : current;
  };
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Creates the HTTP client (seed 001 §7, §8) on ky, with the platform's fetch and timers. */
export function createHttpClient(platform: Platform, options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const prefix = normalizePrefix(options.prefix ?? API_PREFIX);
  const defaultTimeout = options.timeout ?? HTTP_TIMEOUT_MS;
  const defaultCancelDuplicates = options.cancelDuplicates ?? false;
  const defaultLoginExpired: LoginExpiredMode = options.onLoginExpired ?? 'hang';
  const providers = options.providers ?? {};
  const betaHeader = options.betaHeader ?? DEFAULT_BETA_HEADER;
  const timeZone = options.timeZone ?? 'local';
  // A misspelt zone fails here, when the client is made, not on the first request that carries a Date.
  assertParamTimeZone(timeZone);
  const channel = debouncedEventChannel<HttpEvent>(platform.timers, options.eventDebounceMs ?? ERROR_EVENT_DEBOUNCE_MS);

  // Hook lists: the options' hooks first, then those added with use(), in order.
  const installed: HttpHooks[] = options.hooks ? [options.hooks] : [];
  const listOf = <K extends keyof HttpHooks>(key: K): NonNullable<HttpHooks[K]> => {
    const list: unknown[] = [];
    for (const hooks of installed) list.push(...(hooks[key] ?? []));
    return list as NonNullable<HttpHooks[K]>;
  };
  let beforeErrorHooks = listOf('beforeError');

  const fetchWith = (input: RequestInfo | URL, init: RequestInit | undefined, signal: AbortSignal) =>
    platform.fetch(input, { ...init, signal }).catch((failure: unknown) => {
      throw new FetchFailure(failure);
    });
  // Rebuilt when hooks change; calls in flight keep the instance they started with. Empty lists register
  // nothing, so a client without afterResponse hooks never pays for ky's per-hook response clone.
  // ky merges an instance's defaults into every call's options key by key, so the defaults carry only what
  // differs from ky's own: no empty hook lists, no undefined credentials.
  const buildKy = () => {
    const beforeRequest = listOf('beforeRequest');
    const afterResponse = listOf('afterResponse');
    const hooks = {
      ...(beforeRequest.length === 0 ? {} : { beforeRequest: [chainBeforeRequest(beforeRequest)] }),
      ...(afterResponse.length === 0 ? {} : { afterResponse }),
    };
    return ky.create({
      retry: 0,
      // The client runs its own timer on platform.timers: testable with a manual clock, and it covers the body.
      timeout: false,
      throwHttpErrors: false,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      ...(beforeRequest.length === 0 && afterResponse.length === 0 ? {} : { hooks }),
    });
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

  const readLocale = () => providers.locale?.() ?? 'en';

  function buildHeaders(locale: string, contentType: string | undefined, extra: Record<string, string> | undefined) {
    const headers: Record<string, string> = {
      terminaltype: TERMINAL_TYPE,
      locale,
      language: languageKey(locale),
      appTheme: providers.appTheme?.() ?? 'dark',
    };
    const deviceLanguage = providers.deviceLanguage ? providers.deviceLanguage() : platform.languages[0];
    if (deviceLanguage) headers.devicelanguage = deviceLanguage;
    const terminalCode = providers.terminalCode?.();
    if (terminalCode) headers.terminalCode = terminalCode;
    if (providers.beta?.()) headers[betaHeader.name] = betaHeader.value;
    if (contentType) headers['content-type'] = contentType;
    return extra ? { ...headers, ...extra } : headers;
  }

  function buildBody(cleaned: Readonly<Record<string, unknown>> | FormData | undefined, contentType: ContentType) {
    if (cleaned === undefined) return { body: undefined, header: contentType === 'json' ? JSON_CONTENT_TYPE : undefined };
    if (contentType === 'multipart') return { body: cleaned instanceof FormData ? cleaned : toFormData(cleaned), header: undefined };
    if (cleaned instanceof FormData) throw new InvalidArgumentError(`FormData params need contentType 'multipart', not '${contentType}'.`);
    if (contentType === 'form') return { body: appendSearchParams(new URLSearchParams(), cleaned).toString(), header: FORM_CONTENT_TYPE };
    return { body: JSON.stringify(cleaned), header: JSON_CONTENT_TYPE };
  }

  /** Turns a response into the envelope or the catalogue's error (seed 001 §8). */
  async function interpret<T>(response: Response, context: HttpRequestContext): Promise<Outcome<T>> {
    const { locale } = context;
    const status = response.status;
    if (!response.ok) {
      response.body?.cancel().catch(() => undefined);
      return { error: new HttpStatusError(httpStatusMessage(status, locale), { context, status }) };
    }
    const text = await response.text();
    if (text.trim() === '') {
      return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'empty', { context, status }) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'malformed', { context, status, cause }) };
    }
    if (body === null) return { error: new HttpInvalidResponseError(message(locale, 'unknownError'), 'empty', { context, status }) };
    if (!isEnvelope(body)) {
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
      const text = failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : '';
      return new HttpNetworkError(text || message(context.locale, 'networkError'), { context, cause: failure });
    }
    return new HttpRequestError('HTTP_UNKNOWN', message(context.locale, 'unknownError'), { context, cause: thrown });
  }

  /** Applies the catalogue's side effects (toast, logout, report) for an error that has passed the hooks. */
  function announce(error: HttpRequestError, silent: boolean): void {
    if (error instanceof RequestCancelledError) return;
    const path = error.context.apiPath;
    if (!silent && !(error instanceof HttpInvalidResponseError)) channel.emit({ type: 'toast', message: error.msg, code: error.code, path, error });
    if (error instanceof LoginExpiredError) channel.emit({ type: 'logout', reason: 'loginExpired', path });
    // Network failures and timeouts are the user's connection, not a fault worth reporting (seed 001 §8).
    if (error instanceof HttpStatusError || error instanceof HttpInvalidResponseError || error.code === 'HTTP_UNKNOWN') {
      platform.errors.report({
        event: 'httpError',
        message: error.msg,
        error,
        data: { method: error.context.method, path, status: error.status, code: error.code },
      });
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

  function request<T = unknown>(
    method: HttpMethod,
    rawPath: string,
    params?: HttpParams,
    requestOptions: RequestOptions = {},
  ): Promise<ApiEnvelope<T>> {
    const locale = readLocale();
    const startedAt = platform.clock.now();
    const { path, apiPath } = resolvePaths(rawPath, prefix);
    let cleaned: Readonly<Record<string, unknown>> | FormData | undefined;
    let url = baseUrl + apiPath;
    let body: BodyInit | undefined;
    let contentTypeHeader: string | undefined;
    let bodyType: HttpRequestContext['bodyType'];
    // Bad params (a cycle, an Invalid Date, FormData on GET) reject the call; they never throw synchronously.
    try {
      cleaned = params === undefined || params instanceof FormData ? params : cleanParams(params, { timeZone });
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
    } catch (error) {
      return Promise.reject(error);
    }

    const context: HttpRequestContext = {
      id: ++sequence,
      method,
      path,
      apiPath,
      url,
      params: cleaned,
      bodyType,
      locale,
      startedAt,
      meta: { ...requestOptions.meta },
    };
    const timeoutMs = requestOptions.timeout ?? defaultTimeout;
    const silent = requestOptions.silent ?? false;
    const loginExpired = requestOptions.onLoginExpired ?? defaultLoginExpired;
    const dedupeKey =
      (requestOptions.cancelDuplicates ?? defaultCancelDuplicates) ? `${method} ${apiPath} ${paramsKey(cleaned)}` : undefined;
    const userSignal = requestOptions.signal;

    return new Promise<ApiEnvelope<T>>((resolve, reject) => {
      const controller = new AbortController();
      let finished = false;
      let timer: TimerHandle | undefined;

      const cleanup = () => {
        inFlight.delete(call);
        if (dedupeKey !== undefined && duplicates.get(dedupeKey) === call) duplicates.delete(dedupeKey);
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
            // so it and the caller's continuations are garbage once the caller drops it (seed 001 §8).
            if (error instanceof LoginExpiredError && loginExpired === 'hang') return;
            reject(error);
          },
          (hookFailure: unknown) => reject(hookFailure),
        );
      };

      const call: Call = {
        cancel(reason) {
          if (finished) return;
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
      userSignal?.addEventListener('abort', onUserAbort, { once: true });
      if (dedupeKey !== undefined) {
        duplicates.get(dedupeKey)?.cancel('duplicate');
        duplicates.set(dedupeKey, call);
      }
      inFlight.add(call);
      if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
        timer = platform.timers.setTimeout(() => {
          timer = undefined;
          if (finished) return;
          controller.abort();
          finish({ error: new RequestTimeoutError(message(locale, 'timeout'), { context, timeoutMs }) });
        }, timeoutMs);
      }

      api(url, {
        method,
        headers: buildHeaders(locale, contentTypeHeader, requestOptions.headers),
        // ky copies every key it is given into a fresh options object, so an absent body is left out.
        ...(body === undefined ? {} : { body }),
        // The abort signal joins at the fetch itself rather than through ky's `signal` option: ky would
        // combine it with its own through AbortSignal.any on every call, and this way it also governs
        // whatever Request the beforeRequest hooks end up sending.
        fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchWith(input, init, controller.signal),
        context: withRequestContext(context),
      })
        .then((response) => interpret<T>(response, context))
        .then(finish, (error: unknown) => finish({ error }));
    });
  }

  return {
    request,
    get: (path, params, requestOptions) => request('GET', path, params, requestOptions),
    post: (path, params, requestOptions) => request('POST', path, params, requestOptions),
    put: (path, params, requestOptions) => request('PUT', path, params, requestOptions),
    delete: (path, params, requestOptions) => request('DELETE', path, params, requestOptions),
    events$: channel.events$,
    emit: (event) => channel.emit(event),
    use(hooks) {
      installed.push(hooks);
      rebuild();
      return () => {
        const index = installed.indexOf(hooks);
        if (index < 0) return;
        installed.splice(index, 1);
        rebuild();
      };
    },
    get pending() {
      return inFlight.size;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const call of [...inFlight]) call.cancel('disposed');
      channel.complete();
    },
  };
}
