// The app's pages and a History-API router. Paths keep the site's locale prefix (/ar/…), which the
// simulation mode's redirects also use; the page is chosen from the path without it.
import { localeOfPath, localizePath, stripLocalePrefix, SIMULATION_FUTURES_PATH, SIMULATION_LANDING_PATH } from 'exkit';
import type { Platform } from 'exkit';
import type { Texts } from '../i18n/catalogue.js';
import { valueStore } from './store.js';

export interface PageInfo {
  id: 'in-app' | 'account' | 'trading' | 'spot' | 'futures' | 'ui' | 'content' | 'diagrams';
  path: string;
}

/** The nav, in order (titles in the catalogue's `pages` section). The spot and futures pages sit on the simulation-allowed paths. */
export const PAGES: readonly PageInfo[] = [
  { id: 'in-app', path: '/in-app' },
  { id: 'account', path: '/account' },
  { id: 'trading', path: '/settings' },
  { id: 'spot', path: SIMULATION_LANDING_PATH },
  { id: 'futures', path: SIMULATION_FUTURES_PATH },
  { id: 'ui', path: '/ui' },
  { id: 'content', path: '/content' },
  { id: 'diagrams', path: '/diagrams' },
];

/** The page a path shows: spot and futures pages by prefix, the rest exactly; the first page otherwise. */
export function pageOf(pathname: string): PageInfo {
  const path = stripLocalePrefix(pathname);
  if (path.startsWith('/spot/')) return PAGES.find((p) => p.id === 'spot')!;
  if (path.startsWith('/futures/')) return PAGES.find((p) => p.id === 'futures')!;
  return PAGES.find((p) => p.path === path) ?? PAGES[0]!;
}

/** The title of a page in the interface language. */
export function pageTitle(page: PageInfo, texts: Texts['pages']): string {
  return texts.titles[page.id];
}

/** The document title of a page: the page first, so browser tabs and history tell pages apart. */
export function documentTitle(page: PageInfo, texts: Texts['pages']): string {
  return texts.documentTitle(pageTitle(page, texts));
}

/** The location's path, updated on pushState navigation and on back/forward. */
export function createRouter(platform: Platform) {
  const pathname = valueStore(new URL(platform.location.href).pathname);
  const window = platform.dom?.window;
  window?.addEventListener('popstate', () => pathname.set(new URL(platform.location.href).pathname));
  return {
    pathname,
    /** Shows the current page under another locale's prefix (no prefix for en). */
    relocalize(locale: string) {
      const target = localizePath(pathname.get(), locale);
      window?.history.replaceState(null, '', target);
      pathname.set(target);
    },
    /** Goes to `path` under the current locale prefix. */
    go(path: string) {
      const target = localizePath(path, localeOfPath(pathname.get()) ?? 'en');
      window?.history.pushState(null, '', target);
      pathname.set(target);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
