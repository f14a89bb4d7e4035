import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LANGUAGES,
  findLanguage,
  isRtl,
  languageKey,
  languageOrDefault,
  languageType,
  textDirection,
} from '../../../core/catalog/index.js';

// Spec §B3 table and key list, spec §S3 language types (adds tr 8 and sv 22).
const seedRows: readonly [locale: string, type: number, key: string][] = [
  ['en', 0, 'en_US'],
  ['zh-CN', 1, 'zh_CN'],
  ['ja', 2, 'ja_JP'],
  ['asia', 3, 'ko_KR'],
  ['vi', 4, 'vi_VN'],
  ['zh-TW', 5, 'zh_TW'],
  ['zh-TC', 5, 'zh_TW'],
  ['ru', 6, 'ru_RU'],
  ['es', 7, 'es_ES'],
  ['tr', 8, 'tr_TR'],
  ['it', 9, 'it_IT'],
  ['fr', 10, 'fr_FR'],
  ['de', 11, 'de_DE'],
  ['pt', 12, 'pt_PT'],
  ['id', 13, 'in_ID'],
  ['pl', 20, 'pl_PL'],
  ['uk', 21, 'uk_UA'],
  ['sv', 22, 'sv_SE'],
  ['es-ES', 23, 'es_IN'],
  ['pt-PT', 24, 'pt_EU'],
  ['uz', 25, 'uz_UZ'],
  ['ar', 39, 'ar_SA'],
  ['ph', 40, 'ph_PH'],
  ['en-GB', 41, 'en_GB'],
  ['es-AR', 42, 'es_001'],
];

describe('language table (spec §B3, §S3)', () => {
  it.each(seedRows)('%s has language type %i and key %s', (locale, type, key) => {
    expect(languageType(locale)).toBe(type);
    expect(languageKey(locale)).toBe(key);
    expect(findLanguage(locale)).toMatchObject({ locale, languageType: type, languageKey: key });
  });

  it('holds exactly the union of both seeds, each locale once', () => {
    expect(LANGUAGES.map((row) => row.locale)).toEqual(seedRows.map(([locale]) => locale));
    expect(new Set(LANGUAGES.map((row) => row.locale)).size).toBe(LANGUAGES.length);
  });

  it('uses the display names the seed gives: "en is en_US, English", "asia is ko_KR, English(asia)", "es-ES is es_IN, Español (Internacional)"', () => {
    expect(findLanguage('en')?.languageName).toBe('English');
    expect(findLanguage('asia')?.languageName).toBe('English(asia)');
    expect(findLanguage('es-ES')?.languageName).toBe('Español (Internacional)');
  });

  it('gives every row a non-empty display name', () => {
    for (const row of LANGUAGES) expect(row.languageName.trim()).not.toBe('');
  });

  it('"zh-TC and zh-TW are zh_TW": both share type 5', () => {
    expect(findLanguage('zh-TC')?.languageKey).toBe(findLanguage('zh-TW')?.languageKey);
    expect(languageType('zh-TC')).toBe(languageType('zh-TW'));
  });

  it('unknown locales fall back to en', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    for (const unknown of ['xx', '', 'EN', 'zh-cn', 'th', 'bg', 'ko']) {
      expect(findLanguage(unknown)).toBeUndefined();
      expect(languageType(unknown)).toBe(0);
      expect(languageKey(unknown)).toBe('en_US');
      expect(languageOrDefault(unknown).locale).toBe('en');
    }
  });

  it('"Right-to-left applies only to locale ar"', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(isRtl('ar')).toBe(true);
    for (const row of LANGUAGES.filter((r) => r.locale !== 'ar')) {
      expect(textDirection(row.locale)).toBe('ltr');
      expect(isRtl(row.locale)).toBe(false);
    }
    expect(textDirection('unknown')).toBe('ltr');
  });
});
