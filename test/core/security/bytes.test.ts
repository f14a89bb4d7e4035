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
