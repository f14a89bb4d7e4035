// What a refused futures input says: the tests read a FuturesInputError's parts through these, one way everywhere.
import { expect } from 'vitest';
import { FuturesInputError } from '../../../core/index.js';

/** The FuturesInputError `fn` throws (the test fails when it throws nothing, or something else). */
export function futuresError(fn: () => unknown): FuturesInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FuturesInputError);
    return error as FuturesInputError;
  }
  throw new Error('expected a FuturesInputError');
}

/** The field, problem and message of the FuturesInputError `fn` throws. */
export function caught(fn: () => unknown): Record<string, unknown> {
  const e = futuresError(fn);
  return { field: e.field, problem: e.problem, message: e.message };
}

/** The name, field, problem and refused value of the FuturesInputError `fn` throws. */
export function refusal(fn: () => unknown): { name: string; field: string; problem: string; value: unknown } {
  const e = futuresError(fn);
  return { name: e.name, field: e.field, problem: e.problem, value: (e.extra as { value: unknown }).value };
}
