import { FingerprintError } from './errors.js';
import { readGuarded } from '../../validate/describe-value.js';

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function fail(path: string, what: string): never {
  throw new FingerprintError('FINGERPRINT_NOT_CANONICAL', `cannot serialise ${what} at ${path}`, { extra: { path } });
}

function write(value: unknown, path: string, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) return fail(path, String(value));
      // JSON.stringify writes -0 as "0", so -0 and 0 give the same code.
      return JSON.stringify(value);
    case 'object':
      break;
    default:
      return fail(path, `a ${typeof value}`);
  }
  if (seen.has(value)) return fail(path, 'a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((item, i) => (item === undefined ? fail(`${path}[${i}]`, 'undefined') : write(item, `${path}[${i}]`, seen)));
      return `[${items.join(',')}]`;
    }
    if (!isPlainObject(value)) return fail(path, 'a non-plain object');
    // Sorted by UTF-16 code units (the default sort), never by insertion order: the same content always
    // gives the same text. Properties holding undefined are left out, as JSON.stringify does.
    const members = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${write(value[key], `${path}.${key}`, seen)}`);
    return `{${members.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

/** Canonical JSON of a JSON-like value: object keys sorted, no whitespace; throws FingerprintError otherwise. */
export function canonicalJson(value: unknown): string {
  return readGuarded('value', 'a value whose fields can be read', value, 'canonicalJson', () => write(value, '$', new Set()));
}
