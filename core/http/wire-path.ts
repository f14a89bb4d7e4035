// The path a call is written with must be the path it is sent to: the security hooks judge the pathname of
// the URL fetch gets, so a path the URL parser (or the gateway's router) would read differently is refused.

/**
 * A path holds no percent escape at all: gateways decode escapes before routing (RFC 3986 §6.2.2.2 makes
 * `%6C` the same as `l` and `%2E` the same as `.`), so `/user/%6cogin` is routed as `/user/login` and
 * `%2e%2e` as a dot segment, while the hooks would judge the escaped text. Params travel in the query or
 * the body, never in the path.
 */
const ESCAPE = '%';

/**
 * `;` starts path parameters that Servlet containers and Spring strip before routing (`/user/login;x` is
 * routed as `/user/login`); an empty segment (`//`, a trailing `/`) is merged or ignored by common routers
 * (Spring Cloud Gateway matches a trailing slash by default). Either would let a call reach a URL other than
 * the one the hooks judged.
 */
const ROUTER_FORMS = /;|\/\/|\/$/;

/**
 * Whether `apiPath` goes on the wire exactly as written under `baseUrl` (whose pathname is `basePath`, without
 * a trailing slash): the parsed pathname of `baseUrl + apiPath` is the written one (no character stripped,
 * collapsed, split off or percent-encoded by the URL parser) and it holds no form a router reads as another
 * path.
 */
export function isWirePath(apiPath: string, baseUrl: string, basePath: string): boolean {
  if (apiPath.includes(ESCAPE) || (apiPath !== '/' && ROUTER_FORMS.test(apiPath))) return false;
  let url: URL;
  try {
    url = new URL(baseUrl + apiPath);
  } catch {
    return false;
  }
  return url.pathname === basePath + apiPath && url.search === '' && url.hash === '';
}

/**
 * The API path ('/v1/…') of the URL `href` under a base (its origin and pathname without a trailing slash):
 * the pathname with the base's path removed; undefined when the URL is on another origin or outside the base.
 * An opaque origin ('null': file:, data:, about:) is no one's, so it matches no URL, not even another opaque one.
 */
export function apiPathUnder(href: string, origin: string, basePath: string): string | undefined {
  const url = URL.canParse(href) ? new URL(href) : undefined;
  if (url === undefined || url.origin !== origin || origin === 'null') return undefined;
  // With no base path this still refuses a pathname that is no '/' path (a blob: URL's is the URL it wraps).
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return undefined;
  return url.pathname.slice(basePath.length) || '/';
}
