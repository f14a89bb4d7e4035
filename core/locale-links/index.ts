export {
  hreflangAlternates,
  localeOfPath,
  localizePath,
  splitLocalePrefix,
  stripLocalePrefix,
  ALTERNATE_LOCALES,
  X_DEFAULT_HREFLANG,
} from './locale-links.js';
export type { HreflangAlternate, HreflangOptions, LocalePath } from './locale-links.js';
