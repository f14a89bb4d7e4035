// Issue 18: a short text can name a number with 10^8 digits ('1e100000000'); figures are exact ratios written
// out digit by digit, so such an input used to exhaust memory. Inputs with more than MAX_DECIMAL_DIGITS digits
// before or after the point are refused at once with FuturesInputError 'out-of-range'; the rest still format. The amount
// sanitiser, which never feeds decimal.js, is held to the same bounds over the same inputs. How fast a refusal is
// lives in the futures benchmark (bench/futures.bench.ts), never here: a runaway would time the test out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountRefusedError,
  FuturesDecimal,
  FuturesInputError,
  MAX_DECIMAL_DIGITS,
  formatAmount,
  formatPercent,
  formatPrice,
  parseDisplayNumber,
  prepareMark,
  readDecimal,
  readAmount,
  roundDecimal,
  sanitizeAmount,
  unrealizedPnl,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';

/** Runs `fn`, returning its result or the error it threw. */
function attempt(fn: () => unknown): { result?: unknown; error?: unknown } {
  try {
    return { result: fn() };
  } catch (error) {
    return { error };
  }
}

// Decimal exponents from tiny to far beyond any display, with mantissas of 1 to 60 digits.
const exponent = fc.oneof(fc.integer({ min: -2 * MAX_DECIMAL_DIGITS, max: 2 * MAX_DECIMAL_DIGITS }), fc.integer({ min: -1e15, max: 1e15 }));
const mantissa = fc.tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[1-9]\d{0,59}$/), fc.stringMatching(/^(\.\d{0,20})?$/));
const anyScientific = fc.tuple(mantissa, exponent).map(([[sign, digits, fraction], e]) => `${sign}${digits}${fraction}e${e}`);
// And numbers on either side of the bound: 1e999 has MAX_DECIMAL_DIGITS integer digits, 1e-1000 as many decimals.
const atTheBound = fc
  .tuple(fc.constantFrom('', '-'), fc.integer({ min: MAX_DECIMAL_DIGITS - 2, max: MAX_DECIMAL_DIGITS + 1 }), fc.boolean())
  .map(([sign, digits, whole]) => (whole ? `${sign}1e${digits - 1}` : `${sign}1e-${digits}`));
const scientific = fc.oneof({ weight: 2, arbitrary: anyScientific }, { weight: 1, arbitrary: atTheBound });

/** Integer and fraction digit counts of a finite decimal text, by decimal.js's own reading. */
function digitCounts(text: string): { integer: number; fraction: number } {
  const d = new FuturesDecimal(text);
  return { integer: d.isZero() ? 1 : d.e + 1, fraction: d.decimalPlaces() };
}

describe('numeric inputs beyond what a figure can show are refused', () => {
  it('formatAmount refuses an exponent of 10^8 as out-of-range instead of running out of memory', () => {
    for (const text of ['1e100000000', '1e10000000', '-9.99e1000', '1e-100000000', '5e-1001']) {
      const { error } = attempt(() => formatAmount(text));
      expect(error).toBeInstanceOf(FuturesInputError);
      expect((error as FuturesInputError).problem).toBe('out-of-range');
      expect((error as FuturesInputError).field).toBe('value');
    }
  });

  it('an input within the bound on both sides of the point still formats exactly', () => {
    const widest = `${'9'.repeat(MAX_DECIMAL_DIGITS)}.${'1'.repeat(MAX_DECIMAL_DIGITS)}`;
    expect(formatAmount(widest, 2)).toBe(`${'9'.repeat(MAX_DECIMAL_DIGITS)}.11`);
    expect(formatAmount(`1e-${MAX_DECIMAL_DIGITS}`, 0)).toBe('0');
    expect(() => formatAmount(`1e${MAX_DECIMAL_DIGITS}`)).toThrow(FuturesInputError);
  });

  it('a 1 MiB string of digits is refused as out-of-range', () => {
    for (const text of ['7'.repeat(1 << 20), `0.${'3'.repeat(1 << 20)}`]) {
      const { error } = attempt(() => formatPrice(text));
      expect((error as FuturesInputError).problem).toBe('out-of-range');
    }
  });

  it('every scientific input either formats to a finite text or is refused as out-of-range, by the digit rule', () => {
    const drawn = inputClasses<{ integer: number; fraction: number }>({
      'within the bound': ({ integer, fraction }) => integer <= MAX_DECIMAL_DIGITS && fraction <= MAX_DECIMAL_DIGITS,
      'too many integer digits': ({ integer }) => integer > MAX_DECIMAL_DIGITS,
      'too many decimals': ({ fraction }) => fraction > MAX_DECIMAL_DIGITS,
      'exactly at the bound': ({ integer, fraction }) => integer === MAX_DECIMAL_DIGITS || fraction === MAX_DECIMAL_DIGITS,
    });
    fc.assert(
      fc.property(scientific, fc.integer({ min: 0, max: 40 }), (text, places) => {
        const { integer, fraction } = digitCounts(text);
        drawn.see({ integer, fraction });
        const fits = integer <= MAX_DECIMAL_DIGITS && fraction <= MAX_DECIMAL_DIGITS;
        const readers = [
          () => formatAmount(text, places),
          () => formatPercent(text),
          () => roundDecimal(text, places, 'half-even').toFixed(),
          () => parseDisplayNumber(`${text}%`)!.toFixed(),
          () => readDecimal(text, 'value').toFixed(),
        ];
        for (const fn of readers) {
          const { result, error } = attempt(fn);
          if (fits) {
            expect(error).toBeUndefined();
            expect(result).toMatch(/^[+-]?\d+(\.\d+)?%?$/);
            expect(result).not.toMatch(/NaN|Infinity/);
          } else {
            expect(error).toBeInstanceOf(FuturesInputError);
            expect((error as FuturesInputError).problem).toBe('out-of-range');
          }
        }
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });

  it('numbers, bigints and Decimals obey the same bound as text', () => {
    // A JS number has at most 309 integer digits and 1074 + 1 fraction digits; its shortest form ('5e-324') has 324.
    expect(readDecimal(5e-324, 'x').decimalPlaces()).toBe(324);
    expect(() => readDecimal(10n ** 1000n, 'x')).toThrow(expect.objectContaining({ problem: 'out-of-range', field: 'x' }));
    expect(readDecimal(10n ** 999n, 'x').e).toBe(999);
    expect(() => readDecimal(new FuturesDecimal('1e5000'), 'x')).toThrow(expect.objectContaining({ problem: 'out-of-range' }));
    expect(readDecimal(1e300, 'x').toFixed()).toBe(`1${'0'.repeat(300)}`);
  });

  it('figures from bounded inputs stay finite: no NaN or Infinity from huge or tiny values within the bound', () => {
    const drawn = inputClasses<{ e1: number; e2: number }>({
      'a huge count': ({ e1 }) => e1 > MAX_DECIMAL_DIGITS / 2,
      'a tiny price': ({ e2 }) => e2 < -MAX_DECIMAL_DIGITS / 2,
      'a huge price': ({ e2 }) => e2 > MAX_DECIMAL_DIGITS / 2,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_DECIMAL_DIGITS + 1, max: MAX_DECIMAL_DIGITS - 1 }),
        fc.integer({ min: -MAX_DECIMAL_DIGITS + 1, max: MAX_DECIMAL_DIGITS - 1 }),
        (e1, e2) => {
          const input = { position: 1, count: `1e${Math.max(e1, 0)}`, openAvgPrice: `3e${e2}` };
          const { result, error } = attempt(() => unrealizedPnl(input, prepareMark('2').price, { kind: 'inverse' }));
          drawn.see({ e1, e2 });
          if (error !== undefined) expect(error).toBeInstanceOf(FuturesInputError);
          else expect((result as InstanceType<typeof FuturesDecimal>).isFinite()).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('parseDisplayNumber applies the same bound', () => {
    expect(() => parseDisplayNumber('+1e100000000%')).toThrow(expect.objectContaining({ problem: 'out-of-range', field: 'text' }));
  });

  // Plain amounts of 18 to 22 integer digits, with decimals or none: either side of the 20-digit limit.
  const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
  const longAmount = fc
    .tuple(fc.integer({ min: 1, max: 9 }), digits(17, 21), fc.option(digits(1, 12), { nil: undefined }))
    .map(([lead, rest, decimals]) => `${lead}${rest}${decimals === undefined ? '' : `.${decimals}`}`);

  it('sanitizeAmount keeps at most 20 integer digits of any typed text, refuses exponents, and reads 1 MiB inputs', () => {
    const amounts = inputClasses<{ result: unknown; error: unknown }>({
      refused: ({ error }) => error !== undefined,
      'an amount with decimals': ({ result }) => typeof result === 'string' && /\.\d/.test(result),
      'a 20-digit amount': ({ result }) => typeof result === 'string' && result.split('.')[0]!.length === 20,
    });
    fc.assert(
      fc.property(
        fc.oneof(scientific, fc.stringMatching(/^[\d.eE+-]{0,200}$/), longAmount),
        fc.integer({ min: 0, max: 40 }),
        (text, fractionDigits) => {
          const { result, error } = attempt(() => sanitizeAmount(text, fractionDigits));
          amounts.see({ result, error });
          if (error !== undefined) {
            // A refusal, with its reason: never a raw error, never a value of another magnitude.
            expect(error).toBeInstanceOf(AmountRefusedError);
            return;
          }
          const [integer = '', fraction] = (result as string).split('.');
          expect(integer.length).toBeLessThanOrEqual(20);
          expect((fraction ?? '').length).toBeLessThanOrEqual(fractionDigits);
        },
      ),
      { numRuns: 600 },
    );
    amounts.expectEachDrawn(2);
    expect(attempt(() => sanitizeAmount('1.5e3', 2)).error).toMatchObject({ reason: 'exponent' });
    const { result } = attempt(() => sanitizeAmount(`${'9'.repeat(20)}.${'1'.repeat(1 << 20)}`, 8));
    expect(result).toBe(`${'9'.repeat(20)}.11111111`);
    expect(readAmount(`${'9'.repeat(1 << 20)}.${'1'.repeat(1 << 20)}`, 8)).toStrictEqual({ ok: false, reason: 'too-many-digits' });
  });
});
