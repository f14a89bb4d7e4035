// Display rules of spec §S9: "percentages 2 decimals; amounts default 6 decimals; floor or round-up per
// sign; ROE shown with '+' when positive".
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  FuturesInputError,
  formatAmount,
  formatDecimal,
  formatLiquidationPrice,
  formatPercent,
  formatPrice,
  formatRoe,
  parseDisplayNumber,
  roundDecimal,
  truncateDecimal,
} from '../../../core/index.js';
import { refusal } from './refusals.js';

/** The FuturesInputError `fn` throws, as a plain object of what a caller reads. */

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

  it('floor when positive, round up when negative (toward zero)', () => {
    expect(truncateDecimal('2.999', 2).toString()).toBe('2.99');
    expect(truncateDecimal('-2.999', 2).toString()).toBe('-2.99');
  });

  it("the caller's precision (pricePlace, quotePrecision) replaces the default", () => {
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

// Issue 19: the seed's truncation stays the default; half-up (half away from zero) and half-even are options per figure.
describe('rounding modes', () => {
  it.each([
    ['2.345', 'truncate', '2.34'],
    ['2.345', 'half-up', '2.35'],
    ['2.345', 'half-even', '2.34'],
    ['2.355', 'half-even', '2.36'],
    ['2.3450000001', 'half-even', '2.35'],
    ['-2.345', 'truncate', '-2.34'],
    ['-2.345', 'half-up', '-2.35'],
    ['-2.345', 'half-even', '-2.34'],
    ['-0.004', 'half-up', '0.00'],
    ['-0.005', 'half-up', '-0.01'],
    ['-0.005', 'half-even', '0.00'],
  ] as const)('%s to 2 decimals, %s → %s', (value, rounding, shown) => {
    expect(formatAmount(value, 2, rounding)).toBe(shown);
    expect(formatPrice(value, 2, rounding)).toBe(shown);
  });

  it('the default is truncation toward zero for amounts, prices, liquidation prices, percentages and ROE', () => {
    expect(formatAmount('1.2345679')).toBe('1.234567');
    expect(formatPrice('99.999', 2)).toBe('99.99');
    expect(formatLiquidationPrice('99.999', 2)).toBe('99.99');
    expect(formatPercent('-12.349')).toBe('-12.34%');
    expect(formatRoe('12.349')).toBe('+12.34%');
  });

  it('ROE and percentages take the option: +12.35% half-up, "+" only when the shown value is positive', () => {
    expect(formatRoe('12.345', { rounding: 'half-up' })).toBe('+12.35%');
    expect(formatRoe('12.345', { rounding: 'half-even' })).toBe('+12.34%');
    expect(formatRoe('0.004', { rounding: 'half-up' })).toBe('0.00%');
    expect(formatRoe('0.005', { rounding: 'half-up' })).toBe('+0.01%');
    expect(formatPercent('33.335', { rounding: 'half-up', places: 1 })).toBe('33.3%');
    expect(formatLiquidationPrice('1234.55', 1, 'half-up')).toBe('1234.6');
  });

  it('an unknown rounding mode or bad places is a FuturesInputError naming the option', () => {
    const error = (() => {
      try {
        formatAmount('1', 2, 'up' as never);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FuturesInputError);
    expect(error).toMatchObject({ code: 'FUTURES_INVALID_INPUT', field: 'rounding', problem: 'not-an-option' });
    expect(() => formatRoe('1', { places: -1 })).toThrow(FuturesInputError);
  });

  it('a figure that does not exist (null) shows as "--" in every formatter', () => {
    expect(formatAmount(null)).toBe('--');
    expect(formatRoe(null)).toBe('--');
    expect(formatPercent(undefined)).toBe('--');
    expect(formatLiquidationPrice(null)).toBe('--');
  });
});

describe('display options are checked and a refusal names the option', () => {
  it('places must be given: undefined or null is "missing"', () => {
    expect(refusal(() => formatDecimal('1', undefined as never))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'missing',
      value: undefined,
    });
    expect(refusal(() => formatDecimal('1', null as never))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'missing',
      value: null,
    });
  });

  it('places as text is read as a number; blank text is no number', () => {
    expect(formatDecimal('1.25', ' 1 ')).toBe('1.2');
    for (const blank of ['', '   ']) {
      expect(refusal(() => formatDecimal('1.25', blank))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'places',
        problem: 'not-numeric',
        value: blank,
      });
    }
    expect(refusal(() => formatDecimal('1.25', 1.5))).toMatchObject({ field: 'places', problem: 'not-numeric', value: 1.5 });
  });

  it('places run from 0 to 40: below is "negative", above is "not-an-option"', () => {
    expect(formatDecimal('1.9', 0)).toBe('1');
    expect(formatDecimal('1', 40)).toBe(`1.${'0'.repeat(40)}`);
    expect(refusal(() => formatAmount('1', -1))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'negative',
      value: -1,
    });
    expect(refusal(() => formatAmount('1', 41))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'not-an-option',
      value: 41,
    });
    expect(refusal(() => formatPrice('1', '41'))).toMatchObject({ field: 'places', problem: 'not-an-option', value: '41' });
  });

  it('truncateDecimal and roundDecimal name "value" and "places"', () => {
    expect(refusal(() => truncateDecimal('abc', 2))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'value',
      problem: 'not-numeric',
      value: 'abc',
    });
    expect(refusal(() => truncateDecimal('1', -2))).toMatchObject({ field: 'places', problem: 'negative' });
    expect(refusal(() => roundDecimal('abc', 2))).toMatchObject({ field: 'value', problem: 'not-numeric' });
    expect(refusal(() => roundDecimal('1', -2))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'negative',
      value: -2,
    });
    expect(refusal(() => roundDecimal('1', 2, 'ceil' as never))).toMatchObject({
      field: 'rounding',
      problem: 'not-an-option',
      value: 'ceil',
    });
  });

  it('a rounding mode that is no text is "not-an-option"', () => {
    expect(refusal(() => formatAmount('1', 2, 1 as never))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'rounding',
      problem: 'not-an-option',
      value: 1,
    });
  });

  it('undefined, like null, is no figure: "--"', () => {
    expect(formatAmount(undefined)).toBe('--');
    expect(formatPrice(undefined, 2)).toBe('--');
    expect(formatPrice(null, 2)).toBe('--');
    expect(formatLiquidationPrice(undefined, 2)).toBe('--');
  });

  it('a liquidation price that is no number names "liquidationPrice"', () => {
    expect(refusal(() => formatLiquidationPrice('abc', 2))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'liquidationPrice',
      problem: 'not-numeric',
      value: 'abc',
    });
  });

  it('formatPercent and formatRoe: a format that is no object is "not-an-object"; bad places name "places"', () => {
    for (const format of [null, 5]) {
      expect(refusal(() => formatPercent('1', format as never))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'format',
        problem: 'not-an-object',
        value: format,
      });
      expect(refusal(() => formatRoe('1', format as never))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'format',
        problem: 'not-an-object',
        value: format,
      });
    }
    expect(refusal(() => formatPercent('1', { places: 41 }))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'places',
      problem: 'not-an-option',
      value: 41,
    });
  });
});

describe('parseDisplayNumber', () => {
  it('reads back what the formatters write, around blanks', () => {
    expect(parseDisplayNumber('61,234.50')!.toString()).toBe('61234.5');
    expect(parseDisplayNumber(' +12.34% ')!.toString()).toBe('12.34');
    expect(parseDisplayNumber('-0.5')!.toString()).toBe('-0.5');
    expect(parseDisplayNumber(' -- ')).toBeNull();
  });

  it('text that is no display form is "not-numeric", naming "text" and carrying the text as given', () => {
    for (const text of ['++5', ' ++5%', '-+5', ' -+5%', '%12', '1%2']) {
      expect(refusal(() => parseDisplayNumber(text))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'text',
        problem: 'not-numeric',
        value: text,
      });
    }
    expect(refusal(() => parseDisplayNumber(5 as never))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'text',
      problem: 'not-numeric',
      value: 5,
    });
  });
});
