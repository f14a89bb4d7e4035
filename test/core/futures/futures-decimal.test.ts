// readDecimal: which texts and values are read, which problem each refusal names, and the notation FuturesDecimal
// writes its values in.
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { FuturesDecimal, FuturesInputError, readDecimal } from '../../../core/index.js';
import { ONE, readOptionalDecimal } from '../../../core/futures/futures-decimal.js';
import { caught } from './refusals.js';

const problem = (fn: () => unknown): unknown => caught(fn)['problem'];

describe('FuturesDecimal notation', () => {
  it('writes plain digits from 10^-39 to below 10^40 and exponents beyond', () => {
    expect(new FuturesDecimal('0.5').toString()).toBe('0.5');
    expect(new FuturesDecimal('0.0000001').toString()).toBe('0.0000001');
    expect(new FuturesDecimal('1e-39').toString()).toBe(`0.${'0'.repeat(38)}1`);
    expect(new FuturesDecimal('1e-40').toString()).toBe('1e-40');
    expect(new FuturesDecimal('1e39').toString()).toBe(`1${'0'.repeat(39)}`);
    expect(new FuturesDecimal('1e40').toString()).toBe('1e+40');
  });
});

describe('readDecimal texts', () => {
  it('reads a fraction written without its leading zero', () => {
    expect(readDecimal('.25', 'x').toString()).toBe('0.25');
    expect(readDecimal('-.125e1', 'x').toString()).toBe('-1.25');
    expect(readDecimal('5.', 'x').toString()).toBe('5');
  });

  it('refuses a lone point or a point followed by no digit', () => {
    expect(problem(() => readDecimal('.', 'x'))).toBe('not-numeric');
    expect(problem(() => readDecimal('.e5', 'x'))).toBe('not-numeric');
    expect(problem(() => readDecimal('.x', 'x'))).toBe('not-numeric');
  });

  it('names NaN and Infinity, signed or not, not-finite', () => {
    for (const text of ['NaN', '+nan', '-NaN', 'Infinity', '+Infinity', '-infinity', 'inf', '-INF', ' +inf ']) {
      expect(caught(() => readDecimal(text, 'price'))).toStrictEqual({
        field: 'price',
        problem: 'not-finite',
        message: 'price: NaN or infinite',
      });
    }
  });

  it('names text that only contains NaN or Infinity not-numeric', () => {
    for (const text of ['1inf', 'xnan', 'infinity1', 'nan0', 'inf-', '--inf', '*inf']) {
      expect(caught(() => readDecimal(text, 'price'))).toStrictEqual({
        field: 'price',
        problem: 'not-numeric',
        message: 'price: not a decimal number',
      });
    }
  });

  it('refuses an exponent beyond what decimal.js holds as out-of-range, not as infinite or zero', () => {
    expect(caught(() => readDecimal('1e9000000000000001', 'price'))).toStrictEqual({
      field: 'price',
      problem: 'out-of-range',
      message: 'price: more than 1000 digits before or after the decimal point',
    });
    expect(problem(() => readDecimal('1e-9000000000000001', 'price'))).toBe('out-of-range');
    expect(problem(() => readDecimal('-0.001e-9000000000000001', 'price'))).toBe('out-of-range');
    expect(problem(() => readDecimal('1E-9000000000000001', 'price', 'positive'))).toBe('out-of-range');
  });

  it('reads a zero with any exponent as zero', () => {
    expect(readDecimal('0e-9000000000000001', 'x').toString()).toBe('0');
    expect(readDecimal('-0.000e9000000000000001', 'x').isZero()).toBe(true);
    expect(readDecimal('0e5000', 'x').toString()).toBe('0');
    expect(readDecimal(`0.${'0'.repeat(2000)}`, 'x').toString()).toBe('0');
  });
});

describe('readDecimal values', () => {
  it('null and undefined are missing', () => {
    expect(caught(() => readDecimal(null, 'price'))).toStrictEqual({
      field: 'price',
      problem: 'missing',
      message: 'price: required but missing',
    });
    expect(problem(() => readDecimal(undefined, 'price'))).toBe('missing');
  });

  it('a Decimal that is NaN or infinite is not-finite', () => {
    expect(caught(() => readDecimal(new Decimal(Infinity), 'price'))).toStrictEqual({
      field: 'price',
      problem: 'not-finite',
      message: 'price: NaN or infinite',
    });
    expect(problem(() => readDecimal(new FuturesDecimal(NaN), 'price'))).toBe('not-finite');
    expect(readDecimal(new Decimal('0'), 'price').toString()).toBe('0');
  });

  it('a field name that is no string is refused as a wrong argument to readDecimal', () => {
    let thrown: unknown;
    try {
      readDecimal('1', 42 as unknown as string);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).not.toBeInstanceOf(FuturesInputError);
    expect({ name: (thrown as Error).name, message: (thrown as Error).message }).toStrictEqual({
      name: 'InvalidArgumentError',
      message: 'readDecimal: field must be a string, got 42',
    });
  });
});

describe('readOptionalDecimal', () => {
  it('null and undefined give the fallback', () => {
    expect(readOptionalDecimal(null, 'bp', ONE)).toBe(ONE);
    expect(readOptionalDecimal(undefined, 'bp', ONE)).toBe(ONE);
    expect(readOptionalDecimal('2', 'bp', ONE).toString()).toBe('2');
  });
});
