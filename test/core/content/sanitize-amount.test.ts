import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { inputClasses } from '../../support/input-classes.js';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_INTEGER_DIGITS, sanitizeAmount, sanitizeAmountInput } from '../../../core/content/index.js';
import { isExkitError } from '../../../core/errors/index.js';

describe('sanitizeAmount (spec §S5 amount input, §S9 "Amount sanitiser: 20 integer digits")', () => {
  const rows: [string, string, number, string][] = [
    ['plain integer', '123', 2, '123'],
    ['plain decimal', '12.34', 2, '12.34'],
    ['"full-width period becomes a dot"', '12．5', 2, '12.5'],
    ['full-width digits become ASCII digits (documented choice)', '１２３．４５', 2, '123.45'],
    ['"everything except digits and a dot is stripped"', ' 1,2a3-4e5 ', 2, '12345'],
    ['comma is not a decimal separator', '1,5', 2, '15'],
    ['"a leading dot removed"', '.5', 2, '5'],
    ['every leading dot removed', '...5', 2, '5'],
    ['"leading zeros collapse to one 0"', '0000', 2, '0'],
    ['leading zeros before a digit go', '007', 2, '7'],
    ['zero before the dot stays', '000.50', 2, '0.50'],
    ['"only the first dot kept"', '1.2.3', 2, '1.23'],
    ['trailing dot kept while typing', '12.', 2, '12.'],
    ['"fraction at most fractionDigits digits"', '1.23456', 4, '1.2345'],
    ['no fraction allowed: the dot and the fraction go', '7.89', 0, '7'],
    ['"integer part up to 20 digits"', '123456789012345678901234', 2, '12345678901234567890'],
    ['20 integer digits and a fraction', `${'9'.repeat(25)}.123`, 2, `${'9'.repeat(20)}.12`],
    ['leading zeros do not count toward the 20', `${'0'.repeat(5)}${'1'.repeat(20)}`, 2, '1'.repeat(20)],
    ['empty', '', 2, ''],
    ['nothing usable', 'abc.', 2, ''],
    ['other Unicode digits are stripped (Arabic-Indic)', '١٢٣', 2, ''],
    ['ideographic full stop is not a dot', '1。5', 2, '15'],
    ['every full-width digit, zero to nine, becomes its ASCII digit', '９８７６５４３２１０．０９', 2, '9876543210.09'],
    ['the full-width characters either side of the digits are stripped (／ U+FF0F, ： U+FF1A)', '１／２：３', 2, '123'],
    ['the ASCII characters either side of the digits are stripped (/ and :)', '1/2:3', 2, '123'],
    ['a zero after the dot is a fraction digit', '1.05', 2, '1.05'],
    ['a dot right after the leading zero is kept', '0.', 2, '0.'],
    ['a dot after collapsed zeros is kept once', '00.0.5', 3, '0.05'],
  ];
  it.each(rows)('%s: %j', (_rule, input, digits, expected) => {
    expect(sanitizeAmount(input, digits)).toBe(expected);
  });

  it('accepts a number as its text', () => {
    expect(sanitizeAmount(12.5 as unknown as string, 2)).toBe('12.5');
    expect(sanitizeAmountInput(7 as unknown as string, 0, 1)).toStrictEqual({ value: '7', caret: 1 });
  });

  it('a number String() writes in exponent form is taken with its digits in full, not its letters dropped', () => {
    const amount = (n: number, digits: number) => sanitizeAmount(n as unknown as string, digits);
    expect(amount(1e21, 2)).toBe('10000000000000000000');
    expect(amount(1.5e20, 2)).toBe('150000000000000000000'.slice(0, AMOUNT_MAX_INTEGER_DIGITS));
    expect(amount(1e-7, 8)).toBe('0.0000001');
    expect(amount(1.25e-7, 8)).toBe('0.00000012');
    expect(amount(-2.5e-7, 8)).toBe('0.00000025');
    expect(amount(1.234e21, 2)).toBe('12340000000000000000');
    expect(amount(Number.NaN, 2)).toBe('');
    expect(amount(Number.POSITIVE_INFINITY, 2)).toBe('');
  });

  it('property: any finite number sanitises like its plain decimal text (decimal.js writes it out)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 30 }), (n, digits) => {
        const plain = new Decimal(Math.abs(n)).toFixed();
        expect(sanitizeAmount(n as unknown as string, digits)).toBe(sanitizeAmount(plain, digits));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a boolean', true, 'input must be a string, got a boolean'],
    ['null', null, 'input must be a string, got a object'],
    ['undefined', undefined, 'input must be a string, got a undefined'],
  ])('refuses an input that is %s with InvalidArgumentError naming the input field', (_what, input, message) => {
    expect(() => sanitizeAmount(input as unknown as string, 2)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', message, extra: { field: 'input', value: input } }),
    );
  });

  it('names fractionDigits and the value it got', () => {
    expect(() => sanitizeAmount('1', -1)).toThrow(
      expect.objectContaining({
        message: 'fractionDigits must be a non-negative integer, got -1',
        extra: { field: 'fractionDigits', value: -1 },
      }),
    );
    expect(() => sanitizeAmountInput('1', '2' as unknown as number, 0)).toThrow(
      expect.objectContaining({
        message: 'fractionDigits must be a non-negative integer, got a string',
        extra: { field: 'fractionDigits', value: '2' },
      }),
    );
  });

  it('exposes the seed constant', () => {
    expect(AMOUNT_MAX_INTEGER_DIGITS).toBe(20);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses fractionDigits %s with InvalidArgumentError', (digits) => {
    let error: unknown;
    try {
      sanitizeAmount('1', digits);
    } catch (e) {
      error = e;
    }
    expect(isExkitError(error, 'InvalidArgumentError')).toBe(true);
    expect((error as { code: string }).code).toBe('INVALID_ARGUMENT');
  });

  // Inputs rich in the characters the rules care about.
  const typed = fc.string({
    unit: fc.constantFrom('0', '0', '1', '5', '9', '.', '.', '．', '０', '７', '１', 'a', '-', ',', ' ', 'e', '。', '٣'),
    maxLength: 40,
  });
  const anyInput = fc.oneof(typed, fc.string({ unit: 'grapheme', maxLength: 30 }));
  const digits = fc.integer({ min: 0, max: 12 });
  const toAscii = (s: string) => s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));

  it('is idempotent (fast-check)', () => {
    fc.assert(
      fc.property(anyInput, digits, (input, n) => {
        expect(sanitizeAmount(sanitizeAmount(input, n), n)).toBe(sanitizeAmount(input, n));
      }),
      { numRuns: 2000 },
    );
  });

  it('always matches ^(0|[1-9]\\d{0,19})(\\.\\d{0,n})?$ or is empty (fast-check)', () => {
    // The shapes the rules produce, each of which the generator must reach.
    const drawn = inputClasses<[string, number, string]>({
      'nothing left': ([, , out]) => out === '',
      'an integer': ([, , out]) => /^\d+$/.test(out),
      'a fraction': ([, , out]) => /\.\d/.test(out),
      'a trailing dot': ([, , out]) => out.endsWith('.'),
      'a fraction cut at its limit': ([input, n, out]) =>
        n > 0 && out.split('.')[1]?.length === n && toAscii(input).replace(/[^\d.．]/g, '').length > out.length,
      'leading zeros collapsed': ([input, , out]) => /^０*0[0０]/.test(input.trim()) && !/^00/.test(out),
      'full-width digits read': ([input, , out]) => /[０-９]/.test(input) && out !== '',
      'no fraction allowed': ([, n, out]) => n === 0 && out !== '',
    });
    fc.assert(
      fc.property(anyInput, digits, (input, n) => {
        drawn.see([input, n, sanitizeAmount(input, n)]);
        expect(sanitizeAmount(input, n)).toMatch(new RegExp(`^$|^(0|[1-9]\\d{0,19})(\\.\\d{0,${n}})?$`));
      }),
      { numRuns: 2000 },
    );
    // The rarest classes (a fraction cut, zeros collapsed) come up about 15 times in 2000 runs.
    drawn.expectEachDrawn(3);
  });

  it('is never longer than the input (fast-check)', () => {
    fc.assert(
      fc.property(anyInput, digits, (input, n) => {
        expect(sanitizeAmount(input, n).length).toBeLessThanOrEqual(input.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps surviving digits in their order: the output digits are a subsequence of the input digits (fast-check)', () => {
    fc.assert(
      fc.property(anyInput, digits, (input, n) => {
        const source = toAscii(input).replace(/[^0-9]/g, '');
        let at = 0;
        for (const d of sanitizeAmount(input, n).replace('.', '')) {
          at = source.indexOf(d, at);
          expect(at, `${d} of ${input}`).toBeGreaterThanOrEqual(0);
          at++;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('treats full-width digits exactly like their ASCII digits, consistently (fast-check)', () => {
    fc.assert(
      fc.property(anyInput, digits, (input, n) => {
        expect(sanitizeAmount(input, n)).toBe(sanitizeAmount(toAscii(input), n));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sanitizeAmountInput: the caret follows what the user typed', () => {
  const rows: [string, string, number, number, string, number][] = [
    ['a stripped letter before the caret', '12a|3', 2, 3, '123', 2],
    ['a second dot typed mid-number', '1.2.|3', 2, 4, '1.23', 3],
    ['a zero typed in front of a number', '0|5', 2, 1, '5', 0],
    ['a leading zero kept before the dot', '0|.5', 2, 1, '0.5', 1],
    ['caret at the end stays at the end', '12．|', 2, 3, '12.', 3],
    ['caret at the start', '|abc1', 2, 0, '1', 0],
    ['digits past the fraction limit', '1.23|4', 2, 4, '1.23', 4],
    ['caret after redundant zeros, before the digit that replaces them', '00|5', 2, 2, '5', 0],
    ['caret after the digit that replaced redundant zeros', '005|', 2, 3, '5', 1],
    ['caret past the end of the input goes to the end of the value', '05', 2, 9, '5', 1],
    ['caret between collapsed zeros', '0|00', 2, 1, '0', 1],
    ['caret after a leading dot that was removed', '.|5', 2, 1, '5', 0],
    ['caret after a swallowed dot with no fraction allowed', '7.|8', 0, 2, '7', 1],
    ['caret after the twentieth integer digit, before one too many', `${'1'.repeat(20)}|2`, 2, 20, '1'.repeat(20), 20],
  ];
  it.each(rows)('%s (%s)', (_name, _picture, n, caret, value, expectedCaret) => {
    const input = _picture.replace('|', '');
    expect(sanitizeAmountInput(input, n, caret)).toStrictEqual({ value, caret: expectedCaret });
  });

  it('keeps the caret inside the value and agrees with sanitizeAmount (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 6 }), fc.nat(25), (input, n, caret) => {
        const r = sanitizeAmountInput(input, n, Math.min(caret, input.length));
        expect(r.value).toBe(sanitizeAmount(input, n));
        expect(r.caret).toBeGreaterThanOrEqual(0);
        expect(r.caret).toBeLessThanOrEqual(r.value.length);
      }),
    );
  });
});
