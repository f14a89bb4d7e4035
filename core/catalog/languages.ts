import { deepFreeze } from './freeze.js';

/** One row of the language list (spec §B3 "Language list entry", spec §S3 "Language types"). */
export interface LanguageEntry {
  /** Site locale, as used in paths and the `locale` header. */
  readonly locale: string;
  /** Locale key sent as the `language` header (spec §S3), e.g. en_US. */
  readonly languageKey: string;
  /** Name shown in the language picker, in the language itself. */
  readonly languageName: string;
  /** Numeric language type the back end uses. */
  readonly languageType: number;
}

/** Locale every lookup falls back to (spec §B3 global settings: locale en). */
export const DEFAULT_LOCALE = 'en';

// Spec §B3: en is en_US, English, type 0; the fallback row of every lookup.
const ENGLISH: LanguageEntry = { locale: DEFAULT_LOCALE, languageKey: 'en_US', languageName: 'English', languageType: 0 };

/**
 * The language table: the union of spec §B3 and §S3 (which adds tr 8 and sv 22).
 * Types and keys are the seeds'; where the seeds give no key (tr, sv) or no display name, the
 * choice is recorded in docs/catalogues.md.
 */
export const LANGUAGES: readonly LanguageEntry[] = deepFreeze([
  ENGLISH,
  { locale: 'zh-CN', languageKey: 'zh_CN', languageName: '简体中文', languageType: 1 },
  { locale: 'ja', languageKey: 'ja_JP', languageName: '日本語', languageType: 2 },
  { locale: 'asia', languageKey: 'ko_KR', languageName: 'English(asia)', languageType: 3 },
  { locale: 'vi', languageKey: 'vi_VN', languageName: 'Tiếng Việt', languageType: 4 },
  { locale: 'zh-TW', languageKey: 'zh_TW', languageName: '繁體中文', languageType: 5 },
  { locale: 'zh-TC', languageKey: 'zh_TW', languageName: '繁體中文', languageType: 5 },
  { locale: 'ru', languageKey: 'ru_RU', languageName: 'Русский', languageType: 6 },
  { locale: 'es', languageKey: 'es_ES', languageName: 'Español', languageType: 7 },
  { locale: 'tr', languageKey: 'tr_TR', languageName: 'Türkçe', languageType: 8 },
  { locale: 'it', languageKey: 'it_IT', languageName: 'Italiano', languageType: 9 },
  { locale: 'fr', languageKey: 'fr_FR', languageName: 'Français', languageType: 10 },
  { locale: 'de', languageKey: 'de_DE', languageName: 'Deutsch', languageType: 11 },
  { locale: 'pt', languageKey: 'pt_PT', languageName: 'Português (Brasil)', languageType: 12 },
  { locale: 'id', languageKey: 'in_ID', languageName: 'Bahasa Indonesia', languageType: 13 },
  { locale: 'pl', languageKey: 'pl_PL', languageName: 'Polski', languageType: 20 },
  { locale: 'uk', languageKey: 'uk_UA', languageName: 'Українська', languageType: 21 },
  { locale: 'sv', languageKey: 'sv_SE', languageName: 'Svenska', languageType: 22 },
  { locale: 'es-ES', languageKey: 'es_IN', languageName: 'Español (Internacional)', languageType: 23 },
  { locale: 'pt-PT', languageKey: 'pt_EU', languageName: 'Português (Portugal)', languageType: 24 },
  { locale: 'uz', languageKey: 'uz_UZ', languageName: 'Oʻzbekcha', languageType: 25 },
  { locale: 'ar', languageKey: 'ar_SA', languageName: 'العربية', languageType: 39 },
  { locale: 'ph', languageKey: 'ph_PH', languageName: 'Filipino', languageType: 40 },
  { locale: 'en-GB', languageKey: 'en_GB', languageName: 'English (UK)', languageType: 41 },
  { locale: 'es-AR', languageKey: 'es_001', languageName: 'Español (Argentina)', languageType: 42 },
]);

const byLocale: ReadonlyMap<string, LanguageEntry> = new Map(LANGUAGES.map((row) => [row.locale, row]));

/** The language row of a locale, or undefined when the locale is not in the table. */
export function findLanguage(locale: string): LanguageEntry | undefined {
  return byLocale.get(locale);
}

/** The row of a locale, or the English row when the locale is unknown. */
export function languageOrDefault(locale: string): LanguageEntry {
  return byLocale.get(locale) ?? ENGLISH;
}

/** Numeric language type of a locale; unknown locales give English's (0). */
export function languageType(locale: string): number {
  return languageOrDefault(locale).languageType;
}

/** Language key of a locale (e.g. zh_CN); unknown locales give English's (en_US). */
export function languageKey(locale: string): string {
  return languageOrDefault(locale).languageKey;
}

/** Text direction of a locale: right-to-left only for ar (spec §B3, §S3). */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** Whether a locale is written right to left (only ar). */
export function isRtl(locale: string): boolean {
  return textDirection(locale) === 'rtl';
}
