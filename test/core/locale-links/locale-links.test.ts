import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE_PATH_PREFIXES } from '../../../core/catalog/locale-paths.js';
import { ALTERNATE_LOCALES, hreflangAlternates, localeOfPath, localizePath, stripLocalePrefix } from '../../../core/locale-links/index.js';
import { inputClasses } from '../../support/input-classes.js';

describe('locale links — spec §S2: "English has no prefix; fr-FR maps to /fr, ru-FR and ru-UZ to /ru, uz-UZ to /uz; any other locale uses /{locale}"', () => {
  it('rewrites a path into each kind of locale', () => {
    expect(localizePath('/spot/BTCUSDT', 'en')).toBe('/spot/BTCUSDT');
    expect(localizePath('/spot/BTCUSDT', 'fr-FR')).toBe('/fr/spot/BTCUSDT');
    expect(localizePath('/spot/BTCUSDT', 'ru-FR')).toBe('/ru/spot/BTCUSDT');
    expect(localizePath('/spot/BTCUSDT', 'ru-UZ')).toBe('/ru/spot/BTCUSDT');
    expect(localizePath('/spot/BTCUSDT', 'uz-UZ')).toBe('/uz/spot/BTCUSDT');
    expect(localizePath('/spot/BTCUSDT', 'zh-CN')).toBe('/zh-CN/spot/BTCUSDT');
  });

  it('rewrites from one locale to another without double prefixes', () => {
    expect(localizePath('/ja/futures/usdt/BTCUSDT', 'de')).toBe('/de/futures/usdt/BTCUSDT');
    expect(localizePath('/en/asset', 'es-AR')).toBe('/es-AR/asset');
    expect(localizePath('/zh-CN/asset', 'en')).toBe('/asset');
    expect(localizePath('/de/asset', 'de')).toBe('/de/asset');
    // A path that already went wrong (two prefixes) comes out with one.
    expect(localizePath('/en/fr/asset', 'ja')).toBe('/ja/asset');
  });

  it('keeps query, fragment and an absolute URL’s origin', () => {
    expect(localizePath('/ja/spot/BTCUSDT?type=limit#book', 'vi')).toBe('/vi/spot/BTCUSDT?type=limit#book');
    expect(localizePath('https://www.example.com/tr/fee?x=1', 'en')).toBe('https://www.example.com/fee?x=1');
  });

  it('handles the home page and relative input', () => {
    expect(localizePath('/', 'fr-FR')).toBe('/fr');
    expect(localizePath('/ja', 'en')).toBe('/');
    expect(localizePath('/ja/', 'ar')).toBe('/ar');
    expect(localizePath('asset', 'pl')).toBe('/pl/asset');
  });

  it('only strips leading segments that are locales, whatever their case', () => {
    expect(stripLocalePrefix('/ZH-cn/spot/en')).toBe('/spot/en');
    expect(stripLocalePrefix('/spot/en/x')).toBe('/spot/en/x');
    expect(stripLocalePrefix('/english/x')).toBe('/english/x');
  });

  it('reads the locale of a path', () => {
    expect(localeOfPath('/zh-tw/asset')).toBe('zh-TW');
    expect(localeOfPath('https://x.test/pt-PT/a?b')).toBe('pt-PT');
    expect(localeOfPath('/asset')).toBeUndefined();
    expect(localeOfPath('/')).toBeUndefined();
  });
});

describe('hreflang alternates', () => {
  it('lists every prefixed locale and the regional spellings, each at its prefixed path, plus x-default', () => {
    const links = hreflangAlternates('/ja/spot/BTCUSDT?x=1#y', { origin: 'https://www.example.com/' });
    const byLang = Object.fromEntries(links.map((l) => [l.hreflang, l.href]));
    expect(links).toHaveLength(ALTERNATE_LOCALES.length + 1);
    expect(byLang.en).toBe('https://www.example.com/spot/BTCUSDT');
    expect(byLang['fr-FR']).toBe('https://www.example.com/fr/spot/BTCUSDT');
    expect(byLang['ru-UZ']).toBe('https://www.example.com/ru/spot/BTCUSDT');
    expect(byLang['uz-UZ']).toBe('https://www.example.com/uz/spot/BTCUSDT');
    expect(byLang.ja).toBe('https://www.example.com/ja/spot/BTCUSDT');
    expect(byLang['x-default']).toBe('https://www.example.com/spot/BTCUSDT');
    for (const locale of LOCALE_PATH_PREFIXES) expect(byLang[locale]).toBeDefined();
  });

  it('takes its own locale list, keeps an absolute URL’s origin and can leave out x-default', () => {
    expect(hreflangAlternates('https://m.example.com/de/', { locales: ['en', 'de'], xDefault: false })).toEqual([
      { hreflang: 'en', href: 'https://m.example.com/' },
      { hreflang: 'de', href: 'https://m.example.com/de' },
    ]);
  });
});

const segment = fc.oneof(
  fc.constantFrom(...LOCALE_PATH_PREFIXES, 'spot', 'asset', 'BTCUSDT', 'en-us', ''),
  fc.stringMatching(/^[a-zA-Z0-9_-]{1,8}$/),
);
const pathArb = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
const localeArb = fc.constantFrom(...ALTERNATE_LOCALES);

describe('properties', () => {
  it('a rewritten path carries exactly the target’s prefix: rewriting again changes nothing, and any chain ends where a direct rewrite does', () => {
    const drawn = inputClasses<{ path: string; a: string; b: string }>({
      'a path already under a locale': ({ path }) => localeOfPath(path) !== undefined,
      'a path under no locale': ({ path }) => localeOfPath(path) === undefined && path !== '/',
      'the root': ({ path }) => path === '/',
      'the same locale twice': ({ a, b }) => a === b,
      'a locale-like segment in another case': ({ path }) => /\/en-us(\/|$)/.test(path),
    });
    fc.assert(
      fc.property(pathArb, localeArb, localeArb, (path, a, b) => {
        drawn.see({ path, a, b });
        const once = localizePath(path, a);
        expect(localizePath(once, a)).toBe(once);
        expect(localizePath(once, b)).toBe(localizePath(path, b));
        expect(localeOfPath(stripLocalePrefix(once))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(2);
  });
});
