import { inspectHref } from './sanitize-href.js';

export interface LinkAttributeOptions {
  /** Whether the link opens in a new tab (target _blank). */
  newTab?: boolean;
  /** The product's own domains; their subdomains count as own too (seed 001 §5). */
  ownDomains?: readonly string[];
  /** App schemes, as for sanitizeHref. */
  appSchemes?: readonly string[];
}

/** The rel and target an anchor should carry; undefined fields are left off. */
export interface LinkAttributes {
  rel: string | undefined;
  target: '_blank' | undefined;
}

// Hosts are compared after the URL parser has lower-cased and punycoded them.
const BASE = 'https://exkit-link.invalid/';

function normaliseDomain(domain: string): string | null {
  const bare = domain.trim().replace(/^\*?\./, '').replace(/\.$/, '');
  if (bare === '') return null;
  try {
    return new URL(`http://${bare}/`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Whether `hostname` is one of `ownDomains` or a subdomain of one (look-alikes such as example.com.evil.io are not). */
export function isOwnDomain(hostname: string, ownDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return false;
  for (const entry of ownDomains) {
    const own = normaliseDomain(entry);
    if (own !== null && (host === own || host.endsWith(`.${own}`))) return true;
  }
  return false;
}

/** The host a link leads to, or undefined when it has none (relative, mailto, tel, app schemes, data, blob). */
export function linkHost(href: string, appSchemes?: readonly string[]): string | undefined {
  const verdict = inspectHref(href, appSchemes ? { appSchemes } : {});
  if (!verdict.allowed) return undefined;
  if (verdict.kind !== 'absolute' && verdict.kind !== 'protocol-relative') return undefined;
  if (verdict.scheme !== undefined && !['http', 'https', 'ftp'].includes(verdict.scheme)) return undefined;
  const host = new URL(verdict.href, BASE).hostname;
  return host === '' ? undefined : host;
}

/**
 * rel and target for a link (seed 001 §5): nofollow for links to another site (not the own domains or their
 * subdomains) and for blocked hrefs; noopener noreferrer for new-tab links.
 */
export function linkAttributes(href: string | null | undefined, options: LinkAttributeOptions = {}): LinkAttributes {
  const rel: string[] = [];
  const verdict = inspectHref(href, options.appSchemes ? { appSchemes: options.appSchemes } : {});
  if (!verdict.allowed) {
    if (href !== null && href !== undefined && verdict.reason !== 'empty') rel.push('nofollow');
  } else {
    const host = linkHost(verdict.href, options.appSchemes);
    if (host !== undefined && !isOwnDomain(host, options.ownDomains ?? [])) rel.push('nofollow');
  }
  if (options.newTab) rel.push('noopener', 'noreferrer');
  return { rel: rel.length ? rel.join(' ') : undefined, target: options.newTab ? '_blank' : undefined };
}
