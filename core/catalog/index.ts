export {
  LANGUAGES,
  DEFAULT_LOCALE,
  findLanguage,
  languageOrDefault,
  languageType,
  languageKey,
  textDirection,
  isRtl,
} from './languages.js';
export type { LanguageEntry } from './languages.js';
export { CURRENCIES, DEFAULT_CURRENCY, LOCALE_CURRENCIES, currency, defaultCurrency } from './currencies.js';
export type { CurrencyEntry } from './currencies.js';
export {
  LOCALE_PATH_PREFIXES,
  ALTERNATE_LINK_EXCEPTIONS,
  REQUEST_LANGUAGES,
  hasLocalePathPrefix,
  alternateLinkPrefix,
  requestLanguage,
} from './locale-paths.js';
export type { RequestLanguage } from './locale-paths.js';
export { CAPTCHA_LANGUAGES, DEFAULT_CAPTCHA_LANGUAGE, CAPTCHA_LANGUAGE_BY_LOCALE, captchaLanguage } from './captcha-languages.js';
export type { CaptchaLanguage } from './captcha-languages.js';
export { GLOBAL_SETTINGS_DEFAULTS, PREFERENCES_COOKIE_DEFAULTS } from './settings.js';
export type { GlobalSettings, PreferencesCookie } from './settings.js';
export {
  BusinessLine,
  PositionType,
  MarginMode,
  PositionSide,
  PositionMode,
  TradeIndex,
  ASSET_TABS,
  THEMES,
  DEFAULT_SYMBOLS,
} from './enums.js';
export type { AssetTab, Theme, AppRequest, AppResponse } from './enums.js';
export { RESULT_CODES, NETWORK_ERROR_CODE, isResultCode } from './result-codes.js';
export type { ResultCodeName } from './result-codes.js';
export { MESSAGES, messagesFor, message, formatStatusBusy } from './messages.js';
export type { MessageKey, MessageTexts } from './messages.js';
