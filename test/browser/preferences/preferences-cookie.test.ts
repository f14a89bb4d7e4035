// The preferences cookie in every engine (Chromium, Firefox, WebKit; EXKIT_ENGINES picks): written through
// document.cookie by browserPlatform(), read back on the next page load, and a cookie cut short by the
// browser keeps its complete fields. The cookie is read from the engine's own store, not from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBundle } from '../../support/bundle-page.js';
import type { BundlePage } from '../../support/bundle-page.js';
import { ENGINES, launchEngine } from '../../support/engines.js';
import type { Engine, EnginePage } from '../../support/engines.js';
import { PREFERENCES_COOKIE_NAME } from '../../../core/preferences/index.js';
import type * as PreferencesModule from '../../../core/preferences/index.js';
import type { browserPlatform } from '../../../core/platform/browser-platform.js';

let served: BundlePage | undefined;
let origin: string;

declare global {
  interface Window {
    exkitPreferences: typeof PreferencesModule & { browserPlatform: typeof browserPlatform };
  }
}

beforeAll(async () => {
  served = await serveBundle(`
        import { browserPlatform } from './core/platform/browser-platform.ts';
        import * as preferences from './core/preferences/index.ts';
        window.exkitPreferences = { ...preferences, browserPlatform };`);
  origin = served.origin;
}, 60_000);

afterAll(async () => {
  await served?.close();
});

describe.each(ENGINES)('preferences cookie in %s — spec §S4: "loaded once, written back to the cookie on change"', (name) => {
  let engine: Engine;
  let page: EnginePage;

  beforeAll(async () => {
    engine = await launchEngine(name);
    page = await engine.newPage();
  }, 90_000);

  afterAll(async () => {
    await page?.close();
    await engine?.close();
  });

  const storedCookie = async () => (await page.cookies()).find((c) => c.name === PREFERENCES_COOKIE_NAME);

  it('writes the cookie through document.cookie for 365 days and reads it on the next page load', async () => {
    await page.goto(`${origin}/en/markets`);
    const setAt = Date.now();
    const before = await page.evaluate(() => {
      const prefs = window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform());
      const initial = prefs.get();
      prefs.set({ language: 'ar', theme: 'white', showAsset: false, valuationUnit: 2 });
      return initial;
    });
    expect(before).toMatchObject({
      language: 'en',
      unit: 'USD',
      showAsset: true,
      theme: 'black',
      layout: 'right',
      valuationUnit: 1,
      login: false,
      direction: 'ltr',
    });

    const written = await storedCookie();
    const readAt = Date.now();
    expect(written).toBeDefined();
    expect(JSON.parse(decodeURIComponent(written!.value))).toEqual({
      language: 'ar',
      unit: 'USD',
      showAsset: false,
      theme: 'white',
      layout: 'right',
      valuationUnit: 2,
      login: false,
    });
    expect(written!.path).toBe('/');
    expect(written!.expires).toBeDefined();
    // max-age is counted from when the browser stored the cookie, between setAt and readAt. Engines keep the
    // expiry to different precision (Chromium in fractions of a second, Firefox and WebKit in whole seconds,
    // rounded either way), so one second of slack on each side.
    const year = 365 * 86_400_000;
    expect(written!.expires! * 1000).toBeGreaterThanOrEqual(setAt + year - 1000);
    expect(written!.expires! * 1000).toBeLessThanOrEqual(readAt + year + 1000);

    await page.reload();
    const after = await page.evaluate(() => window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform()).get());
    expect(after).toEqual({
      language: 'ar',
      unit: 'USD',
      showAsset: false,
      theme: 'white',
      layout: 'right',
      valuationUnit: 2,
      login: false,
      direction: 'rtl',
    });
  });

  it('a truncated cookie keeps the fields written before the cut', async () => {
    const full = encodeURIComponent(JSON.stringify({ language: 'ja', unit: 'JPY', showAsset: false, theme: 'white', layout: 'left' }));
    const cut = full.slice(0, full.indexOf(encodeURIComponent('"layout"')) + 10);
    await page.addCookie({ name: PREFERENCES_COOKIE_NAME, value: cut });
    await page.reload();
    const read = await page.evaluate(() => window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform()).get());
    expect(read).toEqual({
      language: 'ja',
      unit: 'JPY',
      showAsset: false,
      theme: 'white',
      layout: 'right',
      valuationUnit: 1,
      login: false,
      direction: 'ltr',
    });
  });
});
