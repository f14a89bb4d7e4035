import { jsdomWindow } from './jsdom-window.js';
import fc from 'fast-check';
import type { WindowLike } from 'dompurify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { InvalidAppSchemeError, sanitizeRichText, silentContentLogger, UnsafeDomWindowError } from '../../../core/content/index.js';
import { inputClasses } from '../../support/input-classes.js';

const window = jsdomWindow('') as unknown as WindowLike;
// Removed links warn on the console by default: capture it, so the hostile rows stay quiet and the default can be asserted.
let consoleWarn: MockInstance<typeof console.warn>;
beforeEach(() => {
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const clean = (html: string, extra: Partial<Parameters<typeof sanitizeRichText>[1]> = {}) =>
  sanitizeRichText(html, { window, ownDomains: ['example.com'], appSchemes: ['exkit'], ...extra });

describe('sanitizeRichText (spec §S5 "Rich text is filtered by an allow-list of tags and attributes")', () => {
  const rows: [string, string, string][] = [
    [
      'keeps allowed formatting',
      '<h2>Fees</h2><p>Maker <b>0.1%</b>, <em>taker</em> <code>0.2%</code></p>',
      '<h2>Fees</h2><p>Maker <b>0.1%</b>, <em>taker</em> <code>0.2%</code></p>',
    ],
    [
      'keeps tables and lists',
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><ul><li>x</li></ul>',
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><ul><li>x</li></ul>',
    ],
    [
      '"script and noscript bodies removed", not just their tags',
      '<p>a</p><script>alert(1)</script><noscript><p>enable JS</p></noscript><p>b</p>',
      '<p>a</p><p>b</p>',
    ],
    ['"comments dropped"', '<p>a<!-- secret --></p><!--[if IE]><script>alert(1)</script><![endif]-->', '<p>a</p>'],
    ['style elements and their text removed', '<style>body{background:url(javascript:alert(1))}</style><p>a</p>', '<p>a</p>'],
    ['tags off the list unwrap to their text', '<article><section><p>a</p></section></article><font color="red">b</font>', '<p>a</p>b'],
    [
      'form controls, frames and embeds removed with their contents',
      '<form><input value="x"><textarea>t</textarea></form><iframe src="https://example.com">i</iframe><object data="x">o</object>',
      '',
    ],
    [
      'event handlers removed',
      '<p onclick="alert(1)" onmouseover="alert(2)">a</p><img src="/a.png" onerror="alert(3)">',
      '<p>a</p><img src="/a.png">',
    ],
    ['id and name removed (DOM clobbering)', '<p id="location" name="cookie">a</p>', '<p>a</p>'],
    ['data and aria attributes removed', '<p data-x="1" aria-label="l">a</p>', '<p>a</p>'],
    [
      '"unsafe style values removed", safe ones kept',
      '<p style="color: red; width: expression(alert(1)); background-image: url(javascript:alert(1)); behavior: url(x.htc); -moz-binding: url(x)">a</p>',
      '<p style="color: red">a</p>',
    ],
    ['a style with nothing safe is dropped', '<p style="position:fixed;top:0">a</p>', '<p>a</p>'],
    ['javascript: href removed, text kept', '<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['entity-encoded javascript: href removed', '<a href="&#106;avascript:alert(1)">a</a>', '<a>a</a>'],
    ['tab-split javascript: href removed', '<a href="java&#09;script:alert(1)">a</a>', '<a>a</a>'],
    ['own-domain link kept without nofollow', '<a href="https://www.example.com/a">a</a>', '<a href="https://www.example.com/a">a</a>'],
    ['external link gets nofollow', '<a href="https://partner.org/">a</a>', '<a href="https://partner.org/" rel="nofollow">a</a>'],
    [
      'look-alike domain gets nofollow',
      '<a href="https://example.com.evil.io/">a</a>',
      '<a href="https://example.com.evil.io/" rel="nofollow">a</a>',
    ],
    [
      'new-tab link gets noopener noreferrer, author rel replaced',
      '<a href="/help" target="_blank" rel="opener">a</a>',
      '<a href="/help" target="_blank" rel="noopener noreferrer">a</a>',
    ],
    ['named-window targets removed', '<a href="/help" target="_top">a</a>', '<a href="/help">a</a>'],
    ['target without href removed', '<a target="_blank">a</a>', '<a>a</a>'],
    ['a blocked href takes its target along', '<a href="javascript:alert(1)" target="_blank">a</a>', '<a>a</a>'],
    [
      'target off a link removed, and an href there gets no rel',
      '<div href="https://partner.org/" target="_blank">a</div>',
      '<div href="https://partner.org/">a</div>',
    ],
    [
      'a link inside an unwrapped tag still gets its rel',
      '<font><a href="https://partner.org/" target="_blank">a</a></font>',
      '<a href="https://partner.org/" target="_blank" rel="nofollow noopener noreferrer">a</a>',
    ],
    ['app-scheme link kept', '<a href="exkit://trade/BTC_USDT">t</a>', '<a href="exkit://trade/BTC_USDT">t</a>'],
    ['market link kept', '<a href="market://details?id=x">m</a>', '<a href="market://details?id=x">m</a>'],
    ['unknown-scheme link removed', '<a href="steam://run/1">s</a>', '<a>s</a>'],
    [
      'raster data image kept',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">',
    ],
    ['SVG data image removed', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', '<img>'],
    ['image data is no link target', '<a href="data:image/png;base64,iVBORw0KGgo=">a</a>', '<a>a</a>'],
    // DOMPurify itself lets data: through in an href on its data-URI tags (img among them): the hook must refuse it.
    ['image data is no link target, not even on an image', '<img href="data:image/png;base64,iVBORw0KGgo=">', '<img>'],
    ['an image source never uses mailto or an app scheme', '<img src="mailto:a@b.c"><img src="exkit://x">', '<img><img>'],
    [
      'inline SVG and MathML removed with their contents',
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><math><mtext>m</mtext></math>',
      '',
    ],
  ];
  it.each(rows)('%s', (_rule, html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it('mutation XSS through noscript (the DOMPurify 2.0.0 bypass) leaves no image or handler', () => {
    const out = clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>">');
    expect(out).not.toMatch(/<img|onerror|alert/);
  });

  it('warns through the logger for each removed link', () => {
    const warnings: string[] = [];
    clean('<a href="javascript:alert(1)">a</a><img src="vbscript:x"><a href="/ok">b</a>', {
      logger: { warn: (m) => void warnings.push(m) },
    });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/removed an unsafe (href|src) from rich text/);
  });

  it('by default a removed link warns on the console (console.warn)', () => {
    sanitizeRichText('<a href="javascript:alert(1)">a</a><a href="/ok">b</a>', { window });
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(consoleWarn.mock.calls[0]![0]).toMatch(/removed an unsafe href from rich text/);
  });

  it('silentContentLogger keeps removed links off the console', () => {
    sanitizeRichText('<a href="javascript:alert(1)">a</a>', { window, logger: silentContentLogger });
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('refuses a dangerous app scheme with InvalidAppSchemeError', () => {
    expect(() => sanitizeRichText('<a href="javascript:alert(1)">a</a>', { window, appSchemes: ['javascript'] })).toThrow(
      InvalidAppSchemeError,
    );
  });

  it('refuses a dangerous app scheme even when the html holds no link, naming the scheme', () => {
    expect(() => sanitizeRichText('<p>x</p>', { window, appSchemes: ['exkit', 'javascript:'] })).toThrow(
      expect.objectContaining({
        name: 'InvalidAppSchemeError',
        message: 'Not an acceptable app scheme: "javascript:"',
        extra: { field: 'appSchemes', value: 'javascript:' },
      }),
    );
  });

  it('an empty list of app schemes allows the default schemes only', () => {
    expect(
      sanitizeRichText('<a href="exkit://x">a</a><ol type="exkit:x"><li>y</li></ol>', {
        window,
        appSchemes: [],
        logger: silentContentLogger,
      }),
    ).toBe('<a>a</a><ol><li>y</li></ol>');
  });

  it('settings of one call do not leak into the next (own domains, app schemes)', () => {
    expect(clean('<a href="https://example.com/">a</a>')).toBe('<a href="https://example.com/">a</a>');
    expect(sanitizeRichText('<a href="https://example.com/">a</a><a href="exkit://x">b</a>', { window })).toBe(
      '<a href="https://example.com/" rel="nofollow">a</a><a>b</a>',
    );
  });
});

describe('sanitizeRichText: what one call decides stays in that call (per-window DOMPurify, per-call memos)', () => {
  it('text without markup comes back as it is', () => {
    expect(clean('Fees & limits')).toBe('Fees & limits');
    expect(clean('')).toBe('');
  });

  it('a value repeated in one article is judged the same each time, and every removed copy warns', () => {
    const warnings: string[] = [];
    const out = clean(
      '<a href="https://partner.org/" target="_blank">a</a><a href="https://partner.org/">b</a>' +
        '<a href="javascript:alert(1)">c</a><a href="javascript:alert(1)">d</a><img src="javascript:alert(1)">' +
        '<p style="color: red; position: fixed">e</p><p style="color: red; position: fixed">f</p>',
      { logger: { warn: (m) => void warnings.push(m) } },
    );
    expect(out).toBe(
      '<a href="https://partner.org/" target="_blank" rel="nofollow noopener noreferrer">a</a><a href="https://partner.org/" rel="nofollow">b</a>' +
        '<a>c</a><a>d</a><img><p style="color: red">e</p><p style="color: red">f</p>',
    );
    expect(warnings).toHaveLength(3);
  });

  it('an href allowed as a link is still refused as an image source in the same call', () => {
    expect(clean('<a href="exkit://x">a</a><img src="exkit://x">')).toBe('<a href="exkit://x">a</a><img>');
  });

  it('the same arrays edited in place between calls take effect too (a scheme taken away, a domain added)', () => {
    const html = '<a href="exkit://x">a</a><a href="https://partner.org/">b</a>';
    const appSchemes = ['exkit'];
    const ownDomains = ['example.com'];
    const options = { window, appSchemes, ownDomains, logger: silentContentLogger };
    expect(sanitizeRichText(html, options)).toBe('<a href="exkit://x">a</a><a href="https://partner.org/" rel="nofollow">b</a>');
    appSchemes[0] = 'other';
    ownDomains.push('partner.org');
    expect(sanitizeRichText(html, options)).toBe('<a>a</a><a href="https://partner.org/">b</a>');
    appSchemes.pop();
    expect(sanitizeRichText(html, options)).toBe('<a>a</a><a href="https://partner.org/">b</a>');
  });

  it('changing app schemes or own domains between calls takes effect (no decision carried over)', () => {
    const html = '<a href="exkit://x">a</a><a href="https://partner.org/">b</a>';
    expect(sanitizeRichText(html, { window, appSchemes: ['exkit'], ownDomains: ['partner.org'] })).toBe(
      '<a href="exkit://x">a</a><a href="https://partner.org/">b</a>',
    );
    expect(sanitizeRichText(html, { window, appSchemes: ['other'], ownDomains: ['example.com'], logger: silentContentLogger })).toBe(
      '<a>a</a><a href="https://partner.org/" rel="nofollow">b</a>',
    );
    expect(sanitizeRichText(html, { window, appSchemes: ['exkit'], ownDomains: ['partner.org'] })).toBe(
      '<a href="exkit://x">a</a><a href="https://partner.org/">b</a>',
    );
    expect(sanitizeRichText(html, { window, logger: silentContentLogger })).toBe(
      '<a>a</a><a href="https://partner.org/" rel="nofollow">b</a>',
    );
  });

  it('two windows keep their own settings, interleaved', () => {
    const other = jsdomWindow('') as unknown as WindowLike;
    const html = '<a href="exkit://x">a</a>';
    expect(sanitizeRichText(html, { window: other, appSchemes: ['exkit'] })).toBe('<a href="exkit://x">a</a>');
    expect(sanitizeRichText(html, { window, logger: silentContentLogger })).toBe('<a>a</a>');
    expect(sanitizeRichText(html, { window: other, appSchemes: ['exkit'] })).toBe('<a href="exkit://x">a</a>');
    expect(sanitizeRichText(html, { window: other, logger: silentContentLogger })).toBe('<a>a</a>');
    expect(sanitizeRichText(html, { window, appSchemes: ['exkit'] })).toBe('<a href="exkit://x">a</a>');
  });

  it('a logger that sanitises again (re-entrant call) leaves the outer call intact', () => {
    const inner: string[] = [];
    const logger = {
      warn: () =>
        void inner.push(sanitizeRichText('<a href="https://example.com/" target="_blank">i</a>', { window, ownDomains: ['example.com'] })),
    };
    const out = sanitizeRichText(
      '<a href="https://partner.org/" target="_blank">a</a><a href="javascript:x">b</a><a href="https://www.partner.org/c">c</a>' +
        '<a href="https://example.com/d">d</a>',
      {
        window,
        ownDomains: ['partner.org'],
        logger,
      },
    );
    expect(inner).toEqual(['<a href="https://example.com/" target="_blank" rel="noopener noreferrer">i</a>']);
    expect(out).toBe(
      '<a href="https://partner.org/" target="_blank" rel="noopener noreferrer">a</a><a>b</a><a href="https://www.partner.org/c">c</a>' +
        // After the inner call the outer one reads its own settings again: example.com is no own domain here.
        '<a href="https://example.com/d" rel="nofollow">d</a>',
    );
  });
});

describe('sanitizeRichText refuses a window it cannot trust ("the Node path must refuse a window that fails a self-test")', () => {
  function expectRefused(win: unknown) {
    let error: unknown;
    try {
      sanitizeRichText('<p>x</p>', { window: win as WindowLike });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsafeDomWindowError);
    expect((error as UnsafeDomWindowError).name).toBe('UnsafeDomWindowError');
    expect((error as UnsafeDomWindowError).code).toBe('CONTENT_UNSAFE_WINDOW');
  }

  it('refuses an object that is no DOM window at all', () => {
    expectRefused({});
  });

  it('refuses a DOM whose attribute removal silently does nothing (handlers would survive)', () => {
    const broken = jsdomWindow('');
    broken.Element.prototype.removeAttribute = function removeAttribute() {};
    broken.Element.prototype.removeAttributeNode = function removeAttributeNode(attr: Attr) {
      return attr;
    };
    expectRefused(broken);
  });

  it('refuses a DOM whose element removal silently does nothing (scripts would survive)', () => {
    const broken = jsdomWindow('');
    broken.Element.prototype.remove = function remove() {};
    broken.Node.prototype.removeChild = function removeChild<T extends Node>(child: T) {
      return child;
    };
    expectRefused(broken);
  });
});

describe('sanitizeRichText takes a DOM Window as typed by TypeScript (platform.dom.window)', () => {
  it('compiles with a `Window` and sanitises with it', () => {
    const page: Window = jsdomWindow('') as unknown as Window;
    expect(sanitizeRichText('<b onclick="x()">bold</b><script>x()</script>', { window: page, logger: silentContentLogger })).toBe(
      '<b>bold</b>',
    );
  });
});

describe('sanitizeRichText never throws on content: a <frameset> that replaces the body leaves nothing ("content of any shape returns a sanitised string")', () => {
  it.each([
    ['<frameset onload=alert(1)>', ''],
    [' \n\t<frameset onload=alert(1)><frame src="javascript:alert(1)">', ''],
    ['<!-- note --><frameset><frame src=x></frameset>', ''],
    ['<b></b><span></span><frameset onload=alert(1)>', ''],
    ['<frameset><p>kept?</p></frameset><p>after</p>', ''],
    ['<b>x</b><frameset onload=alert(1)>', '<b>x</b>'],
    ['text<frameset>', 'text'],
  ])('%j gives %j', (html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it('any prefix of whitespace, comments and empty inline tags before a frameset gives a string with no frameset and no handler', () => {
    const prefix = fc.array(fc.constantFrom(' ', '\n', '<!-- c -->', '<b></b>', '<span></span>', '<i></i>', '<br>'), { maxLength: 6 });
    const tail = fc.string({ maxLength: 40 });
    const drawn = inputClasses<string[]>({
      'no prefix': (parts) => parts.length === 0,
      'a comment before it': (parts) => parts.includes('<!-- c -->'),
      'an empty element before it': (parts) => parts.some((p) => p.startsWith('<') && !p.startsWith('<!')),
      'only whitespace before it': (parts) => parts.length > 0 && parts.every((p) => p.trim() === ''),
    });
    fc.assert(
      fc.property(prefix, tail, (parts, rest) => {
        drawn.see(parts);
        const out = clean(`${parts.join('')}<frameset onload=alert(1)>${rest}`);
        expect(typeof out).toBe('string');
        expect(out).not.toMatch(/<frameset|onload|<frame/i);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(2);
  });
});

// The allow-lists written out here, not read from the module: a tag or attribute taken off a list must fail a row.
describe('sanitizeRichText: every tag and attribute on the allow-list is kept (spec §S5)', () => {
  it.each([
    'a',
    'abbr',
    'b',
    'blockquote',
    'code',
    'dd',
    'del',
    'details',
    'div',
    'dl',
    'dt',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'i',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'summary',
    'sup',
    'u',
    'ul',
  ])('keeps <%s> with its text', (tag) => {
    expect(clean(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
  });

  it.each(['br', 'hr', 'img'])('keeps the empty element <%s>', (tag) => {
    expect(clean(`x<${tag}>y`)).toBe(`x<${tag}>y`);
  });

  it('keeps every table part: caption, colgroup, col, thead, tbody, tfoot, tr, th, td', () => {
    const table =
      '<table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</th></tr></thead>' +
      '<tbody><tr><td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>';
    expect(clean(table)).toBe(table);
  });

  it.each([
    ['title', '<p title="t">x</p>'],
    ['align, dir and lang', '<p align="center" dir="rtl" lang="ar">x</p>'],
    ['alt, width and height', '<img alt="a" width="10" height="20">'],
    ['colspan and rowspan', '<table><tbody><tr><td colspan="2" rowspan="3">x</td></tr></tbody></table>'],
    ['open', '<details open=""><summary>s</summary>x</details>'],
    ['start, reversed and type', '<ol start="3" reversed="" type="a"><li>x</li></ol>'],
    ['style (a safe one)', '<p style="color: red">x</p>'],
    ['href', '<a href="/fees">x</a>'],
    ['src', '<img src="/a.png">'],
    ['target _blank on a link', '<a href="/fees" target="_blank" rel="noopener noreferrer">x</a>'],
  ])('keeps the attribute %s', (_names, html) => {
    expect(clean(html)).toBe(html);
  });

  it.each(['id', 'name', 'onclick', 'form', 'formaction', 'action', 'srcset', 'xmlns', 'background', 'poster', 'ping'])(
    'drops the attribute %s',
    (attribute) => {
      expect(clean(`<p ${attribute}="x">y</p>`)).toBe('<p>y</p>');
    },
  );

  it.each([
    ['http', 'http://cdn.example.com/a.png'],
    ['https', 'https://cdn.example.com/a.png'],
    ['blob', 'blob:https://example.com/550e8400-e29b-41d4-a716-446655440000'],
    ['data (raster)', 'data:image/gif;base64,R0lGODlh'],
    ['a relative path', 'img/a.png'],
  ])('an image source may use %s', (_scheme, src) => {
    expect(clean(`<img src="${src}">`)).toBe(`<img src="${src}">`);
  });

  it.each(['tel:+1', 'market://details?id=x', 'ftp://files.example.com/a.png', 'exkit://x'])('an image source never uses %s', (src) => {
    expect(clean(`<img src="${src}">`)).toBe('<img>');
  });

  it('writes a target of any case as _blank, and drops any other target', () => {
    expect(clean('<a href="/a" target="_BLANK">x</a>')).toBe('<a href="/a" target="_blank" rel="noopener noreferrer">x</a>');
    expect(clean('<a href="/a" target="blank">x</a>')).toBe('<a href="/a">x</a>');
    expect(clean('<span target="_blank">x</span>')).toBe('<span>x</span>');
  });

  it('a link gets its rel once, from the href the walk kept', () => {
    expect(clean('<a href=" https://partner.org/ ">x</a>')).toBe('<a href="https://partner.org/" rel="nofollow">x</a>');
    expect(clean('<a href="https://example.com/" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<p><a href="/x">x</a></p>')).toBe('<p><a href="/x">x</a></p>');
  });

  it('an empty href is dropped without a warning, and takes its target along', () => {
    const warnings: string[] = [];
    expect(clean('<a href="" target="_blank">x</a><img src="">', { logger: { warn: (m) => void warnings.push(m) } })).toBe('<a>x</a><img>');
    expect(warnings).toStrictEqual([]);
  });

  it('warns with the attribute, the reason and the value it removed', () => {
    const warnings: [string, unknown][] = [];
    clean('<a href="javascript:alert(1)">a</a><img src="vbscript:x">', { logger: { warn: (m, d) => void warnings.push([m, d]) } });
    expect(warnings).toStrictEqual([
      ["exkit: removed an unsafe href from rich text (scheme 'javascript' is not allowed)", { value: 'javascript:alert(1)' }],
      ["exkit: removed an unsafe src from rich text (scheme 'vbscript' is not allowed)", { value: 'vbscript:x' }],
    ]);
  });

  it('drops select, embed, object, textarea and iframe with their contents', () => {
    expect(
      clean('<select><option>s</option></select><embed src="/x">e<object>o</object><textarea>t</textarea><iframe>i</iframe><p>k</p>'),
    ).toBe('e<p>k</p>');
  });

  it('leaves template-like text alone (no template engine renders it)', () => {
    expect(clean('<p>{{ price }} ${fee} <%= x %></p>')).toBe('<p>{{ price }} ${fee} &lt;%= x %&gt;</p>');
  });

  it('keeps the links of relative, root-relative, fragment and query hrefs, and of an app scheme given with its colon', () => {
    const html = '<a href="fees/spot">a</a><a href="/en">b</a><a href="#top">c</a><a href="?tab=1">d</a><a href="x:y">e</a>';
    expect(clean(html, { logger: silentContentLogger })).toBe(
      '<a href="fees/spot">a</a><a href="/en">b</a><a href="#top">c</a><a href="?tab=1">d</a><a>e</a>',
    );
    expect(sanitizeRichText('<a href="Partner.App://x">p</a>', { window, appSchemes: ['Partner.App:'] })).toBe(
      '<a href="Partner.App://x">p</a>',
    );
  });

  it('refuses options that are not an object, naming the options field', () => {
    expect(() => sanitizeRichText('<p>x</p>', null as unknown as { window: WindowLike })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'sanitizeRichText: options must be an object, got null',
        extra: { field: 'options', value: null },
      }),
    );
  });

  it('reads html that is not a string as its text', () => {
    expect(clean({ toString: () => '<b onclick="x">y</b>' } as unknown as string)).toBe('<b>y</b>');
  });
});

describe("sanitizeRichText: DOMPurify's URI gate, rebuilt from the link allow-list, reads every attribute that is not plain text", () => {
  it.each([
    ['an unknown scheme', '<p lang="steam:x" dir="rtl">y</p>', '<p dir="rtl">y</p>'],
    ['an unknown scheme in mixed case', '<p lang="sTeam:x" dir="rtl">y</p>', '<p dir="rtl">y</p>'],
    ['javascript:', '<ol type="javascript:alert(1)"><li>y</li></ol>', '<ol><li>y</li></ol>'],
    ['an allowed scheme', '<ol type="mailto:x"><li>y</li></ol>', '<ol type="mailto:x"><li>y</li></ol>'],
    ['an app scheme, configured', '<ol type="exkit:x"><li>y</li></ol>', '<ol type="exkit:x"><li>y</li></ol>'],
    ['an app scheme, not configured', '<ol type="partner:x"><li>y</li></ol>', '<ol><li>y</li></ol>'],
    ['a word', '<p lang="en-US" align="center">y</p>', '<p lang="en-US" align="center">y</p>'],
    ['a word and a separator', '<p lang="zh_CN">y</p>', '<p lang="zh_CN">y</p>'],
    ['a number', '<img width="10px" height="2">', '<img width="10px" height="2">'],
  ])('%s', (_case, html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it('an app scheme listed with its colon and in upper case joins the gate as written in lower case', () => {
    expect(sanitizeRichText('<ol type="partner.app:x"><li>y</li></ol>', { window, appSchemes: ['Partner.App:'] })).toBe(
      '<ol type="partner.app:x"><li>y</li></ol>',
    );
    expect(sanitizeRichText('<ol type="partnerxapp:x"><li>y</li></ol>', { window, appSchemes: ['Partner.App:'] })).toBe(
      '<ol><li>y</li></ol>',
    );
  });
});

describe('sanitizeRichText says why it refuses a window', () => {
  function refusal(win: unknown): UnsafeDomWindowError {
    try {
      sanitizeRichText('<p>x</p>', { window: win as WindowLike });
    } catch (error) {
      return error as UnsafeDomWindowError;
    }
    throw new UnsafeDomWindowError('expected a refusal');
  }

  it('DOMPurify unsupported: no document at all', () => {
    const error = refusal({});
    expect(error).toMatchObject({
      name: 'UnsafeDomWindowError',
      code: 'CONTENT_UNSAFE_WINDOW',
      message: 'DOMPurify does not support this window',
    });
    expect(error.extra).toBeUndefined();
  });

  it('DOMPurify cannot start: reading the document throws', () => {
    const error = refusal({
      get document(): never {
        throw new Error('no document');
      },
    });
    expect(error).toMatchObject({ message: 'DOMPurify could not start on this window', extra: { cause: 'Error: no document' } });
  });

  it('the self-test throws: the element cannot be serialised', () => {
    const broken = jsdomWindow('');
    Object.defineProperty(broken.Element.prototype, 'innerHTML', {
      get(): never {
        throw new Error('no innerHTML');
      },
      configurable: true,
    });
    expect(refusal(broken)).toMatchObject({
      message: 'The rich-text self-test threw on this window',
      extra: { cause: 'Error: no innerHTML' },
    });
  });

  it('the self-test catches a window whose comment removal silently does nothing', () => {
    const chatty = jsdomWindow('');
    const removeChild = chatty.Node.prototype.removeChild;
    chatty.Node.prototype.removeChild = function keepComments<T extends Node>(this: Node, child: T): T {
      return child.nodeType === 8 ? child : (removeChild.call(this, child) as T);
    };
    const error = refusal(chatty);
    expect(error.message).toBe('This window failed the rich-text self-test: it left unsafe markup in place');
    expect((error.extra as { output: string }).output).toContain('<!-- note -->');
  });

  it('a window whose elements stop serialising to a string after the self-test is refused on the call', () => {
    const fickle = jsdomWindow('');
    expect(sanitizeRichText('<p>x</p>', { window: fickle as unknown as WindowLike })).toBe('<p>x</p>');
    Object.defineProperty(fickle.Element.prototype, 'innerHTML', { get: () => undefined, configurable: true });
    let error: unknown;
    try {
      sanitizeRichText('<p>x</p>', { window: fickle as unknown as WindowLike });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsafeDomWindowError);
    expect(error).toMatchObject({
      name: 'UnsafeDomWindowError',
      code: 'CONTENT_UNSAFE_WINDOW',
      message: 'DOMPurify returned no element to serialise on this window',
    });
    expect((error as UnsafeDomWindowError).extra).toBeUndefined();
  });

  it('the self-test leaves unsafe markup, or loses the harmless part', () => {
    const leaky = jsdomWindow('');
    leaky.Element.prototype.removeAttribute = function removeAttribute() {};
    leaky.Element.prototype.removeAttributeNode = function removeAttributeNode(attr: Attr) {
      return attr;
    };
    const error = refusal(leaky);
    expect(error.message).toBe('This window failed the rich-text self-test: it left unsafe markup in place');
    expect((error.extra as { output: string }).output).toContain('onerror="alert(1)"');
    const blank = jsdomWindow('');
    Object.defineProperty(blank.Element.prototype, 'innerHTML', { get: () => '', configurable: true });
    expect(refusal(blank)).toMatchObject({
      message: 'This window failed the rich-text self-test: it left unsafe markup in place',
      extra: { output: '' },
    });
  });
});
