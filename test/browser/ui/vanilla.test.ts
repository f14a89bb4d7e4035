// The proof of headlessness: examples/vanilla (no framework, only exkit and exkit/machines) driven through each
// engine's real pointer and keyboard. The machines' own effects trap focus, take Escape and outside clicks.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCRIPT, engineForSuite, errorRecorder, serveAppForSuite } from '../../support/bundle-page.js';
import { ENGINES } from '../../support/engines.js';
import type { EnginePage as Page } from '../../support/engines.js';

const root = resolve(import.meta.dirname, '../../..');
const app = serveAppForSuite({
  entry: 'examples/vanilla/main.ts',
  // The example imports the package by name, as a user would; here the names lead to the sources.
  alias: { exkit: resolve(root, 'core/index.ts'), 'exkit/machines': resolve(root, 'machines/index.ts') },
  page: readFileSync(resolve(root, 'examples/vanilla/index.html'), 'utf8')
    .replace('<script type="module" src="./main.ts"></script>', `<script type="module" src="${APP_SCRIPT}"></script>`)
    .replace('<head>', `<head>${errorRecorder('errors')}`),
});

const count = (page: Page, selector: string) => page.evaluate((s) => document.querySelectorAll(s).length, selector);
const hidden = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)!.hasAttribute('hidden'), selector);
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName ?? '');
const text = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

describe.each(ENGINES)('examples/vanilla in %s', { timeout: 60_000 }, (name) => {
  const engine = engineForSuite(name);
  let page: Page;

  async function open(): Promise<Page> {
    page = await engine.newPage();
    await page.goto(`${app.origin}/`);
    await page.waitForFunction(() => document.querySelector('[role="dialog"][hidden]') !== null);
    return page;
  }

  it('a toast appears in the region and closes by itself after its duration', async () => {
    await open();
    expect(await page.evaluate(() => document.querySelector('[data-toasts]')!.getAttribute('role'))).toBe('region');
    // The region carries the isolated kit's numbered id from the connect: the toaster's layer finds it by that id.
    expect(await page.evaluate(() => document.querySelector('[data-toasts]')!.id)).toMatch(/^exkit-toasts-\d+$/);
    await page.click('#toast');
    await page.waitForFunction(() => document.querySelectorAll('[data-toast][role="status"]').length === 1);
    expect(await text(page, '[data-toast]')).toBe('Saved');
    await page.waitForFunction(() => document.querySelectorAll('[data-toast]').length === 0, undefined, { timeout: 4000 });
    expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
  });

  it('the dialog traps focus, closes on Escape and on an outside click, and gives focus back to its trigger', async () => {
    await open();
    await page.click('[aria-haspopup="dialog"]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'amount');
    expect(await hidden(page, '[role="dialog"]')).toBe(false);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // Tab from the last tabbable wraps to the first: focus stays inside.
    await page.press('Tab');
    expect(await activeText(page)).toBe('Close');
    await page.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('amount');
    await page.press('Escape');
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')!.hasAttribute('hidden'));
    expect(await activeText(page)).toBe('Open dialog');
    await page.click('[aria-haspopup="dialog"]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'amount');
    await page.mouseClick(5, 650);
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')!.hasAttribute('hidden'));
  });

  it('message boxes show one at a time, in the order they were opened', async () => {
    await open();
    await page.click('#ask');
    for (const n of [1, 2, 3]) {
      await page.waitForFunction((m) => document.querySelector('[role="alertdialog"]')?.textContent?.startsWith(`Question ${m}`), n);
      expect(await count(page, '[role="alertdialog"]')).toBe(1);
      // Focus starts on the box's confirm button.
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-action') === 'confirm');
      await page.click(n === 2 ? '[data-action="cancel"]' : '[data-action="confirm"]');
    }
    await page.waitForFunction(() => document.querySelector('#answers')!.textContent === '1:confirm 2:cancel 3:confirm ');
  });

  it('the button ignores clicks while its work is pending', async () => {
    await open();
    await page.click('#submit');
    await page.waitForFunction(() => document.querySelector('#submit')!.getAttribute('aria-busy') === 'true');
    expect(await page.evaluate(() => document.querySelector('#submit')!.getAttribute('aria-disabled'))).toBe('true');
    await page.click('#submit');
    expect(await text(page, '#clicks')).toBe('1');
    await page.waitForFunction(() => document.querySelector('#submit')!.getAttribute('aria-busy') === 'false', undefined, {
      timeout: 3000,
    });
    await page.click('#submit');
    expect(await text(page, '#clicks')).toBe('2');
  });
});
