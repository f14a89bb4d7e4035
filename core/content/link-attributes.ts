import { parseHref } from './sanitize-href.js';
import type { ParsedHref } from './sanitize-href.js';
import { expectArray, expectString, readGuarded, readRecord } from '../validate/describe-value.js';
import { createListCache } from './list-cache.js';

export interface LinkAttributeOptions {
  /** Whether the link opens in a new tab (target _blank). */
  newTab?: boolean;
  /** The product's own domains; their subdomains count as own too (spec §S5). */
  ownDomains?: readonly string[];
  /** App schemes, as for sanitizeHref. */
  appSchemes?: readonly string[];
}

/** The rel and target an anchor should carry; undefined fields are left off. */
export interface LinkAttributes {
  rel: string | undefined;
  target: '_blank' | undefined;
}

// Schemes whose links lead to a host that search engines could follow.
const NETWORK_SCHEMES = new Set(['http', 'https', 'ftp']);

function normaliseDomain(domain: string): string | null {
  const bare = String(domain)
    .trim()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; 'http:///' does not parse either, which gives null below.
  if (bare === '') return null;
  try {
    return new URL(`http://${bare}/`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

const DOT = 46;

const normalisedLists = createListCache<readonly string[]>();

function normalisedDomains(ownDomains: readonly string[]): readonly string[] {
  return readGuarded('ownDomains', 'an array of domain names', ownDomains, 'isOwnDomain', () =>
    normalisedLists.get(ownDomains, () =>
      ownDomains.map((domain) => (typeof domain === 'string' ? normaliseDomain(domain) : null)).filter((d): d is string => d !== null),
    ),
  );
}

/** Whether `hostname` is one of `ownDomains` or a subdomain of one (look-alikes such as example.com.evil.io are not). */
export function isOwnDomain(hostname: string, ownDomains: readonly string[]): boolean {
  expectString('hostname', hostname, 'isOwnDomain');
  expectArray('ownDomains', ownDomains, 'isOwnDomain', 'an array of domain names');
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; an empty host equals no own domain and ends with none.
  if (host === '') return false;
  for (const own of normalisedDomains(ownDomains)) {
    // The host itself, or one ending in "." + own (checked without building that string; a host that ends with
    // `own` and is no longer than it is `own`).
    if (host === own || (host.endsWith(own) && host.charCodeAt(host.length - own.length - 1) === DOT)) return true;
  }
  return false;
}

function hostOf({ verdict, url }: ParsedHref): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the URL is there exactly when the verdict allows, so either test alone
  // decides.
  if (!verdict.allowed || !url) return undefined;
  if (verdict.kind !== 'absolute' && verdict.kind !== 'protocol-relative') return undefined;
  if (verdict.scheme !== undefined && !NETWORK_SCHEMES.has(verdict.scheme)) return undefined;
  // Stryker disable next-line ConditionalExpression,StringLiteral: an http, https or ftp URL always has a host (the parser refuses one
  // without).
  return url.hostname === '' ? undefined : url.hostname;
}

/** The host a link leads to, or undefined when it has none (relative, mailto, tel, app schemes, data, blob). */
export function linkHost(href: string, appSchemes?: readonly string[]): string | undefined {
  return hostOf(parseHref(href, appSchemes));
}

/** linkAttributes for an href already parsed by parseHref. */
export function linkAttributesOf(parsed: ParsedHref, href: unknown, options: LinkAttributeOptions = {}): LinkAttributes {
  const rel: string[] = [];
  const { verdict } = parsed;
  if (!verdict.allowed) {
    if (href !== null && href !== undefined && verdict.reason !== 'empty') rel.push('nofollow');
  } else {
    const host = hostOf(parsed);
    // Stryker disable next-line ArrayDeclaration: the mutant's own domain 'Stryker was here' does not parse, so it is no own domain, as
    // with [].
    if (host !== undefined && !isOwnDomain(host, options.ownDomains ?? [])) rel.push('nofollow');
  }
  if (options.newTab) rel.push('noopener', 'noreferrer');
  return { rel: rel.length ? rel.join(' ') : undefined, target: options.newTab ? '_blank' : undefined };
}

/**
 * rel and target for a link (spec §S5): nofollow for links to another site (not the own domains or their
 * subdomains) and for blocked hrefs; noopener noreferrer for new-tab links.
 */
export function linkAttributes(href: string | null | undefined, options: LinkAttributeOptions = {}): LinkAttributes {
  options = readRecord('options', options, 'linkAttributes');
  return linkAttributesOf(parseHref(href, options.appSchemes), href, options);
}
