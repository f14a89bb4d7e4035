// Content safety: sanitizeRichText against DOMPurify's default configuration on the same 10 KiB article (in
// Node with jsdom, and in each browser engine that can be launched: Chromium, Firefox, WebKit, or those
// EXKIT_ENGINES names), and sanitizeAmount per keystroke.
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import DOMPurify from 'dompurify';
import type { WindowLike } from 'dompurify';
import type { Bench, Figure } from './harness.js';
import { builtModule, collectGarbage, median, timeMs } from './harness.js';
import { article } from './content-article.js';
import { launchEngine, selectedEngines } from '../test/support/engines.js';
import type { EngineName } from '../test/support/engines.js';
import type * as Core from '../core/index.js';

const { sanitizeAmount, sanitizeRichText } = await builtModule<typeof Core>('core/index.js');

const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as { JSDOM: new (html?: string) => { window: WindowLike } };

// Keystroke-sized inputs: what an amount field holds while someone types or pastes.
const KEYSTROKES = ['1', '12', '12.', '12.3', '0.000123', '1,234.56', '１２３．４５', '99999999.99999999', '.5', '00012a.3'];

// The regex chain such inputs are usually cleaned with, for scale (not the same rules in every corner).
function regexChain(value: string, digits: number): string {
  let v = value
    .replace(/\uFF0E/g, '.')
    .replace(/[^\d.]/g, '')
    .replace(/^\.+/, '');
  v = v.replace('.', '$#$').replace(/\./g, '').replace('$#$', '.');
  v = v.replace(/^0+(?=\d)/, '');
  const [int = '', frac] = v.split('.');
  return frac === undefined ? int.slice(0, 20) : `${int.slice(0, 20)}.${frac.slice(0, digits)}`;
}

/**
 * Medians of two rivals sampled alternately, so that drift on a busy machine (other processes, GC, JIT tiers)
 * falls on both alike instead of on whichever ran second.
 */
function interleaved(a: () => unknown, b: () => unknown, samples: number, batch: number): [number, number] {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let s = 0; s < samples + 3; s++) {
    for (const [fn, out] of [
      [a, ta],
      [b, tb],
    ] as const) {
      collectGarbage();
      const start = performance.now();
      for (let j = 0; j < batch; j++) fn();
      if (s >= 3) out.push((performance.now() - start) / batch);
    }
  }
  return [median(ta), median(tb)];
}

const ENGINE_LABELS: Record<EngineName, string> = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };

async function engineFigures(name: EngineName, html: string): Promise<Figure[]> {
  const engine = await launchEngine(name);
  try {
    const bundle = await build({
      stdin: {
        contents: "export { sanitizeRichText } from './core/content/index.ts'; export { default as DOMPurify } from 'dompurify';",
        resolveDir: new URL('..', import.meta.url).pathname,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'exkitBench',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const page = await engine.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    // Passed as source text: the bench runs under tsx, whose helpers would not exist inside the page.
    const run = (source: string) => page.evaluate((text) => (0, eval)(text) as unknown, source);
    await run(bundle.outputFiles[0]!.text);
    const result = (await run(`(() => {
      const api = window.exkitBench;
      const input = ${JSON.stringify(html)};
      const fns = [() => api.sanitizeRichText(input, { window, ownDomains: ['example.com'] }), () => api.DOMPurify.sanitize(input)];
      const times = [[], []];
      for (let s = 0; s < 33; s++) {
        for (let k = 0; k < 2; k++) {
          const start = performance.now();
          for (let j = 0; j < 20; j++) fns[k]();
          if (s >= 3) times[k].push((performance.now() - start) / 20);
        }
      }
      const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
      return { ours: med(times[0]), plain: med(times[1]) };
    })()`)) as { ours: number; plain: number };
    await page.close();
    const label = ENGINE_LABELS[name];
    return [
      {
        name: `sanitizeRichText, 10 KiB article (${label})`,
        median: result.ours,
        unit: 'ms',
        baseline: { name: `DOMPurify default config, ${label}`, median: result.plain },
        // Goal: relative to DOMPurify in each engine; absolute times on 2-core machines do not travel.
        goal: '≤ 1.2× baseline',
        met: result.ours <= result.plain * 1.2,
      },
    ];
  } finally {
    await engine.close();
  }
}

const bench: Bench = {
  area: 'content',
  async run() {
    const html = article();
    const window = new JSDOM('').window;
    const plain = DOMPurify(window);
    const options = { window, ownDomains: ['example.com'] };
    sanitizeRichText(html, options);
    const [ours, baseline] = interleaved(
      () => sanitizeRichText(html, options),
      () => plain.sanitize(html),
      31,
      3,
    );

    let k = 0;
    const amount = (await timeMs(() => sanitizeAmount(KEYSTROKES[k++ % KEYSTROKES.length]!, 8), { samples: 21, batch: 20_000 })) * 1000;
    let r = 0;
    const chain = (await timeMs(() => regexChain(KEYSTROKES[r++ % KEYSTROKES.length]!, 8), { samples: 21, batch: 20_000 })) * 1000;

    const figures: Figure[] = [
      {
        name: `sanitizeRichText, ${(html.length / 1024).toFixed(1)} KiB article (Node, jsdom)`,
        median: ours,
        unit: 'ms',
        baseline: { name: 'DOMPurify default config, same window', median: baseline },
        goal: '≤ 1.2× baseline',
        met: ours <= baseline * 1.2,
      },
      {
        name: 'sanitizeAmount per keystroke',
        median: amount,
        unit: 'µs',
        baseline: { name: 'regex chain', median: chain },
        goal: '< 5 µs',
        met: amount < 5,
      },
    ];
    // One engine after another (2 cores): each is measured alone.
    for (const name of selectedEngines()) {
      try {
        figures.push(...(await engineFigures(name, html)));
      } catch (error) {
        console.warn(`bench content: ${name} figures skipped (${String(error)})`);
      }
    }
    return figures;
  },
};

export default bench;
