import { ALTERNATE_LINK_EXCEPTIONS, alternateLinkPrefix, LOCALE_PATH_PREFIXES } from '../catalog/locale-paths.js';

/** One `<link rel="alternate" hreflang="…" href="…">`. */
export interface HreflangAlternate {
  hreflang: string;
  href: string;
}

/** The hreflang value of the link that points at the unprefixed (English) page for unmatched languages. */
export const X_DEFAULT_HREFLANG = 'x-default';

/**
 * The languages that get an alternate link by default: every locale with a path prefix plus the
 * regional spellings the alternate-link scheme maps (fr-FR, ru-FR, ru-UZ, uz-UZ) (seed 001 §2).
 */
export const ALTERNATE_LOCALES: readonly string[] = Object.freeze([...new Set([...LOCALE_PATH_PREFIXES, ...Object.keys(ALTERNATE_LINK_EXCEPTIONS)])]);

const prefixByLowerCase: ReadonlyMap<string, string> = new Map(LOCALE_PATH_PREFIXES.map((locale) => [locale.toLowerCase(), locale]));

interface SplitPath {
  /** Origin of an absolute URL, '' for a path. */
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

function split(pathOrUrl: string): SplitPath {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    const url = new URL(pathOrUrl);
    return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash };
  }
  const hashAt = pathOrUrl.indexOf('#');
  const beforeHash = hashAt < 0 ? pathOrUrl : pathOrUrl.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : pathOrUrl.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt < 0 ? '' : beforeHash.slice(queryAt);
  return { origin: '', pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search, hash };
}

/** The locale whose prefix starts a path ('/zh-CN/spot' → 'zh-CN'), or undefined for an unprefixed path. */
export function localeOfPath(pathOrUrl: string): string | undefined {
  const first = split(pathOrUrl).pathname.split('/')[1];
  return first === undefined ? undefined : prefixByLowerCase.get(first.toLowerCase());
}

/** A path without any leading locale prefixes: '/en/fr/spot' → '/spot', '/ja' → '/'. */
export function stripLocalePrefix(pathname: string): string {
  const segments = pathname.split('/');
  let start = 1;
  while (start < segments.length && prefixByLowerCase.has((segments[start] ?? '').toLowerCase())) start++;
  const rest = segments.slice(start).join('/');
  return `/${rest}`;
}

function withPrefix(prefix: string, bare: string): string {
  if (prefix === '') return bare;
  return bare === '/' ? prefix : `${prefix}${bare}`;
}

/**
 * Rewrites a path (or absolute URL) for another locale: any locale prefix it carries is replaced by the
 * target's alternate-link prefix (none for en, /fr for fr-FR …), never doubled; query and fragment stay.
 */
export function localizePath(pathOrUrl: string, locale: string): string {
  const parts = split(pathOrUrl);
  return `${parts.origin}${withPrefix(alternateLinkPrefix(locale), stripLocalePrefix(parts.pathname))}${parts.search}${parts.hash}`;
}

export interface HreflangOptions {
  /** Prepended to each href ('https://www.example.com'); the origin of an absolute URL is kept otherwise. */
  origin?: string;
  /** The languages to link; default `ALTERNATE_LOCALES`. */
  locales?: readonly string[];
  /** Add an x-default link to the unprefixed page. Default true. */
  xDefault?: boolean;
}

/** The hreflang alternates of a page: one per language, at its prefixed path, without query or fragment. */
export function hreflangAlternates(pathOrUrl: string, options: HreflangOptions = {}): HreflangAlternate[] {
  const parts = split(pathOrUrl);
  const origin = (options.origin ?? parts.origin).replace(/\/+$/, '');
  const bare = stripLocalePrefix(parts.pathname);
  const links = (options.locales ?? ALTERNATE_LOCALES).map((locale) => ({
    hreflang: locale,
    href: `${origin}${withPrefix(alternateLinkPrefix(locale), bare)}`,
  }));
  if (options.xDefault !== false) links.push({ hreflang: X_DEFAULT_HREFLANG, href: `${origin}${bare}` });
  return links;
}
