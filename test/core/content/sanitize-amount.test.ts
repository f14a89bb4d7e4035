import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_INTEGER_DIGITS,
  AmountRefusedError,
  LANGUAGES,
  LOCALE_PATH_PREFIXES,
  amountDecimalSeparator,
  localizeAmount,
  readAmount,
  sanitizeAmount,
  sanitizeAmountInput,
  type AmountReading,
} from '../../../core/index.js';
import { isExkitError } from '../../../core/errors/index.js';
import { inputClasses } from '../../support/input-classes.js';

/** Every locale of the catalogue: the language table and the locales with a path prefix. */
const LOCALES = [...new Set([...LANGUAGES.map((row) => row.locale), ...LOCALE_PATH_PREFIXES])];

describe('sanitizeAmount: the specification keystroke rules, without changing what the user meant', () => {
  const rows: [string, string, number, string | undefined, string][] = [
    ['plain integer', '123', 2, undefined, '123'],
    ['plain decimal', '12.34', 2, undefined, '12.34'],
    ['"full-width period becomes a dot"', '12．5', 2, undefined, '12.5'],
    ['full-width digits become ASCII digits', '１２３．４５', 2, undefined, '123.45'],
    ['stray letters and spaces are stripped', ' 1a2 3 BTC ', 2, undefined, '123'],
    ['a leading dot before digits becomes 0.', '.5', 2, undefined, '0.5'],
    ['a lone dot is the start of 0.', '.', 2, undefined, '0.'],
    ['"leading zeros collapse to one 0"', '0000', 2, undefined, '0'],
    ['leading zeros before a digit go', '007', 2, undefined, '7'],
    ['zero before the dot stays', '000.50', 2, undefined, '0.50'],
    ['trailing dot kept while typing', '12.', 2, undefined, '12.'],
    ['"fraction at most fractionDigits digits"', '1.23456', 4, undefined, '1.2345'],
    ['no fraction allowed: the dot and the fraction go', '7.89', 0, undefined, '7'],
    ['20 integer digits are kept', '1'.repeat(20), 2, undefined, '1'.repeat(20)],
    ['leading zeros do not count toward the 20', `${'0'.repeat(5)}${'1'.repeat(20)}`, 2, undefined, '1'.repeat(20)],
    ['empty', '', 2, undefined, ''],
    ['nothing usable', 'abc', 2, undefined, ''],
    ['a letter e with no digit after it is a stray letter', '12 ETH', 2, undefined, '12'],
    ['a letter e before every digit is a stray letter', 'ETH 12', 2, undefined, '12'],
    ['English: an unambiguous grouping comma is dropped', '1,234.56', 2, 'en', '1234.56'],
    ['English: several groups of three', '12,345,678', 2, 'en', '12345678'],
    ['no locale reads like English', '1,234', 2, undefined, '1234'],
    ['German: the decimal comma is a point', '2,5', 2, 'de', '2.5'],
    ['German: grouping dots and a decimal comma', '1.234,56', 2, 'de', '1234.56'],
    ['German: a lone comma starts 0.', ',', 2, 'de', '0.'],
    ['French: a space (narrow no-break) groups, the comma is the point', '1\u202f234,5', 2, 'fr', '1234.5'],
    ['Arabic-Indic digits and the Arabic decimal separator', '٣٫٥', 2, 'ar', '3.5'],
    ['extended Arabic-Indic (Persian) digits', '۱۲٫۷۵', 2, 'en', '12.75'],
    ['the Arabic decimal separator is a point in a decimal-comma locale too', '٣٫٥', 2, 'de', '3.5'],
    ['the Arabic thousands separator groups', '١٬٢٣٤٫٥', 2, 'en', '1234.5'],
    ['Devanagari digits', '४२', 2, 'en', '42'],
    ['mathematical bold digits (outside the BMP)', '𝟏𝟐.𝟑', 2, 'en', '12.3'],
    ['the ideographic full stop is a dot (Chinese and Japanese IMEs type it)', '1。5', 2, 'zh-CN', '1.5'],
    ['full-width comma groups in English', '１，２３４', 2, 'ja', '1234'],
  ];
  it.each(rows)('%s: %j', (_rule, input, digits, locale, expected) => {
    expect(sanitizeAmount(input, digits, locale === undefined ? {} : { locale })).toBe(expected);
  });

  const refusals: [string, string, string | undefined, string][] = [
    ['a minus sign', '-1', undefined, 'sign'],
    ['a plus sign', '+1', undefined, 'sign'],
    ['a Unicode minus', '\u22125', undefined, 'sign'],
    ['a full-width minus', '－５', undefined, 'sign'],
    ['a dash between digits', '1-2', undefined, 'sign'],
    ['a lone minus typed into an empty field', '-', undefined, 'sign'],
    ['an exponent', '1e9', undefined, 'exponent'],
    ['an exponent with a sign', '2.5E-3', undefined, 'exponent'],
    ['a full-width exponent', '１ｅ９', undefined, 'exponent'],
    ['English: a comma that is no grouping (2,5 could be 2.5 or 25)', '2,5', 'en', 'ambiguous-separator'],
    ['English: a trailing comma', '1,', 'en', 'ambiguous-separator'],
    ['English: 0,5', '0,5', 'en', 'ambiguous-separator'],
    ['English: a first group of four digits', '1234,567', 'en', 'ambiguous-separator'],
    ['English: a group of two', '1,23,456', 'en', 'ambiguous-separator'],
    ['English: a comma after the point', '1.234,5', 'en', 'ambiguous-separator'],
    ['English: a leading comma', ',5', 'en', 'ambiguous-separator'],
    ['a second decimal point (1.234.567 is grouping in Europe)', '1.234.567', 'en', 'ambiguous-separator'],
    ['a second dot typed mid-number', '1.2.3', undefined, 'ambiguous-separator'],
    ['German: a dot that is no grouping (2.5 could be 2.5 or 25)', '2.5', 'de', 'ambiguous-separator'],
    ['German: grouping after the decimal comma', '1,234.5', 'de', 'ambiguous-separator'],
    ['two kinds of grouping separator', '1,234٬567', 'en', 'ambiguous-separator'],
    ['21 integer digits', '1'.repeat(21), undefined, 'too-many-digits'],
    ['a 24-digit paste', '123456789012345678901234', undefined, 'too-many-digits'],
  ];
  it.each(refusals)('refuses %s (%j) with the reason, never stripping it', (_rule, input, locale, reason) => {
    const options = locale === undefined ? {} : { locale };
    expect(readAmount(input, 2, options)).toStrictEqual({ ok: false, reason });
    let error: unknown;
    try {
      sanitizeAmount(input, 2, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AmountRefusedError);
    expect(error).toMatchObject({
      name: 'AmountRefusedError',
      code: 'CONTENT_AMOUNT_REFUSED',
      reason,
      extra: { field: 'input', reason, value: input },
    });
    expect(() => sanitizeAmountInput(input, 2, 0, options)).toThrow(AmountRefusedError);
  });

  it('the refusal message ends with the reason, which a form maps to its own words', () => {
    expect(new AmountRefusedError('exponent').message).toBe('amount refused: exponent');
    expect(new AmountRefusedError('sign', '-1').toJSON()).toStrictEqual({
      name: 'AmountRefusedError',
      code: 'CONTENT_AMOUNT_REFUSED',
      msg: 'amount refused: sign',
      extra: { field: 'input', reason: 'sign', value: '-1' },
    });
  });

  it('accepts a number as its text, always with a decimal dot whatever the locale', () => {
    expect(sanitizeAmount(12.5 as unknown as string, 2)).toBe('12.5');
    expect(sanitizeAmount(1234.5 as unknown as string, 2, { locale: 'de' })).toBe('1234.5');
    expect(sanitizeAmountInput(7 as unknown as string, 0, 1)).toStrictEqual({ value: '7', caret: 1 });
  });

  it('a number String() writes in exponent form is taken with its digits in full; a negative or non-finite one is refused', () => {
    const amount = (n: number, digits: number) => readAmount(n as unknown as string, digits);
    expect(amount(1e19, 2)).toStrictEqual({ ok: true, value: '10000000000000000000', caret: 20 });
    expect(amount(1e21, 2)).toStrictEqual({ ok: false, reason: 'too-many-digits' });
    expect(amount(1e-7, 8)).toMatchObject({ value: '0.0000001' });
    expect(amount(1.25e-7, 8)).toMatchObject({ value: '0.00000012' });
    expect(amount(-2.5e-7, 8)).toStrictEqual({ ok: false, reason: 'sign' });
    expect(amount(-0, 8)).toMatchObject({ value: '0' });
    expect(amount(Number.NaN, 2)).toStrictEqual({ ok: false, reason: 'not-finite' });
    expect(amount(Number.POSITIVE_INFINITY, 2)).toStrictEqual({ ok: false, reason: 'not-finite' });
  });

  it('property: any finite non-negative number below 10^20 reads like its plain decimal text (decimal.js writes it out)', () => {
    const drawn = inputClasses<number>({
      'a whole number': (n) => Number.isInteger(n),
      'a fraction': (n) => !Number.isInteger(n) && n >= 1e-6,
      'below 1e-6 (String() would write an exponent)': (n) => n > 0 && n < 1e-6,
      'above 2^53': (n) => n > Number.MAX_SAFE_INTEGER,
    });
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e20 - 1e5 }),
        fc.integer({ min: 0, max: 30 }),
        (n, digits) => {
          drawn.see(n);
          const plain = new Decimal(n).toFixed();
          expect(sanitizeAmount(n as unknown as string, digits)).toBe(sanitizeAmount(plain, digits));
        },
      ),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(10);
  });

  it.each([
    ['a boolean', true, 'input must be a string or a number, got a boolean'],
    ['null', null, 'input must be a string or a number, got null'],
    ['undefined', undefined, 'input must be a string or a number, got undefined'],
    ['an array', ['1'], 'input must be a string or a number, got an object'],
  ])('refuses an input that is %s with InvalidArgumentError naming the input field', (_what, input, message) => {
    expect(() => sanitizeAmount(input as unknown as string, 2)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', message, extra: { field: 'input', value: input } }),
    );
    expect(() => readAmount(input as unknown as string, 2)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', message }));
  });

  it('names fractionDigits, locale, caret and options when a caller passes a wrong one', () => {
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
    expect(() => readAmount('1', 2, { locale: 5 as never })).toThrow(expect.objectContaining({ extra: { field: 'locale', value: 5 } }));
    expect(() => readAmount('1', 2, { caret: '1' as never })).toThrow(expect.objectContaining({ extra: { field: 'caret', value: '1' } }));
    expect(() => sanitizeAmountInput('1', 2, Number.NaN)).toThrow(
      expect.objectContaining({ extra: { field: 'caret', value: Number.NaN } }),
    );
    expect(() => sanitizeAmount('1', 2, null as never)).toThrow(expect.objectContaining({ extra: { field: 'options', value: null } }));
    expect(() => readAmount('1', 2, 'de' as never)).toThrow(expect.objectContaining({ extra: { field: 'options', value: 'de' } }));
    expect(() => localizeAmount(1 as never, 'de')).toThrow(expect.objectContaining({ extra: { field: 'value', value: 1 } }));
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
});

describe('the decimal separator of each catalogue locale', () => {
  it('agrees with Intl (CLDR, Latin digits) for every catalogue locale Intl knows; the others write a dot', () => {
    const unknownToIntl: string[] = [];
    for (const locale of LOCALES) {
      let decimal: string | undefined;
      try {
        const format = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
        // A locale Intl does not know falls back to another language: its separator says nothing of this one.
        if (format.resolvedOptions().locale.split('-')[0] === locale.split('-')[0])
          decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')!.value;
      } catch {
        // 'asia' is no valid language tag.
      }
      if (decimal === undefined) unknownToIntl.push(locale);
      expect(amountDecimalSeparator(locale), locale).toBe(decimal ?? '.');
    }
    // English (Asia) and Filipino are dot locales; the list is pinned so that a new locale is looked at.
    expect(unknownToIntl).toStrictEqual(['asia', 'ph']);
    expect(amountDecimalSeparator(undefined)).toBe('.');
    expect(amountDecimalSeparator('xx')).toBe('.');
  });

  it('localizeAmount writes the point as the locale does, same length', () => {
    expect(localizeAmount('2.5', 'de')).toBe('2,5');
    expect(localizeAmount('2.5', 'en')).toBe('2.5');
    expect(localizeAmount('0.', 'fr')).toBe('0,');
    expect(localizeAmount('12', 'de')).toBe('12');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// An independent reading of what a text denotes, written differently from core/content/sanitize-amount.ts: digit
// values from a table built by scanning every code point once, separators rewritten to letters, and one regular
// expression for the shape of a number. It returns the amount the text means (a decimal string, '' for none) or
// the reason no single amount is meant.
// ---------------------------------------------------------------------------------------------------------------
const DIGIT_TABLE = (() => {
  const table = new Map<number, string>();
  let run = 0;
  for (let cp = 0; cp <= 0x1ffff; cp++) {
    if (/\p{Nd}/u.test(String.fromCodePoint(cp))) table.set(cp, String(run++ % 10));
    else run = 0;
  }
  return table;
})();
const DOT_LIKE = new Set(['.', '．', '。', '｡']);
const COMMA_LIKE = new Set([',', '，', '、', '،']);
const SIGNS = new Set(['+', '-', '‐', '‑', '‒', '–', '—', '−', '﹢', '﹣', '＋', '－']);
const EXPONENTS = new Set(['e', 'E', 'ｅ', 'Ｅ']);

type Denoted = { amount: string } | { refused: string };

/** The text as letters: digits, D decimal point, P grouping dot, C grouping comma, A Arabic grouping, S sign, x exponent letter. */
function shapeOf(text: string, locale: string): string {
  const comma = amountDecimalSeparator(locale) === ',';
  let mapped = '';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (DIGIT_TABLE.has(cp)) mapped += DIGIT_TABLE.get(cp);
    else if (DOT_LIKE.has(char)) mapped += comma ? 'P' : 'D';
    else if (COMMA_LIKE.has(char)) mapped += comma ? 'D' : 'C';
    else if (char === '٫') mapped += 'D';
    else if (char === '٬') mapped += 'A';
    else if (SIGNS.has(char)) mapped += 'S';
    else if (EXPONENTS.has(char)) mapped += 'x';
  }
  return mapped;
}

function denote(text: string, locale: string, fractionDigits: number): Denoted {
  const mapped = shapeOf(text, locale);
  // An exponent letter after a part of a number, with a digit somewhere after it.
  const firstExponent = mapped.search(/(?<=[\dDPCA].*)x(?=.*\d)/);
  if (firstExponent >= 0) return { refused: 'exponent' };
  if (mapped.includes('S')) return { refused: 'sign' };
  const shape = mapped.replace(/x/g, '');
  const match = /^(?:(\d*)|([1-9]\d{0,2})((?:([PCA])\d{3})(?:\4\d{3})*))(?:D(\d*))?$/.exec(shape);
  if (match === null) return { refused: 'ambiguous-separator' };
  const integerDigits = (match[1] ?? `${match[2]}${match[3]!.replace(/[PCA]/g, '')}`).replace(/^0+/, '');
  if (integerDigits.length > AMOUNT_MAX_INTEGER_DIGITS) return { refused: 'too-many-digits' };
  const hasPoint = match[5] !== undefined;
  if (integerDigits === '' && !hasPoint && !/0/.test(match[1] ?? '')) return { amount: '' };
  const fraction = (match[5] ?? '').slice(0, fractionDigits);
  return { amount: `${integerDigits || '0'}${hasPoint && fractionDigits > 0 ? `.${fraction}` : ''}` };
}

/** The value of a sanitised amount, for comparing magnitudes. */
const valueOf = (amount: string) => new Decimal(amount === '' ? '0' : amount.replace(/\.$/, ''));

describe('property: for any text and every catalogue locale, refused, or the value the text denotes', () => {
  const unit = fc.constantFrom(
    ...'0011223456789..,,'.split(''),
    '．',
    '，',
    '。',
    '٫',
    '٬',
    '٣',
    '۷',
    '०',
    '１',
    '𝟗',
    ' ',
    '\u00a0',
    '\u202f',
    'a',
    'e',
    'E',
    '-',
    '+',
    '−',
    '%',
    '$',
  );
  // Numbers as people write them: thousands grouped by a separator (right for some locales, wrong for others), long
  // runs of digits around the 20-digit limit, and either written in the digits of another script.
  const inScript = (ascii: string, zero: number) => ascii.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));
  const script = fc.constantFrom(0x30, 0x30, 0x660, 0x6f0, 0x966, 0xff10, 0x1d7ce);
  const fraction = fc.option(
    fc.tuple(fc.constantFrom('.', ',', '٫'), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 14 })),
  );
  const grouped = fc
    .tuple(
      fc.integer({ min: 1, max: 999 }),
      fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 7 }),
      fc.constantFrom(',', '.', '٬', '，', '．'),
    )
    .map(([head, groups, separator]) => [String(head), ...groups.map((g) => String(g).padStart(3, '0'))].join(separator));
  const long = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 18, maxLength: 24 });
  const number = fc
    .tuple(fc.oneof(grouped, long), fraction, script)
    .map(([whole, decimals, zero]) => inScript(decimals === null ? whole : `${whole}${decimals[0]}${decimals[1]}`, zero));
  const text = fc.oneof(
    fc.string({ unit, maxLength: 24 }),
    fc.string({ unit: 'grapheme', maxLength: 16 }),
    fc.string({ maxLength: 16 }),
    number,
  );

  it('reads every text as the independent parser does: the same amount, or refused for the same reason (fast-check)', () => {
    type Case = { input: string; locale: string; digits: number; reading: AmountReading };
    const refusedFor = (reason: string) => (c: Case) => !c.reading.ok && c.reading.reason === reason;
    const accepted = (shape: RegExp) => (c: Case) => c.reading.ok && shape.test(shapeOf(c.input, c.locale));
    const drawn = inputClasses<Case>({
      'refused: a sign': refusedFor('sign'),
      'refused: an exponent': refusedFor('exponent'),
      'refused: an ambiguous separator': refusedFor('ambiguous-separator'),
      'refused: too many digits': refusedFor('too-many-digits'),
      'an amount with grouped thousands': accepted(/[PCA]/),
      'an amount with a decimal comma': (c) => accepted(/D/)(c) && amountDecimalSeparator(c.locale) === ',',
      'an amount whose decimals are cut': (c) => accepted(new RegExp(`D\\d{${c.digits + 1}}`))(c),
      'an amount in digits of another script': (c) => c.reading.ok && /[^\0-\x7f]/.test(c.input.replace(/\P{Nd}/gu, '')),
      'no amount at all': (c) => c.reading.ok && c.reading.value === '',
    });
    fc.assert(
      fc.property(text, fc.constantFrom(...LOCALES), fc.integer({ min: 0, max: 12 }), (input, locale, digits) => {
        const reading: AmountReading = readAmount(input, digits, { locale });
        drawn.see({ input, locale, digits, reading });
        const expected = denote(input, locale, digits);
        if ('refused' in expected) {
          expect(reading).toStrictEqual({ ok: false, reason: expected.refused });
          return;
        }
        expect(reading.ok).toBe(true);
        const value = (reading as { value: string }).value;
        expect(value).toBe(expected.amount);
        // The magnitude is the one the text denotes, cut to the decimals allowed.
        expect(valueOf(value).eq(valueOf(expected.amount))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    drawn.expectEachDrawn(10);
  });

  it('a number written by Intl in any catalogue locale and any of ten digit scripts is read as that number (fast-check)', () => {
    const scripts = ['latn', 'arab', 'arabext', 'fullwide', 'deva', 'beng', 'thai', 'mymr', 'tibt', 'mathbold'];
    const drawn = inputClasses<{ units: bigint; scale: number; locale: string; numberingSystem: string; useGrouping: boolean }>({
      'grouped thousands': (c) => c.useGrouping && c.units >= 10n ** BigInt(c.scale + 4),
      'with decimals': (c) => c.scale > 0,
      'in digits other than Latin': (c) => c.numberingSystem !== 'latn',
      'in a decimal-comma locale': (c) => amountDecimalSeparator(c.locale) === ',',
    });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...scripts),
        fc.boolean(),
        fc.integer({ min: 0, max: 10 }),
        (units, scale, locale, numberingSystem, useGrouping, digits) => {
          drawn.see({ units, scale, locale, numberingSystem, useGrouping });
          const plain = new Decimal(units.toString()).div(new Decimal(10).pow(scale));
          if (plain.gte('1e20')) return;
          let format: Intl.NumberFormat;
          try {
            format = new Intl.NumberFormat(locale, {
              numberingSystem,
              useGrouping,
              minimumFractionDigits: scale,
              maximumFractionDigits: scale,
            });
            if (format.resolvedOptions().locale.split('-')[0] !== locale.split('-')[0]) throw new RangeError('fallback');
          } catch {
            format = new Intl.NumberFormat('en', {
              numberingSystem,
              useGrouping,
              minimumFractionDigits: scale,
              maximumFractionDigits: scale,
            });
          }
          // Intl reads a string argument as an exact decimal: no float on the way.
          const written = format.format(plain.toFixed() as unknown as number);
          const reading = readAmount(written, digits, { locale });
          expect(reading.ok, `${written} in ${locale}`).toBe(true);
          const value = (reading as { value: string }).value;
          expect(valueOf(value).eq(plain.toDecimalPlaces(digits, Decimal.ROUND_DOWN)), `${written} → ${value}`).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
    drawn.expectEachDrawn(20);
  });
});

describe('keystroke properties', () => {
  const typed = fc.string({
    unit: fc.constantFrom('0', '0', '1', '5', '9', '.', '.', '．', '０', '７', '１', 'a', ',', ' ', '。', '٣', '٫'),
    maxLength: 40,
  });
  const anyInput = fc.oneof(typed, fc.string({ unit: 'grapheme', maxLength: 30 }));
  const digits = fc.integer({ min: 0, max: 12 });
  const locale = fc.constantFrom(...LOCALES);
  const accepted = (input: string, n: number, l?: string) => {
    const reading = readAmount(input, n, l === undefined ? {} : { locale: l });
    return reading.ok ? reading.value : null;
  };

  /** The classes of keystroke input these properties must reach, as read in the locale drawn. */
  const keystrokeClasses = () =>
    inputClasses<{ input: string; out: string | null; l: string }>({
      refused: ({ out }) => out === null,
      'an empty value': ({ out }) => out === '',
      'a value with decimals': ({ out }) => out !== null && /\.\d/.test(out),
      'a value ending at its point': ({ out }) => out !== null && out.endsWith('.'),
      'a value read from full-width or Arabic-Indic digits': ({ input, out }) => !!out && /[０-９٠-٩]/.test(input),
      'a value read in a decimal-comma locale': ({ out, l }) => !!out && amountDecimalSeparator(l) === ',',
    });

  it('is idempotent: a sanitised value reads as itself, with no locale (fast-check)', () => {
    const drawn = keystrokeClasses();
    fc.assert(
      fc.property(anyInput, digits, locale, (input, n, l) => {
        const out = accepted(input, n, l);
        drawn.see({ input, out, l });
        if (out !== null) expect(accepted(out, n)).toBe(out);
      }),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(10);
  });

  it('a sanitised value shown in the locale reads back as itself in that locale (fast-check)', () => {
    const drawn = keystrokeClasses();
    fc.assert(
      fc.property(anyInput, digits, locale, (input, n, l) => {
        const out = accepted(input, n, l);
        drawn.see({ input, out, l });
        if (out !== null) expect(accepted(localizeAmount(out, l), n, l)).toBe(out);
      }),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(10);
  });

  it('always matches ^(0|[1-9]\\d{0,19})(\\.\\d{0,n})?$ or is empty (fast-check)', () => {
    const drawn = keystrokeClasses();
    fc.assert(
      fc.property(anyInput, digits, locale, (input, n, l) => {
        const out = accepted(input, n, l);
        drawn.see({ input, out, l });
        if (out !== null) expect(out).toMatch(new RegExp(`^$|^(0|[1-9]\\d{0,19})(\\.\\d{0,${n}})?$`));
      }),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(10);
  });

  it('treats full-width and Arabic-Indic digits exactly like their ASCII digits (fast-check)', () => {
    const toAscii = (s: string) =>
      s
        .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
        .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    const drawn = keystrokeClasses();
    fc.assert(
      fc.property(anyInput, digits, locale, (input, n, l) => {
        drawn.see({ input, out: accepted(input, n, l), l });
        expect(readAmount(input, n, { locale: l })).toStrictEqual(readAmount(toAscii(input), n, { locale: l }));
      }),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('sanitizeAmountInput: the caret follows what the user typed', () => {
  const rows: [string, string, number, number, string, number][] = [
    ['a stripped letter before the caret', '12a|3', 2, 3, '123', 2],
    ['a zero typed in front of a number', '0|5', 2, 1, '5', 0],
    ['a leading zero kept before the dot', '0|.5', 2, 1, '0.5', 1],
    ['caret at the end stays at the end', '12．|', 2, 3, '12.', 3],
    ['caret at the start', '|abc1', 2, 0, '1', 0],
    ['digits past the fraction limit', '1.23|4', 2, 4, '1.23', 4],
    ['caret after redundant zeros, before the digit that replaces them', '00|5', 2, 2, '5', 0],
    ['caret after the digit that replaced redundant zeros', '005|', 2, 3, '5', 1],
    ['caret past the end of the input goes to the end of the value', '05', 2, 9, '5', 1],
    ['caret between collapsed zeros', '0|00', 2, 1, '0', 1],
    ['caret after a leading dot: after the 0. it became', '.|5', 2, 1, '0.5', 2],
    ['caret before a leading dot: before the 0 it gets', '|.5', 2, 0, '0.5', 0],
    ['caret after a swallowed dot with no fraction allowed', '7.|8', 0, 2, '7', 1],
    ['caret after a dropped grouping comma', '1,|234', 2, 2, '1234', 1],
    ['caret after a digit outside the BMP (two code units)', '𝟏|𝟐', 2, 2, '12', 1],
  ];
  it.each(rows)('%s (%s)', (_name, picture, n, caret, value, expectedCaret) => {
    const input = picture.replace('|', '');
    expect(sanitizeAmountInput(input, n, caret)).toStrictEqual({ value, caret: expectedCaret });
  });

  it('German: the caret after a decimal comma lands after the point', () => {
    expect(sanitizeAmountInput('12,|5', 2, 3, { locale: 'de' })).toStrictEqual({ value: '12.5', caret: 3 });
  });

  it('keeps the caret inside the value and agrees with sanitizeAmount (fast-check)', () => {
    const drawn = inputClasses<{ input: string; r: AmountReading; at: number }>({
      refused: ({ r }) => !r.ok,
      'read, the caret left where it was': ({ r, at }) => r.ok && r.caret === at,
      'read, the caret moved back over dropped characters': ({ r, at }) => r.ok && r.caret < at,
      'read, from text with characters dropped': ({ input, r }) => r.ok && r.value.length < input.length,
    });
    // Any text, and typed amounts with stray characters in them.
    const typedWithNoise = fc.string({ unit: fc.constantFrom('1', '2', '0', '.', 'a', ' ', ','), maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 20 }), typedWithNoise), fc.integer({ min: 0, max: 6 }), fc.nat(25), (input, n, caret) => {
        const r = readAmount(input, n, { caret: Math.min(caret, input.length) });
        drawn.see({ input, r, at: Math.min(caret, input.length) });
        const plain = readAmount(input, n);
        if (!r.ok) {
          expect(plain.ok).toBe(false);
          return;
        }
        expect(plain.ok && plain.value).toBe(r.value);
        expect(r.caret).toBeGreaterThanOrEqual(0);
        expect(r.caret).toBeLessThanOrEqual(r.value.length);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(10);
  });
});
