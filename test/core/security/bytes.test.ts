import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromPem, toBase64, toPem } from '../../../core/security/index.js';
import { base64PaddingClasses, inputClasses } from '../../support/input-classes.js';

describe('protocol encodings (docs/security-protocol.md §1)', () => {
  it('base64 is RFC 4648 standard padded base64, identical to node:Buffer', () => {
    const drawn = base64PaddingClasses();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        drawn.see(bytes.length);
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(fromBase64(text)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('decoding refuses base64url, missing padding and stray characters', () => {
    for (const bad of ['ab-_', 'abc', 'a=bc', 'ab cd', '====']) {
      expect(() => fromBase64(bad)).toThrowError(expect.objectContaining({ name: 'InvalidArgumentError' }));
    }
  });

  it('PEM armour round-trips DER bytes with 64-character lines', () => {
    // Bodies of one line, of several, and of whole lines exactly (48 bytes make one 64-character line).
    const drawn = inputClasses<number>({
      'one line': (n) => n <= 48,
      'several lines': (n) => n > 48,
      'whole lines exactly': (n) => n % 48 === 0,
    });
    const der = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 400 }),
      fc.integer({ min: 1, max: 8 }).chain((lines) => fc.uint8Array({ minLength: lines * 48, maxLength: lines * 48 })),
    );
    fc.assert(
      fc.property(der, (der) => {
        drawn.see(der.length);
        const pem = toPem('PRIVATE KEY', der);
        expect(pem.split('\n').every((line) => line.length <= 64)).toBe(true);
        expect(fromPem('PRIVATE KEY', pem)).toEqual(der);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
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
    // Random bytes seldom form an element: most are DER trees built here (short and long-form lengths, nested
    // sequences), whole, cut short, with a byte after them, or with one byte changed, as a damaged key would arrive.
    type Tree = { tag: number; content: Uint8Array } | { tag: 0x30; children: Tree[] };
    const encode = (tree: Tree): Uint8Array => {
      const content = 'children' in tree ? Buffer.concat(tree.children.map(encode)) : tree.content;
      const n = content.length;
      const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
      return Uint8Array.from([tree.tag, ...length, ...content]);
    };
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({
          tag: fc.constantFrom(0x02, 0x03, 0x04, 0x05, 0x06),
          content: fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ minLength: 128, maxLength: 300 })),
        }),
        fc.record({ tag: fc.constant(0x30 as const), children: fc.array(tie('tree'), { maxLength: 4 }) }),
      ),
    }));
    const damaged = fc.tuple(tree.map(encode), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 })).map(([bytes, at, flip, how]) => {
      if (how === 0 || bytes.length === 0) return bytes;
      if (how === 1) return bytes.subarray(0, at % bytes.length);
      if (how === 2) return Uint8Array.from([...bytes, flip % 256]);
      const out = Uint8Array.from(bytes);
      const i = at % out.length;
      out[i] = out[i]! ^ ((flip % 255) + 1);
      return out;
    });
    const read = (bytes: Uint8Array) => {
      try {
        const element = readDer(bytes);
        return { element, children: element.tag === 0x30 ? derChildren(bytes, element) : [] };
      } catch {
        return undefined;
      }
    };
    const drawn = inputClasses<Uint8Array>({
      refused: (bytes) => read(bytes) === undefined,
      'an element with a short-form length': (bytes) => read(bytes) !== undefined && bytes[1]! < 0x80,
      'an element with a long-form length': (bytes) => read(bytes) !== undefined && bytes[1]! > 0x80,
      'a sequence with children': (bytes) => (read(bytes)?.children.length ?? 0) > 0,
      'an element followed by more bytes': (bytes) => (read(bytes)?.element.end ?? bytes.length) < bytes.length,
    });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 64 }), damaged, damaged), (bytes) => {
        drawn.see(bytes);
        try {
          const element = readDer(bytes);
          expect(element.end).toBeLessThanOrEqual(bytes.length);
          for (const child of derChildren(bytes, element)) expect(child.end).toBeLessThanOrEqual(element.end);
        } catch (error) {
          expect(error).toMatchObject({ name: 'InvalidArgumentError' });
        }
      }),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('encodings checked byte for byte against node:Buffer and node:crypto (issue 24)', async () => {
  const { createHash, generateKeyPairSync } = await import('node:crypto');
  const { derChildren, fromBinaryString, readDer, sha256Hex, sha256HexVia, toBinaryString } =
    await import('../../../core/security/bytes.js');
  const invalid = (field: string) =>
    expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: expect.objectContaining({ field }) });

  it('base64 of every length mod 3, and of every byte value, equals node:Buffer', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= 6; n++)
      expect(toBase64(all.subarray(250 - n, 250))).toBe(Buffer.from(all.subarray(250 - n, 250)).toString('base64'));
    expect(toBase64(all)).toBe(Buffer.from(all).toString('base64'));
    expect(fromBase64(Buffer.from(all).toString('base64'))).toStrictEqual(all);
    expect(fromBase64('')).toStrictEqual(new Uint8Array(0));
    expect(fromBase64('/w==')).toStrictEqual(Uint8Array.of(255));
    expect(fromBase64('//8=')).toStrictEqual(Uint8Array.of(255, 255));
    expect(fromBase64('+/+/')).toStrictEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  it('base64 refuses what is not bytes or not base64, with InvalidArgumentError', () => {
    expect(() => toBase64([1, 2] as unknown as Uint8Array)).toThrowError(invalid('bytes'));
    expect(() => toBase64(new Uint16Array(2) as unknown as Uint8Array)).toThrowError(invalid('bytes'));
    expect(() => fromBase64(5 as unknown as string)).toThrowError(
      expect.objectContaining({ name: 'InvalidArgumentError', msg: 'not standard padded base64' }),
    );
  });

  it('binary strings are one character per byte (latin1), in chunks larger than the 8192-byte step', () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7 + (i >> 8)) & 255);
    const text = toBinaryString(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('latin1'));
    expect(fromBinaryString(text)).toStrictEqual(bytes);
    expect(toBinaryString(new Uint8Array(0))).toBe('');
    // A character above 255 keeps its low byte, as node-forge does.
    expect(fromBinaryString('\u0141\u00ff')).toStrictEqual(Uint8Array.of(0x41, 0xff));
  });

  it('PEM armour is exactly the RFC 7468 text node:crypto writes for the same DER', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const der = publicKey.export({ type: 'spki', format: 'der' });
    expect(toPem('PUBLIC KEY', new Uint8Array(der))).toBe(pem);
    expect(fromPem('PUBLIC KEY', pem)).toStrictEqual(new Uint8Array(der));
    // Text around the armour and CRLF line ends are accepted.
    expect(fromPem('PUBLIC KEY', `header\r\n${pem.replace(/\n/g, '\r\n')}trailer`)).toStrictEqual(new Uint8Array(der));
    expect(toPem('X', Uint8Array.of(1, 2, 3))).toBe('-----BEGIN X-----\nAQID\n-----END X-----\n');
  });

  it('PEM labels are RFC 7468 labels: printable words joined by one space or hyphen', () => {
    for (const label of ['PUBLIC KEY', 'X509 CRL', 'RSA PRIVATE KEY', 'A-B', 'X'])
      expect(() => toPem(label, Uint8Array.of(1))).not.toThrow();
    for (const label of ['', ' KEY', 'KEY ', 'A  B', 'A--B', '-A', 'A-', 'A\nB', 'KÉY', 5]) {
      expect(() => toPem(label as string, Uint8Array.of(1))).toThrowError(invalid('label'));
      expect(() => fromPem(label as string, '')).toThrowError(invalid('label'));
    }
    expect(() => toPem('KEY', 'AQID' as unknown as Uint8Array)).toThrowError(invalid('der'));
    expect(() => fromPem('KEY', 5 as unknown as string)).toThrowError(invalid('pem'));
  });

  it('an argument error says which function refused which argument, what it expected and what it got', () => {
    const refused = (msg: string, field: string) =>
      expect.objectContaining({ name: 'InvalidArgumentError', msg, extra: expect.objectContaining({ field }) });
    expect(() => toBase64([1, 2] as unknown as Uint8Array)).toThrowError(
      refused('toBase64: bytes must be a Uint8Array, got an array', 'bytes'),
    );
    expect(() => toPem(5 as unknown as string, Uint8Array.of(1))).toThrowError(
      refused('toPem: label must be a PEM label (RFC 7468), such as "PUBLIC KEY", got 5', 'label'),
    );
    expect(() => toPem('KEY', 'AQID' as unknown as Uint8Array)).toThrowError(refused('toPem: der must be a Uint8Array, got "AQID"', 'der'));
    expect(() => fromPem(5 as unknown as string, '')).toThrowError(
      refused('fromPem: label must be a PEM label (RFC 7468), such as "PUBLIC KEY", got 5', 'label'),
    );
    expect(() => fromPem('KEY', 5 as unknown as string)).toThrowError(refused('fromPem: pem must be a string, got 5', 'pem'));
    expect(() => sha256Hex(1 as unknown as string)).toThrowError(refused('sha256Hex: text must be a string, got 1', 'text'));
  });

  it('fromPem names the label it looked for, and a label is matched literally', () => {
    const pem = toPem('PUBLIC KEY', Uint8Array.of(1, 2, 3));
    expect(() => fromPem('PRIVATE KEY', pem)).toThrowError(
      expect.objectContaining({ name: 'InvalidArgumentError', msg: 'fromPem: pem is not a PEM PRIVATE KEY', extra: { field: 'pem' } }),
    );
    // '.' in a label is a character, not "any character".
    expect(() => fromPem('A.B', toPem('AxB', Uint8Array.of(1)))).toThrowError(invalid('pem'));
    expect(fromPem('A.B', toPem('A.B', Uint8Array.of(1)))).toStrictEqual(Uint8Array.of(1));
  });

  it('sha256Hex is the lower-case hex SHA-256 of the UTF-8 text (node:crypto)', () => {
    for (const text of ['', 'abc', 'é🔑\u0000']) expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(() => sha256Hex(1 as unknown as string)).toThrowError(invalid('text'));
  });

  it('sha256HexVia gives the same hex through WebCrypto, without it, and when WebCrypto refuses the digest', async () => {
    const refusing = { digest: () => Promise.reject(new Error('not here')) } as unknown as SubtleCrypto;
    let digests = 0;
    const counting = {
      digest: (algorithm: AlgorithmIdentifier, data: BufferSource) => {
        digests++;
        return globalThis.crypto.subtle.digest(algorithm, data);
      },
    } as unknown as SubtleCrypto;
    for (const text of ['', 'abc', 'é🔑\u0000', 'data:image/png;base64,' + 'A'.repeat(40_000)]) {
      const expected = createHash('sha256').update(text, 'utf8').digest('hex');
      expect(await sha256HexVia(counting, text)).toBe(expected);
      expect(await sha256HexVia(undefined, text)).toBe(expected);
      expect(await sha256HexVia(refusing, text)).toBe(expected);
    }
    // WebCrypto did the hashing when it was there.
    expect(digests).toBe(4);
    await expect(sha256HexVia(counting, 1 as unknown as string)).rejects.toThrowError(invalid('text'));
    expect(digests).toBe(4);
  });

  it('readDer: an element may end exactly at the limit; one byte past it is truncated', () => {
    expect(readDer(Uint8Array.of(0x05, 0x00))).toStrictEqual({ tag: 5, start: 0, contentStart: 2, end: 2 });
    expect(readDer(Uint8Array.of(9, 0x04, 0x01, 7, 9), 1, 4)).toStrictEqual({ tag: 4, start: 1, contentStart: 3, end: 4 });
    const truncatedError = expect.objectContaining({ name: 'InvalidArgumentError', msg: 'truncated DER element', extra: { field: 'der' } });
    expect(() => readDer(Uint8Array.of(0x04, 0x01, 7), 0, 2)).toThrowError(truncatedError);
    expect(() => readDer(Uint8Array.of(0x04, 0x01), 1)).toThrowError(truncatedError);
    // Long form: the length bytes must fit before the limit, and so must the contents.
    expect(readDer(Uint8Array.of(0x04, 0x81, 0x01, 7))).toStrictEqual({ tag: 4, start: 0, contentStart: 3, end: 4 });
    // Length bytes that end exactly at the limit are read: a zero length then ends the element there.
    expect(readDer(Uint8Array.of(0x04, 0x81, 0x00))).toStrictEqual({ tag: 4, start: 0, contentStart: 3, end: 3 });
    expect(() => readDer(Uint8Array.of(0x04, 0x82, 0x00))).toThrowError(truncatedError);
    expect(() => readDer(Uint8Array.of(0x04, 0x81, 0x02, 7))).toThrowError(truncatedError);
  });

  it('readDer: lengths of up to four bytes are read big-endian; five, or the indefinite form, are refused', () => {
    const four = new Uint8Array(6 + 0x0102);
    four.set([0x04, 0x84, 0x00, 0x00, 0x01, 0x02]);
    expect(readDer(four)).toStrictEqual({ tag: 4, start: 0, contentStart: 6, end: 6 + 0x0102 });
    const tooLong = expect.objectContaining({ msg: 'DER length is indefinite or too long', extra: { field: 'der' } });
    expect(() => readDer(Uint8Array.of(0x04, 0x85, 0, 0, 0, 0, 1, 0))).toThrowError(tooLong);
    expect(() => readDer(Uint8Array.of(0x30, 0x80, 0, 0))).toThrowError(tooLong);
    // A high tag number (low five bits all set) is not a key or certificate element; 0x1e still is a low tag.
    expect(() => readDer(Uint8Array.of(0x1f, 0x01, 0))).toThrowError(
      expect.objectContaining({ msg: 'DER high tag numbers are not expected', extra: { field: 'der' } }),
    );
    expect(readDer(Uint8Array.of(0x1e, 0x00)).tag).toBe(0x1e);
  });

  it('derChildren lists the elements of a real SPKI in order (node:crypto DER)', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    const spki = readDer(der);
    expect(spki.end).toBe(der.length);
    const [algorithm, key] = derChildren(der, spki);
    expect([algorithm!.tag, key!.tag]).toStrictEqual([0x30, 0x03]);
    expect(key!.end).toBe(der.length);
    expect(derChildren(der, algorithm!).map((c) => c.tag)).toStrictEqual([0x06, 0x05]);
    expect(derChildren(Uint8Array.of(0x30, 0x00), readDer(Uint8Array.of(0x30, 0x00)))).toStrictEqual([]);
  });
});
