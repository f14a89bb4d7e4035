// The example in Arabic, right to left, in every engine (EXKIT_ENGINES picks) at the laptop and phone sizes and
// the laptop at 200 % zoom (SIZES_AND_ZOOM): one page
// load per engine and size, the locale switched to Arabic with the locale select, then every page of the nav
// opened by clicking it, and last the UI page again with a message box, a toast and a notification showing.
// On every page:
// - <html> says dir="rtl" and lang="ar";
// - no English: every visible text node, and every aria-label, title, placeholder, alt and aria-description,
//   and the document title, is checked for Latin words. Not checked, because they are data shown as it is (left-to-right
//   islands): text inside <code>, <pre>, <kbd>, <samp>, <bdi dir="ltr"> (or <bdi> without dir), any element
//   marked dir="ltr", inside a Unicode left-to-right or
//   first-strong isolate (U+2066 or U+2068 … U+2069, for values inside a plain-string sentence), inside an
//   element marked `data-verbatim` or `translate="no"`, form fields' values, and the state diagrams' SVG
//   (state and event names of the machines). Tickers, product names (exkit, iOS, Android) and units are allowed anywhere (the
//   same words as test/examples/ui-text-scan.ts allows);
// - punctuation ends the sentence: where a visible Arabic text ends with : . ، ؛ ؟ ? or !, that mark is drawn left
//   of where the text starts (its first character, or the island it starts with): the end of a right-to-left
//   line is its left, on one line or several;
// - left-to-right islands keep their order: the characters of a <bdi dir="ltr"> or other dir="ltr" element (or an isolate) are drawn
//   left to right (U+2066 … U+2069 likewise), and the Arabic before the island is drawn right of it, the Arabic after it left of it
//   ("معزول 20×": the mode word right of the leverage);
// - on the phone and at 200 % zoom the page does not scroll sideways (scrollWidth ≤ innerWidth).
// Problems of all pages are collected and reported together, each with its page and text. Screenshots of
// every page go to test-results/e2e/ (<engine>-rtl-<size>-<page>.png).
import { describe, expect, it } from 'vitest';
import { engineForSuite } from '../support/bundle-page.js';
import { ENGINES } from '../support/engines.js';
import type { EnginePage } from '../support/engines.js';
import { ALLOWED_WORD } from '../examples/ui-text-scan.js';
import { openPage, placementOf, screenshot, selectOption, SIZES_AND_ZOOM, startE2E, testId, waitFor, waitForPath } from './harness.js';

// The example's servers, started before this file's tests and stopped after them.
const e2e = startE2E();

/** What one page shows in Arabic: its direction and language, and what breaks the right-to-left reading. */
interface RtlReport {
  path: string;
  dir: string;
  lang: string;
  /** Latin words outside left-to-right islands: where, and the text. */
  english: { where: string; text: string }[];
  /** Sentences whose final punctuation is not drawn at their left end. */
  punctuation: string[];
  /** Islands drawn out of order, or on the wrong side of the Arabic around them. */
  islands: string[];
  /** How many Arabic sentences ending in punctuation were measured. */
  punctuationChecked: number;
  /** How many islands were measured against Arabic letters beside them on their line. */
  islandsInArabic: number;
  scrollWidth: number;
  innerWidth: number;
}

/**
 * Inspects the page as it is now (runs in the page; self-contained). `allowed` is the source of the regular
 * expression of words allowed in Latin letters.
 */
function inspectRtl(allowed: string): RtlReport {
  const ALLOWED = new RegExp(allowed);
  const LATIN = /\p{Script=Latin}/u;
  const ARABIC = /\p{Script=Arabic}/u;
  const FINAL_PUNCTUATION = /[:.،؛؟?!]$/u;
  const LTR_ISOLATE = /[\u2066\u2068][^\u2069]*\u2069?/gu;
  const DATA =
    'code, pre, kbd, samp, script, style, noscript, textarea, svg, bdi:not([dir="rtl" i]), body [dir="ltr" i], [data-verbatim], [translate="no"]';
  // Arabic sentences are measured even in an element marked left to right: that mark on Arabic is the bug.
  const NOT_SENTENCES = DATA.replace(', body [dir="ltr" i]', '');
  const ATTRIBUTES = ['aria-label', 'aria-description', 'aria-roledescription', 'title', 'placeholder', 'alt'];

  const name = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}`;
  };
  const where = (el: Element) => {
    const parts = [name(el)];
    for (let at = el.parentElement; at && parts.length < 3 && at !== document.body; at = at.parentElement) parts.unshift(name(at));
    return parts.join(' > ');
  };
  const englishWords = (text: string) =>
    text
      .replace(LTR_ISOLATE, ' ')
      .split(/[^\p{L}\p{N}/_-]+/u)
      .filter((word) => LATIN.test(word) && !ALLOWED.test(word));
  const box = (node: Node, index: number) => {
    const range = document.createRange();
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return rects[0];
  };
  const sameLine = (a: DOMRect, b: DOMRect) => Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < Math.min(a.height, b.height) / 2;
  const visible = (node: Text) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return (
      [...range.getClientRects()].some((r) => r.width > 0 && r.height > 0) && getComputedStyle(node.parentElement!).visibility !== 'hidden'
    );
  };
  const textNodes = (root: Node) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    return nodes;
  };
  /** Indices of a text node's characters inside isolates (`pattern`), as [start, end) runs. */
  const isolates = (text: string, pattern = LTR_ISOLATE) =>
    [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const);
  const inIsolate = (text: string, index: number) => isolates(text).some(([s, e]) => index >= s && index < e);

  const report: RtlReport = {
    path: location.pathname,
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    english: [],
    punctuation: [],
    islands: [],
    punctuationChecked: 0,
    islandsInArabic: 0,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  };

  const all = textNodes(document.body).filter((node) => node.parentElement && !node.parentElement.closest(DATA) && visible(node));
  const sentences = textNodes(document.body).filter(
    (node) => node.parentElement && !node.parentElement.closest(NOT_SENTENCES) && visible(node),
  );

  // No English outside the islands.
  for (const node of all) {
    const words = englishWords(node.data);
    if (words.length > 0) report.english.push({ where: where(node.parentElement!), text: JSON.stringify(node.data.trim()) });
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest(DATA) || el.getClientRects().length === 0) continue;
    for (const attribute of ATTRIBUTES) {
      const value = el.getAttribute(attribute);
      if (value && englishWords(value).length > 0)
        report.english.push({ where: `${where(el)} [${attribute}]`, text: JSON.stringify(value) });
    }
  }
  if (englishWords(document.title).length > 0) report.english.push({ where: 'document title', text: JSON.stringify(document.title) });

  // The final punctuation of an Arabic text is drawn at its left end.
  for (const node of sentences) {
    const trimmed = node.data.trimEnd();
    if (!FINAL_PUNCTUATION.test(trimmed)) continue;
    const el = node.parentElement!;
    // Only the text that ends its element (the sentence's end), in an element with Arabic words.
    const rest = textNodes(el).filter((n) => n.data.trim() !== '' && !n.parentElement!.closest(NOT_SENTENCES));
    if (rest.at(-1) !== node) continue;
    if (!ARABIC.test(el.textContent!.replace(LTR_ISOLATE, ' '))) continue;
    // Where the sentence starts: its first character's box, or the whole island (a <bdi>, <code>, an isolate)
    // it starts with. On a right-to-left line that is the right end of the first line (with several lines
    // too), so the final mark is drawn left of it; on a left-to-right line it would be drawn right of it.
    let start: DOMRect | undefined;
    for (const n of textNodes(el)) {
      const index = Array.from({ length: n.data.length }, (_, i) => i).find((i) => /[^\s\u2066-\u2069]/u.test(n.data[i]!));
      if (index === undefined) continue;
      const island = n.parentElement!.closest(DATA);
      if (island && el.contains(island) && island !== el) start = island.getBoundingClientRect();
      else {
        const segment = isolates(n.data).find(([s, e]) => index >= s && index < e);
        if (segment) {
          const range = document.createRange();
          range.setStart(n, segment[0]);
          range.setEnd(n, segment[1]);
          start = range.getBoundingClientRect();
        } else start = box(n, index);
      }
      break;
    }
    if (!start) continue;
    const mark = box(node, trimmed.length - 1);
    if (!mark) continue;
    report.punctuationChecked++;
    const direction = getComputedStyle(el).direction;
    if (direction !== 'rtl' || mark.left + mark.width / 2 >= start.right)
      report.punctuation.push(
        `${where(el)}: ${JSON.stringify(el.textContent!.trim())} — the final "${trimmed.at(-1)}" is drawn right of where the text starts${direction === 'rtl' ? '' : ' (the box is left-to-right)'}`,
      );
  }

  // Left-to-right islands keep their order, and sit where the Arabic around them puts them.
  interface Island {
    label: string;
    /** The island's characters in reading order: node and index. */
    chars: [Text, number][];
  }
  const islands: Island[] = [];
  for (const bdi of document.body.querySelectorAll('[dir="ltr" i]')) {
    // A long block (a JSON answer) is not measured character by character.
    if (bdi.parentElement?.closest(NOT_SENTENCES) || bdi.getClientRects().length === 0 || (bdi.textContent ?? '').length > 200) continue;
    const chars = textNodes(bdi).flatMap((n) => Array.from({ length: n.data.length }, (_, i) => [n, i] as [Text, number]));
    islands.push({ label: `${where(bdi)}: ${JSON.stringify(bdi.textContent)}`, chars });
  }
  for (const node of all)
    for (const [start, end] of isolates(node.data, /\u2066[^\u2069]*\u2069?/gu))
      islands.push({
        label: `${where(node.parentElement!)}: isolate ${JSON.stringify(node.data.slice(start + 1, end - 1))}`,
        chars: Array.from({ length: end - start - 2 }, (_, i) => [node, start + 1 + i] as [Text, number]),
      });
  for (const island of islands) {
    const boxes = island.chars
      // Right-to-left letters inside an island keep their own order: only the rest is measured.
      .filter(([n, i]) => n.data[i]!.trim() !== '' && !/[\u2066-\u2069]/u.test(n.data[i]!) && !ARABIC.test(n.data[i]!))
      .map(([n, i]) => box(n, i))
      .filter((b): b is DOMRect => b !== undefined);
    if (boxes.length === 0) continue;
    // Reading order is left to right on each line.
    for (let i = 1; i < boxes.length; i++) {
      if (sameLine(boxes[i - 1]!, boxes[i]!) && boxes[i]!.left + boxes[i]!.width / 2 <= boxes[i - 1]!.left + boxes[i - 1]!.width / 2) {
        report.islands.push(`${island.label} is drawn right to left`);
        break;
      }
    }
    // The Arabic letters just before and just after the island in its element, on its line.
    const [firstNode, firstIndex] = island.chars[0]!;
    const [lastNode, lastIndex] = island.chars.at(-1)!;
    const parent = (firstNode.parentElement!.closest('[dir="ltr" i]') ?? firstNode.parentElement!).parentElement;
    if (!parent) continue;
    const sequence = textNodes(parent).flatMap((n) => Array.from({ length: n.data.length }, (_, i) => [n, i] as [Text, number]));
    const arabicAt = ([n, i]: [Text, number]) =>
      ARABIC.test(n.data[i]!) && !n.parentElement!.closest(NOT_SENTENCES) && !inIsolate(n.data, i);
    const from = sequence.findIndex(([n, i]) => n === firstNode && i === firstIndex);
    const to = sequence.findIndex(([n, i]) => n === lastNode && i === lastIndex);
    const before = sequence.slice(0, Math.max(from, 0)).findLast(arabicAt);
    const after = to < 0 ? undefined : sequence.slice(to + 1).find(arabicAt);
    const start = boxes[0]!;
    const end = boxes.at(-1)!;
    let measured = false;
    const beforeBox = before && box(...before);
    if (beforeBox && sameLine(beforeBox, start)) {
      measured = true;
      if (beforeBox.left + beforeBox.width / 2 <= Math.max(...boxes.filter((b) => sameLine(b, start)).map((b) => b.right)))
        report.islands.push(`${island.label} is drawn right of the Arabic before it`);
    }
    const afterBox = after && box(...after);
    if (afterBox && sameLine(afterBox, end)) {
      measured = true;
      if (afterBox.left + afterBox.width / 2 >= Math.min(...boxes.filter((b) => sameLine(b, end)).map((b) => b.left)))
        report.islands.push(`${island.label} is drawn left of the Arabic after it`);
    }
    if (measured) report.islandsInArabic++;
  }
  return report;
}

/**
 * The problems of the pages' reports, one a line, each starting with the page's path. A text shown on several
 * pages (the header, the nav) is listed on the first only; the same text repeated in one place is counted
 * (×N); more than three texts in one place (a list of identifiers) are summed up with three examples.
 */
function problemsOf(reports: readonly RtlReport[], checkOverflow: boolean): string[] {
  const seen = new Set<string>();
  const fresh = (key: string) => !seen.has(key) && seen.add(key) !== undefined;
  return reports.flatMap((report) => {
    const at = report.path;
    const english = new Map<string, Map<string, number>>();
    for (const { where, text } of report.english) {
      if (seen.has(`${where} ${text}`) && !english.get(where)?.has(text)) continue;
      seen.add(`${where} ${text}`);
      const texts = english.get(where) ?? new Map<string, number>();
      texts.set(text, (texts.get(text) ?? 0) + 1);
      english.set(where, texts);
    }
    const englishLines = [...english].flatMap(([where, texts]) =>
      texts.size > 3
        ? [`${at}: English: ${where}: ${texts.size} texts, e.g. ${[...texts.keys()].slice(0, 3).join(', ')}`]
        : [...texts].map(([text, count]) => `${at}: English: ${where}: ${text}${count > 1 ? ` (×${count})` : ''}`),
    );
    return [
      ...(report.dir === 'rtl' ? [] : [`${at}: <html dir> is ${JSON.stringify(report.dir)}, not "rtl"`]),
      ...(report.lang === 'ar' ? [] : [`${at}: <html lang> is ${JSON.stringify(report.lang)}, not "ar"`]),
      ...englishLines,
      ...report.punctuation.filter(fresh).map((p) => `${at}: punctuation: ${p}`),
      ...report.islands.filter(fresh).map((i) => `${at}: island: ${i}`),
      ...(checkOverflow && report.scrollWidth > report.innerWidth
        ? [`${at}: the page scrolls sideways (scrollWidth ${report.scrollWidth} > innerWidth ${report.innerWidth})`]
        : []),
    ];
  });
}

/** Lets the page finish what a navigation started (data arriving, the inspector drawing): two frames and a pause. */
const settle = (page: EnginePage) =>
  page
    .evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200)))))
    .then(() => undefined);

const BOX = '[data-exkit-message-box-root]:not([data-state=leaving])';

describe.each(ENGINES)('the example in Arabic, right to left, in %s', { timeout: 120_000 }, (name) => {
  const engine = engineForSuite(name);

  it('the inspection reports what it is for: English outside islands, punctuation at the wrong end, an island drawn backwards or on the wrong side of its Arabic', async () => {
    const page = await engine.newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent(
      [
        '<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>مثال</title></head><body>',
        '<p>الوضع: <bdi dir="ltr">20×</bdi> معزول.</p>',
        '<p>Off.</p>',
        '<p dir="ltr">متوقف.</p>',
        '<p>رمز <bdi dir="ltr" style="unicode-bidi: bidi-override; direction: rtl">ABC</bdi> هنا</p>',
        '<p><span dir="ltr">معزول <bdi dir="ltr">20×</bdi></span></p>',
        '<p><code>POST /v1/order</code> <bdi>idle</bdi> \u2066GET\u2069 BTCUSDT <span data-verbatim>REFETCH</span></p>',
        '<p dir="ltr"><strong>GET</strong> /v1/user/login</p>',
        '<button aria-label="Close">×</button>',
        // Starts with an island and wraps: the full stop is still at the left end, on the last line.
        '<p style="width: 220px">\u2066GET /v1/user/overview/userinfo\u2069 (وضع التوقيع 1) و\u2066POST /v1/spot/order/place\u2069 (وضع التوقيع 2).</p>',
        '</body></html>',
      ].join(''),
    );
    const report = await page.evaluate(inspectRtl, ALLOWED_WORD.source);
    expect(report.english).toEqual([
      { where: 'p', text: '"Off."' },
      { where: 'button [aria-label]', text: '"Close"' },
    ]);
    expect(report.punctuation).toEqual(['p: "متوقف." — the final "." is drawn right of where the text starts (the box is left-to-right)']);
    expect(report.punctuationChecked).toBe(3);
    expect(report.islands).toEqual([
      'p > bdi: "ABC" is drawn right to left',
      'p > span > bdi: "20×" is drawn right of the Arabic before it',
    ]);
    // Three islands on their own lines, and those of the wrapped paragraph that share a line with Arabic.
    expect(report.islandsInArabic).toBeGreaterThanOrEqual(4);
    expect([report.dir, report.lang]).toEqual(['rtl', 'ar']);
    await page.close();
  });

  describe.each(SIZES_AND_ZOOM)('at $name size ($width×$height)', (size) => {
    it('every page reads right to left: rtl and ar on <html>, no English outside LTR islands, punctuation at the left end, islands in their own order, no sideways scroll on a phone', async () => {
      const page = await openPage(e2e, engine, '/settings', size);
      await selectOption(page, testId('locale'), 'ar');
      await waitForPath(page, '/ar/settings');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');

      const paths: string[] = await page.evaluate(() =>
        [...document.querySelectorAll('nav.nav a[href]')].map((a) => a.getAttribute('href')!),
      );
      // Every page of the nav (simulation trading is off, so every one is a link).
      expect(paths.length).toBeGreaterThanOrEqual(8);
      const reports: RtlReport[] = [];
      const check = async (what: string) => {
        await settle(page);
        const report = await page.evaluate(inspectRtl, ALLOWED_WORD.source);
        reports.push(report);
        await screenshot(page, engine, `rtl-${size.name}-${what}`);
      };
      for (const [index, path] of paths.entries()) {
        await page.click(`nav.nav a:nth-of-type(${index + 1})`);
        await waitForPath(page, `/ar${path}`);
        await waitFor(page, 'main h1');
        // The diagrams page lays its first diagram out off the main thread: its controls come with it.
        if (path === '/diagrams') await waitFor(page, '.exkit-inspector-frame', 30_000);
        await check(path.split('/')[1]!);
      }

      // Overlays: a message box, a toast and a notification, in Arabic too.
      await page.click('nav.nav a[href="/ui"]');
      await waitForPath(page, '/ar/ui');
      await waitFor(page, testId('toast-success'));
      await page.click(testId('toast-success'));
      await page.click(testId('notify'));
      await waitFor(page, '[data-exkit-toast]');
      await waitFor(page, '[data-exkit-notification]');
      // The box last: it is modal, and the toast (3 s) and the notification are still showing when it is checked.
      await page.click(testId('queue-boxes'));
      await waitFor(page, `${BOX} [data-exkit-message-box]`);
      expect((await placementOf(page, `${BOX} [data-exkit-message-box]`))?.inViewport).toBe(true);
      await check('ui-overlays');

      // Not vacuous: Arabic sentences ending in punctuation and islands beside Arabic words were measured.
      const problems = problemsOf(reports, size.name !== 'desktop');
      const measured = {
        punctuation: reports.reduce((n, r) => n + r.punctuationChecked, 0),
        islandsOnFutures: reports.find((r) => r.path.startsWith('/ar/futures/'))?.islandsInArabic ?? 0,
      };
      if (measured.punctuation === 0) problems.push('no Arabic sentence ending in punctuation was found on any page');
      if (measured.islandsOnFutures === 0)
        problems.push('/ar/futures: no left-to-right island beside Arabic words (the margin column’s leverage)');
      expect(problems.length, `right-to-left problems:\n${problems.join('\n')}\n`).toBe(0);
      await page.close();
    });
  });
});
