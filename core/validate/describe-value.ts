import { ExkitError, InvalidArgumentError } from '../errors/exkit-error.js';

const MAX_SHOWN = 80;

/**
 * A short text naming `value` for an error message. Never throws: a Symbol, a BigInt, a revoked Proxy or an
 * object whose getters throw would make a template literal or JSON.stringify throw inside the error path.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
      return `${JSON.stringify(shown)}${value.length > MAX_SHOWN ? ` (${value.length} characters)` : ''}`;
    }
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value.toString().slice(0, MAX_SHOWN)}n`;
    case 'symbol':
      return 'a symbol';
    // Stryker disable next-line ConditionalExpression: without this case undefined falls through to String(value), which is 'undefined'
    // too.
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(value);
    case 'function':
      return 'a function';
    default:
      if (value === null) return 'null';
      return isArrayValue(value) ? 'an array' : 'an object';
  }
}

/** Throws InvalidArgumentError naming `field` and what it expected; `owner` prefixes the message (e.g. 'http'). */
export function invalidArgument(field: string, expected: string, value: unknown, owner?: string, cause?: unknown): InvalidArgumentError {
  const prefix = owner === undefined ? '' : `${owner}: `;
  const error = new InvalidArgumentError(`${prefix}${field} must be ${expected}, got ${describeValue(value)}`, { field, value });
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}

/**
 * Returns `value` parsed when it is an absolute http(s) URL (what fetch can be sent to and what has an origin of
 * its own); otherwise throws InvalidArgumentError naming `field`.
 */
export function expectHttpUrl(field: string, value: unknown, owner?: string): URL {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
  throw invalidArgument(field, 'an absolute http(s) URL', value, owner);
}

/** Returns `value` when it is a string; otherwise throws InvalidArgumentError naming `field`. */
export function expectString(field: string, value: unknown, owner?: string): string {
  if (typeof value === 'string') return value;
  throw invalidArgument(field, 'a string', value, owner);
}

/**
 * A plain copy of the own enumerable fields of `value`, read once. Throws InvalidArgumentError naming `field`
 * when `value` is not an object, or when reading it throws (a throwing getter, a Proxy trap, a revoked Proxy),
 * so later reads of the copy cannot throw. `undefined` gives `fallback` when one is given.
 */
export function readRecord<T extends object>(field: string, value: T | undefined, owner?: string, fallback?: T): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw invalidArgument(field, 'an object', value, owner);
  }
  try {
    return { ...value };
  } catch (cause) {
    throw invalidArgument(field, 'an object whose fields can be read', value, owner, cause);
  }
}

/**
 * Checks that `value` is an object whose `keys` hold objects or functions (a Platform and the ports a function
 * uses, say); InvalidArgumentError naming `field.key` otherwise, also when reading one throws.
 */
export function expectObjectWith(field: string, value: unknown, owner: string, keys: readonly string[]): void {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw invalidArgument(field, `an object with ${keys.join(', ')}`, value, owner);
  }
  for (const key of keys) {
    let port: unknown;
    try {
      port = (value as Record<string, unknown>)[key];
    } catch (cause) {
      throw invalidArgument(`${field}.${key}`, 'a field that can be read', value, owner, cause);
    }
    if (port === null || (typeof port !== 'object' && typeof port !== 'function'))
      throw invalidArgument(`${field}.${key}`, 'an object', port, owner);
  }
}

/**
 * Runs `read`, which walks a caller's value; a throw from the value itself (a throwing getter, a Proxy trap, a
 * BigInt JSON cannot encode) becomes InvalidArgumentError naming `field`. ExkitErrors pass through unchanged.
 */
export function readGuarded<T>(field: string, expected: string, value: unknown, owner: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ExkitError) throw error;
    throw invalidArgument(field, expected, value, owner, error);
  }
}

/** Array.isArray that answers false for a revoked Proxy instead of throwing. */
export function isArrayValue(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** Whether `value` is an object a field can be read from: not null, not an array (a revoked Proxy is neither). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArrayValue(value);
}

/** Throws InvalidArgumentError naming `field` unless `value` is an array (a revoked Proxy counts as not one). */
export function expectArray(field: string, value: unknown, owner: string, expected = 'an array'): void {
  if (!isArrayValue(value)) throw invalidArgument(field, expected, value, owner);
}
