// Shared set-up of the end-to-end tests: the servers `npm start` runs (the app's dev server, the package from
// source), each engine through the shared launcher (test/support/engines.ts), the two window sizes every
// journey runs at, a few user-level steps on its page API, what a visitor sees (in the viewport, page errors),
// and a screenshot folder that git ignores.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PACKAGE_ROOT, startExampleServers } from '../../examples/web/servers.js';
import type { ExampleServers } from '../../examples/web/servers.js';
import { ensureEngines, selectedEngines } from '../../scripts/engines.js';
import type { Engine, EnginePage } from '../support/engines.js';

export const SCREENSHOT_DIR = resolve(PACKAGE_ROOT, 'test-results/e2e');

export interface E2E {
  servers: ExampleServers;
  close(): Promise<void>;
}

/**
 * The servers `npm start` runs, on free ports, for the tests of this file: started before they run (after
 * checking, or installing as root, the selected engines), stopped after them.
 */
export function startE2E(): E2E {
  let servers: ExampleServers | undefined;
  beforeAll(async () => {
    // Fail (or install, as root) before starting anything when an engine is missing.
    ensureEngines(selectedEngines());
    servers = await startExampleServers();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, 240_000);
  afterAll(async () => {
    await servers?.close();
  });
  return {
    get servers() {
      if (servers === undefined) throw new Error('the example servers did not start');
      return servers;
    },
    close: async () => {
      await servers?.close();
    },
  };
}

/** A window size a journey runs at. */
export interface Size {
  name: 'desktop' | 'phone' | 'zoom200';
  width: number;
  height: number;
}

/** The two sizes of every journey: a laptop, and a phone (the app webviews the product mostly runs in). */
export const SIZES: readonly Size[] = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 740 },
];

/**
 * The two sizes and the laptop at 200 % zoom: a 1366 × 768 window zoomed to 200 % lays pages out in
 * 683 × 384 CSS px, which is what this size gives them.
 */
export const SIZES_AND_ZOOM: readonly Size[] = [...SIZES, { name: 'zoom200', width: 683, height: 384 }];

/**
 * A fresh page (own cookies and storage) at `path` of the app, at `size`. Once the shell has rendered, the
 * page records its uncaught errors and unhandled rejections for `pageErrors`.
 */
export async function openPage(
  e2e: E2E,
  engine: Engine,
  path: string,
  size: Pick<Size, 'width' | 'height'> = SIZES[0]!,
): Promise<EnginePage> {
  const page = await engine.newPage({ viewport: { width: size.width, height: size.height } });
  await page.goto(`${e2e.servers.url}${path}`);
  await watchErrors(page);
  return page;
}

/** Navigates the open page to `path` (a full load) and watches its errors again. */
export async function visit(e2e: E2E, page: EnginePage, path: string): Promise<void> {
  await page.goto(`${e2e.servers.url}${path}`);
  await watchErrors(page);
}

async function watchErrors(page: EnginePage): Promise<void> {
  // The shell renders <main><h1>: a page that failed to start shows nothing, and this wait fails.
  await page.waitForFunction(() => document.querySelector('main h1') !== null, undefined, { timeout: 20_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __e2eErrors?: string[] };
    if (w.__e2eErrors) return;
    const errors: string[] = [];
    w.__e2eErrors = errors;
    window.addEventListener('error', (event) => errors.push(String(event.message)));
    window.addEventListener('unhandledrejection', (event) =>
      errors.push(String((event.reason as { message?: unknown })?.message ?? event.reason)),
    );
  });
}

/** Uncaught errors and unhandled rejections since the page loaded, and whether a page's error boundary is showing. */
export async function pageErrors(page: EnginePage): Promise<{ errors: string[]; boundary: string | null }> {
  return page.evaluate(() => ({
    errors: [...((window as unknown as { __e2eErrors?: string[] }).__e2eErrors ?? [])],
    boundary: document.querySelector('[data-testid="page-error"]')?.textContent ?? null,
  }));
}

/** Where an element is on screen, and whether all of it is inside the viewport. */
export interface Placement {
  top: number;
  left: number;
  bottom: number;
  right: number;
  width: number;
  height: number;
  inViewport: boolean;
  viewportWidth: number;
  viewportHeight: number;
}

/** The placement of the first element matching `selector` (null when there is none). */
export const placementOf = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const w = document.documentElement.clientWidth;
    const h = window.innerHeight;
    return {
      top: r.top,
      left: r.left,
      bottom: r.bottom,
      right: r.right,
      width: r.width,
      height: r.height,
      viewportWidth: w,
      viewportHeight: h,
      inViewport: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= h + 0.5 && r.right <= w + 0.5,
    };
  }, selector) as Promise<Placement | null>;

/** The placements of every element matching `selector`. */
export const placementsOf = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const w = document.documentElement.clientWidth;
    const h = window.innerHeight;
    return [...document.querySelectorAll(s)].map((el) => {
      const r = el.getBoundingClientRect();
      return {
        top: r.top,
        left: r.left,
        bottom: r.bottom,
        right: r.right,
        width: r.width,
        height: r.height,
        viewportWidth: w,
        viewportHeight: h,
        inViewport: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= h + 0.5 && r.right <= w + 0.5,
      };
    });
  }, selector) as Promise<Placement[]>;

/** Scrolls the first element matching `selector` into the middle of the viewport (as a visitor scrolls to it). */
export const scrollTo = (page: EnginePage, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center', inline: 'nearest' }), selector);

/** Saves a screenshot of the viewport under test-results/e2e/, named after the engine (and the size). */
export async function screenshot(page: EnginePage, engine: Engine, name: string): Promise<void> {
  writeFileSync(resolve(SCREENSHOT_DIR, `${engine.name}-${name}.png`), await page.screenshot());
}

/** The selector of an element by its data-testid. */
export const testId = (id: string) => `[data-testid="${id}"]`;

type TextMatch = string | RegExp;
const matcher = (match: TextMatch) => (typeof match === 'string' ? { text: match } : { source: match.source, flags: match.flags });

/**
 * Waits until an element matching `selector` has text containing `match` (a string) or matching it (a RegExp).
 * On a time-out the error says what the matching elements held instead.
 */
export async function waitForText(page: EnginePage, selector: string, match: TextMatch, timeout = 10_000): Promise<void> {
  const waiting = page.waitForFunction(
    ({ selector, m }) =>
      [...document.querySelectorAll(selector)].some((el) => {
        const text = el.textContent ?? '';
        return m.text !== undefined ? text.includes(m.text) : new RegExp(m.source!, m.flags).test(text);
      }),
    { selector, m: matcher(match) as { text?: string; source?: string; flags?: string } },
    { timeout },
  );
  await waiting.catch(async (error: unknown) => {
    const found = await page
      .evaluate((s) => [...document.querySelectorAll(s)].map((el) => (el.textContent ?? '').slice(0, 300)), selector)
      .catch((cause: unknown) => `unreadable (${String(cause)})`);
    throw new Error(`no ${selector} with text ${String(match)}; found ${JSON.stringify(found)}`, { cause: error });
  });
}

/** Waits until an element matches `selector`. */
export const waitFor = (page: EnginePage, selector: string, timeout = 10_000) =>
  page.waitForFunction((s) => document.querySelector(s) !== null, selector, { timeout });
/** Waits until no element matches `selector`. */
export const waitGone = (page: EnginePage, selector: string, timeout = 10_000) =>
  page.waitForFunction((s) => document.querySelector(s) === null, selector, { timeout });
/** The text of the first element matching `selector`, or null. */
export const textOf = (page: EnginePage, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
/** An attribute of the first element matching `selector`, or null. */
export const attributeOf = (page: EnginePage, selector: string, name: string) =>
  page.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name] as const);
/** The number of elements matching `selector`. */
export const countOf = (page: EnginePage, selector: string) => page.evaluate((s) => document.querySelectorAll(s).length, selector);

/**
 * Fills an input as typing would end up: focused, the value set through the native setter (so React sees a
 * change) and an input event. Typing key by key is what the UI tests check; here only the outcome matters.
 */
export async function fill(page: EnginePage, selector: string, value: string): Promise<void> {
  await page.waitForFunction((s) => document.querySelector(s) !== null, selector);
  await page.evaluate(
    ([s, v]) => {
      const input = document.querySelector<HTMLInputElement>(s)!;
      input.focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [selector, value] as const,
  );
}

/** Chooses an option of a select as a user would: value set, change event. */
export async function selectOption(page: EnginePage, selector: string, value: string): Promise<void> {
  await page.waitForFunction((s) => document.querySelector(s) !== null, selector);
  await page.evaluate(
    ([s, v]) => {
      const select = document.querySelector<HTMLSelectElement>(s)!;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, v);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [selector, value] as const,
  );
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
export const waitForPath = (page: EnginePage, suffix: string, timeout = 10_000) =>
  page.waitForFunction((s) => location.pathname.endsWith(s), suffix, { timeout });
