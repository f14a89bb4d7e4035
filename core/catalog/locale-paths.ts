import { deepFreeze } from './freeze.js';
import { DEFAULT_LOCALE, LANGUAGES, languageOrDefault } from './languages.js';
import { expectString } from '../validate/describe-value.js';

// Spec §S2: the locales that have a path prefix on the web site.
export const LOCALE_PATH_PREFIXES: readonly string[] = deepFreeze([
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
]);

// Spec §S2: alternate-link exceptions; English has no prefix, any other locale uses /{locale}.
export const ALTERNATE_LINK_EXCEPTIONS: Readonly<Record<string, string>> = deepFreeze({
  en: '',
  'fr-FR': '/fr',
  'ru-FR': '/ru',
  'ru-UZ': '/ru',
  'uz-UZ': '/uz',
});

const alternateExceptions: ReadonlyMap<string, string> = new Map(Object.entries(ALTERNATE_LINK_EXCEPTIONS));

/** Whether a locale has a path prefix on the web site (spec §S2). */
export function hasLocalePathPrefix(locale: string): boolean {
  return LOCALE_PATH_PREFIXES.includes(locale);
}

/** Path prefix of a locale in alternate links: '' for English, '/fr' for fr-FR, else '/{locale}'. */
export function alternateLinkPrefix(locale: string): string {
  expectString('locale', locale, 'alternateLinkPrefix');
  return alternateExceptions.get(locale) ?? `/${locale}`;
}

/** What a request carries for a locale: the locale, its language number and its path prefix. */
export interface RequestLanguage {
  readonly locale: string;
  readonly languageType: number;
  readonly pathPrefix: string;
}

/**
 * The request-language table: every locale of the language table with its language number and
 * alternate-link path prefix (spec §B3, §S2–3).
 */
export const REQUEST_LANGUAGES: readonly RequestLanguage[] = deepFreeze(
  LANGUAGES.map((row) => ({
    locale: row.locale,
    languageType: row.languageType,
    pathPrefix: alternateLinkPrefix(row.locale),
  })),
);

// Stryker disable next-line ObjectLiteral: the language table holds English, so requestLanguage never reaches this fallback
const englishRequest: RequestLanguage = deepFreeze({
  locale: DEFAULT_LOCALE,
  languageType: languageOrDefault(DEFAULT_LOCALE).languageType,
  pathPrefix: alternateLinkPrefix(DEFAULT_LOCALE),
});

const requestByLocale: ReadonlyMap<string, RequestLanguage> = new Map(REQUEST_LANGUAGES.map((row) => [row.locale, row]));

/** The request-language row of a locale; locales outside the language table give English's row. */
export function requestLanguage(locale: string): RequestLanguage {
  return requestByLocale.get(locale) ?? requestByLocale.get(DEFAULT_LOCALE) ?? englishRequest;
}
