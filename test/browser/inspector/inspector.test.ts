// MachineInspector (exkit/inspector) in real Chromium, at desktop and phone widths: the largest machines'
// diagrams render with the ELK layout and stay readable (zoom changes the scale, fit-to-width fits, edge labels
// do not overlap each other or the states, edges contrast with the background in both themes), the live
// highlight follows an event sent from the panel, and the send control offers exactly the events the
// current state accepts.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/chromium.js';
import { appPage, serveAppForSuite } from '../../support/bundle-page.js';

// Everything is served from loopback: a request anywhere else (a CDN) would fail, and the test with it.
const app = serveAppForSuite({
  entry: resolve(import.meta.dirname, 'app.tsx'),
  nodeEnv: 'production',
  page: appPage({ viewport: 'width=device-width, initial-scale=1', recordErrors: 'errors and rejections', bodyStyle: 'margin:0' }),
});
let url: string;
let browser: Browser;
const shots = resolve(import.meta.dirname, '../../../test-results/inspector');

beforeAll(async () => {
  url = `${app.origin}/`;
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 740 }],
] as const;

type Viewport = (typeof WIDTHS)[number][1];

async function open(viewport: Viewport, actor: string, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const offsite: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(url)) offsite.push(request.url());
  });
  await page.goto(`${url}?actor=${actor}&theme=${theme}`);
  await page.waitForSelector('.exkit-inspector-frame svg g.node', { timeout: 60_000 });
  expect(offsite).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
  return page;
}

const scaleOf = async (page: Page) => Number(await page.getAttribute('.exkit-inspector-frame', 'data-scale'));

/** The frame's box and the drawn diagram's box, in CSS pixels. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('.exkit-inspector-frame')!.getBoundingClientRect();
    const svg = document.querySelector('.exkit-inspector-frame svg')!.getBoundingClientRect();
    return {
      frame: { left: frame.left, right: frame.right, width: frame.width },
      svg: { left: svg.left, right: svg.right, width: svg.width },
    };
  });

/** Pairs of edge labels that overlap each other or a state, by their drawn boxes. */
const overlaps = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('.exkit-inspector-frame svg')!;
    const labels = [...svg.querySelectorAll('g.edgeLabel')]
      .map((l) => ({ text: l.textContent ?? '', box: l.getBoundingClientRect() }))
      .filter((l) => l.text && l.box.width > 0);
    const states = [...svg.querySelectorAll('g.node')].map((n) => ({ text: n.textContent ?? '', box: n.getBoundingClientRect() }));
    const hit = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const found: string[] = [];
    labels.forEach((a, i) => {
      for (const b of labels.slice(i + 1)) if (hit(a.box, b.box)) found.push(`${a.text} | ${b.text}`);
      for (const s of states) if (hit(a.box, s.box)) found.push(`${a.text} | state ${s.text}`);
    });
    return { count: labels.length, found };
  });

const liveStates = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.exkit-inspector-frame .exkit-live')].map(
      (n) => n.getAttribute('data-id') ?? /state-(.+)-\d+$/.exec(n.id)?.[1] ?? n.id,
    ),
  );
const offered = (page: Page) => page.evaluate(() => [...document.querySelectorAll('[data-send]')].map((b) => b.getAttribute('data-send')));

describe.each(WIDTHS)('MachineInspector at %s width', { timeout: 120_000 }, (label, viewport) => {
  it.each(['signing-init', 'bridge-request'])(
    '"%s" renders with the ELK layout; Fit width shows it across the frame, its edge labels apart from each other and from the states',
    async (actor) => {
      const page = await open(viewport, actor);
      const opened = await scaleOf(page);
      await page.click('button:has-text("Fit width")');
      await page.waitForFunction((s) => Number(document.querySelector('.exkit-inspector-frame')!.getAttribute('data-scale')) < s, opened);
      const { frame, svg } = await boxes(page);
      // Fit to width: the whole diagram across the frame, nothing cut off at either side.
      expect(svg.left).toBeGreaterThanOrEqual(frame.left - 0.5);
      expect(svg.right).toBeLessThanOrEqual(frame.right + 0.5);
      expect(svg.width).toBeGreaterThan(frame.width * 0.9);
      const { count, found } = await overlaps(page);
      expect(count).toBeGreaterThan(10);
      expect(found).toEqual([]);
      await page.screenshot({ path: resolve(shots, `${actor}-${label}.png`), fullPage: true });
      await page.close();
    },
  );

  it('zoom in and out change the scale about the frame, the keyboard zooms and pans, Fit width and Live state bring the views back', async () => {
    const page = await open(viewport, 'signing-init');
    const opened = await scaleOf(page);
    await page.click('button:has-text("Fit width")');
    const fitted = await scaleOf(page);
    expect(fitted).toBeLessThan(opened);
    await page.click('button[aria-label="Zoom in"]');
    await page.click('button[aria-label="Zoom in"]');
    expect(await scaleOf(page)).toBeCloseTo(fitted * 1.25 * 1.25, 5);
    expect((await boxes(page)).svg.width).toBeGreaterThan((await boxes(page)).frame.width);
    await page.click('button[aria-label="Zoom out"]');
    expect(await scaleOf(page)).toBeCloseTo(fitted * 1.25, 5);
    await page.click('button:has-text("1:1")');
    expect(await scaleOf(page)).toBe(1);
    // The keyboard, once the frame has focus: + zooms, an arrow pans, 0 fits.
    await page.focus('.exkit-inspector-frame');
    await page.keyboard.press('+');
    expect(await scaleOf(page)).toBeCloseTo(1.25, 5);
    const before = (await boxes(page)).svg.left;
    await page.keyboard.press('ArrowLeft');
    expect((await boxes(page)).svg.left).toBeCloseTo(before + 48, 0);
    await page.keyboard.press('0');
    expect(await scaleOf(page)).toBeCloseTo(fitted, 5);
    await page.click('button[aria-label="Zoom in"]');
    expect(await scaleOf(page)).toBeCloseTo(fitted * 1.25, 5);
    await page.click('button:has-text("Fit width")');
    expect(await scaleOf(page)).toBeCloseTo(fitted, 5);
    await page.click('button:has-text("Live state")');
    expect(await scaleOf(page)).toBeCloseTo(opened, 5);
    await page.close();
  });

  it('ctrl + wheel zooms at the pointer, keeping the diagram point under it in place; dragging pans', async () => {
    const page = await open(viewport, 'bridge-request');
    const frame = (await page.locator('.exkit-inspector-frame').boundingBox())!;
    const x = frame.x + frame.width / 3;
    const y = frame.y + frame.height / 2;
    const fitted = await scaleOf(page);
    const pointOnDiagram = async () => {
      const { left } = (await boxes(page)).svg;
      return (x - left) / (await scaleOf(page));
    };
    const anchor = await pointOnDiagram();
    await page.mouse.move(x, y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await page.waitForFunction((s) => Number(document.querySelector('.exkit-inspector-frame')!.getAttribute('data-scale')) > s, fitted);
    // One notch is one zoom step, never more.
    expect(await scaleOf(page)).toBeCloseTo(fitted * 1.25, 5);
    expect(await pointOnDiagram()).toBeCloseTo(anchor, 0);
    const left = (await boxes(page)).svg.left;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y, { steps: 4 });
    await page.mouse.up();
    expect((await boxes(page)).svg.left).toBeCloseTo(left - 60, 0);
    await page.close();
  });

  it('the highlighted state follows an event sent from the panel, the log shows it with its transition, and the control offers only the accepted events', async () => {
    const page = await open(viewport, 'signing-init');
    expect(await liveStates(page)).toEqual(['notInitialised']);
    // signing init's notInitialised handles INIT, REFETCH, RESET and CONFIG_RESET (docs/machines/signing-init.md).
    expect(await offered(page)).toEqual(['CONFIG_RESET', 'INIT', 'REFETCH', 'RESET']);
    await page.click('[data-send="INIT"]');
    await page.waitForFunction(
      () => document.querySelector('[data-actor="signing-init"]')?.getAttribute('data-state') === 'fetchingConfig',
    );
    expect(await liveStates(page)).toEqual(['fetchingConfig']);
    // fetchingConfig handles only RESET and CONFIG_RESET: INIT and REFETCH are gone from the control.
    expect(await offered(page)).toEqual(['CONFIG_RESET', 'RESET']);
    const actorState = await page.evaluate(
      () =>
        (window as unknown as { exkit: { actors: Record<string, { getSnapshot(): { value: unknown } }> } }).exkit.actors[
          'signing-init'
        ]!.getSnapshot().value,
    );
    expect(actorState).toBe('fetchingConfig');
    const entry = page.locator('.exkit-inspector-log > li[data-event="INIT"]');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.innerText()).toContain('notInitialised → fetchingConfig');
    await page.click('[data-send="RESET"]');
    await page.waitForFunction(
      () => document.querySelector('[data-actor="signing-init"]')?.getAttribute('data-state') === 'notInitialised',
    );
    expect(await liveStates(page)).toEqual(['notInitialised']);
    await page.screenshot({ path: resolve(shots, `live-${label}.png`), fullPage: true });
    await page.close();
  });

  it('an event with fields goes out with them, and the context diff shows what it changed', async () => {
    const page = await open(viewport, 'toast');
    await page.fill('textarea', '{"zIndex": 7}');
    await page.click('[data-send="SHOW"]');
    await page.waitForFunction(() => document.querySelector('[data-actor="toast"]')?.getAttribute('data-state') === 'visible.running');
    expect(await page.locator('.exkit-inspector-log > li[data-event="SHOW"] [data-path="zIndex"]').innerText()).toBe('~ zIndex: 0 → 7');
    expect(await liveStates(page)).toEqual(['visible', 'visible_running']);
    await page.fill('textarea', '{not json');
    await page.click('[data-send="PAUSE"]');
    expect(await page.locator('[role="alert"]').innerText()).toMatch(/not valid JSON/);
    await page.close();
  });
});

/** WCAG relative luminance contrast of two CSS colours (rgb() or #rrggbb). */
function contrast(a: string, b: string): number {
  const channels = (c: string) => {
    const hex = /^#([0-9a-f]{6})$/i.exec(c.trim());
    const parts = hex
      ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
      : (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    return parts.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  };
  const lum = (c: string) => {
    const [r, g, b2] = channels(c);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each(['light', 'dark'] as const)('MachineInspector colours in the %s theme', { timeout: 120_000 }, (theme) => {
  it('edges, edge labels and state names contrast with the diagram background (3:1 for lines, 4.5:1 for text)', async () => {
    const page = await open({ width: 1280, height: 900 }, 'signing-init', theme);
    const colours = await page.evaluate(() => {
      const frame = document.querySelector('.exkit-inspector-frame')!;
      const svg = frame.querySelector('svg')!;
      const edge = svg.querySelector('path.transition, .edgePaths path')!;
      const label = svg.querySelector('g.edgeLabel span, g.edgeLabel p, g.edgeLabel text')!;
      const state = svg.querySelector('g.node .nodeLabel, g.node text, g.node span')!;
      const stateBox = svg.querySelector('g.node rect')!;
      return {
        background: getComputedStyle(frame).backgroundColor,
        edge: getComputedStyle(edge).stroke,
        label: getComputedStyle(label).color,
        state: getComputedStyle(state).color,
        stateFill: getComputedStyle(stateBox).fill,
      };
    });
    expect(contrast(colours.edge, colours.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.label, colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.state, colours.stateFill)).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: resolve(shots, `theme-${theme}.png`) });
    await page.close();
  });
});
