import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  LOCALE_PATH_PREFIXES,
  REQUEST_LANGUAGES,
  alternateLinkPrefix,
  hasLocalePathPrefix,
  requestLanguage,
} from '../../../core/catalog/index.js';

// Spec §S2, verbatim order.
const seedPrefixes = [
  'bg',
  'en',
  'asia',
  'en-GB',
  'ja',
  'vi',
  'ru',
  'es',
  'tr',
  'it',
  'fr',
  'de',
  'zh-CN',
  'zh-TW',
  'zh-TC',
  'pt',
  'id',
  'th',
  'pl',
  'uk',
  'pt-PT',
  'es-ES',
  'uz',
  'ar',
  'ph',
  'es-AR',
];

describe('locale path prefixes (spec §S2)', () => {
  it('lists exactly the seed locales', () => {
    expect([...LOCALE_PATH_PREFIXES]).toEqual(seedPrefixes);
  });

  it.each(seedPrefixes)('%s has a path prefix', (locale) => {
    expect(hasLocalePathPrefix(locale)).toBe(true);
  });

  it('sv (language table only) and unknown locales have none', () => {
    expect(hasLocalePathPrefix('sv')).toBe(false);
    expect(hasLocalePathPrefix('xx')).toBe(false);
  });
});

describe('alternate-link scheme (spec §S2)', () => {
  it.each([
    ['en', ''],
    ['fr-FR', '/fr'],
    ['ru-FR', '/ru'],
    ['ru-UZ', '/ru'],
    ['uz-UZ', '/uz'],
  ])('"%s" maps to "%s"', (locale, prefix) => {
    expect(alternateLinkPrefix(locale)).toBe(prefix);
  });

  it.each(seedPrefixes.filter((l) => l !== 'en'))('"any other locale uses /{locale}": %s', (locale) => {
    expect(alternateLinkPrefix(locale)).toBe(`/${locale}`);
  });
});

describe('request-language table', () => {
  it('has one row per language-table locale with its language number and path prefix', () => {
    expect(REQUEST_LANGUAGES).toHaveLength(LANGUAGES.length);
    for (const row of LANGUAGES) {
      expect(requestLanguage(row.locale)).toEqual({
        locale: row.locale,
        languageType: row.languageType,
        pathPrefix: row.locale === 'en' ? '' : `/${row.locale}`,
      });
    }
  });

  it.each([
    ['zh-CN', 1, '/zh-CN'],
    ['ar', 39, '/ar'],
    ['es-AR', 42, '/es-AR'],
    ['en', 0, ''],
  ])('%s → language %i, prefix "%s"', (locale, type, prefix) => {
    expect(requestLanguage(locale)).toEqual({ locale, languageType: type, pathPrefix: prefix });
  });

  it('locales outside the language table give the English row', () => {
    for (const locale of ['xx', 'th', 'bg', 'fr-FR']) {
      expect(requestLanguage(locale)).toEqual({ locale: 'en', languageType: 0, pathPrefix: '' });
    }
  });
});
