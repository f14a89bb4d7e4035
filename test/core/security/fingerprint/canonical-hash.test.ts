// Canonical serialisation and the terminal-code hash: sorted keys, the same components always give the
// same code, checked against node:crypto's SHA-256 (an independent implementation).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FingerprintError,
  INVALID_TERMINAL_CODE_PREFIX,
  canonicalJson,
  hashComponents,
  isValidTerminalCode,
} from '../../../../core/security/fingerprint/index.js';
import { sha256Hex } from '../../../../core/security/bytes.js';
import { inputClasses } from '../../../support/input-classes.js';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The same value with every object's keys inserted in an order driven by `seed`. */
function reorder(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, i) => reorder(item, seed + i));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const shuffled = entries
    .map((entry, i) => ({ entry, rank: Math.sin(seed * 9301 + i * 49297) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry: [key, item], rank }) => [key, reorder(item, seed + Math.floor(rank * 1000))] as const);
  return Object.fromEntries(shuffled);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it("sorts integer-like keys as strings, not in JavaScript's numeric property order", () => {
    expect(canonicalJson({ 9: 'a', 10: 'b', x: 'c' })).toBe('{"10":"b","9":"a","x":"c"}');
  });

  it('leaves out undefined properties and writes -0 as 0', () => {
    expect(canonicalJson({ a: undefined, b: -0 })).toBe('{"b":0}');
  });

  it('escapes strings as JSON does', () => {
    expect(canonicalJson({ 'k"ey': 'line\nbreak \u{1F603}' })).toBe('{"k\\"ey":"line\\nbreak \u{1F603}"}');
  });

  const bad: [string, unknown, string][] = [
    ['NaN', { a: Number.NaN }, '$.a'],
    ['Infinity', [1, Infinity], '$[1]'],
    ['a function', { f: () => 1 }, '$.f'],
    ['a bigint', { n: 1n }, '$.n'],
    ['undefined in an array', [undefined], '$[0]'],
    ['a Date', { d: new Date(0) }, '$.d'],
    ['a Map', new Map(), '$'],
  ];
  it.each(bad)('refuses %s with a FingerprintError naming the path', (_label, value, path) => {
    expect(() => canonicalJson(value)).toThrow(FingerprintError);
    try {
      canonicalJson(value);
    } catch (error) {
      expect(error).toMatchObject({ name: 'FingerprintError', code: 'FINGERPRINT_NOT_CANONICAL', extra: { path } });
    }
  });

  it('refuses a cycle but accepts the same object twice side by side', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cycle/);
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it('property: parses back to the same JSON value', () => {
    const drawn = inputClasses<unknown>({
      'an object of several keys': (value) => isObject(value) && Object.keys(value).length > 1,
      'an object inside an array': (value) => Array.isArray(value) && value.some(isObject),
      'a key needing escapes': (value) => JSON.stringify(value).includes('\\'),
      'a number written with an exponent': (value) => /\d[eE][+-]?\d/.test(JSON.stringify(value) ?? ''),
    });
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        drawn.see(value);
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('terminal-code hash', () => {
  it('is SHA-256 hex, identical to node:crypto on published vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('h\u00e9llo \u{1F603}')).toBe(nodeSha256('h\u00e9llo \u{1F603}'));
  });

  it('hashes the canonical text of the components', () => {
    const components = { userAgent: { userAgent: 'UA' }, languages: ['de', 'en'], audio: 124.04347527516074 };
    const text = '{"audio":124.04347527516074,"languages":["de","en"],"userAgent":{"userAgent":"UA"}}';
    expect(hashComponents(components)).toBe(nodeSha256(text));
  });

  it('same components give the same code, and any change gives another', () => {
    const a = { screen: { size: [1920, 1080], colorDepth: 24 }, fonts: ['Arial'] };
    expect(hashComponents(a)).toBe(hashComponents(structuredClone(a)));
    expect(hashComponents({ ...a, fonts: ['Arial', 'Verdana'] })).not.toBe(hashComponents(a));
  });

  it('property: key order never changes the hash', () => {
    const drawn = inputClasses<Record<string, unknown>>({
      'several keys to reorder': (c) => Object.keys(c).length > 1,
      'an object inside': (c) => Object.values(c).some(isObject),
      'no key': (c) => Object.keys(c).length === 0,
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.integer(), (components, seed) => {
        drawn.see(components);
        const shuffled = reorder(components, seed) as Record<string, unknown>;
        expect(hashComponents(shuffled)).toBe(hashComponents(components));
        expect(hashComponents(components)).toBe(nodeSha256(canonicalJson(components)));
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });

  it(`a code starting with ${INVALID_TERMINAL_CODE_PREFIX} is never valid; other lower-case hex codes are`, () => {
    expect(INVALID_TERMINAL_CODE_PREFIX).toBe('787f01ff');
    expect(isValidTerminalCode(`787f01ff${'0'.repeat(56)}`)).toBe(false);
    expect(isValidTerminalCode(`787f01ff${'a'.repeat(24)}`)).toBe(false);
    expect(isValidTerminalCode(sha256Hex('x'))).toBe(true);
    expect(isValidTerminalCode('a'.repeat(32))).toBe(true);
    expect(isValidTerminalCode('A'.repeat(64))).toBe(false);
    expect(isValidTerminalCode('abc')).toBe(false);
    expect(isValidTerminalCode(42)).toBe(false);
  });
});
