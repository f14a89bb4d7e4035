import { ALTERNATE_LINK_EXCEPTIONS, alternateLinkPrefix, LOCALE_PATH_PREFIXES } from '../catalog/locale-paths.js';
import { expectString, readRecord } from '../validate/describe-value.js';

/** One `<link rel="alternate" hreflang="…" href="…">`. */
export interface HreflangAlternate {
  hreflang: string;
  href: string;
}

/** The hreflang value of the link that points at the unprefixed (English) page for unmatched languages. */
export const X_DEFAULT_HREFLANG = 'x-default';

/**
 * The languages that get an alternate link by default: every locale with a path prefix plus the
 * regional spellings the alternate-link scheme maps (fr-FR, ru-FR, ru-UZ, uz-UZ) (spec §S2).
 */
export const ALTERNATE_LOCALES: readonly string[] = Object.freeze([
  ...new Set([...LOCALE_PATH_PREFIXES, ...Object.keys(ALTERNATE_LINK_EXCEPTIONS)]),
]);

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
    // A scheme the URL standard gives no origin (an app's own 'exkit://host') reads as 'null': keep scheme and host.
    const origin = url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
    return { origin, pathname: url.pathname, search: url.search, hash: url.hash };
  }
  const hashAt = pathOrUrl.indexOf('#');
  const beforeHash = hashAt < 0 ? pathOrUrl : pathOrUrl.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : pathOrUrl.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt < 0 ? '' : beforeHash.slice(queryAt);
  // The pathname goes as written: every reader of it adds the leading slash (splitLocalePrefix).
  return { origin: '', pathname, search, hash };
}

/** A path split at its leading locale prefix. */
export interface LocalePath {
  /** The locale prefix as the catalogue spells it ('en', 'zh-CN'), or '' when the path has none. */
  locale: string;
  /** The path without that prefix, always starting with '/'. */
  path: string;
}

/**
 * Splits one leading locale segment off a pathname, whatever its case: '/EN/spot/X' → en + '/spot/X',
 * '/zh-tw' → zh-TW + '/'. Only known prefixes count; query and fragment are the caller's to remove.
 */
export function splitLocalePrefix(pathname: string, prefixes: readonly string[] = LOCALE_PATH_PREFIXES): LocalePath {
  expectString('pathname', pathname, 'splitLocalePrefix');
  // Stryker disable next-line ConditionalExpression: a map built afresh from the defaults equals the prebuilt one (it saves work).
  const lookup = prefixes === LOCALE_PATH_PREFIXES ? prefixByLowerCase : new Map(prefixes.map((locale) => [locale.toLowerCase(), locale]));
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const slash = path.indexOf('/', 1);
  const segment = slash === -1 ? path.slice(1) : path.slice(1, slash);
  const locale = segment === '' ? undefined : lookup.get(segment.toLowerCase());
  if (locale === undefined) return { locale: '', path };
  return { locale, path: slash === -1 ? '/' : path.slice(slash) };
}

/** The locale whose prefix starts a path ('/zh-CN/spot' → 'zh-CN'), or undefined for an unprefixed path. */
export function localeOfPath(pathOrUrl: string): string | undefined {
  expectString('pathOrUrl', pathOrUrl, 'localeOfPath');
  return splitLocalePrefix(split(pathOrUrl).pathname).locale || undefined;
}

/** A path without any leading locale prefixes: '/en/fr/spot' → '/spot', '/ja' → '/'. */
export function stripLocalePrefix(pathname: string): string {
  expectString('pathname', pathname, 'stripLocalePrefix');
  let current = splitLocalePrefix(pathname);
  while (current.locale !== '') current = splitLocalePrefix(current.path);
  return current.path;
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
  expectString('pathOrUrl', pathOrUrl, 'localizePath');
  expectString('locale', locale, 'localizePath');
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
  expectString('pathOrUrl', pathOrUrl, 'hreflangAlternates');
  options = readRecord('options', options, 'hreflangAlternates');
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
