import { expect } from 'vitest';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';

/** Matches an InvalidArgumentError naming `field` (and, when given, carrying exactly `message`). */
export const invalid = (field: string, message?: string) =>
  expect.objectContaining({
    name: 'InvalidArgumentError',
    code: 'INVALID_ARGUMENT',
    extra: expect.objectContaining({ field }),
    ...(message === undefined ? {} : { message }),
  });

/** What `call` threw, which must be an InvalidArgumentError; 'no error' when it returned (so the test fails). */
function invalidArgumentOf(call: () => unknown): InvalidArgumentError | 'no error' {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return error as InvalidArgumentError;
  }
  return 'no error';
}

/** The field the InvalidArgumentError thrown by `call` names. */
export function fieldOf(call: () => unknown): unknown {
  const error = invalidArgumentOf(call);
  return error === 'no error' ? error : (error.extra as { field?: unknown } | undefined)?.field;
}

/** The message of the InvalidArgumentError thrown by `call`. */
export function messageOf(call: () => unknown): string {
  const error = invalidArgumentOf(call);
  return error === 'no error' ? error : error.message;
}
