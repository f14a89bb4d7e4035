// The rich-text corpus in every engine (Chromium, Firefox, WebKit; EXKIT_ENGINES picks): whatever
// sanitizeRichText returns must run nothing when that engine loads it. Engines parse markup differently (that
// is how mutation XSS works), so the engine's own parser gets both the Node-sanitised output and its own.
import type { WindowLike } from 'dompurify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, launchEngine } from '../../support/engines.js';
import type { Engine, EnginePage as Page } from '../../support/engines.js';
import { sanitizeRichText, silentContentLogger } from '../../../core/content/index.js';
import type * as Content from '../../../core/content/index.js';
import { XSS_CORPUS } from './rich-text-corpus.js';
import { addScripts, contentBundle } from './content-bundle.js';
import { jsdomWindow } from '../../core/content/jsdom-window.js';

const HOOKS = `
  window.__hits = [];
  window.__xss = (id) => window.__hits.push(String(id));
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (...args) => window.__hits.push(name + ':' + args.join(','));
`;

// Fires what a user would: hover, focus and click on every element. A click only navigates for a javascript:
// link (so such a link, if one survived, would run); every other navigation and every form submit is cancelled.
const PROVOKE = async (page: Page) => {
  await page.evaluate(async () => {
    document.addEventListener(
      'click',
      (event) => {
        const anchor = (event.target as Element).closest?.('a');
        if (!anchor || anchor.protocol !== 'javascript:') event.preventDefault();
      },
      true,
    );
    document.addEventListener('submit', (event) => event.preventDefault(), true);
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const type of ['mouseover', 'pointerover', 'mouseenter', 'focus', 'focusin']) el.dispatchEvent(new Event(type));
      (el as HTMLElement).click?.();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
};

async function hitsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __hits: string[] }).__hits);
}

/** What is left in the DOM that could run: scripts, handler attributes, script URLs, frames, forms, base, meta. */
async function leftovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'style', 'svg', 'math', 'template', 'noscript'].includes(tag))
        found.push(`<${tag}>`);
      for (const attr of Array.from(el.attributes)) {
        if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attr.name}]`);
        if (['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc', 'data'].includes(attr.name.toLowerCase())) {
          let protocol = '';
          try {
            protocol = new URL(attr.value, document.baseURI).protocol;
          } catch {
            protocol = '';
          }
          if (
            !['http:', 'https:', 'mailto:', 'tel:', 'data:', 'blob:', ''].includes(protocol) ||
            (protocol === 'data:' && !/^data:image\/(png|jpe?g|gif|webp)/i.test(attr.value))
          ) {
            found.push(`${tag}[${attr.name}=${attr.value}]`);
          }
        }
      }
    }
    return found;
  });
}

let bundle: string;

beforeAll(async () => {
  bundle = await contentBundle();
}, 60_000);

describe.each(ENGINES)('rich-text corpus in real %s (spec §S5; issue 10 "any executed script is a failure")', (name) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await launchEngine(name);
  }, 90_000);

  afterAll(async () => {
    await engine?.close();
  });

  // Pages are served from the launcher's loopback server, which answers 404 to every other request the
  // markup makes, so nothing leaves the machine.
  const freshPage = (): Promise<Page> => engine.newPage();

  it('control: the raw corpus does run in this harness, so a silent result below means something', async () => {
    const page = await freshPage();
    const fired: string[] = [];
    for (const [, html] of XSS_CORPUS) {
      await page.setContent(`<!doctype html><html><head><script>${HOOKS}</script></head><body>${html}</body></html>`);
      await PROVOKE(page);
      fired.push(...(await hitsOf(page)));
    }
    await page.close();
    // Script, handlers, javascript: links (plain and entity-encoded), srcdoc, mutation payloads…
    expect(fired).toEqual(
      expect.arrayContaining([
        'script',
        'img-onerror',
        'svg-onload',
        'js-link',
        'js-decimal',
        'js-tab',
        'srcdoc',
        'mouseover',
        'autofocus',
      ]),
    );
    expect(new Set(fired).size).toBeGreaterThanOrEqual(15);
  }, 120_000);

  it('sanitised in Node (jsdom), then parsed by the engine: nothing runs and nothing dangerous is left', async () => {
    const window = jsdomWindow('') as unknown as WindowLike;
    const sanitised = XSS_CORPUS.map(
      ([source, html]) =>
        `<div data-source="${source}">${sanitizeRichText(html, { window, ownDomains: ['example.com'], logger: silentContentLogger })}</div>`,
    );
    const page = await freshPage();
    await page.setContent(`<!doctype html><html><head><script>${HOOKS}</script></head><body>${sanitised.join('\n')}</body></html>`);
    await PROVOKE(page);
    expect(await hitsOf(page)).toEqual([]);
    expect(await leftovers(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('sanitised in the engine itself (the browser path), inserted with innerHTML: nothing runs and nothing dangerous is left', async () => {
    const page = await freshPage();
    await page.setContent(`<!doctype html><html><head><script>${HOOKS}</script></head><body><main id="root"></main></body></html>`);
    await addScripts(page, [bundle]);
    const outputs = await page.evaluate(
      (corpus) => {
        const content = (window as unknown as { exkitContent: typeof Content }).exkitContent;
        const root = document.getElementById('root')!;
        const out: string[] = [];
        for (const [, html] of corpus) {
          const clean = content.sanitizeRichText(html, { window, ownDomains: ['example.com'] });
          out.push(clean);
          const holder = document.createElement('div');
          holder.innerHTML = clean;
          root.append(holder);
        }
        return out;
      },
      XSS_CORPUS as [string, string][],
    );
    await PROVOKE(page);
    expect(await hitsOf(page)).toEqual([]);
    expect(await leftovers(page)).toEqual([]);
    // New-tab links come out with opener protection and, being external, nofollow.
    expect(outputs.at(-1)).toBe('<a href="https://partner.example/" target="_blank" rel="nofollow noopener noreferrer">p</a>');
    await page.close();
  }, 60_000);
});
