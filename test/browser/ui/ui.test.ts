import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let browser: Browser;
let server: ReturnType<typeof createServer>;
let url: string;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [resolve(import.meta.dirname, 'app.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const html = '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';
  server = createServer((req, res) => {
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium({
    // Playwright hides scrollbars by default; the scroll-lock test needs a real one to compensate for.
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

async function open(options: { reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: options.reducedMotion });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('[data-exkit-toaster]', { state: 'attached' });
  expect(errors).toEqual([]);
  return page;
}

const visible = (page: Page, selector: string) => page.locator(selector).count().then((n) => n > 0);

/** The transition of the message box at `index` in the queue, in ms. */
const transitionOf = (page: Page, index: number) =>
  page.evaluate((i) => {
    const { ui } = (window as unknown as { exkit: { ui: { messageBoxQueue: { getSnapshot(): { context: { boxes: Array<{ ref: { getSnapshot(): { context: { transitionMs: number } } } }> } } } } } }).exkit;
    return ui.messageBoxQueue.getSnapshot().context.boxes[i]?.ref.getSnapshot().context.transitionMs;
  }, index);

// Each test drives a real browser on a 2-core machine that the rest of the suite shares; under that load a
// step can take ten times as long as alone, so the limit is wider than the suite's 20 s.
describe('UI primitives in Chromium', { timeout: 60_000 }, () => {
  it('"Escape is handled by the topmost layer only"', async () => {
    const page = await open();
    await page.click('#open-outer');
    await page.click('#open-inner');
    expect([await visible(page, '#dialog-outer'), await visible(page, '#dialog-inner')]).toEqual([true, true]);
    await page.keyboard.press('Escape');
    expect([await visible(page, '#dialog-outer'), await visible(page, '#dialog-inner')]).toEqual([true, false]);
    await page.keyboard.press('Escape');
    expect(await visible(page, '#dialog-outer')).toBe(false);
    await page.close();
  });

  it('"Focus moves into the dialog on open, is trapped while modal, and returns to the element that opened it"', async () => {
    const page = await open();
    await page.focus('#open-outer');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('input-outer');
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      seen.push(await page.evaluate(() => document.activeElement?.id ?? ''));
    }
    expect(seen).toEqual(['open-inner', 'close-outer', 'input-outer', 'open-inner']);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('input-outer');
    await page.click('#close-outer');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open-outer');
    await page.close();
  });

  it('"the lock is reference-counted, so nested modals do not unlock early, and it compensates for the scrollbar width"', async () => {
    const page = await open();
    const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    expect(scrollbar).toBeGreaterThan(0);
    const body = () => page.evaluate(() => ({ overflow: document.body.style.overflow, padding: document.body.style.paddingRight }));
    await page.click('#open-outer');
    expect(await body()).toEqual({ overflow: 'hidden', padding: scrollbar > 0 ? `${scrollbar}px` : '' });
    await page.click('#open-inner');
    await page.click('#close-inner');
    await page.waitForTimeout(400);
    expect((await body()).overflow).toBe('hidden');
    await page.click('#close-outer');
    expect((await body()).overflow).toBe('hidden');
    await page.waitForFunction(() => document.body.style.overflow === '', undefined, { timeout: 2000 });
    expect(await body()).toEqual({ overflow: '', padding: '' });
    await page.close();
  });

  it('"clicking a toast never counts as an outside click for an open modal"; the toast stacks above it', async () => {
    const page = await open();
    await page.click('#open-outer');
    await page.evaluate(() => (window as unknown as { exkit: { ui: { toast: { info(m: string, o: object): string } } } }).exkit.ui.toast.info('Copied', { duration: 60_000 }));
    const toast = page.locator('[data-exkit-toast]');
    await toast.waitFor();
    const [toastZ, dialogZ] = await page.evaluate(() => [
      Number((document.querySelector('[data-exkit-toast]') as HTMLElement).style.zIndex),
      Number((document.querySelector('#dialog-outer') as HTMLElement).style.zIndex),
    ]);
    expect(toastZ).toBeGreaterThan(dialogZ);
    await toast.click();
    expect(await visible(page, '#dialog-outer')).toBe(true);
    await page.mouse.click(900, 650);
    expect(await visible(page, '#dialog-outer')).toBe(false);
    await page.close();
  });

  it('"offsets are derived from the measured heights": a burst stacks in its first frames, a reflow re-measures, a close shifts the ones below up', async () => {
    const page = await open();
    // A narrow toast, so the long message wraps and the three heights differ.
    await page.addStyleTag({ content: '[data-exkit-toast] { width: 200px; }' });
    type Box = { id: string; top: number; height: number };
    const long = 'Your limit order for 0.5 BTC at 64,000 USDT was partially filled; the rest stays on the book.';
    const twoFrames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-exkit-toast]')].map((node) => ({
          id: node.textContent!.slice(0, 5),
          top: node.getBoundingClientRect().top,
          height: node.offsetHeight,
        })),
      );
    const expectStacked = (stack: Box[]) => {
      expect(stack[0]!.top).toBe(100);
      for (let i = 1; i < stack.length; i++) expect(stack[i]!.top).toBe(stack[i - 1]!.top + stack[i - 1]!.height + 16);
    };
    // Three toasts fired in one task: the second and third are placed before the heights above them are
    // known, and must be corrected within the frame that measures them.
    await page.evaluate((message) => {
      const { toast } = (window as unknown as { exkit: { ui: { toast: Record<string, (m: string, o: object) => string> } } }).exkit.ui;
      toast.info!('Saved', { id: 'a', duration: 60_000 });
      toast.info!(message, { id: 'b', duration: 60_000 });
      toast.info!('Done.', { id: 'c', duration: 60_000 });
    }, long);
    await twoFrames();
    const burst = await boxes();
    expect(burst.map((b) => b.id)).toEqual(['Saved', 'Your ', 'Done.']);
    expect(burst[1]!.height).toBeGreaterThan(burst[0]!.height);
    expectStacked(burst);

    // A reflow no React render causes: the toasts narrow, the long one wraps onto more lines.
    await page.addStyleTag({ content: '[data-exkit-toast] { width: 120px; }' });
    await twoFrames();
    const narrowed = await boxes();
    expect(narrowed[1]!.height).toBeGreaterThan(burst[1]!.height);
    expectStacked(narrowed);

    await page.evaluate(() => (window as unknown as { exkit: { ui: { toast: { dismiss(id: string): void } } } }).exkit.ui.toast.dismiss('a'));
    await page.waitForFunction(() => document.querySelectorAll('[data-exkit-toast]').length === 2);
    await twoFrames();
    const shifted = await boxes();
    expect(shifted.map((b) => b.id)).toEqual(['Your ', 'Done.']);
    expectStacked(shifted);
    await page.close();
  });

  it('"16 px gap" between notifications in a corner, from their measured heights', async () => {
    const page = await open();
    await page.addStyleTag({ content: '[data-exkit-notification] { width: 160px; }' });
    await page.evaluate(() => {
      const { notifier } = (window as unknown as { exkit: { ui: { notifier: { send(e: object): void } } } }).exkit.ui;
      notifier.send({ type: 'NOTIFY', notification: { id: 'n1', message: 'Deposit of 1,000 USDT confirmed after 12 blocks on the network.', duration: 60_000 } });
      notifier.send({ type: 'NOTIFY', notification: { id: 'n2', message: 'Withdrawal sent.', duration: 60_000 } });
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const [first, second] = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-exkit-notification]')].map((node) => ({ top: node.getBoundingClientRect().top, height: node.offsetHeight })),
    );
    expect(first!.height).toBeGreaterThan(second!.height);
    expect(second!.top).toBe(first!.top + first!.height + 16);
    await page.close();
  });

  it('"hovering pauses the timer and leaving restarts it"', async () => {
    const page = await open();
    await page.evaluate(() =>
      (window as unknown as { exkit: { ui: { notifier: { send(e: object): void } } } }).exkit.ui.notifier.send({
        type: 'NOTIFY',
        notification: { id: 'n1', message: 'Order filled', duration: 800 },
      }),
    );
    const note = page.locator('[data-exkit-notification]');
    await note.waitFor();
    await note.hover();
    await page.waitForTimeout(1500);
    expect(await note.count()).toBe(1);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    expect(await note.count()).toBe(1);
    await note.waitFor({ state: 'detached', timeout: 3000 });
    await page.close();
  });

  it('"a box opened while another is showing waits and appears when the current one closes, in order"', async () => {
    const page = await open();
    await page.evaluate(() => {
      const { exkit } = window as unknown as { exkit: { ask(k: string, m: string): void } };
      exkit.ask('alert', 'first');
      exkit.ask('confirm', 'second');
      exkit.ask('confirm', 'third');
    });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const box = page.locator('[role=alertdialog][data-kind]');
      await box.waitFor();
      seen.push((await box.locator('p').first().textContent()) ?? '');
      await page.locator('[data-exkit-message-box-root]:not([data-state=leaving]) [data-action=confirm]').click();
      await page.waitForFunction((n) => (window as unknown as { exkit: { results: unknown[] } }).exkit.results.length === n, i + 1);
    }
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(await page.evaluate(() => (window as unknown as { exkit: { results: unknown[] } }).exkit.results)).toEqual([
      { action: 'confirm' },
      { action: 'confirm' },
      { action: 'confirm' },
    ]);
    await page.close();
  });

  it('"Prompt validation ... marks the input invalid; it is re-checked on every change; Enter confirms"', async () => {
    const page = await open();
    await page.evaluate(() =>
      (window as unknown as { exkit: { ask(k: string, m: string, o: object): void } }).exkit.ask('prompt', 'Email', { inputPattern: '^[^@]+@[^@]+$' }),
    );
    const input = page.locator('[data-exkit-message-box-input] input');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT', undefined, { timeout: 2000 });
    await page.keyboard.press('Enter');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-exkit-message-box-error]').textContent()).toBe('invalid data');
    await page.keyboard.type('me@example.com');
    expect(await input.getAttribute('aria-invalid')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { exkit: { results: unknown[] } }).exkit.results.length === 1);
    expect(await page.evaluate(() => (window as unknown as { exkit: { results: unknown[] } }).exkit.results)).toEqual([
      { action: 'confirm', value: 'me@example.com' },
    ]);
    await page.close();
  });

  const reducedOf = (page: Page) => page.evaluate(() => (window as unknown as { exkit: { ui: { motion: { reduced: boolean } } } }).exkit.ui.motion.reduced);
  const ask = (page: Page, message: string) =>
    page.evaluate((m) => (window as unknown as { exkit: { ask(k: string, m: string): void } }).exkit.ask('confirm', m), message);

  it('"Respect prefers-reduced-motion": no 200 ms transitions when the user asks for reduced motion', async () => {
    const page = await open({ reducedMotion: 'reduce' });
    expect(await reducedOf(page)).toBe(true);
    await ask(page, 'quick');
    const root = page.locator('[data-exkit-message-box-root]');
    await root.waitFor();
    expect(await root.getAttribute('data-reduced-motion')).toBe('true');
    expect(await transitionOf(page, 0)).toBe(0);
    await page.locator('[data-action=confirm]').click();
    await page.waitForFunction(() => (window as unknown as { exkit: { results: unknown[] } }).exkit.results.length === 1);
    await page.close();
  });

  it('"Respect prefers-reduced-motion" without a reload: turned on while the page is open, the regions follow and the next box is instant', async () => {
    const page = await open({ reducedMotion: 'no-preference' });
    expect(await reducedOf(page)).toBe(false);
    await ask(page, 'slow');
    await page.locator('[data-exkit-message-box-root]').waitFor();
    expect(await transitionOf(page, 0)).toBe(200);
    expect(await page.getAttribute('[data-exkit-toaster]', 'data-reduced-motion')).toBeNull();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.querySelector('[data-exkit-toaster]')!.getAttribute('data-reduced-motion') === 'true');
    expect(await page.getAttribute('[data-exkit-notifications]', 'data-reduced-motion')).toBe('true');
    await ask(page, 'now quick');
    expect(await transitionOf(page, 1)).toBe(0);
    await page.close();
  });
});
