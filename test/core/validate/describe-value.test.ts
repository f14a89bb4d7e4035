import { describe, expect, it } from 'vitest';
import { ExkitError, InvalidArgumentError } from '../../../core/errors/exkit-error.js';
import {
  describeValue,
  expectArray,
  expectObjectWith,
  expectString,
  invalidArgument,
  isArrayValue,
  isRecord,
  readGuarded,
  readRecord,
} from '../../../core/validate/describe-value.js';
import { putOwn } from '../../../core/validate/own-field.js';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new ExkitError('TEST', 'expected a throw');
}

describe('describeValue names a value for an error message and never throws', () => {
  it.each([
    ['a string', 'abc', '"abc"'],
    ['a string of 80 characters, shown whole', 'x'.repeat(80), `"${'x'.repeat(80)}"`],
    ['a longer string, cut at 80 with its length', 'y'.repeat(81), `"${'y'.repeat(80)}…" (81 characters)`],
    ['a number', 1.5, '1.5'],
    ['minus zero', -0, '-0'],
    ['zero', 0, '0'],
    ['NaN', Number.NaN, 'NaN'],
    ['a bigint', 12n, '12n'],
    ['a long bigint, cut at 80 digits', 10n ** 100n, `1${'0'.repeat(79)}n`],
    ['a symbol', Symbol('s'), 'a symbol'],
    ['undefined', undefined, 'undefined'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['a function', () => 1, 'a function'],
    ['null', null, 'null'],
    ['an array', [1], 'an array'],
    ['an object', { a: 1 }, 'an object'],
    ['a revoked Proxy', revoked(), 'an object'],
  ])('%s', (_what, value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});

describe('invalidArgument and the checks built on it', () => {
  it('names the field, what was expected and what came, prefixed by the owner when there is one', () => {
    const error = invalidArgument('size', 'a number', 'x', 'grid');
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe('grid: size must be a number, got "x"');
    expect(error.extra).toStrictEqual({ field: 'size', value: 'x' });
    expect('cause' in error).toBe(false);
    expect(invalidArgument('size', 'a number', 'x').message).toBe('size must be a number, got "x"');
  });

  it('keeps a cause, writable and configurable, and only when one is given', () => {
    const cause = new Error('inner');
    const error = invalidArgument('f', 'e', 1, 'o', cause);
    expect(error.cause).toBe(cause);
    const descriptor = Object.getOwnPropertyDescriptor(error, 'cause');
    expect(descriptor).toMatchObject({ value: cause, configurable: true, writable: true });
  });

  it('expectString returns a string and refuses anything else', () => {
    expect(expectString('name', 'a', 'o')).toBe('a');
    expect(expectString('name', '', 'o')).toBe('');
    expect(thrown(() => expectString('name', 1, 'o'))).toMatchObject({
      message: 'o: name must be a string, got 1',
      extra: { field: 'name', value: 1 },
    });
  });

  it('readRecord copies the own fields of an object or a function, once', () => {
    const source = { a: 1 };
    const copy = readRecord('options', source, 'o');
    expect(copy).toStrictEqual({ a: 1 });
    expect(copy).not.toBe(source);
    const fn = Object.assign(() => 1, { b: 2 });
    expect(readRecord('options', fn as unknown as object, 'o')).toStrictEqual({ b: 2 });
  });

  it('readRecord gives the fallback for undefined only when one is given', () => {
    const fallback = { f: 1 };
    expect(readRecord('options', undefined, 'o', fallback)).toBe(fallback);
    expect(thrown(() => readRecord('options', undefined, 'o'))).toMatchObject({ message: 'o: options must be an object, got undefined' });
    expect(thrown(() => readRecord('options', null as unknown as object, 'o', fallback))).toMatchObject({
      message: 'o: options must be an object, got null',
      extra: { field: 'options', value: null },
    });
    expect(thrown(() => readRecord('options', 'x' as unknown as object, 'o'))).toMatchObject({
      message: 'o: options must be an object, got "x"',
    });
  });

  it('readRecord turns a throwing getter into InvalidArgumentError with the cause', () => {
    const cause = new Error('boom');
    const hostile = {
      get a(): never {
        throw cause;
      },
    };
    const error = thrown(() => readRecord('options', hostile, 'o')) as InvalidArgumentError;
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe('o: options must be an object whose fields can be read, got an object');
    expect(error.cause).toBe(cause);
  });

  it('expectObjectWith checks each named port is an object or a function', () => {
    expect(() => expectObjectWith('platform', { a: {}, b: () => 1 }, 'o', ['a', 'b'])).not.toThrow();
    expect(() =>
      expectObjectWith(
        'platform',
        Object.assign(() => 1, { a: {} }),
        'o',
        ['a'],
      ),
    ).not.toThrow();
    expect(thrown(() => expectObjectWith('platform', null, 'o', ['a', 'b']))).toMatchObject({
      message: 'o: platform must be an object with a, b, got null',
      extra: { field: 'platform', value: null },
    });
    expect(thrown(() => expectObjectWith('platform', 3, 'o', ['a']))).toMatchObject({
      message: 'o: platform must be an object with a, got 3',
    });
    expect(thrown(() => expectObjectWith('platform', { a: {}, b: null }, 'o', ['a', 'b']))).toMatchObject({
      message: 'o: platform.b must be an object, got null',
      extra: { field: 'platform.b', value: null },
    });
    expect(thrown(() => expectObjectWith('platform', { a: 'x' }, 'o', ['a']))).toMatchObject({
      message: 'o: platform.a must be an object, got "x"',
    });
  });

  it('expectObjectWith names the port whose read throws, with the cause', () => {
    const cause = new Error('boom');
    const hostile = {
      get a(): never {
        throw cause;
      },
    };
    const error = thrown(() => expectObjectWith('platform', hostile, 'o', ['a'])) as InvalidArgumentError;
    expect(error.message).toBe('o: platform.a must be a field that can be read, got an object');
    expect(error.extra).toStrictEqual({ field: 'platform.a', value: hostile });
    expect(error.cause).toBe(cause);
  });

  it('readGuarded returns what the read gives, passes an ExkitError through and wraps any other throw', () => {
    expect(readGuarded('f', 'e', 1, 'o', () => 7)).toBe(7);
    const typed = new ExkitError('X', 'typed');
    expect(
      thrown(() =>
        readGuarded('f', 'e', 1, 'o', () => {
          throw typed;
        }),
      ),
    ).toBe(typed);
    const cause = new TypeError('raw');
    const error = thrown(() =>
      readGuarded('f', 'something readable', 1, 'o', () => {
        throw cause;
      }),
    ) as InvalidArgumentError;
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe('o: f must be something readable, got 1');
    expect(error.cause).toBe(cause);
  });

  it('isArrayValue, isRecord and expectArray answer for a revoked Proxy instead of throwing', () => {
    expect(isArrayValue([])).toBe(true);
    expect(isArrayValue({})).toBe(false);
    expect(isArrayValue(revoked())).toBe(false);
    expect(isRecord({})).toBe(true);
    expect(isRecord(revoked())).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord(() => 1)).toBe(false);
    expect(isRecord('x')).toBe(false);
    expect(() => expectArray('list', [], 'o')).not.toThrow();
    expect(thrown(() => expectArray('list', {}, 'o'))).toMatchObject({
      message: 'o: list must be an array, got an object',
      extra: { field: 'list' },
    });
    expect(thrown(() => expectArray('list', revoked(), 'o', 'a list of names'))).toMatchObject({
      message: 'o: list must be a list of names, got an object',
    });
  });
});

describe('putOwn defines a plain own field, even for __proto__', () => {
  it('is own, enumerable, writable and configurable, and never sets the prototype', () => {
    const target: Record<string, unknown> = {};
    putOwn(target, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')).toStrictEqual({
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
