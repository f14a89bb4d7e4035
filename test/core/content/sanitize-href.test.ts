import fc from 'fast-check';
import { inputClasses } from '../../support/input-classes.js';
import { jsdomWindow } from './jsdom-window.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import {
  ALLOWED_LINK_SCHEMES,
  InvalidAppSchemeError,
  inspectHref,
  sanitizeHref,
  silentContentLogger,
} from '../../../core/content/index.js';

const APP = { appSchemes: ['exkit', 'partner-app'] };
const OWASP = 'OWASP XSS Filter Evasion Cheat Sheet';
const BRAINTREE = '@braintree/sanitize-url test suite';

// Blocked hrefs warn on the console by default (spec §S5): capture it, so the hostile tables stay quiet and
// the default can be asserted.
let consoleWarn: MockInstance<typeof console.warn>;
beforeEach(() => {
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('sanitizeHref logging: spec §S5 "others are blocked with a console warning"', () => {
  it('by default a blocked href warns on the console (console.warn) with the href', () => {
    expect(sanitizeHref('javascript:alert(1)')).toBeNull();
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(consoleWarn).toHaveBeenCalledWith("exkit: blocked an unsafe link (scheme 'javascript' is not allowed)", {
      href: 'javascript:alert(1)',
    });
  });

  it('by default an allowed or empty href logs nothing', () => {
    sanitizeHref('https://example.com');
    sanitizeHref('');
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('silentContentLogger keeps a blocked href off the console', () => {
    expect(sanitizeHref('javascript:alert(1)', { logger: silentContentLogger })).toBeNull();
    expect(consoleWarn).not.toHaveBeenCalled();
  });
});

function recordingLogger() {
  const warnings: { message: string; detail: unknown }[] = [];
  return { warnings, warn: (message: string, detail?: unknown) => void warnings.push({ message, detail }) };
}

describe('sanitizeHref: allowed kinds (spec §S5 "hrefs accepted only for http, https, mailto, tel, blob, image data, app schemes, market, ftp, relative, root-relative, fragments")', () => {
  const allowed: [string, string, string][] = [
    ['http', 'http://example.com/path?q=1', 'http://example.com/path?q=1'],
    ['https', 'https://example.com/', 'https://example.com/'],
    ['https upper-case scheme', 'HTTPS://EXAMPLE.com', 'HTTPS://EXAMPLE.com'],
    ['mailto', 'mailto:support@example.com?subject=Hi', 'mailto:support@example.com?subject=Hi'],
    ['tel', 'tel:+44-20-7946-0000', 'tel:+44-20-7946-0000'],
    [
      'blob',
      'blob:https://example.com/550e8400-e29b-41d4-a716-446655440000',
      'blob:https://example.com/550e8400-e29b-41d4-a716-446655440000',
    ],
    ['data png', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data jpeg', 'data:image/jpeg;base64,/9j/4AAQ', 'data:image/jpeg;base64,/9j/4AAQ'],
    ['data gif', 'data:image/gif;base64,R0lGODlh', 'data:image/gif;base64,R0lGODlh'],
    ['data webp upper-case type', 'data:IMAGE/WEBP;base64,UklGR', 'data:IMAGE/WEBP;base64,UklGR'],
    ['market', 'market://details?id=com.example.app', 'market://details?id=com.example.app'],
    ['ftp', 'ftp://files.example.com/readme.txt', 'ftp://files.example.com/readme.txt'],
    ['relative path', 'assets/fees.html', 'assets/fees.html'],
    ['dot-relative path', '../help/kyc', '../help/kyc'],
    ['root-relative path', '/en/futures/BTCUSDT', '/en/futures/BTCUSDT'],
    ['fragment', '#deposit', '#deposit'],
    ['query only', '?tab=spot', '?tab=spot'],
    ['protocol-relative (external, inherits the page scheme)', '//cdn.example.com/a.png', '//cdn.example.com/a.png'],
    ['surrounding spaces trimmed as the URL parser does', '  https://example.com/  ', 'https://example.com/'],
    ['query with an encoded ampersand', 'https://example.com/?a=1&amp;b=2', 'https://example.com/?a=1&amp;b=2'],
    ['percent-encoded path', '/search?q=javascript%3A', '/search?q=javascript%3A'],
    [
      `entity-encoded https URL (${BRAINTREE})`,
      '&#104;&#116;&#116;&#112;&#115;&#0000058//&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#99;&#111;&#109;',
      '&#104;&#116;&#116;&#112;&#115;&#0000058//&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#99;&#111;&#109;',
    ],
  ];
  it.each(allowed)('allows %s', (_kind, href, expected) => {
    expect(sanitizeHref(href)).toBe(expected);
  });

  it.each(['image/jpg', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon'])(
    'allows an image data URL of type %s',
    (type) => {
      expect(sanitizeHref(`data:${type};base64,AAAA`)).toBe(`data:${type};base64,AAAA`);
      expect(sanitizeHref(`data:${type},AAAA`)).toBe(`data:${type},AAAA`);
    },
  );

  it('reads a data URL media type as a browser does: without surrounding spaces, in any case', () => {
    expect(sanitizeHref('data: image/png ;base64,AAAA')).toBe('data: image/png ;base64,AAAA');
    expect(sanitizeHref('data:Image/PNG,AAAA')).toBe('data:Image/PNG,AAAA');
  });

  it('keeps interior spaces and controls (the URL parser escapes them), and drops tabs and line breaks anywhere', () => {
    expect(sanitizeHref('/a b/c')).toBe('/a b/c');
    expect(sanitizeHref(' \u0001/a \u0001b\u0001 ')).toBe('/a \u0001b');
    expect(sanitizeHref('/a\tb\nc\rd')).toBe('/abcd');
    expect(sanitizeHref('\t\nhttps://example.com/\r\n')).toBe('https://example.com/');
  });

  it('reads a scheme only at the start: a colon later in a relative href is no scheme', () => {
    for (const href of ['/en/time:12', 'a/b:c', '?next=javascript:alert(1)', '#javascript:alert(1)', '../x:y']) {
      expect(sanitizeHref(href)).toBe(href);
    }
  });

  it('gives the scheme an absolute href uses, in lower case', () => {
    expect(inspectHref('HTTPS://a.example/')).toStrictEqual({
      allowed: true,
      href: 'HTTPS://a.example/',
      kind: 'absolute',
      scheme: 'https',
    });
    expect(inspectHref('data:image/png,AAAA')).toStrictEqual({
      allowed: true,
      href: 'data:image/png,AAAA',
      kind: 'absolute',
      scheme: 'data',
    });
    expect(inspectHref('exkit:x', APP)).toStrictEqual({ allowed: true, href: 'exkit:x', kind: 'absolute', scheme: 'exkit' });
    expect(inspectHref(' /a ')).toStrictEqual({ allowed: true, href: '/a', kind: 'root-relative', scheme: undefined });
  });

  it('takes null app schemes as none', () => {
    expect(sanitizeHref('https://example.com/', { appSchemes: null as unknown as string[] })).toBe('https://example.com/');
  });

  it('allows the configured app schemes, in any case, and only when configured', () => {
    expect(sanitizeHref('exkit://trade/BTC_USDT', APP)).toBe('exkit://trade/BTC_USDT');
    expect(sanitizeHref('PARTNER-APP:open?id=1', APP)).toBe('PARTNER-APP:open?id=1');
    expect(sanitizeHref('exkit://trade/BTC_USDT')).toBeNull();
  });

  it('classifies how a browser reads each allowed kind', () => {
    const kinds = ['https://a.b/', '//a.b/', '/\\a.b/', '/a', 'a', '?a', '#a'].map((h) => {
      const v = inspectHref(h);
      return v.allowed ? v.kind : v.reason;
    });
    expect(kinds).toEqual(['absolute', 'protocol-relative', 'protocol-relative', 'root-relative', 'relative', 'query', 'fragment']);
  });
});

describe('sanitizeHref: blocked kinds (spec §S5 "others are blocked with a console warning and no navigation")', () => {
  // Each with the reason the verdict gives: a block for the wrong reason (a parse failure where the scheme should
  // have been refused) would hide that the scheme check itself no longer works.
  const notAllowed = (scheme: string) => `scheme '${scheme}' is not allowed`;
  const notRaster = 'data URL that is not a raster image';
  const blocked: [string, string, string][] = [
    ['javascript', 'javascript:alert(1)', notAllowed('javascript')],
    ['vbscript', 'vbscript:msgbox(1)', notAllowed('vbscript')],
    ['data text/html', 'data:text/html,<script>alert(1)</script>', notRaster],
    ['data SVG image (can carry script)', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', notRaster],
    ['data SVG image, plain', 'data:image/svg+xml,<svg onload=alert(1)>', notRaster],
    ['data without a media type', 'data:,alert(1)', notRaster],
    ['data with an encoded media type', 'data:image%2Fpng;base64,AAAA', notRaster],
    ['file', 'file:///etc/passwd', notAllowed('file')],
    ['unknown scheme', 'steam://run/1', notAllowed('steam')],
    ['about', 'about:blank', notAllowed('about')],
    ['unparsable absolute URL', 'http://[::1', 'not a parsable URL'],
    ['non-string', 42 as unknown as string, 'not a string'],
  ];
  it.each(blocked)('blocks %s, for the reason it names', (_kind, href, reason) => {
    expect(sanitizeHref(href)).toBeNull();
    expect(inspectHref(href)).toStrictEqual({ allowed: false, reason });
  });

  it('warns through the logger for each block and never for an allowed link', () => {
    const logger = recordingLogger();
    sanitizeHref('javascript:alert(1)', { logger });
    sanitizeHref('https://example.com', { logger });
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]!.message).toMatch(/blocked an unsafe link \(scheme 'javascript' is not allowed\)/);
    expect(logger.warnings[0]!.detail).toEqual({ href: 'javascript:alert(1)' });
  });

  it('returns null without a warning for an empty href (nothing to navigate to, nothing hostile)', () => {
    const logger = recordingLogger();
    expect(sanitizeHref('   ', { logger })).toBeNull();
    expect(logger.warnings).toHaveLength(0);
  });

  it.each([
    'javascript',
    'JavaScript:',
    'vbscript',
    'livescript',
    'mocha',
    'data',
    'file',
    'filesystem',
    'about',
    'view-source',
    'jar',
    'mhtml',
    'ms-its',
    '1abc',
    'has space',
    'a:b',
    'a_b',
    '',
    3,
  ])('refuses %j as an app scheme with InvalidAppSchemeError', (scheme) => {
    let error: unknown;
    try {
      sanitizeHref('https://example.com', { appSchemes: [scheme as string] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidAppSchemeError);
    expect((error as InvalidAppSchemeError).name).toBe('InvalidAppSchemeError');
    expect((error as InvalidAppSchemeError).code).toBe('INVALID_ARGUMENT');
    expect((error as InvalidAppSchemeError).extra).toStrictEqual({ field: 'appSchemes', value: scheme });
    expect((error as InvalidAppSchemeError).message).toBe(
      `Not an acceptable app scheme: ${typeof scheme === 'string' ? JSON.stringify(scheme) : String(scheme)}`,
    );
  });

  it('accepts an app scheme written with its colon or in upper case, and one using + . - and digits', () => {
    expect(sanitizeHref('exkit://x', { appSchemes: ['EXKIT:'] })).toBe('exkit://x');
    expect(sanitizeHref('com.exkit-pay+v2://x', { appSchemes: ['com.exkit-pay+v2'] })).toBe('com.exkit-pay+v2://x');
  });

  it('refuses app schemes that are not an array with InvalidArgumentError naming appSchemes', () => {
    expect(() => sanitizeHref('https://example.com', { appSchemes: 'exkit' as unknown as string[] })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'sanitizeHref: appSchemes must be an array of app schemes, got "exkit"',
        extra: { field: 'appSchemes', value: 'exkit' },
      }),
    );
  });

  it('with an empty app scheme list allows the default schemes only', () => {
    expect(sanitizeHref('https://example.com/', { appSchemes: [] })).toBe('https://example.com/');
    expect(sanitizeHref('exkit://x', { appSchemes: [], logger: silentContentLogger })).toBeNull();
  });

  it('an app scheme list is read once: the same array keeps its decision', () => {
    const appSchemes = ['exkit'];
    expect(sanitizeHref('exkit://a', { appSchemes })).toBe('exkit://a');
    expect(sanitizeHref('exkit://b', { appSchemes })).toBe('exkit://b');
    expect(sanitizeHref('partner://b', { appSchemes, logger: silentContentLogger })).toBeNull();
  });

  it.each([
    ['an unlisted scheme', 'steam://run/1', "scheme 'steam' is not allowed"],
    ['a non-raster data URL', 'data:text/html,x', 'data URL that is not a raster image'],
    ['a data URL without a comma', 'data:image/png;base64', 'data URL that is not a raster image'],
    ['an entity-encoded scheme', 'javascript&colon;x', "scheme 'javascript' is not allowed"],
    ['an entity-encoded data URL', 'data&colon;text/html,x', 'data URL that is not a raster image'],
    ['a URL the parser refuses', 'http://[::1', 'not a parsable URL'],
    ['a URL with spaces the parser refuses', ' http://[::1 ', 'not a parsable URL'],
    ['white space only', ' \t\n ', 'empty'],
    ['the empty string', '', 'empty'],
    ['a number', 42, 'not a string'],
    ['hostile nesting', `&${'amp;'.repeat(8)}#106;avascript:alert(1)`, 'nested encoding'],
  ])('inspectHref names why it blocks %s', (_what, href, reason) => {
    expect(inspectHref(href)).toStrictEqual({ allowed: false, reason });
  });

  it('decodes as deep as seven rounds of nesting and counts anything deeper as hostile', () => {
    expect(inspectHref(`&${'amp;'.repeat(6)}#106;avascript:alert(1)`)).toStrictEqual({
      allowed: false,
      reason: "scheme 'javascript' is not allowed",
    });
    expect(inspectHref(`&${'amp;'.repeat(7)}#106;avascript:alert(1)`)).toStrictEqual({ allowed: false, reason: 'nested encoding' });
    const deepButHarmless = `&${'amp;'.repeat(5)}#104;ttps://example.com/`;
    expect(inspectHref(deepButHarmless)).toStrictEqual({ allowed: true, href: deepButHarmless, kind: 'relative', scheme: undefined });
    expect(inspectHref(`&${'amp;'.repeat(6)}#104;ttps://example.com/`)).toStrictEqual({ allowed: false, reason: 'nested encoding' });
  });

  it('inspectHref and sanitizeHref refuse options that are not an object', () => {
    expect(() => inspectHref('#', null as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'inspectHref: options must be an object, got null',
        extra: { field: 'options', value: null },
      }),
    );
    expect(() => sanitizeHref('#', 1 as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'sanitizeHref: options must be an object, got 1',
        extra: { field: 'options', value: 1 },
      }),
    );
  });
});

describe('sanitizeHref: hostile vectors ("decide on the parsed URL, not the raw string")', () => {
  const ref = "alert('XSS')";
  const decimal = [...`javascript:${ref}`].map((c) => `&#${c.charCodeAt(0)};`).join('');
  const decimalPadded = [...`javascript:${ref}`].map((c) => `&#${String(c.charCodeAt(0)).padStart(7, '0')}`).join('');
  const hexNoSemicolon = [...`javascript:${ref}`].map((c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  const vectors: [string, string][] = [
    [`${OWASP}: basic javascript: URL`, `javascript:${ref}`],
    [`${OWASP}: case insensitive`, `JaVaScRiPt:${ref}`],
    [`${OWASP}: decimal HTML character references`, decimal],
    [`${OWASP}: decimal references without trailing semicolons`, decimalPadded],
    [`${OWASP}: hexadecimal references without trailing semicolons`, hexNoSemicolon],
    [`${OWASP}: embedded tab`, `jav\tascript:${ref};`],
    [`${OWASP}: embedded encoded tab`, `jav&#x09;ascript:${ref};`],
    [`${OWASP}: embedded newline`, `jav&#x0A;ascript:${ref};`],
    [`${OWASP}: embedded carriage return`, `jav&#x0D;ascript:${ref};`],
    [`${OWASP}: null breaks up the directive`, `java\0script:${ref}`],
    [`${OWASP}: spaces and meta chars before the JavaScript`, ` &#14;  javascript:${ref};`],
    [`${OWASP}: VBScript`, 'vbscript:msgbox("XSS")'],
    [`${OWASP}: livescript`, 'livescript:[code]'],
    [`${OWASP}: data URL with base64 HTML`, 'data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K'],
    [`${BRAINTREE}: javascript URL`, 'javascript:alert(document.domain)'],
    [`${BRAINTREE}: mixed case`, 'jAvasCrIPT:alert(document.domain)'],
    [`${BRAINTREE}: control character inside the scheme`, decodeURIComponent('JaVaScRiP%0at:alert(document.domain)')],
    [`${BRAINTREE}: percent-encoded leading spaces`, '%20%20%20%20javascript:alert(document.domain)'],
    [`${BRAINTREE}: leading C0 control character`, '\u0001javascript:alert(document.domain)'],
    [`${BRAINTREE}: named entity colon`, 'javascript&colon;alert(document.domain)'],
    [`${BRAINTREE}: decimal entity colon`, 'javascript&#58;alert(document.domain)'],
    [`${BRAINTREE}: hex entity colon with zero padding`, 'javascript&#x0000003A;alert(document.domain)'],
    [`${BRAINTREE}: named entity tab inside the scheme`, 'java&Tab;script:alert(document.domain)'],
    [`${BRAINTREE}: named entity newline inside the scheme`, 'java&NewLine;script:alert(document.domain)'],
    [`${BRAINTREE}: repeated scheme`, 'javascript:javascript:alert(document.domain)'],
    ['own: double-encoded entity (&amp;#106;)', '&amp;#106;avascript:alert(1)'],
    ['own: percent-encoded scheme letters (a router that decodes before navigating)', '%6A%61vascript:alert(1)'],
    ['own: percent-encoded colon', 'javascript%3Aalert(1)'],
    ['own: entity-encoded percent sign hiding a percent escape', 'javascript&#37;3Aalert(1)'],
    ['own: zero-width space before the scheme', '\u200Bjavascript:alert(1)'],
    ['own: byte-order mark inside the scheme', 'java\uFEFFscript:alert(1)'],
    // Invisible characters above the surrogate range, written as references: each decodes to itself, not U+FFFD.
    ['own: hexadecimal reference to a byte-order mark inside the scheme', 'java&#xFEFF;script:alert(1)'],
    ['own: decimal reference to a byte-order mark inside the scheme', 'java&#65279;script:alert(1)'],
    ['own: reference to an invisible tag character inside the scheme', 'java&#xE0001;script:alert(1)'],
    ['own: non-breaking space before the scheme', '\u00A0javascript:alert(1)'],
    ['own: soft hyphen inside the scheme', 'java\u00ADscript:alert(1)'],
    ['own: line separator inside the scheme', 'java\u2028script:alert(1)'],
    ['own: data URL with an SVG type in upper case', 'data:IMAGE/SVG+XML;base64,PHN2Zz4='],
    ['own: data URL with spaces around an HTML type', 'data: text/html ,<script>alert(1)</script>'],
    ['own: data URL image type hidden behind a parameter', 'data:text/html;image/png,<script>alert(1)</script>'],
    ['own: entity-encoded data scheme', 'data&colon;text/html,<script>alert(1)</script>'],
    ['own: named entity percent sign building the first scheme letter (issue 24)', '&percnt;6Aavascript:alert(1)'],
    ['own: named entity percent sign hiding a percent-encoded colon', 'javascript&percnt;3Aalert(1)'],
    ['own: named entity colon in upper case, without its semicolon', 'javascript&COLON//alert(1)'],
    ['own: named entity amp hiding a numeric reference', 'javascript&amp;#58;alert(1)'],
    ['own: named entity nbsp before the scheme', '&nbsp;javascript:alert(1)'],
    ['own: encoded tab inside an encoded percent escape (issue 24)', 'javascript%&Tab;3Aalert(1)'],
    ['own: numeric tab inside a percent escape (issue 24)', 'javascript%&#9;3Aalert(1)'],
    ['own: encoded newline inside a percent escape that builds a letter (issue 24)', '%6&NewLine;Aavascript:alert(1)'],
    ['own: a percent escape that decodes to a tab inside a percent escape', 'javascript%%093Aalert(1)'],
    [
      'own: a surrogate pair of references spelling an invisible tag character',
      'java&#xDB40;&#xDC01;script:alert(1)'.replace(/&#xDB40;&#xDC01;/, '\u{E0001}'),
    ],
  ];
  it.each(vectors)('blocks %s', (_source, href) => {
    expect(sanitizeHref(href)).toBeNull();
  });

  // What the HTML parser makes of the markup and what the URL parser makes of that, read in jsdom.
  function browserReading(href: string): URL {
    const { document } = jsdomWindow('<!doctype html><base href="https://page.example/dir/">');
    const holder = document.createElement('div');
    holder.innerHTML = `<a href="${href}"></a>`;
    return new URL((holder.firstElementChild as HTMLAnchorElement).href);
  }

  it.each([
    ['&num;', '#'],
    ['&semi;', ';'],
    ['&quest;', '?'],
    ['&lpar;', '('],
    ['&rpar;', ')'],
    ['&sol;', '/'],
    ['&bsol;', '\\'],
    ['&#0;', 'U+FFFD (HTML reads a NUL reference so)'],
    ['&#xD800;', 'U+FFFD (HTML reads a surrogate reference so)'],
    ['&#x110000;', 'U+FFFD (HTML reads a reference past U+10FFFF so)'],
    ['&#99999999999999999999;', 'U+FFFD (a number too large for any code point)'],
    ['&#1114112;', 'U+FFFD (one past U+10FFFF, in decimal)'],
  ])('%s inside "java…script:" decodes to %s, a character no scheme holds: the link is relative, as a browser reads it', (entity) => {
    const href = `java${entity}script:alert(1)`;
    expect(inspectHref(href)).toStrictEqual({ allowed: true, href, kind: 'relative', scheme: undefined });
    expect(browserReading(href).protocol).toBe('https:');
  });

  it('an encoded surrogate pair is read as two U+FFFD, as HTML reads it, not as the character the pair would make', () => {
    const href = 'java&#xDB40;&#xDC01;script:alert(1)';
    expect(inspectHref(href)).toStrictEqual({ allowed: true, href, kind: 'relative', scheme: undefined });
    expect(browserReading(href).pathname).toBe('/dir/java%EF%BF%BD%EF%BF%BDscript:alert(1)');
  });

  it('a no-break space is a character, not a gap: it does not close up a percent escape', () => {
    const href = 'a%&nbsp;3Ab';
    expect(inspectHref(href)).toStrictEqual({ allowed: true, href, kind: 'relative', scheme: undefined });
    expect(browserReading(href).pathname).toBe('/dir/a%%C2%A03Ab');
  });

  it('the encoded tab of "javascript%&Tab;3A" is gone in the URL the browser builds, leaving an escape a router decodes to javascript:', () => {
    expect(browserReading('javascript%&Tab;3Aalert(1)').pathname).toBe('/dir/javascript%3Aalert(1)');
    expect(sanitizeHref('javascript%&Tab;3Aalert(1)', { logger: silentContentLogger })).toBeNull();
  });

  it.each([
    ['period', 'com&period;exkit://x', ['com.exkit']],
    ['plus', 'exkit&plus;pay://x', ['exkit+pay']],
    ['hyphen', 'partner&hyphen;app:open', ['partner-app']],
    ['dash', 'partner&dash;app:open', ['partner-app']],
  ])('an entity-encoded %s is read as part of the scheme it spells (an allowed app scheme stays allowed)', (_name, href, appSchemes) => {
    expect(inspectHref(href, { appSchemes })).toStrictEqual({ allowed: true, href, kind: 'relative', scheme: undefined });
    expect(inspectHref(href.replace(/&\w+;/, 'x'), { appSchemes })).toMatchObject({ allowed: false });
  });

  it('keeps backslash and protocol-relative tricks as what they are: links to another host, never a scheme', () => {
    for (const href of ['\\\\evil.example/x', '/\\evil.example/x', '\\/evil.example/x']) {
      const v = inspectHref(href);
      expect(v.allowed && v.kind).toBe('protocol-relative');
      expect(new URL(href, 'https://page.example/').protocol).toBe('https:');
    }
    // A host that looks like a scheme does not parse at all, so it is blocked rather than guessed at.
    expect(sanitizeHref('//javascript:alert(1)')).toBeNull();
  });

  // Every way of writing one character that some consumer on the path decodes back to it.
  const encodings = (c: string): fc.Arbitrary<string> => {
    const code = c.charCodeAt(0);
    return fc.oneof(
      fc.constant(c),
      fc.constant(c.toUpperCase()),
      fc.nat(5).map((pad) => `&#${String(code).padStart(String(code).length + pad, '0')};`),
      fc.nat(5).map((pad) => `&#${String(code).padStart(String(code).length + pad, '0')}`),
      fc.boolean().map((upper) => `&#${upper ? 'X' : 'x'}${code.toString(16)};`),
      fc.constant(`%${code.toString(16).padStart(2, '0')}`),
    );
  };
  // Invisible characters a parser may skip inside a scheme, raw and as references: below and above the surrogate
  // range (U+200B, U+FEFF, the tag character U+E0001), since references in and past that range decode differently.
  const noise = fc.string({
    unit: fc.constantFrom(
      '\t',
      '\n',
      '\r',
      '\0',
      '\u0001',
      '\u001f',
      ' ',
      '\u200B',
      '\uFEFF',
      '&#9;',
      '&#10;',
      '&Tab;',
      '&#x200B;',
      '&#xFEFF;',
      '&#65279;',
      '&#xE0001;',
    ),
    maxLength: 2,
  });

  it('blocks javascript: however its characters are encoded or split (fast-check)', () => {
    const obfuscated = fc
      .tuple(noise, ...[...'javascript:'].map((c) => fc.tuple(encodings(c), noise)))
      .map(([lead, ...parts]) => lead + parts.map(([c, n]) => c + n).join('') + 'alert(1)');
    const drawn = inputClasses<string>({
      'a decimal reference': (h) => /&#\d/.test(h),
      'a hexadecimal reference': (h) => /&#[xX][0-9a-fA-F]/.test(h),
      'a reference without its semicolon': (h) => /&#[xX]?[0-9a-fA-F]+[^0-9a-fA-F;]/.test(h),
      'a percent escape': (h) => /%[0-9a-f]{2}/.test(h),
      'a raw control or space': (h) => /[\0-\x20]/.test(h),
      'a raw invisible character above U+00FF': (h) => /[\u200B\uFEFF]/.test(h),
      'a reference to an invisible character below the surrogates': (h) => h.includes('&#x200B;'),
      'a reference to an invisible character above the surrogates': (h) => /&#xFEFF;|&#65279;|&#xE0001;/.test(h),
      'an upper-case letter': (h) => /[A-Z]/.test(h.replace(/&#[xX]/g, '')),
    });
    fc.assert(
      fc.property(obfuscated, (href) => {
        drawn.see(href);
        expect(sanitizeHref(href, { logger: silentContentLogger }), href).toBeNull();
      }),
      { numRuns: 3000 },
    );
    drawn.expectEachDrawn(30);
  });

  it.each([['&#\n9data:'], ['&#\t9javascript:alert(1)'], ['javascript&#\r\n58;alert(1)'], ['java&#\n115;cript:alert(1)']])(
    'removing whitespace must not complete an entity that spells a blocked scheme: %j',
    (raw) => {
      expect(sanitizeHref(raw, { ...APP, logger: silentContentLogger })).toBeNull();
    },
  );

  it('whatever the HTML parser and the URL parser make of an allowed href, its scheme is on the allow-list (fast-check, jsdom)', () => {
    const { document } = jsdomWindow('<!doctype html><base href="https://page.example/dir/">');
    const holder = document.createElement('div');
    // Both outcomes, and allowed hrefs of each kind the browser reads differently, must be drawn.
    const drawn = inputClasses<string | null>({
      blocked: (safe) => safe === null,
      'allowed, relative': (safe) => safe !== null && !/^[a-z][a-z0-9+.-]*:/i.test(safe),
      'allowed, data image': (safe) => safe !== null && /^data:image\//i.test(safe),
      'allowed, with a reference or escape left in it': (safe) => safe !== null && /&#|%/.test(safe),
    });
    const alphabet = fc.constantFrom(
      ...'javscriptJAVS:&#x0123456789;%\t\n\0 /\\dtahmlg.,<>=?'.split(''),
      '&colon;',
      'data:',
      'image/png',
      // Whole raster data URL heads, so allowed data images are drawn too, not only blocked ones.
      'data:image/png,',
      'DATA:image/gif;base64,',
      'svg+xml',
      'javascript',
      '&#58;',
      '%3A',
    );
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (raw) => {
        const safe = sanitizeHref(raw, { ...APP, logger: silentContentLogger });
        drawn.see(safe);
        if (safe === null) return;
        // Read it as an attribute value set by the DOM (React) and as markup parsed by innerHTML.
        const viaAttribute = document.createElement('a');
        viaAttribute.setAttribute('href', safe);
        holder.innerHTML = `<a href="${safe.replace(/"/g, '&quot;')}"></a>`;
        const viaMarkup = holder.firstElementChild as HTMLAnchorElement;
        const onAllowList = [viaAttribute, viaMarkup].map((a) => {
          const scheme = a.protocol.slice(0, -1);
          // An unparsable URL (protocol ':') navigates nowhere.
          if (scheme === '') return true;
          if (scheme === 'data') return /^data:image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i.test(a.href);
          return [...ALLOWED_LINK_SCHEMES, ...APP.appSchemes].includes(scheme) || a.getAttribute('href') === '';
        });
        expect(onAllowList, `${raw} read as ${safe}`).toEqual([true, true]);
      }),
      { numRuns: 20000 },
    );
    drawn.expectEachDrawn(20);
    // Twenty thousand jsdom parses: seconds on a quiet machine, far more on a loaded one or under StrykerJS.
  }, 180_000);
});

describe('app schemes are read from the array as it is at each call', () => {
  it('a scheme taken out of, or added to, the same array after a call is refused, or allowed, at the next one', () => {
    const appSchemes = ['exkit', 'partner-app'];
    const options = { appSchemes, logger: silentContentLogger };
    expect(sanitizeHref('partner-app://open', options)).toBe('partner-app://open');
    appSchemes.splice(1, 1);
    expect(sanitizeHref('partner-app://open', options)).toBeNull();
    appSchemes.push('third');
    expect(sanitizeHref('third://x', options)).toBe('third://x');
    expect(sanitizeHref('exkit://x', options)).toBe('exkit://x');
  });

  it('a dangerous scheme pushed into the array after a call is refused as at the first call', () => {
    const appSchemes = ['exkit'];
    expect(sanitizeHref('exkit://x', { appSchemes })).toBe('exkit://x');
    appSchemes.push('javascript');
    expect(() => sanitizeHref('exkit://x', { appSchemes })).toThrow(InvalidAppSchemeError);
  });
});
