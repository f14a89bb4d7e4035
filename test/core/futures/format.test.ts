// Display rules of seed 001 §9: "percentages 2 decimals; amounts default 6 decimals; floor or round-up per
// sign; ROE shown with '+' when positive".
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  formatAmount,
  formatLiquidationPrice,
  formatPercent,
  formatPrice,
  formatRoe,
  parseDisplayNumber,
  truncateDecimal,
} from '../../../core/index.js';

describe('display', () => {
  it.each([
    ['1.23456789', '1.234567'],
    ['-1.23456789', '-1.234567'],
    ['-0.0000001', '0.000000'],
    ['5', '5.000000'],
    ['123456789012345678901234.5678915', '123456789012345678901234.567891'],
  ])('amounts default to 6 decimals, truncated toward zero: %s → %s', (value, shown) => {
    expect(formatAmount(value)).toBe(shown);
  });

  it("floor when positive, round up when negative (toward zero)", () => {
    expect(truncateDecimal('2.999', 2).toString()).toBe('2.99');
    expect(truncateDecimal('-2.999', 2).toString()).toBe('-2.99');
  });

  it('the caller\'s precision (pricePlace, quotePrecision) replaces the default', () => {
    expect(formatAmount('1.23456789', 2)).toBe('1.23');
    expect(formatPrice('27000.129', '1')).toBe('27000.1');
  });

  it('percentages show 2 decimals', () => {
    expect(formatPercent('12.3456')).toBe('12.34%');
    expect(formatPercent('-12.3456')).toBe('-12.34%');
    expect(formatPercent('0.009', { suffix: '' })).toBe('0.00');
  });

  it("ROE is shown with a leading '+' when positive, never '+0.00' or '-0.00'", () => {
    expect(formatRoe('71.0768')).toBe('+71.07%');
    expect(formatRoe('-3.339')).toBe('-3.33%');
    expect(formatRoe('0.004')).toBe('0.00%');
    expect(formatRoe('-0.004')).toBe('0.00%');
  });

  it("no liquidation price is shown as '--'", () => {
    expect(formatLiquidationPrice(null)).toBe('--');
    expect(formatLiquidationPrice('0')).toBe('--');
    expect(formatLiquidationPrice('-5')).toBe('--');
    expect(formatLiquidationPrice('45207.956600361', 2)).toBe('45207.95');
    expect(parseDisplayNumber('--')).toBeNull();
  });

  it('formatting never goes through Number(): digits beyond float precision survive', () => {
    const value = new FuturesDecimal('9007199254740993.123456789');
    expect(formatAmount(value)).toBe('9007199254740993.123456');
    expect(parseDisplayNumber(formatAmount(value))!.toString()).toBe('9007199254740993.123456');
  });
});
