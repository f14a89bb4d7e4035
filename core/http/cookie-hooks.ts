import { COOKIE_DAY_MS } from '../platform/memory-cookie-jar.js';
import { decodeCookiePart, encodeCookiePart } from '../platform/cookie-rules.js';
import { parseCookieDate } from './cookie-date.js';
import type { StoredCookie } from '../platform/memory-cookie-jar.js';
import type { Clock, CookieJar, CookieOptions } from '../platform/types.js';
import type { HttpHooks } from './types.js';
import { expectHttpUrl, expectString } from '../validate/describe-value.js';

/** One `Set-Cookie` line, read (RFC 6265 §5.2): a cookie to keep, or one the server deletes. */
export interface SetCookie {
  name: string;
  value: string;
  options: CookieOptions;
  /** The server deletes the cookie (Max-Age ≤ 0, or Expires in the past). */
  remove: boolean;
}

const SAME_SITE: Record<string, CookieOptions['sameSite']> = { lax: 'Lax', strict: 'Strict', none: 'None' };

// eslint-disable-next-line no-control-regex -- the control characters are what the rule looks for
const CONTROL_CHARACTER = /[\x00-\x08\x0A-\x1F\x7F]/;

/**
 * Reads one `Set-Cookie` header value, as RFC 6265 §5.2 has a user agent do; `undefined` when the line
 * must be ignored (a control character other than HTAB, no `=` in its first part, or an empty name).
 * `Max-Age` wins over `Expires`; either in the past (Max-Age ≤ 0) deletes the cookie; otherwise it becomes
 * a lifetime in days. Attributes that do not parse are ignored, as the RFC says (an `Expires` that is not a
 * cookie date, RFC 6265 §5.1.1, is no deletion), and HttpOnly means nothing to a jar that no script reads.
 * A line that breaks the `__Secure-`/`__Host-` prefix rules (RFC 6265bis) is ignored.
 */
export function parseSetCookie(line: string, now: number): SetCookie | undefined {
  expectString('line', line, 'parseSetCookie');
  // RFC 6265bis §5.6: a line with a control character other than HTAB is ignored entirely.
  if (CONTROL_CHARACTER.test(line)) return undefined;
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq < 0) return undefined;
  const name = pair.slice(0, eq).trim();
  if (name === '') return undefined;
  const value = pair.slice(eq + 1).trim();
  const options: CookieOptions = {};
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const raw = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'max-age' && /^-?\d+$/.test(raw)) maxAge = Number(raw);
    else if (key === 'expires' && parseCookieDate(raw) !== undefined) expires = parseCookieDate(raw);
    else if (key === 'path' && raw.startsWith('/')) options.path = raw;
    else if (key === 'domain' && raw !== '') options.domain = raw.replace(/^\./, '').toLowerCase();
    else if (key === 'secure') options.secure = true;
    else if (key === 'samesite' && SAME_SITE[raw.toLowerCase()]) options.sameSite = SAME_SITE[raw.toLowerCase()];
  }
  if (!keepsPrefixRules(name, options)) return undefined;
  const lifetimeMs = maxAge !== undefined ? maxAge * 1000 : expires !== undefined ? expires - now : undefined;
  if (lifetimeMs !== undefined && lifetimeMs <= 0) return { name, value, options, remove: true };
  if (lifetimeMs !== undefined) options.days = lifetimeMs / COOKIE_DAY_MS;
  return { name, value, options, remove: false };
}

/**
 * RFC 6265bis §4.1.3 cookie prefixes (matched without regard to case, as browsers do): a `__Secure-` cookie
 * must be set with `Secure`; a `__Host-` cookie with `Secure`, `Path=/` and no `Domain`. A line that breaks
 * them is ignored, so a server cannot plant a host-only cookie for a whole domain.
 */
function keepsPrefixRules(name: string, options: CookieOptions): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('__secure-')) return options.secure === true;
  if (lower.startsWith('__host-')) return options.secure === true && options.domain === undefined && options.path === '/';
  return true;
}

/** What the hooks need of a platform without a browser cookie jar: its jar, the jar's entries and its clock. */
export interface CookieJarSource {
  readonly cookies: CookieJar;
  /** The jar's entries by name (`headlessPlatform().cookieStore`, `memoryPlatform().browser.cookieStore`). */
  readonly cookieStore: ReadonlyMap<string, StoredCookie>;
  readonly clock: Clock;
}

/**
 * HTTP hooks that do for a runtime without a browser cookie jar (Node, a worker) what the browser does for
 * a page: a request to `origin` carries the jar's cookies in a `Cookie` header, and the `Set-Cookie` lines of
 * its answers are kept in the jar (or delete from it) when the answer itself comes from `origin` (its final
 * URL, after redirects; a Response built by a hook, which has no URL, is never read). Like a page's
 * `document.cookie`, the jar holds the cookies of one site, so requests to any other origin neither send nor
 * receive them. An `origin` that is not an absolute http(s) URL is an InvalidArgumentError.
 */
export function cookieJarHooks(source: CookieJarSource, origin: string): HttpHooks {
  const site = expectHttpUrl('origin', origin, 'cookieJarHooks').origin;
  // A URL that does not parse (a Response made by a hook has url '') is not ours.
  const ours = (url: string) => URL.canParse(url) && new URL(url).origin === site;
  return {
    beforeRequest: [
      (request) => {
        if (!ours(request.url)) return;
        const pairs: string[] = [];
        // Read through the jar, which drops expired cookies.
        for (const name of [...source.cookieStore.keys()]) {
          const value = source.cookies.get(name);
          if (value === undefined) continue;
          // Encoded as the browser platform writes document.cookie, so a value with `;`, a newline or
          // non-ASCII text travels as one cookie that a server decodes back to exactly the value.
          const encodedName = encodeCookiePart(name);
          const encodedValue = encodeCookiePart(value);
          if (encodedName !== undefined && encodedValue !== undefined) pairs.push(`${encodedName}=${encodedValue}`);
        }
        if (pairs.length > 0) request.headers.set('cookie', pairs.join('; '));
      },
    ],
    afterResponse: [
      (_request, _options, response) => {
        // The answer's own URL, never the request's: after a redirect the answer may come from another
        // origin, and that origin must never write the gateway's cookies.
        if (!ours(response.url)) return;
        for (const line of response.headers.getSetCookie()) {
          const cookie = parseSetCookie(line, source.clock.now());
          if (!cookie) continue;
          // The jar holds values as a page reads them from document.cookie: percent-decoded.
          const name = decodeCookiePart(cookie.name) ?? cookie.name;
          if (cookie.remove) source.cookies.remove(name);
          else source.cookies.set(name, decodeCookiePart(cookie.value) ?? cookie.value, cookie.options);
        }
      },
    ],
  };
}
