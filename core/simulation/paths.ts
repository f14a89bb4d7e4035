import { LOCALE_PATH_PREFIXES } from '../catalog/locale-paths.js';
import { splitLocalePrefix } from '../locale-links/locale-links.js';
import type { LocalePath } from '../locale-links/locale-links.js';
import { expectString, invalidArgument } from '../validate/describe-value.js';

/**
 * Spec §S2: the pages that stay reachable in simulation mode. An entry ending in '/' admits every
 * path below it; any other entry admits itself and, where listed as a parent, its named sub-pages.
 */
export const SIMULATION_ALLOWED_PATHS: readonly string[] = Object.freeze([
  '/fee',
  '/vip/detail',
  '/vip/vipIntroduce',
  '/account/setting',
  '/account/newapi',
  '/account/sub-account',
  '/spot/',
  '/futures/',
  '/transac',
  '/order/marginOrderInfo',
  '/order/mcp',
  '/asset',
  '/asset/spot',
  '/asset/margin',
  '/asset/futures',
  '/record/exchange',
  '/record/margin',
  '/record/mcp',
  '/subaccount/setting',
  '/subaccount/setting/antiphishing',
  '/subaccount/setting/devices',
  '/subaccount/setting/history',
  '/subaccount/setting/api',
  '/modifyverification',
  '/download',
  '/proof-of-reserves',
  '/protection-fund',
  '/trade-spot',
  '/trade-margin',
  '/trade-swap',
  '/trade-info',
  '/trade-asset-order',
  '/trade-asset',
]);

/** Spec §S2: the default simulation landing page. */
export const SIMULATION_LANDING_PATH = '/spot/BTCUSDT';
/** Spec §S2: the default simulation futures page. */
export const SIMULATION_FUTURES_PATH = '/futures/usdt/BTCUSDT';
/** Spec §S2: the futures pages, as the /futures/ entry of the allowed list names them. */
export const FUTURES_PATH_PREFIX = '/futures/';

/**
 * Splits a page path at its locale prefix after dropping query and fragment and collapsing doubled
 * slashes ('/EN//spot/X?y' → en + '/spot/X'); one prefix only, so '/en/en/fee' keeps its second 'en'.
 */
export function splitPagePath(pathname: string, prefixes: readonly string[] = LOCALE_PATH_PREFIXES): LocalePath {
  expectString('pathname', pathname, 'splitPagePath');
  return splitLocalePrefix(normalisePath(pathname), prefixes);
}

/**
 * Whether `locale` can be a locale path segment: letters, digits, '-' and '_' ('zh-CN', 'ar'), or '' for none.
 * Anything else ('/', '\\', '.', '%', a space) could make the prefixed path leave the site or the page.
 */
export function isLocaleSegment(locale: unknown): locale is string {
  return typeof locale === 'string' && /^(?:[A-Za-z0-9][A-Za-z0-9_-]{0,34})?$/.test(locale);
}

/**
 * Prefixes a path with a locale segment ('' leaves it unprefixed). A locale that is not one path segment of
 * letters, digits, '-' and '_' is an InvalidArgumentError: '\\evil.example' would make the path leave the site.
 */
export function withLocalePrefix(locale: string, path: string): string {
  expectString('locale', locale, 'withLocalePrefix');
  if (!isLocaleSegment(locale))
    throw invalidArgument('locale', "one path segment of letters, digits, '-' and '_'", locale, 'withLocalePrefix');
  expectString('path', path, 'withLocalePrefix');
  const clean = normalisePath(path);
  return locale ? `/${locale}${clean === '/' ? '' : clean}` : clean;
}

/** Whether a page may be visited in simulation mode; a leading locale prefix is ignored. */
export function isSimulationAllowedPath(
  pathname: string,
  allowed: readonly string[] = SIMULATION_ALLOWED_PATHS,
  prefixes: readonly string[] = LOCALE_PATH_PREFIXES,
): boolean {
  const { path } = splitPagePath(pathname, prefixes);
  return allowed.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry || path === `${entry}/`));
}

/** Whether a page is a futures page (below /futures/); a leading locale prefix is ignored. */
export function isFuturesPath(pathname: string, prefixes: readonly string[] = LOCALE_PATH_PREFIXES): boolean {
  expectString('pathname', pathname, 'isFuturesPath');
  return splitPagePath(pathname, prefixes).path.startsWith(FUTURES_PATH_PREFIX);
}

// Drops query and fragment, collapses repeated slashes and guarantees one leading slash.
function normalisePath(pathname: string): string {
  const bare = pathname.split(/[?#]/, 1)[0]!;
  const collapsed = `/${bare}`.replace(/\/{2,}/g, '/');
  return collapsed;
}
