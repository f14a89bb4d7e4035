// The fingerprint and terminal code in a real Chromium: every source runs against the real DOM, canvas,
// layout and Web Audio (or says why not), and two tabs of one browser context share one terminal code,
// the second receiving the first's value through the real `storage` event.
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBundle } from '../../support/bundle-page.js';
import type { BundlePage } from '../../support/bundle-page.js';
import { hashComponents, isValidTerminalCode } from '../../../core/security/fingerprint/index.js';
import type * as FingerprintModule from '../../../core/security/fingerprint/index.js';
import type { browserPlatform } from '../../../core/platform/browser-platform.js';

let served: BundlePage | undefined;
let origin: string;
let browser: Browser;
let context: BrowserContext;

declare global {
  interface Window {
    exkitFingerprint: typeof FingerprintModule & { browserPlatform: typeof browserPlatform };
    firstTabCode?: Promise<string>;
    collects?: number;
  }
}

beforeAll(async () => {
  served = await serveBundle(`
        import { browserPlatform } from './core/platform/browser-platform.ts';
        import * as fingerprint from './core/security/fingerprint/index.ts';
        window.exkitFingerprint = { ...fingerprint, browserPlatform };`);
  origin = served.origin;
  browser = await launchChromium();
  context = await browser.newContext();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function openTab(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  return page;
}

/** Collects a fingerprint in the page and returns it with the page's own terminal-code hash of it. */
function collectIn(page: Page) {
  return page.evaluate(async () => {
    const { collectFingerprint, hashComponents, browserPlatform } = window.exkitFingerprint;
    const fingerprint = await collectFingerprint(browserPlatform());
    const sources = Object.fromEntries(
      Object.entries(fingerprint.sources).map(([name, report]) => [
        name,
        { status: report.status, reason: 'reason' in report ? report.reason : undefined },
      ]),
    );
    return {
      components: fingerprint.components,
      sources,
      contributed: fingerprint.contributed,
      code: hashComponents(fingerprint.components),
    };
  });
}

describe('fingerprint in Chromium', () => {
  it("collects every source from the real browser, and the page's hash equals node's hash of the same components", async () => {
    const page = await openTab();
    const result = await collectIn(page);
    for (const [name, report] of Object.entries(result.sources)) {
      // Honest reporting: anything but ok says why.
      if (report.status !== 'ok') expect(report.reason, name).toEqual(expect.any(String));
    }
    expect(result.sources).toEqual({
      userAgent: { status: 'ok' },
      screen: { status: 'ok' },
      timeZone: { status: 'ok' },
      languages: { status: 'ok' },
      canvas: { status: 'ok' },
      fonts: { status: 'ok' },
      audio: { status: 'ok' },
      hardware: { status: 'ok' },
    });
    const components = result.components as Record<string, unknown>;
    expect(components.userAgent).toMatchObject({ userAgent: expect.stringContaining('Chrome') });
    expect(components.canvas).toEqual({ winding: true, image: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(components.audio).toEqual(expect.any(Number));
    expect(components.audio).toBeGreaterThan(0);
    expect(Array.isArray(components.fonts)).toBe(true);
    expect(isValidTerminalCode(result.code)).toBe(true);
    expect(hashComponents(components)).toBe(result.code);
    // A second collection in the same page gives the same components (the canvas is not randomised).
    expect((await collectIn(page)).code).toBe(result.code);
    await page.close();
  }, 30_000);

  it("two tabs of one browser context get the same terminal code: the second waits for the first's value", async () => {
    const first = await openTab();
    const second = await openTab();
    await first.evaluate(() => localStorage.clear());

    // The first tab starts computing (its collection held 300 ms) and leaves its "computing" marker.
    await first.evaluate(async () => {
      const { collectFingerprint, createTerminalCode, browserPlatform } = window.exkitFingerprint;
      const platform = browserPlatform();
      const fingerprint = await collectFingerprint(platform);
      const terminal = createTerminalCode(platform, {
        collect: () => new Promise((resolve) => setTimeout(() => resolve(fingerprint), 300)),
      });
      window.firstTabCode = terminal.get();
    });

    // The second tab finds the marker, waits (at most 1 s), and takes the first tab's value without collecting.
    const secondResult = await second.evaluate(async () => {
      const { collectFingerprint, createTerminalCode, browserPlatform } = window.exkitFingerprint;
      const platform = browserPlatform();
      window.collects = 0;
      const terminal = createTerminalCode(platform, {
        collect: () => {
          window.collects!++;
          return collectFingerprint(platform);
        },
        // Longer than the default second: under a loaded test run the first tab's 300 ms hold can end after 1 s.
        // The second tab still takes the value as soon as the first stores it (the default is checked in unit tests).
        crossTabWaitMs: 10_000,
      });
      const before = terminal.current();
      const code = await terminal.get();
      return { before, code, collects: window.collects, current: terminal.current() };
    });
    const firstCode = await first.evaluate(() => window.firstTabCode!);

    expect(secondResult.before).toBeUndefined();
    expect(secondResult.collects).toBe(0);
    expect(secondResult.code).toBe(firstCode);
    expect(secondResult.current).toBe(firstCode);
    expect(isValidTerminalCode(firstCode)).toBe(true);
    // The second tab's own fingerprint hashes to the same code: same browser, same components.
    expect((await collectIn(second)).code).toBe(firstCode);

    // A new page load reads the stored code synchronously, before any computation.
    await second.reload();
    const afterReload = await second.evaluate(() => {
      const { createTerminalCode, browserPlatform } = window.exkitFingerprint;
      return createTerminalCode(browserPlatform()).current();
    });
    expect(afterReload).toBe(firstCode);
    await first.close();
    await second.close();
  }, 30_000);
});
