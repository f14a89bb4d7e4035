// Exact ratios: the units and scale read from a Decimal, ratio arithmetic, rounding of ties, the text of a scaled
// integer, and the digits toFigure keeps (41 significant, plus a sticky 1 when anything was cut).
import { describe, expect, it } from 'vitest';
import { FuturesDecimal } from '../../../core/index.js';
import {
  add,
  div,
  exactDifference,
  exactProduct,
  max,
  roundScaled,
  scaledOf,
  sign,
  sub,
  toFigure,
  writeScaled,
  type Ratio,
} from '../../../core/futures/exact.js';

const D = (text: string) => new FuturesDecimal(text);
const r = (n: bigint, d: bigint): Ratio => ({ n, d });
const threes = (count: number) => '3'.repeat(count);

describe('scaledOf', () => {
  it('reads units and scale, sign included', () => {
    expect(scaledOf(D('120'))).toStrictEqual({ units: 120n, scale: 0 });
    expect(scaledOf(D('1.5'))).toStrictEqual({ units: 15n, scale: 1 });
    expect(scaledOf(D('-0.05'))).toStrictEqual({ units: -5n, scale: 2 });
    expect(scaledOf(D('-3'))).toStrictEqual({ units: -3n, scale: 0 });
    expect(scaledOf(D('0'))).toStrictEqual({ units: 0n, scale: 0 });
    expect(scaledOf(D('1e-7'))).toStrictEqual({ units: 1n, scale: 7 });
    expect(scaledOf(D('-12.3400'))).toStrictEqual({ units: -1234n, scale: 2 });
  });
});

describe('ratio arithmetic', () => {
  it('keeps a shared denominator when adding or subtracting', () => {
    expect(add(r(1n, 10n), r(2n, 10n))).toStrictEqual({ n: 3n, d: 10n });
    expect(sub(r(1n, 10n), r(2n, 10n))).toStrictEqual({ n: -1n, d: 10n });
    expect(add(r(1n, 2n), r(1n, 3n))).toStrictEqual({ n: 5n, d: 6n });
    expect(sub(r(1n, 2n), r(1n, 3n))).toStrictEqual({ n: 1n, d: 6n });
  });

  it('divides with a positive denominator, and not by zero', () => {
    expect(div(r(1n, 2n), r(-3n, 4n))).toStrictEqual({ n: -4n, d: 6n });
    expect(div(r(1n, 2n), r(3n, 4n))).toStrictEqual({ n: 4n, d: 6n });
    expect(div(r(1n, 2n), r(0n, 4n))).toBeNull();
    expect([sign(r(-2n, 3n)), sign(r(0n, 3n)), sign(r(2n, 3n))]).toStrictEqual([-1, 0, 1]);
  });

  it('max of two equal values is the first', () => {
    const a = r(1n, 2n);
    const b = r(2n, 4n);
    expect(max(a, b)).toBe(a);
    expect(max(b, a)).toBe(b);
    expect(max(r(1n, 3n), b)).toBe(b);
  });
});

describe('roundScaled', () => {
  it('breaks a tie away from zero half-up and to the even neighbour half-even', () => {
    expect(roundScaled(5n, 10n, 0, 'half-up')).toBe(1n);
    expect(roundScaled(-5n, 10n, 0, 'half-up')).toBe(-1n);
    expect(roundScaled(5n, 10n, 0, 'half-even')).toBe(0n);
    expect(roundScaled(15n, 10n, 0, 'half-even')).toBe(2n);
    expect(roundScaled(25n, 10n, 0, 'half-even')).toBe(2n);
    expect(roundScaled(-15n, 10n, 0, 'half-even')).toBe(-2n);
    expect(roundScaled(125n, 1000n, 2, 'half-even')).toBe(12n);
    expect(roundScaled(135n, 1000n, 2, 'half-even')).toBe(14n);
  });

  it('rounds a non-tie to the nearer neighbour and truncates toward zero', () => {
    expect(roundScaled(6n, 10n, 0, 'half-even')).toBe(1n);
    expect(roundScaled(4n, 10n, 0, 'half-up')).toBe(0n);
    expect(roundScaled(-6n, 10n, 0, 'half-up')).toBe(-1n);
    expect(roundScaled(-19n, 10n, 0, 'truncate')).toBe(-1n);
    expect(roundScaled(2n, 1n, 2, 'half-up')).toBe(200n);
  });
});

describe('writeScaled', () => {
  it('writes exactly `places` decimals and never a minus zero', () => {
    expect(writeScaled(0n, 2)).toBe('0.00');
    expect(writeScaled(0n, 0)).toBe('0');
    expect(writeScaled(-5n, 2)).toBe('-0.05');
    expect(writeScaled(12345n, 2)).toBe('123.45');
    expect(writeScaled(-123n, 0)).toBe('-123');
  });
});

describe('toFigure digits', () => {
  it('keeps 41 significant digits of a value below 1, then a sticky 1', () => {
    expect(toFigure(r(1n, 3n)).toString()).toBe(`0.${threes(41)}1`);
    expect(toFigure(r(-1n, 3n)).toString()).toBe(`-0.${threes(41)}1`);
    expect(toFigure(r(1n, 300n)).toString()).toBe(`0.00${threes(41)}1`);
    expect(toFigure(r(1n, 3n * 10n ** 50n)).toString()).toBe(`3.${threes(40)}1e-51`);
  });

  it('counts the digits of the value, not of how long its numerator and denominator are', () => {
    const n = 10n ** 40n - 1n; // 40 nines
    const expected = toFigure(r(1n, 7n * 10n ** 50n)).toString();
    expect(expected).toBe('1.42857142857142857142857142857142857142851e-51');
    expect(toFigure(r(n * 1000n, 7n * 10n ** 93n)).toString()).toBe(toFigure(r(n, 7n * 10n ** 90n)).toString());
    expect(toFigure(r(n, 7n * 10n ** 90n)).toString()).toBe('1.42857142857142857142857142857142857142841e-51');
    expect(toFigure(r(2n * 10n ** 60n + 1n, 2n * 10n ** 61n)).toString()).toBe(`0.1${'0'.repeat(40)}1`);
    expect(toFigure(r(10n ** 60n + 1n, 10n ** 61n)).toString()).toBe(`0.1${'0'.repeat(40)}1`);
  });

  it('keeps exact values exact, large ones included', () => {
    expect(toFigure(r(10n ** 100n, 1n)).toString()).toBe('1e+100');
    expect(toFigure(r(123n * 10n ** 80n + 1n, 1n)).toFixed()).toBe(`123${'0'.repeat(79)}1`);
    expect(toFigure(r(5n, 10n)).toString()).toBe('0.5');
    expect(toFigure(r(-1n, 10n ** 60n)).toString()).toBe('-1e-60');
  });

  it('zero is a plain, unsigned zero', () => {
    expect(toFigure(r(0n, 7n)).toString()).toBe('0');
    expect(toFigure(r(0n, 7n)).isNegative()).toBe(false);
    expect(toFigure(r(0n, 1n)).isNegative()).toBe(false);
  });
});

describe('exact product and difference', () => {
  it('keeps every digit, whichever operand has more decimals', () => {
    expect(exactDifference(D('1.5'), D('1')).toString()).toBe('0.5');
    expect(exactDifference(D('1'), D('0.25')).toString()).toBe('0.75');
    expect(exactDifference(D('0.25'), D('1.5')).toString()).toBe('-1.25');
    expect(exactDifference(D('1.5'), D('0.25')).toString()).toBe('1.25');
    expect(exactProduct(D('1.5'), D('-0.02')).toString()).toBe('-0.03');
    const long = `1.${'1'.repeat(45)}`;
    expect(exactDifference(D(long), D('0.1')).toFixed()).toBe(`1.0${'1'.repeat(44)}`);
  });
});
