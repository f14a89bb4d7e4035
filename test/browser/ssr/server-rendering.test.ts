// Server rendering: the page is rendered on the server with renderToString over a headless platform, then
// hydrated in a real browser (Chromium, Firefox, WebKit; EXKIT_ENGINES picks) on a first visit and on a return
// visit whose cookies and storage hold a risk token, the visitor's language and the reduced-motion setting.
// React must report no hydration error and print no warning, and the server must start nothing: no request, no
// timer, no storage or cookie write.
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headlessPlatform } from '../../../core/index.js';
import type { KeyValueStorage, Platform } from '../../../core/index.js';
import { appPage, engineForSuite, serveAppForSuite } from '../../support/bundle-page.js';
import { ENGINES } from '../../support/engines.js';
import type { EnginePage } from '../../support/engines.js';
import { App, makeServices } from './app.js';

/** What server renders asked of their platforms: requests, timers, storage and cookie writes, token fetches. */
const started: string[] = [];

function watchedStorage(storage: KeyValueStorage, name: string): KeyValueStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      started.push(`${name}.setItem(${key})`);
      storage.setItem(key, value);
    },
    removeItem: (key) => {
      started.push(`${name}.removeItem(${key})`);
      storage.removeItem(key);
    },
    keys: () => storage.keys(),
  };
}

/** A headless platform for one server render that records everything it is asked to start or write. */
function serverPlatform(href: string): Platform {
  const platform = headlessPlatform({
    href,
    fetch: (input) => {
      started.push(`fetch(${String(input)})`);
      return Promise.reject(new Error('no network in a server render'));
    },
  });
  return {
    ...platform,
    timers: {
      setTimeout: (callback, ms) => {
        started.push(`setTimeout(${ms})`);
        return platform.timers.setTimeout(callback, ms);
      },
      clearTimeout: (handle) => platform.timers.clearTimeout(handle),
    },
    localStorage: watchedStorage(platform.localStorage, 'localStorage'),
    sessionStorage: watchedStorage(platform.sessionStorage, 'sessionStorage'),
    cookies: {
      get: (name) => platform.cookies.get(name),
      set: (name, value, options) => {
        started.push(`cookies.set(${name})`);
        return platform.cookies.set(name, value, options);
      },
      remove: (name, options) => {
        started.push(`cookies.remove(${name})`);
        return platform.cookies.remove(name, options);
      },
    },
  };
}

const serverFetchToken = () => {
  started.push('fetchToken');
  return Promise.resolve('s'.repeat(40));
};

let renders = 0;

// The page at '/' is rendered on each request; its first script records problems with their kind.
const app = serveAppForSuite({
  entry: resolve(import.meta.dirname, 'client.tsx'),
  // React's development build: it prints every hydration warning the production build stays silent about.
  nodeEnv: 'development',
  page: (path) => {
    if (path !== '/') return undefined;
    renders += 1;
    const html = renderToString(createElement(App, { services: makeServices(serverPlatform(home()), serverFetchToken) }));
    return appPage({
      head: `<script>
        window.__problems = [];
        addEventListener('error', (e) => window.__problems.push('error: ' + e.message));
        addEventListener('unhandledrejection', (e) => window.__problems.push('rejection: ' + e.reason));
      </script>`,
      root: html,
    });
  },
});
/** The page's address. */
const home = () => `${app.origin}/`;

describe('a server render', () => {
  it('starts no request, timer, storage or cookie write, and shows every hook at its initial state', async () => {
    const before = renders;
    const html = await (await fetch(home())).text();
    expect(renders).toBe(before + 1);
    expect(started).toEqual([]);
    const text = (id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];
    expect(text('risk')).toBe('notInitialised none idle');
    expect(text('language')).toBe('en');
    expect(text('motion')).toBe('full');
    expect(text('simulation')).toBe('off');
    expect(text('box')).toBe('none');
    expect(text('loading')).toBe('removed');
    expect(text('dialog')).toBe('closed');
    // The overlays render after hydration, into the body: none is in the server's HTML.
    expect(html).not.toContain('data-exkit-toaster');
  });
});

describe.each(ENGINES)('hydration in %s', (name) => {
  // The visitor asks for reduced motion, which the server cannot know.
  const engine = engineForSuite(name, { reducedMotion: 'reduce' });
  let page: EnginePage;

  beforeAll(async () => {
    page = await engine.newPage();
  });

  afterAll(async () => {
    await page?.close();
  });

  const hydrated = async () => {
    await page.waitForFunction(() => document.documentElement.dataset['mounted'] === 'true', undefined, { timeout: 10_000 });
    return page.evaluate(() => ({
      problems: window.__problems,
      risk: document.querySelector('[data-testid="risk"]')?.textContent,
      language: document.querySelector('[data-testid="language"]')?.textContent,
      motion: document.querySelector('[data-testid="motion"]')?.textContent,
      toast: document.querySelector('[data-exkit-toast]')?.textContent ?? null,
    }));
  };

  it('a first visit hydrates without a warning, then the risk token starts after mount and is stored', async () => {
    await page.goto(home());
    const first = await hydrated();
    expect(first.problems).toEqual([]);
    expect(first.motion).toBe('reduced');
    expect(first.toast).toContain('Welcome back');
    await page.waitForFunction(() => document.querySelector('[data-testid="risk"]')?.textContent === 'success success idle');
    // The visitor picks a language: written to the preferences cookie for the next visit.
    await page.evaluate(() => void window.__services.preferences!.set({ language: 'ar' }));
    expect((await page.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['riskToken', 'exkit_preferences']));
  });

  it('a return visit with the stored token and language hydrates without a warning, then shows them', async () => {
    await page.reload();
    const again = await hydrated();
    expect(again.problems).toEqual([]);
    // After hydration the hooks follow the client's own state: the stored token, the language, the setting.
    await page.waitForFunction(() => document.querySelector('[data-testid="language"]')?.textContent === 'ar');
    expect(again.motion).toBe('reduced');
    expect(await page.evaluate(() => document.querySelector('[data-testid="risk"]')?.textContent)).toMatch(/^success success/);
    expect(await page.evaluate(() => document.querySelector('dl')?.getAttribute('dir'))).toBe('rtl');
    expect(started).toEqual([]);
  });
});
