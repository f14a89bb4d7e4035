import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, LOCALE_CURRENCIES, LANGUAGES, currency, defaultCurrency } from '../../../core/catalog/index.js';

// Spec §B3: "USD, KRW, JPY, VND, RUB, EUR, TRY, CNY, TWD, IDR, PHP, HKD, THB".
const seedCodes = ['USD', 'KRW', 'JPY', 'VND', 'RUB', 'EUR', 'TRY', 'CNY', 'TWD', 'IDR', 'PHP', 'HKD', 'THB'];
const symbols: Record<string, string> = {
  USD: '$',
  KRW: '₩',
  JPY: '¥',
  VND: '₫',
  RUB: '₽',
  EUR: '€',
  TRY: '₺',
  CNY: '¥',
  TWD: 'NT$',
  IDR: 'Rp',
  PHP: '₱',
  HKD: 'HK$',
  THB: '฿',
};

describe('currencies (spec §B3)', () => {
  it('lists exactly the thirteen seed currencies in seed order', () => {
    expect(CURRENCIES.map((row) => row.code)).toEqual(seedCodes);
  });

  it.each(seedCodes)('%s has a symbol and "a value key of the form usdt_krw"', (code) => {
    const row = currency(code);
    expect(row?.code).toBe(code);
    expect(row?.symbol).toBe(symbols[code]);
    expect(row?.valueKey).toBe(`usdt_${code.toLowerCase()}`);
    expect(row?.valueKey).toMatch(/^usdt_[a-z]{3}$/);
  });

  it('finds KRW by the seed example key usdt_krw, case-insensitively by code', () => {
    expect(currency('KRW')?.valueKey).toBe('usdt_krw');
    expect(currency('krw')?.code).toBe('KRW');
    expect(currency('GBP')).toBeUndefined();
  });
});

describe('locale → default currency (spec §B3)', () => {
  it.each([
    ['zh-CN', 'CNY'],
    ['en', 'USD'],
    ['ko', 'KRW'],
    ['asia', 'KRW'],
    ['ja', 'JPY'],
  ])('seed rule: %s gives %s', (locale, code) => {
    expect(defaultCurrency(locale)).toBe(code);
  });

  it.each(['fr', 'de', 'it', 'es', 'es-ES', 'pt-PT', 'pl', 'sv', 'bg'])('"most European locales give EUR": %s gives EUR', (locale) => {
    expect(defaultCurrency(locale)).toBe('EUR');
  });

  it.each([
    ['zh-TW', 'TWD'],
    ['zh-TC', 'TWD'],
    ['vi', 'VND'],
    ['ru', 'RUB'],
    ['tr', 'TRY'],
    ['id', 'IDR'],
    ['ph', 'PHP'],
    ['th', 'THB'],
    ['uk', 'EUR'],
    ['en-GB', 'EUR'],
    ['pt', 'USD'],
    ['es-AR', 'USD'],
    ['uz', 'USD'],
    ['ar', 'USD'],
  ])('documented choice: %s gives %s', (locale, code) => {
    expect(defaultCurrency(locale)).toBe(code);
  });

  it('every locale of the language table maps to a currency of the table', () => {
    for (const row of LANGUAGES) {
      expect(Object.keys(LOCALE_CURRENCIES)).toContain(row.locale);
      expect(currency(defaultCurrency(row.locale))).toBeDefined();
    }
  });

  it('unknown locales give USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(defaultCurrency('xx')).toBe('USD');
    expect(defaultCurrency('toString')).toBe('USD');
  });
});
