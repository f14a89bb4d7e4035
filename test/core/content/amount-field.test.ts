import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFromCode, amountInputChange, createAmountField, readAmount, type AmountFieldState } from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';

describe('amountInputChange: one change of an amount field', () => {
  it('takes a change that reads as an amount, shown as the locale writes it', () => {
    expect(amountInputChange('2', '2,5', 3, { fractionDigits: 8, locale: 'de' })).toStrictEqual({
      value: '2.5',
      text: '2,5',
      caret: 3,
      refusal: null,
    });
    expect(amountInputChange('', '.', 1, { fractionDigits: 8 })).toStrictEqual({ value: '0.', text: '0.', caret: 2, refusal: null });
  });

  it.each([
    ['a minus typed in front', '12', '-12', 1, 'sign', 0],
    ['an exponent typed at the end', '1', '1e9', 3, 'exponent', 1],
    ['a comma typed in English (2,5 could be 25)', '2', '2,', 2, 'ambiguous-separator', 1],
    ['a second dot typed mid-number', '1.23', '1.2.3', 4, 'ambiguous-separator', 3],
    ['a 21st integer digit', '1'.repeat(20), `${'1'.repeat(20)}2`, 21, 'too-many-digits', 20],
  ])('keeps the previous value on %s and says why', (_what, previous, raw, caret, reason, keptCaret) => {
    const state = amountInputChange(previous, raw, caret, { fractionDigits: 8 });
    expect(state).toStrictEqual({ value: previous, text: previous, caret: keptCaret, refusal: { reason, text: raw } });
  });

  it('a refused paste that replaced the whole text keeps the previous value with the caret inside it', () => {
    const state = amountInputChange('12.5', '-3', 2, { fractionDigits: 8 });
    expect(state.value).toBe('12.5');
    expect(state.caret).toBeGreaterThanOrEqual(0);
    expect(state.caret).toBeLessThanOrEqual(4);
  });

  it('the kept value is shown in the locale', () => {
    expect(amountInputChange('2.5', '2,5e', 4, { fractionDigits: 8, locale: 'de' }).text).toBe('2,5');
    expect(amountInputChange('2.5', '2,5e1', 5, { fractionDigits: 8, locale: 'de' })).toMatchObject({
      value: '2.5',
      text: '2,5',
      refusal: { reason: 'exponent' },
    });
  });

  it('names a wrong raw text or options', () => {
    expect(() => amountInputChange('', 5 as never, 0, { fractionDigits: 2 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'raw', value: 5 } }),
    );
    expect(() => amountInputChange('', '1', 0, null as never)).toThrow(
      expect.objectContaining({ extra: { field: 'options', value: null } }),
    );
    expect(() => amountInputChange('', '1', 0, { fractionDigits: -1 })).toThrow(
      expect.objectContaining({ extra: { field: 'fractionDigits', value: -1 } }),
    );
  });

  it('property: the value after any change is either the reading of the text or, refused, the previous value (fast-check)', () => {
    const unit = fc.constantFrom('1', '2', '0', '.', ',', '-', 'e', '٫', '٣', ' ');
    const drawn = inputClasses<{ previous: string; state: AmountFieldState }>({
      'an accepted change': ({ state }) => state.refusal === null && state.value !== '',
      'a refused change keeping a value': ({ previous, state }) => state.refusal !== null && previous !== '',
      'a refused change with the caret put back': ({ state }) => state.refusal !== null && state.caret < state.text.length,
      'a change to an empty value': ({ previous, state }) => state.refusal === null && previous !== '' && state.value === '',
    });
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 10 }),
        fc.string({ unit, maxLength: 12 }),
        fc.constantFrom('en', 'de', 'ar'),
        (before, raw, locale) => {
          const previous = amountFromCode(before, 4);
          const state = amountInputChange(previous, raw, raw.length, { fractionDigits: 4, locale });
          const reading = readAmount(raw, 4, { locale });
          drawn.see({ previous, state });
          if (reading.ok) expect(state).toMatchObject({ value: reading.value, refusal: null });
          else expect(state).toMatchObject({ value: previous, refusal: { reason: reading.reason, text: raw } });
          expect(state.caret).toBeLessThanOrEqual(state.text.length);
          expect(state.caret).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(1);
  });
});

describe('amountFromCode: a value given by code', () => {
  it('is read with a decimal dot whatever the locale, and a refused one gives no amount', () => {
    expect(amountFromCode('0012.345', 2)).toBe('12.34');
    expect(amountFromCode(99.5, 1)).toBe('99.5');
    expect(amountFromCode('-1', 2)).toBe('');
    expect(amountFromCode('1e9', 2)).toBe('');
  });
});

describe('createAmountField: the framework-free field', () => {
  it('starts from a value given by code and takes keystrokes', () => {
    const field = createAmountField({ fractionDigits: 2, locale: 'de', value: '1.5' });
    expect(field.state).toStrictEqual({ value: '1.5', text: '1,5', caret: 3, refusal: null });
    expect(field.input('1,55', 4)).toStrictEqual({ value: '1.55', text: '1,55', caret: 4, refusal: null });
    expect(field.state.value).toBe('1.55');
  });

  it('keeps the previous value on a refused keystroke, then clears the refusal on the next good one', () => {
    const field = createAmountField({ fractionDigits: 2 });
    field.input('5');
    expect(field.input('5e3', 3)).toStrictEqual({ value: '5', text: '5', caret: 1, refusal: { reason: 'exponent', text: '5e3' } });
    expect(field.state.refusal).toStrictEqual({ reason: 'exponent', text: '5e3' });
    expect(field.input('53').refusal).toBeNull();
    expect(field.state.value).toBe('53');
  });

  it('setValue reads code values with a dot; a refused one empties the field', () => {
    const field = createAmountField({ fractionDigits: 2, locale: 'fr' });
    expect(field.setValue('99.999')).toStrictEqual({ value: '99.99', text: '99,99', caret: 5, refusal: null });
    expect(field.setValue('-5').value).toBe('');
  });

  it('setOptions cuts the value to fewer decimals and shows it in a new locale; a wrong option leaves the field as it was', () => {
    const field = createAmountField({ fractionDigits: 4, value: '1.2345' });
    expect(field.setOptions({ fractionDigits: 2 }).value).toBe('1.23');
    expect(field.setOptions({ locale: 'de' }).text).toBe('1,23');
    expect(() => field.setOptions({ fractionDigits: -1 })).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => field.setOptions({ locale: 7 as never })).toThrow(expect.objectContaining({ extra: { field: 'locale', value: 7 } }));
    expect(() => field.setOptions(null as never)).toThrow(expect.objectContaining({ extra: { field: 'options', value: null } }));
    expect(field.state).toStrictEqual({ value: '1.23', text: '1,23', caret: 4, refusal: null });
    expect(field.input('1,234', 5).value).toBe('1.23');
  });

  it('a keystroke in the middle keeps the caret where it was typed; without a caret it goes to the end', () => {
    const field = createAmountField({ fractionDigits: 2, value: '13' });
    expect(field.input('123', 2)).toStrictEqual({ value: '123', text: '123', caret: 2, refusal: null });
    expect(field.input('1234').caret).toBe(4);
  });

  it('setOptions with only new decimals keeps the locale the field was given', () => {
    const field = createAmountField({ fractionDigits: 4, locale: 'de', value: '2.5' });
    expect(field.setOptions({ fractionDigits: 2 })).toStrictEqual({ value: '2.5', text: '2,5', caret: 3, refusal: null });
  });

  it('a locale that is no string is refused, at creation and in setOptions, naming locale', () => {
    expect(() => createAmountField({ fractionDigits: 2, locale: 5 as never })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'locale must be a string, got 5',
        extra: { field: 'locale', value: 5 },
      }),
    );
    expect(() => createAmountField({ fractionDigits: 2 }).setOptions({ locale: ['de'] as never })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'locale must be a string, got an object',
        extra: { field: 'locale', value: ['de'] },
      }),
    );
    expect(() => amountInputChange('', 5 as never, 0, { fractionDigits: 2 })).toThrow('raw must be a string, got 5');
  });

  it('a value from code that is no string or number is refused naming the argument it came through', () => {
    const refused = (field: string, value: unknown, got: string) =>
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: `${field} must be a string or a number, got ${got}`,
        extra: { field, value },
      });
    expect(() => amountFromCode(true, 2)).toThrow(refused('value', true, 'a boolean'));
    expect(() => createAmountField({ fractionDigits: 2, value: {} as never })).toThrow(refused('value', {}, 'an object'));
    expect(() => createAmountField({ fractionDigits: 2 }).setValue(null as never)).toThrow(refused('value', null, 'null'));
    expect(() => amountInputChange(7n as never, '1e9', 3, { fractionDigits: 2 })).toThrow(refused('previous', 7n, 'a bigint'));
    // Numbers are amounts written by code: read, not refused.
    expect(amountFromCode(2.5, 2)).toBe('2.5');
    expect(amountInputChange(1.5 as never, '1e9', 3, { fractionDigits: 2 })).toMatchObject({
      value: '1.5',
      refusal: { reason: 'exponent' },
    });
  });

  it('refuses options that are no object or a wrong fractionDigits', () => {
    expect(() => createAmountField(null as never)).toThrow(expect.objectContaining({ extra: { field: 'options', value: null } }));
    expect(() => createAmountField({ fractionDigits: 1.5 })).toThrow(
      expect.objectContaining({ extra: { field: 'fractionDigits', value: 1.5 } }),
    );
  });
});
