// MachineInspector read as an engineer first sees it, for every machine the library ships, at a laptop
// (1366 × 768) and a phone (375 × 740), in each engine (Chromium, Firefox, WebKit; EXKIT_ENGINES picks): at
// the initial view every label inside the diagram frame is drawn at least 11 CSS px high and is not cut off by
// its own box (the highlighted state's name included), a live parallel region is outlined rather than filled
// over its nested states, a ctrl + wheel notch zooms by at most 1.25×, and clicking a transition's label sends
// its event to the actor. WebKitGTK's window cannot be narrower than about 447 px, so there the phone runs in
// an iframe of exactly 375 × 740 CSS px at the window's corner (the launcher's frameNarrowViewport): the page's
// own viewport, and its media queries, are the phone's, which each test checks before it measures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPage, engineForSuite, serveAppForSuite } from '../../support/bundle-page.js';
import { ENGINES } from '../../support/engines.js';
import type { EnginePage } from '../../support/engines.js';

/** The smallest label size at the initial view, in CSS px. */
const MIN_LABEL_PX = 11;

const MACHINES = [
  'bridge-request',
  'button',
  'captcha',
  'loading-overlay',
  'message-box',
  'message-box-queue',
  'notification',
  'notifier',
  'popup',
  'risk-token',
  'signing-init',
  'simulation',
  'toast',
  'toaster',
] as const;

const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 740 },
] as const;

const app = serveAppForSuite({
  entry: resolve(import.meta.dirname, 'app.tsx'),
  nodeEnv: 'production',
  page: appPage({ viewport: 'width=device-width, initial-scale=1', recordErrors: 'errors and rejections', bodyStyle: 'margin:0' }),
});
const shots = resolve(import.meta.dirname, '../../../test-results/inspector');

beforeAll(() => {
  mkdirSync(shots, { recursive: true });
});

/** Waits until the inspector shows `actor`'s diagram, laid out. */
async function showActor(page: EnginePage, actor: string): Promise<void> {
  await page.evaluate((name) => {
    const select = document.querySelector<HTMLSelectElement>('select.exkit-inspector-actor-select');
    const button = document.querySelector<HTMLButtonElement>(`[data-actor-button="${name}"]`);
    if (button && button.offsetParent !== null) button.click();
    else if (select) {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, name);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, actor);
  await page.waitForFunction(
    (name) =>
      document.querySelector(`[data-actor="${name}"] .exkit-inspector-frame svg g.node`) !== null &&
      document.querySelector(`[data-actor="${name}"] .exkit-inspector-frame`)?.getAttribute('data-ready') === 'true',
    actor,
    { timeout: 60_000 },
  );
}

interface LabelReport {
  count: number;
  whole: number;
  small: string[];
  clipped: string[];
  liveFilled: string[];
  liveNamed: boolean;
}

/**
 * Every text label of the diagram that shows inside the frame: its size on screen (its font size times the
 * frame's scale), whether its text runs past its own box (the label's foreignObject or text box, and the
 * state's shape), and whether a live composite state is filled solid.
 */
const readLabels = (page: EnginePage) =>
  page.evaluate((min): LabelReport => {
    const frame = document.querySelector('.exkit-inspector-frame')!;
    const scale = Number(frame.getAttribute('data-scale'));
    const f = frame.getBoundingClientRect();
    const svg = frame.querySelector('svg')!;
    const leaves = [...svg.querySelectorAll('span, p, div, text, tspan')].filter(
      (el) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '') && !el.closest('style'),
    );
    const report: LabelReport = { count: 0, whole: 0, small: [], clipped: [], liveFilled: [], liveNamed: false };
    for (const el of leaves) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      if (text.width === 0 || text.height === 0) continue;
      const inFrame = text.right > f.left && text.left < f.right && text.bottom > f.top && text.top < f.bottom;
      if (!inFrame) continue;
      report.count++;
      const name = (el.textContent ?? '').trim();
      if (text.left >= f.left - 0.5 && text.right <= f.right + 0.5 && text.top >= f.top - 0.5 && text.bottom <= f.bottom + 0.5)
        report.whole++;
      const size = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (size < min) report.small.push(`${name} (${size.toFixed(1)} px)`);
      // The boxes that cut the text: its foreignObject, and the state node's own shape when it is a state.
      const boxes: Element[] = [];
      const object = el.closest('foreignObject');
      if (object) boxes.push(object);
      const node = el.closest('g.node');
      const shape = node?.querySelector(':scope > rect, :scope > path, :scope > g > rect, :scope > g > path');
      if (shape) boxes.push(shape);
      for (const box of boxes) {
        const b = box.getBoundingClientRect();
        if (text.left < b.left - 0.5 || text.right > b.right + 0.5) {
          report.clipped.push(`${name} (${(text.right - text.left).toFixed(1)} px in ${(b.right - b.left).toFixed(1)} px)`);
          break;
        }
      }
      if (node?.classList.contains('exkit-live') && inFrame) report.liveNamed = true;
    }
    // The highlight colour, as the engine computes it.
    const probe = document.createElement('span');
    probe.style.color = 'var(--exkit-i-live)';
    frame.append(probe);
    const live = getComputedStyle(probe).color;
    probe.remove();
    for (const cluster of svg.querySelectorAll('g.cluster.exkit-live, g.statediagram-cluster.exkit-live')) {
      for (const rect of cluster.querySelectorAll('rect')) {
        const style = getComputedStyle(rect);
        const box = rect.getBoundingClientRect();
        const opacity = Number(style.fillOpacity) * Number(style.opacity);
        // A title bar may carry the colour; a body (anything taller than two lines of text) may not.
        if (style.fill === live && opacity > 0.5 && box.height > 48) report.liveFilled.push(cluster.id);
      }
    }
    return report;
  }, MIN_LABEL_PX);

describe.each(ENGINES)('MachineInspector readability in %s', { timeout: 600_000 }, (engineName) => {
  const engine = engineForSuite(engineName);

  /** The inspector page at `query`, in a viewport of exactly `size` (checked: a frame of it in WebKit). */
  async function open(size: { width: number; height: number }, query: string): Promise<EnginePage> {
    const page = await engine.newPage({ viewport: { width: size.width, height: size.height }, frameNarrowViewport: true });
    await page.goto(`${app.origin}/?${query}`);
    expect(await page.evaluate(() => ({ width: innerWidth, height: innerHeight }))).toEqual({ width: size.width, height: size.height });
    return page;
  }

  it.each(SIZES)(
    'at $name size every machine opens readable: labels ≥ 11 px and unclipped, the live state named on screen, live regions outlined',
    async (size) => {
      const page = await open(size, 'set=all');
      const failures: Record<string, unknown> = {};
      for (const machine of MACHINES) {
        await showActor(page, machine);
        const report = await readLabels(page);
        const bad = {
          ...(report.small.length ? { small: report.small } : {}),
          ...(report.clipped.length ? { clipped: report.clipped } : {}),
          ...(report.liveFilled.length ? { liveFilled: report.liveFilled } : {}),
          ...(report.whole < 1 ? { nothingWhole: report.count } : {}),
          ...(!report.liveNamed ? { liveNotShown: true } : {}),
        };
        if (Object.keys(bad).length) failures[machine] = bad;
        if (['signing-init', 'toaster', 'button', 'risk-token'].includes(machine))
          writeFileSync(resolve(shots, `${engineName}-${size.name}-${machine}.png`), await page.screenshot());
      }
      expect(failures).toEqual({});
      expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
      await page.close();
    },
  );

  it('one ctrl + wheel notch zooms by at most 1.25×, in and out, whatever unit the wheel reports', async () => {
    const page = await open({ width: 1366, height: 768 }, 'actor=signing-init');
    await showActor(page, 'signing-init');
    const steps = await page.evaluate(() => {
      const frame = document.querySelector('.exkit-inspector-frame')!;
      const scale = () => Number(frame.getAttribute('data-scale'));
      const r = frame.getBoundingClientRect();
      const notch = (deltaY: number, deltaMode: number) =>
        frame.dispatchEvent(
          new WheelEvent('wheel', {
            deltaY,
            deltaMode,
            ctrlKey: true,
            clientX: r.left + r.width / 2,
            clientY: r.top + 50,
            bubbles: true,
            cancelable: true,
          }),
        );
      return (async () => {
        const ratios: number[] = [];
        // A mouse notch in pixels (Chromium: 100, Firefox: 48 or more), in lines (3), and a page.
        for (const [deltaY, mode] of [
          [-100, 0],
          [-300, 0],
          [-3, 1],
          [-1, 2],
          [100, 0],
          [3, 1],
        ] as const) {
          const before = scale();
          notch(deltaY, mode);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          ratios.push(scale() / before);
        }
        return ratios;
      })();
    });
    for (const ratio of steps.slice(0, 4)) {
      expect(ratio).toBeGreaterThan(1);
      expect(ratio).toBeLessThanOrEqual(1.25 + 1e-9);
    }
    for (const ratio of steps.slice(4)) {
      expect(ratio).toBeLessThan(1);
      expect(ratio).toBeGreaterThanOrEqual(1 / 1.25 - 1e-9);
    }
    await page.close();
  });

  it.each(SIZES)('at $name size clicking a transition label in the diagram sends its event', async (size) => {
    const page = await open(size, 'actor=signing-init');
    await showActor(page, 'signing-init');
    // notInitialised → fetchingConfig on INIT: its label is a control for the event.
    const selector = '.exkit-inspector-frame [data-send-event="INIT"]';
    await page.waitForFunction((s) => document.querySelector(s) !== null, selector);
    // The whole diagram in view, so the label is inside the frame wherever the layout put it.
    const opened = await page.evaluate(() => Number(document.querySelector('.exkit-inspector-frame')!.getAttribute('data-scale')));
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Fit width')!.click());
    await page.waitForFunction((s) => Number(document.querySelector('.exkit-inspector-frame')!.getAttribute('data-scale')) <= s, opened);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate((s) => document.querySelector(s)!.getAttribute('role'), selector)).toBe('button');
    // A point of the label the pointer hits (edges cross some labels' middles in the fitted drawing), in whole
    // CSS px: WebDriver's pointer (WebKit's here) moves to integer coordinates, and a fitted label can be 2 px high.
    const point = await page.evaluate((s) => {
      const label = document.querySelector(s)!;
      const r = label.getBoundingClientRect();
      for (let i = 1; i < 6; i++)
        for (let j = 1; j < 6; j++) {
          const x = Math.round(r.left + (r.width * i) / 6);
          const y = Math.round(r.top + (r.height * j) / 6);
          const hit = document.elementFromPoint(x, y);
          if (hit && label.contains(hit)) return { x, y };
        }
      return null;
    }, selector);
    expect(point).not.toBeNull();
    await page.mouseClick(point!.x, point!.y);
    await page.waitForFunction(
      () => document.querySelector('[data-actor="signing-init"]')?.getAttribute('data-state') === 'fetchingConfig',
    );
    const value = await page.evaluate(
      () =>
        (window as unknown as { exkit: { actors: Record<string, { getSnapshot(): { value: unknown } }> } }).exkit.actors[
          'signing-init'
        ]!.getSnapshot().value,
    );
    expect(value).toBe('fetchingConfig');
    expect(await page.evaluate(() => document.querySelector('.exkit-inspector-log > li[data-event="INIT"]') !== null)).toBe(true);
    await page.close();
  });
});
