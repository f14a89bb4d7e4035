import { useMemo } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { linkAttributes } from '../core/content/link-attributes.js';
import type { ContentLogger } from '../core/content/logger.js';
import { consoleContentLogger } from '../core/content/logger.js';
import { inspectHref } from '../core/content/sanitize-href.js';

export interface SafeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  href: string | null | undefined;
  /** Open in a new tab with opener protection. */
  newTab?: boolean;
  /** The product's own domains: links elsewhere get rel="nofollow". */
  ownDomains?: readonly string[];
  /** App schemes the link may use, as for sanitizeHref. */
  appSchemes?: readonly string[];
  /** Receives the click-time warning for a blocked link and the error for a new tab without a URL; the console by default. */
  logger?: ContentLogger;
}

/**
 * An anchor whose href passed the link rules (spec §S5). A blocked href renders no href at all, and a click
 * on it warns and navigates nowhere; rel and target come from linkAttributes (author rel tokens are added,
 * except 'opener').
 */
export function SafeLink({ href, newTab, ownDomains, appSchemes, logger, rel, onClick, children, ...rest }: SafeLinkProps) {
  const verdict = useMemo(() => inspectHref(href, appSchemes ? { appSchemes } : {}), [href, appSchemes]);
  const attributes = linkAttributes(href, {
    ...(newTab ? { newTab } : {}),
    ...(ownDomains ? { ownDomains } : {}),
    ...(appSchemes ? { appSchemes } : {}),
  });
  // Stryker disable next-line Regex: splitting on single spaces leaves empty tokens between runs, which the next line deletes.
  const tokens = new Set([...(attributes.rel?.split(' ') ?? []), ...(rel?.split(/\s+/) ?? [])]);
  tokens.delete('');
  tokens.delete('opener');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (verdict.allowed) return;
    event.preventDefault();
    const log = logger ?? consoleContentLogger;
    if (verdict.reason === 'empty' || href === null || href === undefined) {
      if (newTab) log.error('exkit: cannot open a new tab without a URL');
    } else {
      log.warn(`exkit: blocked an unsafe link (${verdict.reason})`, { href });
    }
  };
  return (
    <a
      {...rest}
      href={verdict.allowed ? verdict.href : undefined}
      rel={tokens.size ? [...tokens].join(' ') : undefined}
      target={attributes.target}
      onClick={handleClick}
    >
      {children}
    </a>
  );
}
