// Shared set-up of the end-to-end tests: the servers `npm start` runs (built once per run), each engine through
// the shared launcher (test/support/engines.ts), a few user-level steps on its page API, and a screenshot
// folder that git ignores.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp, buildPackage, packageBuilt, PACKAGE_ROOT, startExampleServers } from '../../examples/web/servers.js';
import type { ExampleServers } from '../../examples/web/servers.js';
import { ensureEngines, selectedEngines } from '../../scripts/engines.js';
import type { Engine, EnginePage } from '../support/engines.js';

export const SCREENSHOT_DIR = resolve(PACKAGE_ROOT, 'test-results/e2e');

export interface E2E {
  servers: ExampleServers;
  close(): Promise<void>;
}

/** Builds the package when dist/ is missing (npm test builds it first), builds the app, starts the servers. */
export async function startE2E(): Promise<E2E> {
  // Fail (or install, as root) before the slow builds when an engine is missing.
  ensureEngines(selectedEngines());
  if (!packageBuilt()) await buildPackage();
  await buildApp();
  const servers = await startExampleServers();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    servers,
    close: () => servers.close(),
  };
}

/** A fresh page (own cookies and storage) at `path` of the app. */
export async function openPage(e2e: E2E, engine: Engine, path: string): Promise<EnginePage> {
  const page = await engine.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${e2e.servers.url}${path}`);
  return page;
}

/** Saves a screenshot of the viewport under test-results/e2e/, named after the engine. */
export async function screenshot(page: EnginePage, engine: Engine, name: string): Promise<void> {
  writeFileSync(resolve(SCREENSHOT_DIR, `${engine.name}-${name}.png`), await page.screenshot());
}

/** The selector of an element by its data-testid. */
export const testId = (id: string) => `[data-testid="${id}"]`;

type TextMatch = string | RegExp;
const matcher = (match: TextMatch) => (typeof match === 'string' ? { text: match } : { source: match.source, flags: match.flags });

/** Waits until an element matching `selector` has text containing `match` (a string) or matching it (a RegExp). */
export async function waitForText(page: EnginePage, selector: string, match: TextMatch, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, m }) =>
      [...document.querySelectorAll(selector)].some((el) => {
        const text = el.textContent ?? '';
        return m.text !== undefined ? text.includes(m.text) : new RegExp(m.source!, m.flags).test(text);
      }),
    { selector, m: matcher(match) as { text?: string; source?: string; flags?: string } },
    { timeout },
  );
}

/** Waits until an element matches `selector`. */
export const waitFor = (page: EnginePage, selector: string, timeout = 10_000) => page.waitForFunction((s) => document.querySelector(s) !== null, selector, { timeout });
/** Waits until no element matches `selector`. */
export const waitGone = (page: EnginePage, selector: string, timeout = 10_000) => page.waitForFunction((s) => document.querySelector(s) === null, selector, { timeout });
/** The text of the first element matching `selector`, or null. */
export const textOf = (page: EnginePage, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
/** An attribute of the first element matching `selector`, or null. */
export const attributeOf = (page: EnginePage, selector: string, name: string) => page.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name] as const);
/** The number of elements matching `selector`. */
export const countOf = (page: EnginePage, selector: string) => page.evaluate((s) => document.querySelectorAll(s).length, selector);

/**
 * Fills an input as typing would end up: focused, the value set through the native setter (so React sees a
 * change) and an input event. Typing key by key is what the UI tests check; here only the outcome matters.
 */
export async function fill(page: EnginePage, selector: string, value: string): Promise<void> {
  await page.waitForFunction((s) => document.querySelector(s) !== null, selector);
  await page.evaluate(([s, v]) => {
    const input = document.querySelector<HTMLInputElement>(s)!;
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [selector, value] as const);
}

/** Chooses an option of a select as a user would: value set, change event. */
export async function selectOption(page: EnginePage, selector: string, value: string): Promise<void> {
  await page.waitForFunction((s) => document.querySelector(s) !== null, selector);
  await page.evaluate(([s, v]) => {
    const select = document.querySelector<HTMLSelectElement>(s)!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, v);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, [selector, value] as const);
}

let marks = 0;

/**
 * Clicks (with the real pointer) the first button or link inside `scope` whose accessible text is `name`:
 * its aria-label or its trimmed text. The element is marked with a data attribute so the launcher can aim at it.
 */
export async function clickByName(page: EnginePage, kind: 'button' | 'link', name: string, scope = 'body'): Promise<void> {
  const mark = `e2e-${++marks}`;
  await page.waitForFunction(
    ({ kind, name, scope, mark }) => {
      const candidates = document.querySelectorAll(`${scope} ${kind === 'button' ? 'button, [role="button"]' : 'a[href], [role="link"]'}`);
      const found = [...candidates].find((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === name);
      found?.setAttribute('data-e2e-target', mark);
      return found !== undefined;
    },
    { kind, name, scope, mark },
  );
  await page.click(`[data-e2e-target="${mark}"]`);
}

/** Waits until the page's path ends with `suffix`. */
export const waitForPath = (page: EnginePage, suffix: string, timeout = 10_000) => page.waitForFunction((s) => location.pathname.endsWith(s), suffix, { timeout });
