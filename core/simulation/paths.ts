import { LOCALE_PATH_PREFIXES } from '../catalog/locale-paths.js';

/**
 * Seed 001 §2: the pages that stay reachable in simulation mode. An entry ending in '/' admits every
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

/** Seed 001 §2: the default simulation landing page. */
export const SIMULATION_LANDING_PATH = '/spot/BTCUSDT';
/** Seed 001 §2: the default simulation futures page. */
export const SIMULATION_FUTURES_PATH = '/futures/usdt/BTCUSDT';
/** Seed 001 §2: the futures pages, as the /futures/ entry of the allowed list names them. */
export const FUTURES_PATH_PREFIX = '/futures/';

export interface LocalePath {
  /** The locale prefix without slashes ('en', 'zh-CN'), or '' when the path has none. */
  locale: string;
  /** The path without its locale prefix, always starting with '/'. */
  path: string;
}

/** Splits a leading locale segment ('/en/spot/X' → en + '/spot/X'); only known prefixes count. */
export function splitLocalePrefix(pathname: string, prefixes: readonly string[] = LOCALE_PATH_PREFIXES): LocalePath {
  const path = normalisePath(pathname);
  const segment = path.split('/')[1] ?? '';
  if (segment && prefixes.includes(segment)) {
    const rest = path.slice(segment.length + 1);
    return { locale: segment, path: rest === '' ? '/' : rest };
  }
  return { locale: '', path };
}

/** Prefixes a path with a locale segment ('' leaves it unprefixed). */
export function withLocalePrefix(locale: string, path: string): string {
  const clean = normalisePath(path);
  return locale ? `/${locale}${clean === '/' ? '' : clean}` : clean;
}

/** Whether a page may be visited in simulation mode; a leading locale prefix is ignored. */
export function isSimulationAllowedPath(
  pathname: string,
  allowed: readonly string[] = SIMULATION_ALLOWED_PATHS,
  prefixes: readonly string[] = LOCALE_PATH_PREFIXES,
): boolean {
  const { path } = splitLocalePrefix(pathname, prefixes);
  return allowed.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry || path === `${entry}/`));
}

/** Whether a page is a futures page (below /futures/); a leading locale prefix is ignored. */
export function isFuturesPath(pathname: string, prefixes: readonly string[] = LOCALE_PATH_PREFIXES): boolean {
  return splitLocalePrefix(pathname, prefixes).path.startsWith(FUTURES_PATH_PREFIX);
}

// Drops query and fragment, collapses repeated slashes and guarantees one leading slash.
function normalisePath(pathname: string): string {
  const bare = pathname.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${bare}`.replace(/\/{2,}/g, '/');
  return collapsed;
}
