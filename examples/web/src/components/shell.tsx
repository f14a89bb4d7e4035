import { useEffect, useRef } from 'react';
import { findLanguage, localeOfPath, localizePath, rootThemePort } from 'exkit';
import { MessageBoxHost, Notifications, Toaster, useExkit, usePreferences, useSimulationGuard } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { uiLanguage } from '../i18n/catalogue.js';
import { useText } from '../i18n/use-text.js';
import { PAGES, documentTitle, pageOf, pageTitle } from '../services/router.js';
import { Nav } from './nav.js';
import { PageBoundary } from './page-boundary.js';
import { PageView } from './page-view.js';
import { StatusBar } from './status-bar.js';

/** The frame: nav, status bar, the current page (behind its own error boundary) and the overlay hosts. */
export function Shell() {
  const { router } = useApp();
  const { platform } = useExkit();
  const pathname = useStore(router.pathname);
  const { preferences, setPreferences } = usePreferences();
  useSimulationGuard(pathname);
  const page = pageOf(pathname);
  const text = useText();
  const t = text.shell;
  const title = pageTitle(page, text.pages);
  // lang names the language the page is written in: a site locale the interface does not speak (ja) shows
  // English texts, so the page says English.
  useEffect(() => {
    const root = document.documentElement;
    root.lang = uiLanguage(preferences.language);
    root.dir = preferences.direction;
  }, [preferences.language, preferences.direction]);
  // The page follows the preferences whoever changes them (the theme button, the reset, another tab): the
  // theme on <html> and the locale prefix of the URL. The theme button applies its own theme first, with the
  // circular reveal, so here it is already current and nothing is re-applied.
  useEffect(() => {
    if (!platform.dom) return;
    const port = rootThemePort(platform.dom);
    if (port.current() !== preferences.theme) port.apply(preferences.theme);
  }, [platform, preferences.theme]);
  // On the first render a locale prefix in the URL (a shared /ja/… link) wins over the cookie; from then on
  // the preferences lead and the URL follows them.
  const first = useRef(true);
  useEffect(() => {
    const fromUrl = localeOfPath(router.pathname.get());
    if (first.current) {
      first.current = false;
      if (fromUrl !== undefined && fromUrl !== preferences.language && findLanguage(fromUrl)) {
        setPreferences({ language: fromUrl });
        return;
      }
    }
    if (localizePath(router.pathname.get(), preferences.language) !== router.pathname.get()) router.relocalize(preferences.language);
  }, [router, preferences.language, setPreferences]);
  const tabTitle = documentTitle(page, text.pages);
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);
  const leaveTo = page.id === 'spot' ? PAGES.find((p) => p.id === 'futures')! : PAGES.find((p) => p.id === 'spot')!;
  return (
    <div className="shell">
      <header className="shell-header">
        <span className="brand">{t.brand}</span>
        <Nav current={page.id} />
      </header>
      <StatusBar />
      <main className="page" data-page={page.id}>
        <h1>{title}</h1>
        <PageBoundary
          key={pathname}
          title={title}
          leaveLabel={t.goTo(pageTitle(leaveTo, text.pages))}
          texts={text.pageBoundary}
          onLeave={() => router.go(leaveTo.path)}
        >
          <PageView page={page.id} />
        </PageBoundary>
      </main>
      <Toaster label={t.toasts} closeLabel={t.close} />
      <Notifications label={t.notifications} closeLabel={t.close} />
      <MessageBoxHost labels={{ confirm: t.ok, cancel: t.cancel, close: t.close }} />
    </div>
  );
}
