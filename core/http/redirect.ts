// Redirects, decided by the client rather than by fetch: fetch's own `follow` mode resends every header
// and a 307/308 body to whatever origin the Location names (docs/http.md "Redirects").
import { knownBodyText } from './body-text.js';
import type { RedirectRefusal } from './errors.js';

/** The most redirects one call follows, as the Fetch standard's own limit (https://fetch.spec.whatwg.org/#http-redirect-fetch). */
export const MAX_REDIRECTS = 20;

/** The statuses fetch treats as redirects; a 3xx outside them (304, 300) is an answer. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Headers that describe a body; dropped when a redirect turns the call into a GET (Fetch, "request-body-header name"). */
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location', 'content-length'];

/**
 * The only request headers that may follow a redirect to another (allowed) origin: the client's own
 * non-secret headers (spec §S3, without `terminalCode`). Everything else stays behind: the session
 * `token`, the risk token, signing headers, cookies and any header a caller or hook added. An allow list
 * rather than a list of secrets, so a header added tomorrow is kept back until someone decides otherwise.
 */
export const CROSS_ORIGIN_HEADERS: readonly string[] = [
  'accept',
  'accept-language',
  'terminaltype',
  'locale',
  'language',
  'apptheme',
  'devicelanguage',
];

/** What the follower needs: where it may go, what may travel there, and how it reports a refusal. */
export interface RedirectPolicy {
  /** Origins besides the request's own that redirects may lead to (`new URL(x).origin` form). */
  readonly allowedOrigins: ReadonlySet<string>;
  /** Lower-case header names allowed to another origin (CROSS_ORIGIN_HEADERS plus the beta header). */
  readonly crossOriginHeaders: ReadonlySet<string>;
  /** Builds the error a refusal rejects with. */
  refuse(reason: RedirectRefusal, status: number | undefined, location: string | undefined): Error;
}

const cancel = (body: ReadableStream | null | undefined) => void body?.cancel().catch(() => undefined);

/** A Location fetch could send to: http(s), without user:password (which a Request refuses). */
function isUsableTarget(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
}

/**
 * Sends `request` with `send` (which must ask fetch for `redirect: 'manual'`) and follows redirects by the
 * policy: to the request's own origin with every header; to an allowed origin with the cross-origin
 * headers only, credentials omitted and never with a body; anywhere else not at all. Method changes follow
 * fetch (301/302 POST and 303 become a body-less GET). A 3xx without Location is returned as the answer.
 */
export async function fetchFollowingRedirects(
  send: (request: Request) => Promise<Response>,
  request: Request,
  policy: RedirectPolicy,
): Promise<Response> {
  // The request's own origin, parsed only when a redirect needs it: most calls are answered directly.
  let home: string | undefined;
  // fetch consumes the body; a 307/308 must send it again: its recorded text, or else a branch kept until we know.
  let bytes: ArrayBuffer | string | undefined = request.body === null ? undefined : knownBodyText(request);
  let replay: Request | undefined = request.body === null || bytes !== undefined ? undefined : request.clone();
  let current = request;
  let crossed = false;
  for (let hops = 0; ; hops++) {
    const response = await send(current);
    if (response.type === 'opaqueredirect') {
      cancel(replay?.body);
      throw policy.refuse('opaque', undefined, undefined);
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    if (location === null) {
      cancel(replay?.body);
      return response;
    }
    const status = response.status;
    cancel(response.body);
    const base = response.url || current.url;
    const target = URL.canParse(location, base) ? new URL(location, base) : undefined;
    const fail = (reason: RedirectRefusal, where: string) => {
      cancel(replay?.body);
      return policy.refuse(reason, status, where);
    };
    if (target === undefined || !isUsableTarget(target)) throw fail('location', location);
    home ??= new URL(request.url).origin;
    if (target.origin !== home && !policy.allowedOrigins.has(target.origin)) throw fail('cross-origin', target.href);
    if (hops + 1 > MAX_REDIRECTS) throw fail('too-many', target.href);
    const toGet =
      ((status === 301 || status === 302) && current.method === 'POST') ||
      (status === 303 && current.method !== 'GET' && current.method !== 'HEAD');
    const keepBody = !toGet && (replay !== undefined || bytes !== undefined);
    // Once a call has left its origin it stays stripped, even if a later hop leads back.
    crossed ||= target.origin !== home;
    if (keepBody && crossed) throw fail('body', target.href);
    if (keepBody && bytes === undefined) {
      bytes = await replay!.arrayBuffer();
      replay = undefined;
    }
    if (!keepBody) {
      cancel(replay?.body);
      replay = undefined;
      bytes = undefined;
    }
    const headers = new Headers();
    current.headers.forEach((value, name) => {
      if (crossed && !policy.crossOriginHeaders.has(name)) return;
      if (toGet && BODY_HEADERS.includes(name)) return;
      headers.set(name, value);
    });
    current = new Request(target.href, {
      method: toGet ? 'GET' : current.method,
      headers,
      // As bytes, not text: a string body would bring a text/plain content type the request did not have.
      ...(keepBody ? { body: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes } : {}),
      credentials: crossed ? 'omit' : current.credentials,
      redirect: 'manual',
    });
  }
}
