import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../core/errors/exkit-error.js';
import { checkDuration, isDuration, MAX_TIMER_DELAY_MS } from '../../../core/validate/duration.js';
import { inputClasses } from '../../support/input-classes.js';

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('durations: finite, positive, at most 2^31 − 1 ms, or an explicit none', () => {
  it('the ceiling is the largest delay a host timer honours', () => {
    expect(MAX_TIMER_DELAY_MS).toBe(2_147_483_647);
  });

  it('accepts every delay from 1 ms to the ceiling, and undefined (the default applies)', () => {
    const drawn = inputClasses<number>({
      'below 1 ms': (ms) => ms < 1,
      'a fraction of a ms above 1': (ms) => ms > 1 && !Number.isInteger(ms),
      'whole ms': (ms) => Number.isInteger(ms),
      'the ceiling itself': (ms) => ms === MAX_TIMER_DELAY_MS,
    });
    const near = fc.oneof(
      fc.double({ min: Number.MIN_VALUE, max: MAX_TIMER_DELAY_MS, noNaN: true }),
      fc.double({ min: 1, max: 10_000, noNaN: true }),
      fc.integer({ min: 1, max: MAX_TIMER_DELAY_MS }),
      fc.constant(MAX_TIMER_DELAY_MS),
    );
    fc.assert(
      fc.property(near, (ms) => {
        drawn.see(ms);
        expect(isDuration(ms)).toBe(true);
        expect(() => checkDuration('timeout', ms)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
    expect(() => checkDuration('timeout', undefined)).not.toThrow();
  });

  it('refuses 2^31 ms (a timer would wrap and fire at once), Infinity, NaN, 0, negatives and non-numbers, naming the field', () => {
    for (const value of [2 ** 31, Infinity, -Infinity, NaN, 0, -1, '100', null, true, 10n, Symbol('ms'), {}, []]) {
      const error = thrown(() => checkDuration('retryDelayMs', value, { owner: 'http' }));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).code).toBe('INVALID_ARGUMENT');
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'retryDelayMs', value });
      expect((error as InvalidArgumentError).message).toMatch(
        /^http: retryDelayMs must be a positive, finite number of ms up to 2147483647$/,
      );
    }
  });

  it('names the lower bound the rule allows in the message', () => {
    expect((thrown(() => checkDuration('delayMs', -1, { allowZero: true })) as InvalidArgumentError).message).toBe(
      'delayMs must be a finite number of ms from 0 up to 2147483647',
    );
  });

  it('refuses a rule that is not an object, naming the rule', () => {
    const error = thrown(() => checkDuration('delayMs', 1, null as unknown as object)) as InvalidArgumentError;
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe('checkDuration: rule must be an object, got null');
    expect(error.extra).toStrictEqual({ field: 'rule', value: null });
  });

  it('accepts 0 only when the rule allows it', () => {
    expect(isDuration(0)).toBe(false);
    expect(isDuration(0, true)).toBe(true);
    expect(() => checkDuration('delayMs', 0, { allowZero: true })).not.toThrow();
    expect(thrown(() => checkDuration('delayMs', -0.5, { allowZero: true }))).toBeInstanceOf(InvalidArgumentError);
  });

  it('accepts the rule\'s "none" value and names it in the message', () => {
    expect(() => checkDuration('timeout', false, { none: false })).not.toThrow();
    const error = thrown(() => checkDuration('timeout', true, { none: false })) as InvalidArgumentError;
    expect(error.message).toBe('timeout must be a positive, finite number of ms up to 2147483647 or false');
  });
});
