// Rich text from a grammar of hostile markup: allowed and forbidden elements, SVG and MathML, event handlers,
// scriptable and obfuscated URLs, layout-taking styles, comments, CDATA, unclosed and mis-nested tags, entities.
// Whatever it draws, what sanitizeRichText returns holds only allowed elements and attributes, no handler, every
// link and image source passes the link rules, every style is what sanitizeStyle keeps, and a second pass is a
// fixed point (the HTML parser may re-nest the first output once: <h1><h3></h3></h1> reads as two headings).
// The classes of input are counted, so a generator that stops drawing one fails.
import fc from 'fast-check';
import type { WindowLike } from 'dompurify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_TAGS,
  sanitizeHref,
  sanitizeRichText,
  sanitizeStyle,
  silentContentLogger,
} from '../../../core/content/index.js';
import { inputClasses } from '../../support/input-classes.js';
import { jsdomWindow } from './jsdom-window.js';

const window = jsdomWindow('') as unknown as WindowLike;
const LINKS = { ownDomains: ['example.com'], appSchemes: ['exkit'], logger: silentContentLogger };
const clean = (html: string) => sanitizeRichText(html, { window, ...LINKS });

beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));

const FORBIDDEN = ['script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'style', 'template'];
const RAW_TEXT = ['noscript', 'xmp', 'noembed', 'noframes', 'title', 'textarea', 'plaintext'];
const FOREIGN = ['svg', 'math', 'foreignObject', 'mglyph', 'malignmark', 'annotation-xml', 'desc', 'use'];
const HEAD = ['base', 'meta', 'link'];
const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;&#x61;vascript&colon;alert(1)',
  ' \u0001javascript:alert(1)',
  'java\u200Bscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
];
const SAFE_URLS = [
  'https://example.com/a?b=1',
  '/fees',
  '#top',
  'mailto:desk@example.com',
  'exkit://open',
  'data:image/png;base64,iVBORw0KGgo=',
];
const LAYOUT_STYLES = [
  'position:fixed;inset:0',
  'position:absolute;top:-9999px',
  'z-index:2147483647',
  'opacity:0',
  'width:100vw;height:100vh',
  'margin-top:-500px',
  'transform:scale(50)',
  'pointer-events:none',
  'background:url(javascript:alert(1))',
  'width:expression(alert(1))',
  'font-size:0',
];
const SAFE_STYLES = ['color:red', 'font-weight:bold', 'text-align:center', 'margin:4px 8px', 'background-color:rgb(1,2,3)'];
const HANDLERS = ['onclick', 'onerror', 'onload', 'onmouseover', 'onfocus', 'ontoggle', 'OnClIcK', 'onanimationstart'];
const OTHER_ATTRIBUTES = ['id', 'name', 'srcdoc', 'formaction', 'xlink:href', 'xmlns', 'is', 'autofocus', 'data-x'];

const quote = fc.constantFrom('"', "'", '');
const attributeValue = fc.oneof(
  fc.constantFrom(...SCRIPT_URLS, ...SAFE_URLS, ...LAYOUT_STYLES, ...SAFE_STYLES, 'alert(1)', 'x"><script>alert(1)</script>'),
  fc.string({ maxLength: 12 }),
);
const attributeName = fc.constantFrom(...RICH_TEXT_ALLOWED_ATTRIBUTES, ...HANDLERS, ...OTHER_ATTRIBUTES);
const attribute = fc
  .tuple(attributeName, quote, attributeValue)
  .map(([name, q, value]) => (q ? ` ${name}=${q}${value.replaceAll(q, '')}${q}` : ` ${name}=${value.replace(/[\s>]/g, '')}`));
const tagName = fc.constantFrom(...RICH_TEXT_ALLOWED_TAGS, ...FORBIDDEN, ...RAW_TEXT, ...FOREIGN, ...HEAD);
const text = fc.oneof(
  fc.constantFrom('fee', '0.1%', '&lt;b&gt;', '&amp;', '<', '</', '-->', '<!--', '<![CDATA[x]]>', '<!-- c -->', '&#60;script&#62;'),
  fc.string({ maxLength: 8 }),
);
const markup: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc
      .tuple(
        tagName,
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.constantFrom('close', 'open', 'stray'),
      )
      .map(([tag, attributes, children, end]) => {
        const open = `<${tag}${attributes.join('')}>${children.join('')}`;
        return end === 'close' ? `${open}</${tag}>` : end === 'open' ? open : `${open}</${tag === 'p' ? 'div' : 'p'}>`;
      }),
  ),
})).node;
const document = fc.array(markup, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

const has = (html: string, names: readonly string[]) => names.some((name) => new RegExp(`<${name}[\\s>/]`, 'i').test(html));

describe('sanitizeRichText over generated hostile markup', () => {
  it('a heading the output nests in a heading is re-nested by the next parse once, then stays (the case the grammar found)', () => {
    const out = clean('<a><h1><A</h1><h3></h3>');
    expect(out).toBe('<a><h1><h3></h3></h1></a>');
    expect(clean(out)).toBe('<a><h1></h1><h3></h3></a>');
    expect(clean(clean(out))).toBe(clean(out));
  });

  it('keeps only allowed elements and attributes, no handler, only safe links and styles, and is stable', () => {
    const drawn = inputClasses<string>({
      'a forbidden element': (h) => has(h, FORBIDDEN),
      'a raw-text element': (h) => has(h, RAW_TEXT),
      'an SVG or MathML element': (h) => has(h, FOREIGN),
      'a head element': (h) => has(h, HEAD),
      'an event handler': (h) => /\son[a-z]+=/i.test(h),
      'a scriptable URL': (h) => /(java|vb)script|&#x?[0-9a-f]+;?avascript|data:text\/html/i.test(h),
      'a layout-taking style': (h) => /position:|z-index:|opacity:0|vw|transform:/.test(h),
      'a comment or CDATA': (h) => /<!--|<!\[CDATA\[/.test(h),
      'an unclosed or mis-nested element': (h) => /<(\w+)[^>]*>[^<]*$/.test(h) || /<\/p>/.test(h),
      'elements nested three deep': (h) => /<[a-z][^>]*>[^<]*<[a-z][^>]*>[^<]*<[a-z]/i.test(h),
    });
    const allowedTags = new Set(RICH_TEXT_ALLOWED_TAGS);
    const allowedAttributes = new Set([...RICH_TEXT_ALLOWED_ATTRIBUTES, 'rel']);
    const parser = new (window as unknown as typeof globalThis).DOMParser();
    fc.assert(
      fc.property(document, (html) => {
        drawn.see(html);
        const out = clean(html);
        expect(typeof out).toBe('string');
        const body = parser.parseFromString(`<!doctype html><body>${out}`, 'text/html').body;
        for (const element of body.querySelectorAll('*')) {
          const tag = element.localName;
          expect(allowedTags.has(tag), `element <${tag}> in ${JSON.stringify(out)}`).toBe(true);
          for (const { name, value } of element.attributes) {
            expect(allowedAttributes.has(name), `attribute ${name} on <${tag}>`).toBe(true);
            if (name === 'href' || name === 'src') expect(sanitizeHref(value, LINKS), `${name}=${value}`).not.toBeNull();
            if (name === 'style') expect(sanitizeStyle(value), `style=${value}`).toBe(value);
          }
        }
        // Sanitising the output again keeps it safe (checked above on its re-parse) and changes nothing the
        // parser does not: markup the HTML parser re-nests (a heading inside a heading) may be re-nested once.
        const again = clean(out);
        expect(clean(again)).toBe(again);
      }),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(5);
  });
});
