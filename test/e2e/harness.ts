// Shared set-up of the end-to-end tests: the servers `npm start` runs (built once per run), Chromium
// through playwright-core, and a screenshot folder that git ignores.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchChromium } from '../../scripts/chromium.js';
import { buildApp, buildPackage, packageBuilt, PACKAGE_ROOT, startExampleServers } from '../../examples/web/servers.js';
import type { ExampleServers } from '../../examples/web/servers.js';

export const SCREENSHOT_DIR = resolve(PACKAGE_ROOT, 'test-results/e2e');

export interface E2E {
  servers: ExampleServers;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the package when dist/ is missing (npm test builds it first), builds the app, starts everything. */
export async function startE2E(): Promise<E2E> {
  // Fail (or install, as root) before the slow builds when Chromium is missing.
  chromiumPath();
  if (!packageBuilt()) await buildPackage();
  await buildApp();
  const servers = await startExampleServers();
  const browser = await launchChromium();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    servers,
    browser,
    async close() {
      await browser.close();
      await servers.close();
    },
  };
}

/** A fresh page (own cookies and storage) at `path` of the app. */
export async function openPage(e2e: E2E, path: string): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${e2e.servers.url}${path}`);
  return page;
}

/** Saves a full-page screenshot under test-results/e2e/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
