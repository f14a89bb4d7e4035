// exkit/styles.css in every engine (EXKIT_ENGINES picks): the overlays rendered with and without it. Without it
// they stay headless (only the machines' inline positions); with it, what the specification fixes (toasts 100 px
// down with 16 px gaps, notifications 16 px from their corner, message boxes 30vh down, layers from 2000) is
// where it is, the rest is placed (centred panels, backdrops over the viewport, overlays over their target),
// dark follows data-theme, right to left mirrors, and an app's own custom property wins. The prompt box's
// focus, length limit and Escape are driven through each engine's real keyboard too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPage, engineForSuite, serveAppForSuite } from '../../support/bundle-page.js';
import { ENGINES } from '../../support/engines.js';
import type { Engine, EnginePage as Page } from '../../support/engines.js';

const STYLES = resolve(import.meta.dirname, '../../../react/styles.css');

// The same app at '/styled' with the stylesheet and anywhere else without it.
const app = serveAppForSuite({
  entry: resolve(import.meta.dirname, 'app.tsx'),
  nodeEnv: 'development',
  files: { '/styles.css': { type: 'text/css', body: readFileSync(STYLES, 'utf8') } },
  page: (path) =>
    appPage({
      viewport: 'width=device-width',
      recordErrors: 'errors',
      head: path === '/styled' ? '<link rel="stylesheet" href="/styles.css">' : '',
      bodyStyle: 'margin:0',
    }),
});

interface StylesWindow {
  __errors: string[];
  exkit: {
    results: unknown[];
    ask(kind: string, message: string, options?: object): void;
    ui: { toast: Record<string, (message: string, options: object) => string>; notifier: { send(event: object): void } };
  };
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
  zIndex: string;
  position: string;
  background: string;
}

const VIEWPORT = { width: 1024, height: 700 };

async function open(engine: Engine, styled: boolean, root: { theme?: string; dir?: string } = {}): Promise<Page> {
  const page = await engine.newPage({ viewport: VIEWPORT });
  await page.goto(`${app.origin}/${styled ? 'styled' : 'plain'}`);
  await page.waitForFunction(() => document.querySelector('[data-exkit-toaster]') !== null, undefined, { timeout: 10_000 });
  await page.evaluate(({ theme, dir }) => {
    if (theme) document.documentElement.dataset['theme'] = theme;
    if (dir) document.documentElement.dir = dir;
  }, root);
  expect(await page.evaluate(() => (window as unknown as StylesWindow).__errors)).toEqual([]);
  return page;
}

/** Geometry and the computed values the tests read, of the first match of each selector. */
const boxes = (page: Page, selectors: string[]) =>
  page.evaluate((list) => {
    const out: Record<string, Box | null> = {};
    for (const selector of list) {
      const node = document.querySelector(selector);
      if (!node) {
        out[selector] = null;
        continue;
      }
      const rect = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      out[selector] = {
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        width: rect.width,
        height: rect.height,
        zIndex: style.zIndex,
        position: style.position,
        background: style.backgroundColor,
      };
    }
    return out;
  }, selectors);

const computed = (page: Page, selector: string, property: string) =>
  page.evaluate(([s, p]) => getComputedStyle(document.querySelector(s)!).getPropertyValue(p), [selector, property] as const);

/** Waits (up to 3 s) until the first match's top is `fraction` of the viewport's height down, its enter transition over. */
const reachesTop = (page: Page, selector: string, fraction: number) =>
  page
    .waitForFunction(
      ([s, f]) => {
        const node = document.querySelector(s);
        return node !== null && Math.abs(node.getBoundingClientRect().top - innerHeight * f) <= 1;
      },
      [selector, fraction] as const,
      { timeout: 3000 },
    )
    .catch(() => undefined);

/** Waits until no transition is running on the page (the sheet's 200 ms fades). */
const settled = (page: Page) =>
  page.waitForFunction(
    () => document.getAnimations().filter((a) => a.playState === 'running' && !(a instanceof CSSAnimation)).length === 0,
  );

async function showEverything(page: Page) {
  await page.evaluate(() => {
    const { ui } = (window as unknown as StylesWindow).exkit;
    ui.toast.success!('Saved', { id: 't1', duration: 60_000 });
    ui.toast.error!('Order rejected: insufficient balance', { id: 't2', duration: 60_000 });
    ui.notifier.send({ type: 'NOTIFY', notification: { id: 'n1', title: 'Deposit', message: 'Confirmed.', duration: 60_000 } });
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-exkit-toast][data-state="visible"]').length === 2);
  await page.waitForFunction(() => document.querySelector('[data-exkit-notification]') !== null);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

const near = (a: number, b: number, tolerance = 1) => Math.abs(a - b) <= tolerance;

describe.each(ENGINES)('exkit/styles.css in %s', { timeout: 60_000 }, (name) => {
  const engine = engineForSuite(name, { reducedMotion: 'no-preference' });

  it('without the sheet the parts stay headless: only the inline positions, no surface, no placed backdrop', async () => {
    const page = await open(engine, false);
    await showEverything(page);
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('confirm', 'Delete?'));
    await page.waitForFunction(() => document.querySelector('[data-exkit-message-box]') !== null);
    const b = await boxes(page, ['[data-exkit-toast]', '[data-exkit-message-box-backdrop]', '[data-exkit-message-box]']);
    const toast = b['[data-exkit-toast]']!;
    // The toaster's offset and layer are there (inline), but nothing centres or draws the toast.
    expect([toast.position, toast.top, Number(toast.zIndex) > 2000, toast.left, toast.background]).toEqual([
      'fixed',
      100,
      true,
      0,
      'rgba(0, 0, 0, 0)',
    ]);
    expect(b['[data-exkit-message-box-backdrop]']!.height).toBe(0);
    expect(b['[data-exkit-message-box]']!.position).toBe('static');
    await page.close();
  });

  it('toasts sit 100 px down, centred, 16 px apart; a notification 16 px from the top-right corner; all above layer 2000', async () => {
    const page = await open(engine, true);
    await showEverything(page);
    await settled(page);
    const [first, second] = await page.evaluate(() =>
      [...document.querySelectorAll('[data-exkit-toast]')].map((n) => {
        const r = n.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, z: Number(getComputedStyle(n).zIndex) };
      }),
    );
    expect(first!.top).toBe(100);
    expect(near(second!.top, first!.bottom + 16)).toBe(true);
    for (const toast of [first!, second!]) {
      expect(near(toast.left, VIEWPORT.width - toast.right)).toBe(true);
      expect(toast.z).toBeGreaterThan(2000);
    }
    const note = (await boxes(page, ['[data-exkit-notification]']))['[data-exkit-notification]']!;
    expect([note.top, VIEWPORT.width - note.right, note.width, Number(note.zIndex) > 2000]).toEqual([16, 16, 330, true]);
    expect(note.background).toBe('rgb(255, 255, 255)');
    // The type's colour marks the toast's leading edge (the error toast: red).
    expect(await computed(page, '[data-exkit-toast][data-type="error"]', 'border-left-color')).toBe('rgb(224, 62, 62)');
    await page.close();
  });

  it('a message box: the backdrop covers the viewport, the 480 px panel is centred 30vh down above it; a dialog 15vh down', async () => {
    const page = await open(engine, true);
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('confirm', 'Delete the address?', { title: 'Confirm' }));
    await page.waitForFunction(() => document.querySelector('[data-exkit-message-box-root][data-state="open"]') !== null);
    await settled(page);
    await reachesTop(page, '[data-exkit-message-box]', 0.3);
    const b = await boxes(page, ['[data-exkit-message-box-backdrop]', '[data-exkit-message-box]']);
    const backdrop = b['[data-exkit-message-box-backdrop]']!;
    const panel = b['[data-exkit-message-box]']!;
    expect([backdrop.left, backdrop.top, backdrop.width, backdrop.height]).toEqual([0, 0, VIEWPORT.width, VIEWPORT.height]);
    expect(near(panel.top, VIEWPORT.height * 0.3)).toBe(true);
    expect([panel.width, near(panel.left, VIEWPORT.width - panel.right)]).toEqual([480, true]);
    expect(Number(panel.zIndex)).toBeGreaterThanOrEqual(Number(backdrop.zIndex));
    expect(Number(backdrop.zIndex)).toBeGreaterThan(2000);
    // The confirm button is drawn in the accent colour; the actions sit at the end of the line.
    expect(await computed(page, '[data-action="confirm"]', 'background-color')).toBe('rgb(22, 100, 255)');
    const [cancel, confirm] = await page.evaluate(() =>
      ['cancel', 'confirm'].map(
        (a) => document.querySelector(`[data-exkit-message-box] [data-action="${a}"]`)!.getBoundingClientRect().right,
      ),
    );
    expect(near(confirm!, panel.right - 25, 2)).toBe(true);
    expect(cancel!).toBeLessThan(confirm!);
    await page.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-exkit-message-box]') === null);
    await page.click('#open-dialog');
    await page.waitForFunction(() => document.querySelector('[data-exkit-dialog]:not([hidden])') !== null);
    await settled(page);
    await reachesTop(page, '[data-exkit-dialog]', 0.15);
    const dialog = (await boxes(page, ['[data-exkit-dialog]']))['[data-exkit-dialog]']!;
    expect(near(dialog.top, VIEWPORT.height * 0.15)).toBe(true);
    expect([dialog.width, near(dialog.left, VIEWPORT.width - dialog.right), dialog.background]).toEqual([480, true, 'rgb(255, 255, 255)']);
    const dialogBackdrop = (await boxes(page, ['[data-exkit-dialog-backdrop]']))['[data-exkit-dialog-backdrop]']!;
    expect([dialogBackdrop.width, dialogBackdrop.height]).toEqual([VIEWPORT.width, VIEWPORT.height]);
    await page.close();
  });

  it('a loading overlay covers its positioned target at z-index 2000 and is gone once released', async () => {
    const page = await open(engine, true);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('[data-exkit-loading]') !== null);
    const b = await boxes(page, ['#target', '[data-exkit-loading]']);
    const target = b['#target']!;
    const overlay = b['[data-exkit-loading]']!;
    expect([overlay.left, overlay.top, overlay.width, overlay.height, overlay.zIndex]).toEqual([
      target.left,
      target.top,
      target.width,
      target.height,
      '2000',
    ]);
    await page.evaluate(() => (window as unknown as { release(): void }).release());
    await page.waitForFunction(() => document.querySelector('[data-exkit-loading]') === null, undefined, { timeout: 3000 });
    await page.close();
  });

  it('dark: data-theme="dark" (or black) draws dark surfaces; "light" keeps them light; the OS preference uses the same colours', async () => {
    for (const [theme, surface] of [
      ['dark', 'rgb(36, 39, 44)'],
      ['black', 'rgb(36, 39, 44)'],
      ['light', 'rgb(255, 255, 255)'],
    ] as const) {
      const page = await open(engine, true, { theme });
      await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('alert', 'Done'));
      await page.waitForFunction(() => document.querySelector('[data-exkit-message-box]') !== null);
      expect([theme, await computed(page, '[data-exkit-message-box]', 'background-color')]).toEqual([theme, surface]);
      // The page's own canvas keeps the app's colour scheme: only the panels change.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('normal');
      if (theme === 'dark') {
        // The prefers-color-scheme block sets every custom property the data-theme block sets, to the same value.
        const [byAttribute, byMedia] = await page.evaluate(() => {
          const sheet = [...document.styleSheets].find((s) => s.href?.endsWith('/styles.css'))!;
          const rules: CSSRule[] = [];
          const walk = (list: CSSRuleList) => {
            for (const rule of list) {
              rules.push(rule);
              if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
            }
          };
          walk(sheet.cssRules);
          const props = (rule: CSSStyleRule) =>
            [...rule.style]
              .filter((p) => p.startsWith('--'))
              .sort()
              .map((p) => `${p}:${rule.style.getPropertyValue(p).trim()}`);
          const attribute = rules.find((r) => r instanceof CSSStyleRule && r.selectorText.includes('[data-theme="dark"]')) as CSSStyleRule;
          const media = rules.find(
            (r) => r instanceof CSSMediaRule && r.conditionText.includes('prefers-color-scheme: dark'),
          ) as CSSMediaRule;
          return [props(attribute), props(media.cssRules[0] as CSSStyleRule)];
        });
        expect(byAttribute.length).toBeGreaterThan(10);
        expect(byMedia).toEqual(byAttribute);
      }
      await page.close();
    }
  });

  it('right to left: the leading edge, the close button and the actions mirror', async () => {
    const page = await open(engine, true, { dir: 'rtl' });
    await showEverything(page);
    expect(await computed(page, '[data-exkit-toast]', 'border-right-width')).toBe('4px');
    expect(await computed(page, '[data-exkit-toast]', 'border-left-width')).toBe('1px');
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('confirm', 'هل أنت متأكد؟'));
    await page.waitForFunction(() => document.querySelector('[data-exkit-message-box-root][data-state="open"]') !== null);
    await settled(page);
    const [panel, close, confirm, cancel] = await page.evaluate(() =>
      ['[data-exkit-message-box]', '[data-action="close"]', '[data-action="confirm"]', '[data-action="cancel"]'].map((s) => {
        const r = document.querySelector(`[data-exkit-message-box-root] ${s}, [data-exkit-message-box-root]${s}`)!.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    expect(close!.left - panel!.left).toBeLessThan(40);
    expect(confirm!.left - panel!.left).toBeLessThan(40);
    expect(cancel!.left).toBeGreaterThan(confirm!.right);
    await page.close();
  });

  it("an app's own custom property wins over the sheet's (unlayered beats the exkit layer)", async () => {
    const page = await open(engine, true);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = ':root { --exkit-accent: rgb(1, 2, 3); } [data-exkit-message-box] { border-radius: 2px; }';
      document.head.append(style);
      (window as unknown as StylesWindow).exkit.ask('confirm', 'Sure?');
    });
    await page.waitForFunction(() => document.querySelector('[data-exkit-message-box]') !== null);
    expect(await computed(page, '[data-action="confirm"]', 'background-color')).toBe('rgb(1, 2, 3)');
    expect(await computed(page, '[data-exkit-message-box]', 'border-top-left-radius')).toBe('2px');
    await page.close();
  });

  it('the prompt: keys typed the moment it opens land in the input, typing stops at maxLength 8, the counter and error are styled', async () => {
    const page = await open(engine, true);
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('prompt', 'Nickname', { maxLength: 8 }));
    await page.type('abcdefghij');
    expect(await page.evaluate(() => (document.querySelector('[data-exkit-message-box-input] input') as HTMLInputElement).value)).toBe(
      'abcdefgh',
    );
    expect(await page.evaluate(() => document.querySelector('[data-exkit-counter]')!.textContent)).toBe('8/8');
    expect(await computed(page, '[data-exkit-counter]', 'font-size')).toBe('12px');
    await page.press('Enter');
    await page.waitForFunction(() => (window as unknown as StylesWindow).exkit.results.length === 1);
    expect(await page.evaluate(() => (window as unknown as StylesWindow).exkit.results)).toEqual([
      { action: 'confirm', value: 'abcdefgh' },
    ]);
    await page.evaluate(() =>
      (window as unknown as StylesWindow).exkit.ask('prompt', 'Code', { inputValidator: (v: string) => /^\d+$/.test(v) || 'Digits only' }),
    );
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    await page.type('x');
    expect(await page.evaluate(() => document.querySelector('[data-exkit-message-box-error]')?.textContent)).toBe('Digits only');
    expect(await computed(page, '[data-exkit-message-box-error]', 'color')).toBe('rgb(224, 62, 62)');
    expect(await computed(page, '[data-exkit-message-box-input] input', 'border-top-color')).toBe('rgb(224, 62, 62)');
    await page.close();
  });

  it('"alert does not close on Escape"; one opened with closeOnEscape: true does (action close)', async () => {
    const page = await open(engine, true);
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('alert', 'Session expired'));
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-action') === 'confirm');
    await page.press('Escape');
    await new Promise((done) => setTimeout(done, 400));
    expect(await page.evaluate(() => (window as unknown as StylesWindow).exkit.results)).toEqual([]);
    await page.click('[data-exkit-message-box-root]:not([data-state=leaving]) [data-action=confirm]');
    await page.waitForFunction(() => (window as unknown as StylesWindow).exkit.results.length === 1);
    await page.evaluate(() => (window as unknown as StylesWindow).exkit.ask('alert', 'Session expired', { closeOnEscape: true }));
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-action') === 'confirm');
    await page.press('Escape');
    await page.waitForFunction(() => (window as unknown as StylesWindow).exkit.results.length === 2);
    expect(await page.evaluate(() => (window as unknown as StylesWindow).exkit.results)).toEqual([
      { action: 'confirm' },
      { action: 'close' },
    ]);
    await page.close();
  });
});
