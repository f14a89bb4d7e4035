import { expect } from 'vitest';

/** Matches an InvalidArgumentError naming `field` (and, when given, carrying exactly `message`). */
export const invalid = (field: string, message?: string) =>
  expect.objectContaining({
    name: 'InvalidArgumentError',
    code: 'INVALID_ARGUMENT',
    extra: expect.objectContaining({ field }),
    ...(message === undefined ? {} : { message }),
  });
