import { invalidArgument } from '../validate/describe-value.js';

/**
 * The absolute URL a navigation to `url` from `base` lands on, as `location.assign` resolves it. A value that is
 * not a string, or one the URL parser refuses, is an InvalidArgumentError naming `url` (a browser throws a
 * SyntaxError there), and nothing is navigated.
 */
export function resolveNavigation(url: unknown, base: string): string {
  if (typeof url !== 'string') throw invalidArgument('url', 'a URL string', url, 'location.assign');
  try {
    return new URL(url, base).href;
  } catch (cause) {
    throw invalidArgument('url', 'a URL the URL parser accepts', url, 'location.assign', cause);
  }
}
