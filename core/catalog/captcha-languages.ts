import { deepFreeze } from './freeze.js';

// Spec §S9: the captcha widget's language codes (ISO 639-3 style, as the widget names them).
export const CAPTCHA_LANGUAGES = deepFreeze([
  'zho',
  'jpn',
  'kor',
  'rus',
  'spa',
  'fra',
  'deu',
  'pon',
  'ind',
  'tha',
  'nld',
  'pol',
  'ukr',
  'por',
  'swe',
  'uzb',
  'fil',
] as const);

/** A captcha language code, including the default. */
export type CaptchaLanguage = (typeof CAPTCHA_LANGUAGES)[number] | 'eng';

// Spec §S9: the captcha language when the locale has no entry.
export const DEFAULT_CAPTCHA_LANGUAGE = 'eng';

/**
 * Site locale → captcha language. Spec §S9 lists the codes but not which locale uses which;
 * this mapping is this package's (docs/catalogues.md). Locales not listed get eng.
 */
export const CAPTCHA_LANGUAGE_BY_LOCALE: Readonly<Record<string, CaptchaLanguage>> = deepFreeze({
  'zh-CN': 'zho',
  'zh-TW': 'zho',
  'zh-TC': 'zho',
  ja: 'jpn',
  ko: 'kor',
  ru: 'rus',
  es: 'spa',
  'es-ES': 'spa',
  'es-AR': 'spa',
  fr: 'fra',
  de: 'deu',
  pt: 'pon',
  'pt-PT': 'por',
  id: 'ind',
  th: 'tha',
  nl: 'nld',
  pl: 'pol',
  uk: 'ukr',
  sv: 'swe',
  uz: 'uzb',
  ph: 'fil',
});

const byLocale: ReadonlyMap<string, CaptchaLanguage> = new Map(Object.entries(CAPTCHA_LANGUAGE_BY_LOCALE));

/** Captcha widget language for a site locale; eng when the locale has no mapping. */
export function captchaLanguage(locale: string): CaptchaLanguage {
  return byLocale.get(locale) ?? DEFAULT_CAPTCHA_LANGUAGE;
}
