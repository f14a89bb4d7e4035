import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromPem, toBase64, toPem } from '../../../core/security/index.js';

describe('protocol encodings (docs/security-protocol.md §1)', () => {
  it('base64 is RFC 4648 standard padded base64, identical to node:Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(fromBase64(text)).toEqual(bytes);
      }),
    );
  });

  it('decoding refuses base64url, missing padding and stray characters', () => {
    for (const bad of ['ab-_', 'abc', 'a=bc', 'ab cd', '====']) {
      expect(() => fromBase64(bad)).toThrowError(expect.objectContaining({ name: 'InvalidArgumentError' }));
    }
  });

  it('PEM armour round-trips DER bytes with 64-character lines', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (der) => {
        const pem = toPem('PRIVATE KEY', der);
        expect(pem.split('\n').every((line) => line.length <= 64)).toBe(true);
        expect(fromPem('PRIVATE KEY', pem)).toEqual(der);
      }),
    );
    expect(() => fromPem('PRIVATE KEY', toPem('PUBLIC KEY', new Uint8Array([1])))).toThrow();
  });
});

describe('DER reader (X.690 §8.1, definite lengths)', async () => {
  const { readDer, derChildren } = await import('../../../core/security/bytes.js');

  it('reads short and long-form lengths', () => {
    expect(readDer(Uint8Array.of(0x04, 0x02, 9, 9))).toEqual({ tag: 0x04, start: 0, contentStart: 2, end: 4 });
    const long = new Uint8Array(4 + 300);
    long.set([0x30, 0x82, 0x01, 0x2c]);
    expect(readDer(long)).toEqual({ tag: 0x30, start: 0, contentStart: 4, end: 304 });
  });

  it('refuses indefinite, over-long and truncated lengths with InvalidArgumentError', () => {
    for (const bytes of [[0x30, 0x80, 0, 0], [0x30, 0x85, 1, 1, 1, 1, 1], [0x04, 0x03, 1], [0x04], [0x1f, 0x01, 0]]) {
      expect(() => readDer(Uint8Array.from(bytes))).toThrowError(expect.objectContaining({ name: 'InvalidArgumentError' }));
    }
  });

  it('any bytes either read as elements inside their bounds or fail with InvalidArgumentError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          const element = readDer(bytes);
          expect(element.end).toBeLessThanOrEqual(bytes.length);
          for (const child of derChildren(bytes, element)) expect(child.end).toBeLessThanOrEqual(element.end);
        } catch (error) {
          expect(error).toMatchObject({ name: 'InvalidArgumentError' });
        }
      }),
    );
  });
});
