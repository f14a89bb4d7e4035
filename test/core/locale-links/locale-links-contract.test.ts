// Locale links in their corner cases: the default language list and x-default, how a path or URL is split
// (absolute URLs in any case, fragment before query, no leading slash), custom prefix lists, origins with
// trailing slashes, and each refusal with its field.
import { describe, expect, it } from 'vitest';
import { LOCALE_PATH_PREFIXES } from '../../../core/catalog/locale-paths.js';
import {
  ALTERNATE_LOCALES,
  hreflangAlternates,
  localeOfPath,
  localizePath,
  splitLocalePrefix,
  stripLocalePrefix,
  X_DEFAULT_HREFLANG,
} from '../../../core/locale-links/locale-links.js';

const invalid = (field: string, message: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }), message });

describe('the default alternates', () => {
  it('every prefixed locale, then the regional spellings not already there, and x-default', () => {
    expect(ALTERNATE_LOCALES).toEqual([...LOCALE_PATH_PREFIXES, 'fr-FR', 'ru-FR', 'ru-UZ', 'uz-UZ']);
    expect(Object.isFrozen(ALTERNATE_LOCALES)).toBe(true);
    expect(X_DEFAULT_HREFLANG).toBe('x-default');
  });

  it('x-default is added unless turned off, and points at the unprefixed page', () => {
    expect(hreflangAlternates('/ja/fee', { locales: ['ja'], xDefault: true })).toEqual([
      { hreflang: 'ja', href: '/ja/fee' },
      { hreflang: 'x-default', href: '/fee' },
    ]);
    expect(hreflangAlternates('/ja/fee', { locales: [] })).toEqual([{ hreflang: 'x-default', href: '/fee' }]);
  });

  it('an origin loses every trailing slash; the given origin wins over the URL’s own', () => {
    expect(
      hreflangAlternates('https://m.example.com/de/x', { origin: 'https://www.example.com///', locales: ['de'], xDefault: false }),
    ).toEqual([{ hreflang: 'de', href: 'https://www.example.com/de/x' }]);
  });
});

describe('splitting a path or URL', () => {
  it('an absolute URL is recognised in any case of its scheme', () => {
    expect(localizePath('HTTPS://x.example/ja/a?q#h', 'de')).toBe('https://x.example/de/a?q#h');
    expect(localizePath('web+app://host/ja/a', 'en')).toBe('web+app://host/a');
  });

  it('an app scheme without an origin keeps its scheme and host (it once became "null")', () => {
    expect(hreflangAlternates('exkit://app/ja/fee', { locales: ['de'], xDefault: false })).toEqual([
      { hreflang: 'de', href: 'exkit://app/de/fee' },
    ]);
    expect(localizePath('file:///ja/a', 'de')).toBe('file:///de/a');
  });

  it('a scheme-looking text without // is a path', () => {
    expect(localizePath('mailto:x', 'de')).toBe('/de/mailto:x');
  });

  it('a fragment that holds ? is all fragment', () => {
    expect(localizePath('/ja/a#x?y', 'de')).toBe('/de/a#x?y');
    expect(localizePath('/ja/a?x#y?z', 'en')).toBe('/a?x#y?z');
  });

  it('a fragment or query at the very start belongs to the home page', () => {
    expect(localizePath('#top', 'de')).toBe('/de#top');
    expect(localizePath('?q=1', 'de')).toBe('/de?q=1');
    expect(localizePath('?q=1#x', 'en')).toBe('/?q=1#x');
  });

  it('a URL inside a query does not make the path absolute', () => {
    expect(localizePath('/ja/go?to=https://x.example/', 'de')).toBe('/de/go?to=https://x.example/');
  });

  it('an empty prefix in a custom list strips nothing', () => {
    expect(splitLocalePrefix('//a', [''])).toEqual({ locale: '', path: '//a' });
  });

  it('a path without a leading slash is given one', () => {
    expect(localizePath('ja/a?x', 'en')).toBe('/a?x');
    expect(localeOfPath('ja/a')).toBe('ja');
    expect(localizePath('', 'de')).toBe('/de');
  });

  it('splitLocalePrefix takes a custom prefix list, case-insensitively, and keeps its spelling', () => {
    expect(splitLocalePrefix('/XX-yy/a', ['xx-YY'])).toEqual({ locale: 'xx-YY', path: '/a' });
    expect(splitLocalePrefix('/en/a', ['xx-YY'])).toEqual({ locale: '', path: '/en/a' });
    expect(splitLocalePrefix('ja', LOCALE_PATH_PREFIXES)).toEqual({ locale: 'ja', path: '/' });
    expect(splitLocalePrefix('//ja/a')).toEqual({ locale: '', path: '//ja/a' });
    expect(splitLocalePrefix('/ja/')).toEqual({ locale: 'ja', path: '/' });
  });
});

describe('refusals', () => {
  it.each([
    ['splitLocalePrefix', () => splitLocalePrefix(1 as never), 'pathname'],
    ['localeOfPath', () => localeOfPath(1 as never), 'pathOrUrl'],
    ['stripLocalePrefix', () => stripLocalePrefix(1 as never), 'pathname'],
    ['localizePath', () => localizePath(1 as never, 'en'), 'pathOrUrl'],
    ['localizePath', () => localizePath('/', 1 as never), 'locale'],
    ['hreflangAlternates', () => hreflangAlternates(1 as never), 'pathOrUrl'],
  ])('%s names %s when it is not text', (owner, call, field) => {
    expect(call).toThrow(invalid(field, `${owner}: ${field} must be a string, got 1`));
  });

  it('hreflangAlternates options that are not an object are refused', () => {
    expect(() => hreflangAlternates('/', null as never)).toThrow(
      invalid('options', 'hreflangAlternates: options must be an object, got null'),
    );
  });
});
