import { useEffect } from 'react';
import { MessageBoxHost, Notifications, Toaster, usePreferences, useSimulationGuard } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { pageOf } from '../services/router.js';
import { Nav } from './nav.js';
import { PageView } from './page-view.js';
import { StatusBar } from './status-bar.js';

/** The frame: nav, status bar, the current page and the overlay hosts. */
export function Shell() {
  const { router } = useApp();
  const pathname = useStore(router.pathname);
  const { preferences } = usePreferences();
  useSimulationGuard(pathname);
  useEffect(() => {
    const root = document.documentElement;
    root.lang = preferences.language;
    root.dir = preferences.direction;
  }, [preferences.language, preferences.direction]);
  const page = pageOf(pathname);
  return (
    <div className="shell">
      <header className="shell-header">
        <span className="brand">exkit exchange</span>
        <Nav current={page.id} />
      </header>
      <StatusBar />
      <main className="page" data-page={page.id}>
        <h1>{page.title}</h1>
        <PageView page={page.id} />
      </main>
      <Toaster />
      <Notifications />
      <MessageBoxHost />
    </div>
  );
}
