// The preferences cookie in a real Chromium: written through document.cookie by browserPlatform(), read
// back on the next page load, and a cookie cut short by the browser keeps its complete fields.
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBundle } from '../../support/bundle-page.js';
import type { BundlePage } from '../../support/bundle-page.js';
import { PREFERENCES_COOKIE_NAME } from '../../../core/preferences/index.js';
import type * as PreferencesModule from '../../../core/preferences/index.js';
import type { browserPlatform } from '../../../core/platform/browser-platform.js';

let served: BundlePage | undefined;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

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
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function storedCookie() {
  return (await context.cookies(origin)).find((c) => c.name === PREFERENCES_COOKIE_NAME);
}

describe('preferences cookie in Chromium — seed 001 §4: "loaded once, written back to the cookie on change"', () => {
  it('writes the cookie through document.cookie for 365 days and reads it on the next page load', async () => {
    await page.goto(`${origin}/en/markets`);
    const before = await page.evaluate(() => {
      const prefs = window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform());
      const initial = prefs.get();
      prefs.set({ language: 'ar', theme: 'white', showAsset: false, valuationUnit: 2 });
      return initial;
    });
    expect(before).toMatchObject({ language: 'en', unit: 'USD', showAsset: true, theme: 'black', layout: 'right', valuationUnit: 1, login: false, direction: 'ltr' });

    const written = await storedCookie();
    expect(written).toBeDefined();
    expect(JSON.parse(decodeURIComponent(written!.value))).toEqual({ language: 'ar', unit: 'USD', showAsset: false, theme: 'white', layout: 'right', valuationUnit: 2, login: false });
    expect(written!.path).toBe('/');
    const days = (written!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    const after = await page.evaluate(() => window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform()).get());
    expect(after).toEqual({ language: 'ar', unit: 'USD', showAsset: false, theme: 'white', layout: 'right', valuationUnit: 2, login: false, direction: 'rtl' });
  });

  it('a truncated cookie keeps the fields written before the cut', async () => {
    const full = encodeURIComponent(JSON.stringify({ language: 'ja', unit: 'JPY', showAsset: false, theme: 'white', layout: 'left' }));
    const cut = full.slice(0, full.indexOf(encodeURIComponent('"layout"')) + 10);
    await context.addCookies([{ name: PREFERENCES_COOKIE_NAME, value: cut, url: origin }]);
    await page.reload();
    const read = await page.evaluate(() => window.exkitPreferences.createPreferences(window.exkitPreferences.browserPlatform()).get());
    expect(read).toEqual({ language: 'ja', unit: 'JPY', showAsset: false, theme: 'white', layout: 'right', valuationUnit: 1, login: false, direction: 'ltr' });
  });
});
