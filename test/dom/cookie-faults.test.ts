// @vitest-environment jsdom
// Hostile cookies and a cookie jar the host refuses (issue 17): one foreign cookie that cannot be decoded never
// hides the others, and a document.cookie that throws (a sandboxed frame) reads as empty and makes writes say false.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { browserPlatform } from '../../core/platform/browser-platform.js';
import { createPreferences, PREFERENCES_COOKIE_NAME } from '../../core/preferences/index.js';
import { createRiskTokenStore, SUCCESS_TOKEN_LENGTH } from '../../core/security/risk-token/index.js';
import { readJsonCookie, writeJsonCookie } from '../../core/storage/cookies.js';
import { inputClasses } from '../support/input-classes.js';

/** Deletes every cookie jsdom holds for the test page. */
function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

/** A window whose document.cookie is the given text (read) and records what is written to it. */
function windowWithCookieText(text: string): { win: Window; written: string[] } {
  const written: string[] = [];
  const doc = {
    get cookie() {
      return text;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  // Defined, not assigned: in vitest's jsdom globals an assignment would reach the global `document` setter.
  return { win: Object.create(window, { document: { value: doc } }) as Window, written };
}

function blockCookies(): () => void {
  const refuse = () => {
    throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
  };
  Object.defineProperty(document, 'cookie', { configurable: true, get: refuse, set: refuse });
  return () => Reflect.deleteProperty(document, 'cookie');
}

// Pieces of foreign cookie text: broken and partial escapes, separators, quotes, spaces, non-ASCII. None can
// spell (raw or percent-decoded) a 'q', which every name written by the test holds, so no foreign cookie can
// ever stand for one of ours.
const FOREIGN_PIECES = [
  '%',
  '%E0',
  '%A4',
  '%E0%A4',
  '%41',
  '%2',
  '%%',
  '%3D',
  '%3B',
  '%C3%A9',
  '=',
  ';',
  ' ',
  '  ',
  '"',
  "'",
  ',',
  '\\',
  'a',
  'b',
  'é',
  '😀',
  '\u0000',
  '\t',
  'x=y',
];
const foreignText = fc.array(fc.constantFrom(...FOREIGN_PIECES), { maxLength: 12 }).map((pieces) => pieces.join(''));
const ourName = fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => `q${s}`);
const ourValue = fc.string({ unit: 'grapheme', maxLength: 16 });

describe('cookies: a cookie that cannot be decoded is skipped, the others read fine', () => {
  afterEach(clearCookies);

  it('a foreign promo%E0%A4=1 (set by another script) leaves our cookies readable and is matched by its raw name', () => {
    const p = browserPlatform();
    document.cookie = 'promo%E0%A4=1; path=/';
    expect(p.cookies.set('exkit pref', '{"a":1; b}', { days: 365 })).toBe(true);
    document.cookie = 'late%=2; path=/';
    expect(document.cookie).toContain('promo%E0%A4=1');
    expect(p.cookies.get('exkit pref')).toBe('{"a":1; b}');
    expect(p.cookies.get('promo%E0%A4')).toBe('1');
    expect(p.cookies.get('late%')).toBe('2');
    expect(p.cookies.get('absent')).toBeUndefined();
  });

  it('a value that cannot be decoded is returned as written', () => {
    document.cookie = 'raw=%E0%A4x; path=/';
    expect(browserPlatform().cookies.get('raw')).toBe('%E0%A4x');
  });

  it('preferences, JSON cookies and the risk token survive a foreign undecodable cookie', () => {
    const p = browserPlatform();
    document.cookie = 'promo%E0%A4=1; path=/';
    expect(writeJsonCookie(p, 'j', { n: 1 })).toBe(true);
    expect(readJsonCookie(p, 'j')).toEqual({ n: 1 });
    const preferences = createPreferences(p);
    expect(preferences.set({ theme: 'white' }).theme).toBe('white');
    expect(createPreferences(p).get().theme).toBe('white');
    const riskTokens = createRiskTokenStore(p);
    riskTokens.saveSuccess('a'.repeat(SUCCESS_TOKEN_LENGTH), 1_000);
    expect(riskTokens.read()?.token).toBe('a'.repeat(SUCCESS_TOKEN_LENGTH));
  });

  it('property: over any foreign cookie text, reading never throws and every cookie we wrote reads back', () => {
    const drawn = inputClasses<{ foreign: string[]; ours: [string, string][] }>({
      'foreign text that cannot be decoded': ({ foreign }) => foreign.some((text) => /%(?![0-9a-fA-F]{2})/.test(text)),
      'foreign text with an = inside': ({ foreign }) => foreign.some((text) => text.includes('=')),
      'several cookies of ours': ({ ours }) => ours.length > 1,
      'a value of ours outside ASCII': ({ ours }) => ours.some(([, value]) => /[^\0-\x7f]/.test(value)),
    });
    fc.assert(
      fc.property(
        fc.array(foreignText, { maxLength: 6 }),
        fc.uniqueArray(fc.tuple(ourName, ourValue), { maxLength: 5, selector: ([name]) => name }),
        fc.string({ maxLength: 10 }),
        (foreign, ours, probe) => {
          drawn.see({ foreign, ours });
          const parts = [...foreign, ...ours.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)];
          const { win } = windowWithCookieText(parts.join('; '));
          const jar = browserPlatform({ window: win }).cookies;
          for (const [name, value] of ours) expect(jar.get(name)).toBe(value);
          expect(() => jar.get(probe)).not.toThrow();
          for (const text of foreign) expect(() => jar.get(text.split('=')[0] ?? '')).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(10);
  });

  it('property: on the real document.cookie, with foreign cookies around, set then get gives the value back and remove deletes it', () => {
    const drawn = inputClasses<{ foreign: string[]; value: string }>({
      'foreign cookies around': ({ foreign }) => foreign.length > 0,
      'no foreign cookie': ({ foreign }) => foreign.length === 0,
      'a value outside ASCII': ({ value }) => /[^\0-\x7f]/.test(value),
      'an empty value': ({ value }) => value === '',
    });
    fc.assert(
      fc.property(fc.array(foreignText, { maxLength: 4 }), ourName, ourValue, (foreign, name, value) => {
        drawn.see({ foreign, value });
        clearCookies();
        const p = browserPlatform();
        for (const text of foreign) document.cookie = text;
        expect(p.cookies.set(name, value)).toBe(true);
        expect(p.cookies.get(name)).toBe(value);
        expect(p.cookies.remove(name)).toBe(true);
        expect(p.cookies.get(name)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('cookies: writes the browser would drop say false', () => {
  it('a name or value that is not well-formed text (a lone surrogate) is refused with false, nothing written', () => {
    const { win, written } = windowWithCookieText('');
    const jar = browserPlatform({ window: win }).cookies;
    expect(jar.set('half\uD800', 'v')).toBe(false);
    expect(jar.set('k', 'cut emoji \uD83D')).toBe(false);
    expect(jar.remove('\uDC00')).toBe(false);
    expect(written).toEqual([]);
  });

  it('a pair over 4096 bytes (which the browser drops without a word) is refused with false; 4096 is written', () => {
    const { win, written } = windowWithCookieText('');
    const jar = browserPlatform({ window: win }).cookies;
    expect(jar.set('k', 'v'.repeat(4095))).toBe(true);
    expect(jar.set('k', 'v'.repeat(4096))).toBe(false);
    // Encoded size counts: 1366 '€' are 3 × 1366 × 3 bytes once percent-encoded.
    expect(jar.set('k', '€'.repeat(455))).toBe(true);
    expect(jar.set('k', '€'.repeat(456))).toBe(false);
    expect(written).toHaveLength(2);
  });

  it.each([
    ['days', { days: Number.NaN }],
    ['days', { days: Infinity }],
    ['path', { path: '/; domain=evil.example' }],
    ['path', { path: '/\r\nx' }],
    ['domain', { domain: 'a.example; secure' }],
    ['sameSite', { sameSite: 'lax' }],
  ])('a malformed option is an InvalidArgumentError naming %s, and nothing is written', (field, options) => {
    const { win, written } = windowWithCookieText('');
    const jar = browserPlatform({ window: win }).cookies;
    expect(() => jar.set('k', 'v', options as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }) }),
    );
    expect(written).toEqual([]);
  });

  it('a lifetime is written as whole seconds from 0 to 400 days, never as 1e+21 (which the browser would ignore)', () => {
    const { win, written } = windowWithCookieText('');
    const jar = browserPlatform({ window: win }).cookies;
    for (const days of [1, 1e300, -1e300, 0.5]) jar.set('k', 'v', { days });
    expect(written.map((cookie) => /max-age=([^;]*)/.exec(cookie)?.[1])).toEqual(['86400', String(400 * 86_400), '0', '43200']);
  });

  it('an empty path or domain counts as not given: the cookie goes to path=/ with no domain', () => {
    const { win, written } = windowWithCookieText('');
    expect(browserPlatform({ window: win }).cookies.set('k', 'v', { path: '', domain: '' })).toBe(true);
    expect(written).toEqual(['k=v; path=/']);
  });

  it('an empty name is an InvalidArgumentError naming name', () => {
    expect(() => browserPlatform().cookies.set('', 'v')).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'name' }) }),
    );
  });
});

describe('cookies: a document.cookie that throws (sandboxed frame) is caught everywhere', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    clearCookies();
  });

  it('reads give undefined, set and remove answer false, nothing throws', () => {
    const p = browserPlatform();
    restore = blockCookies();
    expect(() => document.cookie).toThrow();
    expect(p.cookies.get('any')).toBeUndefined();
    expect(p.cookies.set('k', 'v', { days: 1 })).toBe(false);
    expect(p.cookies.remove('k')).toBe(false);
  });

  it('JSON cookies read undefined and write false', () => {
    const p = browserPlatform();
    restore = blockCookies();
    expect(readJsonCookie(p, 'j')).toBeUndefined();
    expect(writeJsonCookie(p, 'j', { a: 1 })).toBe(false);
  });

  it('preferences start from the defaults and still change for the page', () => {
    const p = browserPlatform();
    document.cookie = `${PREFERENCES_COOKIE_NAME}=${encodeURIComponent(JSON.stringify({ theme: 'white' }))}; path=/`;
    restore = blockCookies();
    const preferences = createPreferences(p);
    expect(preferences.get().theme).toBe('black');
    expect(preferences.set({ theme: 'white' }).theme).toBe('white');
    expect(preferences.get().theme).toBe('white');
  });

  it('the risk token store reads nothing and saving does not throw', () => {
    const p = browserPlatform();
    restore = blockCookies();
    const riskTokens = createRiskTokenStore(p);
    expect(riskTokens.read()).toBeUndefined();
    expect(() => riskTokens.saveSuccess('b'.repeat(SUCCESS_TOKEN_LENGTH), 1_000)).not.toThrow();
  });
});

describe('JSON cookies: a value with no JSON text is refused with false', () => {
  afterEach(clearCookies);

  it.each([
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
    ['a BigInt', 1n],
    ['undefined', undefined],
    [
      'a throwing toJSON',
      {
        toJSON: () => {
          throw new Error('no');
        },
      },
    ],
  ])('%s', (_case, value) => {
    const p = browserPlatform();
    expect(writeJsonCookie(p, 'j', value)).toBe(false);
    expect(p.cookies.get('j')).toBeUndefined();
  });
});
