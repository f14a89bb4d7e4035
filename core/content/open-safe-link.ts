import type { Platform } from '../platform/types.js';
import type { ContentLogger } from './logger.js';
import { consoleContentLogger } from './logger.js';
import { sanitizeHref } from './sanitize-href.js';
import { expectObjectWith, invalidArgument, readRecord } from '../validate/describe-value.js';

export interface OpenSafeLinkOptions {
  /** Open in a new tab, without opener or referrer. */
  newTab?: boolean;
  appSchemes?: readonly string[];
  /** Receives the warning for a blocked link and the error for a new tab without a URL; the console by default (`silentContentLogger` drops
   * them). */
  logger?: ContentLogger;
}

// Window features for a new tab: the new page gets neither window.opener nor the referrer (spec §S5).
const NEW_TAB_FEATURES = 'noopener,noreferrer';

/**
 * Navigates to `href` when it is allowed (spec §S5) and returns whether anything was opened: a blocked
 * href warns and opens nothing; a new tab without a URL logs an error and opens nothing.
 */
export function openSafeLink(
  platform: Pick<Platform, 'location' | 'dom'>,
  href: string | null | undefined,
  options: OpenSafeLinkOptions = {},
): boolean {
  options = readRecord('options', options, 'openSafeLink');
  expectObjectWith('platform', platform, 'openSafeLink', ['location']);
  let location: Platform['location'];
  let dom: Platform['dom'];
  try {
    ({ location, dom } = platform);
  } catch (cause) {
    throw invalidArgument('platform', 'a Platform whose location and dom can be read', platform, 'openSafeLink', cause);
  }
  const logger = options.logger ?? consoleContentLogger;
  // A non-string href is not "no URL": sanitizeHref blocks it and logs why.
  if (href === null || href === undefined || (typeof href === 'string' && href.trim() === '')) {
    if (options.newTab) logger.error('exkit: cannot open a new tab without a URL');
    return false;
  }
  const safe = sanitizeHref(href, { logger, ...(options.appSchemes ? { appSchemes: options.appSchemes } : {}) });
  if (safe === null) return false;
  if (options.newTab) {
    const win = dom?.window;
    if (!win) {
      logger.error('exkit: cannot open a new tab: this platform has no window');
      return false;
    }
    win.open(safe, '_blank', NEW_TAB_FEATURES);
    return true;
  }
  location.assign(safe);
  return true;
}
