export { hreflangAlternates, localeOfPath, localizePath, stripLocalePrefix, ALTERNATE_LOCALES, X_DEFAULT_HREFLANG } from './locale-links.js';
export type { HreflangAlternate, HreflangOptions } from './locale-links.js';
