import { deepFreeze } from './freeze.js';
import { expectString } from '../validate/describe-value.js';

/** A fiat currency prices can be valued in (spec §B3 "Currencies"). */
export interface CurrencyEntry {
  /** ISO 4217 code. */
  readonly code: string;
  /** Symbol shown before an amount. */
  readonly symbol: string;
  /** Key of the USDT rate in the rates payload, of the form usdt_krw. */
  readonly valueKey: string;
}

// Spec §B3: the thirteen valuation currencies, each with a symbol and a usdt_xxx value key.
export const CURRENCIES: readonly CurrencyEntry[] = deepFreeze([
  { code: 'USD', symbol: '$', valueKey: 'usdt_usd' },
  { code: 'KRW', symbol: '₩', valueKey: 'usdt_krw' },
  { code: 'JPY', symbol: '¥', valueKey: 'usdt_jpy' },
  { code: 'VND', symbol: '₫', valueKey: 'usdt_vnd' },
  { code: 'RUB', symbol: '₽', valueKey: 'usdt_rub' },
  { code: 'EUR', symbol: '€', valueKey: 'usdt_eur' },
  { code: 'TRY', symbol: '₺', valueKey: 'usdt_try' },
  { code: 'CNY', symbol: '¥', valueKey: 'usdt_cny' },
  { code: 'TWD', symbol: 'NT$', valueKey: 'usdt_twd' },
  { code: 'IDR', symbol: 'Rp', valueKey: 'usdt_idr' },
  { code: 'PHP', symbol: '₱', valueKey: 'usdt_php' },
  { code: 'HKD', symbol: 'HK$', valueKey: 'usdt_hkd' },
  { code: 'THB', symbol: '฿', valueKey: 'usdt_thb' },
]);

/** Currency every lookup falls back to (spec §S3: preferences unit defaults to USD). */
export const DEFAULT_CURRENCY = 'USD';

/**
 * Locale → default valuation currency. Spec §B3 gives zh-CN CNY, en USD, ko KRW, ja JPY and
 * "most European locales EUR"; the other rows are this package's choices (docs/catalogues.md).
 */
export const LOCALE_CURRENCIES: Readonly<Record<string, string>> = deepFreeze({
  en: 'USD',
  'en-GB': 'EUR',
  'zh-CN': 'CNY',
  'zh-TW': 'TWD',
  'zh-TC': 'TWD',
  ja: 'JPY',
  ko: 'KRW',
  asia: 'KRW',
  vi: 'VND',
  ru: 'RUB',
  tr: 'TRY',
  id: 'IDR',
  ph: 'PHP',
  th: 'THB',
  es: 'EUR',
  'es-ES': 'EUR',
  fr: 'EUR',
  de: 'EUR',
  it: 'EUR',
  'pt-PT': 'EUR',
  pl: 'EUR',
  uk: 'EUR',
  sv: 'EUR',
  bg: 'EUR',
  pt: 'USD',
  'es-AR': 'USD',
  uz: 'USD',
  ar: 'USD',
});

const currencyByLocale: ReadonlyMap<string, string> = new Map(Object.entries(LOCALE_CURRENCIES));
const byCode: ReadonlyMap<string, CurrencyEntry> = new Map(CURRENCIES.map((row) => [row.code, row]));

/** The currency row of a code (case-insensitive), or undefined when it is not in the table. */
export function currency(code: string): CurrencyEntry | undefined {
  expectString('code', code, 'currency');
  return byCode.get(code.toUpperCase());
}

/** Default valuation currency code of a locale; unknown locales give USD. */
export function defaultCurrency(locale: string): string {
  return currencyByLocale.get(locale) ?? DEFAULT_CURRENCY;
}
