import { describe, expect, it } from 'vitest';
import { alternateLinkPrefix, currency, formatStatusBusy, message } from '../../../core/catalog/index.js';
import { InvalidArgumentError } from '../../../core/errors/index.js';

/** A refusal names the function, the argument and what it had to be, and carries the value it got. */
function expectRefusal(call: () => unknown, owner: string, field: string, expected: string, value: unknown): void {
  expect(call).toThrow(InvalidArgumentError);
  expect(call).toThrow(`${owner}: ${field} must be ${expected}, got `);
  expect(call).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', extra: { field, value } }));
}

describe('the catalogue lookups refuse an argument of the wrong type, naming it', () => {
  it.each([5, null, undefined, { code: 'USD' }])('currency(%j) names code', (code) => {
    expectRefusal(() => currency(code as never), 'currency', 'code', 'a string', code);
  });

  it.each([0, null, ['tip']])('message(en, %j) names key', (key) => {
    expectRefusal(() => message('en', key as never), 'message', 'key', 'a string', key);
  });

  it.each([null, undefined, true, { status: 500 }])('formatStatusBusy(%j) names status', (status) => {
    expectRefusal(() => formatStatusBusy(status as never, 'en'), 'formatStatusBusy', 'status', 'a number or a string', status);
  });

  it.each([7, null, ['fr']])('alternateLinkPrefix(%j) names locale', (locale) => {
    expectRefusal(() => alternateLinkPrefix(locale as never), 'alternateLinkPrefix', 'locale', 'a string', locale);
  });
});
