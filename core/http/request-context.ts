// What one call is about: its method, body type, the gateway's envelope and the context hooks read. Its own
// module, so the error classes and the client's option types can both use it without importing each other.
import { apiPathUnder } from './wire-path.js';
import { invalidArgument, isRecord } from '../validate/describe-value.js';

/** The methods the client offers. Spec §S7. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a non-GET request carries its params. Spec §S7, §B7. */
export type ContentType = 'json' | 'form' | 'multipart';

/** The gateway's answer to every call: a code plus data (spec §B7), with msg, requestTime and more. */
export interface ApiEnvelope<T = unknown> {
  code: string | number;
  data: T;
  msg?: string;
  requestTime?: number;
  status?: string;
  [key: string]: unknown;
}

/**
 * What one call is about, for hooks that run later in the pipeline (risk token, signing, login encryption,
 * server time). Read it with `requestContext(options)` in the HTTP hooks; errors carry it as `error.context`.
 */
export interface HttpRequestContext {
  /** A per-client sequence number: 1 for the client's first call, then one more for each call after it. */
  readonly id: number;
  readonly method: HttpMethod;
  /** The path as the app names it, without the /v1 prefix: '/user/login'. */
  readonly path: string;
  /** The path with the prefix, as the seed's URL lists spell it: '/v1/user/login'. */
  readonly apiPath: string;
  /** The absolute URL requested (with the query string for GET). */
  readonly url: string;
  /** The client's `baseUrl` (without a trailing slash): the API path of a URL is its pathname under it. */
  readonly baseUrl: string;
  /** The cleaned params (without languageType and _t); a FormData as given; undefined when none. */
  readonly params: Readonly<Record<string, unknown>> | FormData | undefined;
  /** How the params travel: 'query' for GET, else the content type. */
  readonly bodyType: 'query' | ContentType;
  /** The locale the call was made in (also the message locale for its errors). */
  readonly locale: string;
  /** `platform.clock.now()` when the call started. */
  readonly startedAt: number;
  /** Free-form per-call data: starts as `RequestOptions.meta`; hooks may add to it to talk to later hooks. */
  readonly meta: Record<string, unknown>;
}

/** The key under ky's `context` option where the client puts the call's HttpRequestContext. */
export const REQUEST_CONTEXT_KEY = 'exkit';

/** ky's `context` option carrying a call's context (what the client passes to ky). */
export function withRequestContext(context: HttpRequestContext): Record<string, unknown> {
  return { [REQUEST_CONTEXT_KEY]: context };
}

/**
 * The exkit context of the call an HTTP hook is running for: pass the hook's `options` (or an HTTPError's
 * `options`). Undefined when the request did not come from an exkit client.
 */
export function requestContext(
  options: { readonly context?: Readonly<Record<string, unknown>> } | undefined,
): HttpRequestContext | undefined {
  try {
    // Stryker disable next-line OptionalChaining: a field of undefined throws a TypeError, which the catch turns into the same undefined
    const value = options?.context?.[REQUEST_CONTEXT_KEY];
    if (isRecord(value) && 'apiPath' in value) return value as unknown as HttpRequestContext;
  } catch {
    // Options that cannot be read (a throwing getter, a Proxy) did not come from an exkit client.
  }
  return undefined;
}

/**
 * The API path ('/v1/…') of the URL a request carries, for a call of an exkit client: the pathname of the
 * request's own URL under the client's base URL, so a hook that pointed the request elsewhere is judged by
 * where it now goes. Undefined when the request did not come from an exkit client, or now leaves its API
 * (another origin, a path outside the base). Security decisions (login encryption, signing, the risk token)
 * are made on this path.
 */
export function requestApiPath(
  request: Request,
  options: { readonly context?: Readonly<Record<string, unknown>> } | undefined,
): string | undefined {
  let isRequest = false;
  try {
    isRequest = request instanceof Request;
  } catch {
    // A Proxy whose traps throw is no Request.
  }
  if (!isRequest) throw invalidArgument('request', 'a Request', request, 'requestApiPath');
  const context = requestContext(options);
  if (!context || typeof context.baseUrl !== 'string' || !URL.canParse(context.baseUrl)) return undefined;
  // Judged on the URL itself: for the URL the client built this is the call's apiPath (the client checked that
  // it parses to exactly its base path plus the API path).
  const base = new URL(context.baseUrl);
  return apiPathUnder(request.url, base.origin, base.pathname.replace(/\/+$/, ''));
}
