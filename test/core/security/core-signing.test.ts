import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreSignedText as serverText } from '../../../examples/gateway/protocol.js';
import { forgeOptions } from './helpers.js';
import {
  coreSignedText,
  forgeEngine,
  isSignableTime,
  isSignableTraceId,
  keyIdOf,
  parseSignConfig,
  signCoreCall,
  signModeFor,
  webCryptoEngine,
} from '../../../core/security/index.js';
import type { CoreCallParts, SignMode } from '../../../core/security/index.js';
import { SIGNED_TIME_LENGTH, deviceCheckSignedText, signedPayload, userIdHashOf } from '../../../core/security/core-signing.js';
import { inputClasses } from '../../support/input-classes.js';

const webcrypto = webCryptoEngine(globalThis.crypto.subtle);
const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');
let pair: { publicKey: string; privateKeyPem: string };
beforeAll(async () => {
  pair = await webcrypto.generateKeyPair(1024);
});
const nodeKey = () => createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' });

const parts = (overrides: Partial<CoreCallParts> = {}): CoreCallParts => ({
  path: '/v1/spot/order/place',
  tm: '1700000000123',
  traceId: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  mode: 1,
  query: 'languageType=0&_t=1700000000000',
  body: new TextEncoder().encode('{"symbol":"BTCUSDT","price":"0.1"}'),
  ...overrides,
});

describe('the signed text (docs/security-protocol.md §6.2)', () => {
  it('is path, first 8 characters of tm, trace id, mode and the MD5 of what the mode covers', () => {
    const p = parts();
    const body = Buffer.from(p.body);
    expect(coreSignedText({ ...p, mode: 0 }).text).toBe(`/v1/spot/order/place\n17000000\n${p.traceId}\n0\n${md5('')}`);
    expect(coreSignedText({ ...p, mode: 1 }).text).toBe(`/v1/spot/order/place\n17000000\n${p.traceId}\n1\n${md5(body)}`);
    expect(coreSignedText({ ...p, mode: 2 }).dataMd5).toBe(md5(Buffer.concat([Buffer.from(`${p.query}\n`), body])));
  });

  it('equals the text the independent gateway computes, for random calls', () => {
    const drawn = inputClasses<{ path: string; mode: SignMode; query: string; body: Uint8Array }>({
      'mode 0 (path and time only)': ({ mode }) => mode === 0,
      'mode 1 with a body': ({ mode, body }) => mode === 1 && body.length > 0,
      'mode 2 with a query and a body': ({ mode, query, body }) => mode === 2 && query !== '' && body.length > 0,
      'mode 2 with neither': ({ mode, query, body }) => mode === 2 && query === '' && body.length === 0,
      'a percent-encoded path': ({ path }) => path.includes('%'),
    });
    fc.assert(
      fc.property(
        fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`),
        fc.bigInt({ min: 10_000_000n, max: 9_999_999_999_999n }).map(String),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.constantFrom<SignMode>(0, 1, 2),
        fc.oneof(fc.constant(''), fc.webQueryParameters()),
        fc.oneof(fc.constant(new Uint8Array()), fc.uint8Array({ maxLength: 2000 })),
        (path, tm, traceId, mode, query, body) => {
          drawn.see({ path, mode, query, body });
          const ours = coreSignedText({ path, tm, traceId, mode, query, body });
          const theirs = serverText(path, tm, traceId, mode, query, Buffer.from(body));
          expect(ours).toEqual(theirs);
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(2);
  });
});

describe('core-call signatures verified by node:crypto', () => {
  it('the four device-sign headers: RSA-SHA256 signature, mode, data MD5 and key id', async () => {
    const { headers, text } = await signCoreCall(webcrypto, pair, parts());
    expect(headers['device-sign-mode']).toBe('1');
    expect(headers['device-sign-data-md5']).toBe(md5(Buffer.from(parts().body)));
    expect(headers['device-sign-key']).toBe(md5(pair.publicKey));
    expect(keyIdOf(pair.publicKey)).toBe(md5(pair.publicKey));
    expect(nodeVerify('sha256', Buffer.from(text), nodeKey(), Buffer.from(headers['device-sign']!, 'base64'))).toBe(true);
  });

  it('the key id follows the key that signs when the pair rotates and rotates back', async () => {
    const other = await webcrypto.generateKeyPair(1024);
    for (const key of [pair, other, pair]) {
      const { headers } = await signCoreCall(webcrypto, key, parts());
      expect(headers['device-sign-key']).toBe(md5(key.publicKey));
    }
  });

  type Field = 'path' | 'tm' | 'traceId' | 'body' | 'query';
  const tamper = (p: CoreCallParts, field: Field, index: number): CoreCallParts => {
    const flip = (s: string, signed: number) => {
      const i = index % signed;
      const c = s.charCodeAt(i);
      const next = field === 'tm' ? String.fromCharCode(c === 57 ? 48 : c + 1) : String.fromCharCode(c === 126 ? 33 : c + 1);
      return s.slice(0, i) + next + s.slice(i + 1);
    };
    if (field === 'body') {
      const body = new Uint8Array(p.body);
      body[index % body.length]! ^= 0x01;
      return { ...p, body };
    }
    if (field === 'tm') return { ...p, tm: flip(p.tm, 8) };
    if (field === 'query') return { ...p, query: flip(p.query, p.query.length) };
    return { ...p, [field]: flip(p[field], p[field].length) };
  };

  it('tampering with any byte of body, path, time or trace id makes verification fail', async () => {
    const drawn = inputClasses<Field>({
      path: (f) => f === 'path',
      tm: (f) => f === 'tm',
      'trace id': (f) => f === 'traceId',
      body: (f) => f === 'body',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Field>('path', 'tm', 'traceId', 'body'),
        fc.nat(),
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.constantFrom<SignMode>(1, 2),
        async (field, index, body, mode) => {
          drawn.see(field);
          const original = parts({ body, mode });
          const { headers } = await signCoreCall(webcrypto, pair, original);
          const changed = tamper(original, field, index);
          const { text } = serverText(changed.path, changed.tm, changed.traceId, mode, changed.query, Buffer.from(changed.body));
          expect(nodeVerify('sha256', Buffer.from(text), nodeKey(), Buffer.from(headers['device-sign']!, 'base64'))).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    drawn.expectEachDrawn(1);
  });

  it('mode 2 also covers the query; mode 0 covers neither query nor body', async () => {
    const original = parts({ mode: 2 });
    const { headers } = await signCoreCall(webcrypto, pair, original);
    const q = tamper(original, 'query', 3);
    expect(
      nodeVerify(
        'sha256',
        Buffer.from(serverText(q.path, q.tm, q.traceId, 2, q.query, Buffer.from(q.body)).text),
        nodeKey(),
        Buffer.from(headers['device-sign']!, 'base64'),
      ),
    ).toBe(false);

    const zero = parts({ mode: 0 });
    const signed0 = await signCoreCall(webcrypto, pair, zero);
    const other = tamper(zero, 'body', 0);
    expect(
      nodeVerify(
        'sha256',
        Buffer.from(serverText(other.path, other.tm, other.traceId, 0, 'x=1', Buffer.from(other.body)).text),
        nodeKey(),
        Buffer.from(signed0.headers['device-sign']!, 'base64'),
      ),
    ).toBe(true);
  });

  it('the parts are read once: the mode header names the mode that was signed, even when a getter changes its answer', async () => {
    let reads = 0;
    const shifty = { ...parts({ mode: 1 }) } as Record<string, unknown>;
    Object.defineProperty(shifty, 'mode', { enumerable: true, get: () => (reads++ === 0 ? 1 : 2) });
    const { headers, text } = await signCoreCall(webcrypto, pair, shifty as never);
    expect(reads).toBe(1);
    expect(headers['device-sign-mode']).toBe('1');
    expect(text.split('\n')[3]).toBe('1');
    const p = parts({ mode: 1 });
    const server = serverText(p.path, p.tm, p.traceId, 1, p.query, Buffer.from(p.body));
    expect(nodeVerify('sha256', Buffer.from(server.text), nodeKey(), Buffer.from(headers['device-sign']!, 'base64'))).toBe(true);
  });

  it('only the first 8 characters of tm are signed', async () => {
    const { headers } = await signCoreCall(webcrypto, pair, parts({ tm: '1700000000123' }));
    const { text } = serverText('/v1/spot/order/place', '1700000099999', parts().traceId, 1, '', Buffer.from(parts().body));
    expect(nodeVerify('sha256', Buffer.from(text), nodeKey(), Buffer.from(headers['device-sign']!, 'base64'))).toBe(true);
  });

  describe('node-forge in pure JavaScript', () => {
    let previous: boolean | undefined;
    beforeAll(() => {
      previous = forgeOptions.usePureJavaScript;
      forgeOptions.usePureJavaScript = true;
    });
    afterAll(() => {
      forgeOptions.usePureJavaScript = previous ?? false;
    });

    it('produces the same deterministic signature as WebCrypto, verified by node:crypto', async () => {
      const ours = await signCoreCall(forgeEngine(), pair, parts());
      const theirs = await signCoreCall(webcrypto, pair, parts());
      expect(ours.headers['device-sign']).toBe(theirs.headers['device-sign']);
      expect(nodeVerify('sha256', Buffer.from(ours.text), nodeKey(), Buffer.from(ours.headers['device-sign']!, 'base64'))).toBe(true);
    });
  });
});

describe('sign-mode lookup (spec §S5: exact or prefix entry)', () => {
  // Parsed inside each test, not while the file is collected: a throw there would fail the whole file at once and
  // hide which rule broke (a mutation run then counts every mutant as surviving).
  const config = () =>
    parseSignConfig({
      exactUrls: ['/v1/spot/order/place', '/v1/exact-no-mode'],
      prefixUrls: ['/v1/spot/', '/v1/spot/order/', '/v1/prefix-no-mode/'],
      signModes: { '/v1/spot/order/place': 0, '/v1/spot/': 1, '/v1/spot/order/': 2 },
    });
  it.each([
    ['/v1/spot/order/place', 0, 'an exact entry wins over prefixes'],
    ['/v1/spot/order/cancel', 2, 'the longest prefix wins'],
    ['/v1/spot/account', 1, 'a shorter prefix applies when it is the only one'],
    ['/v1/exact-no-mode', 1, 'an entry without a mode uses mode 1'],
    ['/v1/prefix-no-mode/x', 1, 'a prefix without a mode uses mode 1'],
    ['/v1/futures/order', undefined, 'an unlisted path is not signed'],
    ['/v1/spot', undefined, 'a prefix must match in full'],
  ] as Array<[string, SignMode | undefined, string]>)('%s → %s (%s)', (path, mode) => {
    expect(signModeFor(config(), path)).toBe(mode);
  });

  it('tm must be 8 or more digits and uhti printable ASCII', () => {
    expect(isSignableTime('1700000000000')).toBe(true);
    expect(isSignableTime('1234567')).toBe(false);
    expect(isSignableTime('17000000000a0')).toBe(false);
    expect(isSignableTime(null)).toBe(false);
    expect(isSignableTraceId('abc-123')).toBe(true);
    expect(isSignableTraceId('a\nb')).toBe(false);
    expect(isSignableTraceId('')).toBe(false);
    expect(isSignableTraceId(' padded')).toBe(false);
  });
});

describe('signing inputs: edges and argument errors (issue 24)', () => {
  const named = (field: string) =>
    expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: expect.objectContaining({ field }) });

  it('tm: exactly 8 digits is signable, 7 is not; the signed time is its first 8 characters', () => {
    expect(SIGNED_TIME_LENGTH).toBe(8);
    expect(isSignableTime('12345678')).toBe(true);
    expect(isSignableTime('1234567')).toBe(false);
    expect(isSignableTime(' 12345678')).toBe(false);
    expect(isSignableTime('12345678 ')).toBe(false);
    expect(isSignableTime(undefined)).toBe(false);
  });

  it('trace id: 1 to 256 printable ASCII characters, inner spaces allowed, no space at either end', () => {
    expect(isSignableTraceId('x')).toBe(true);
    expect(isSignableTraceId('a b')).toBe(true);
    expect(isSignableTraceId('~!')).toBe(true);
    expect(isSignableTraceId('x'.repeat(256))).toBe(true);
    expect(isSignableTraceId('x'.repeat(257))).toBe(false);
    expect(isSignableTraceId('ab ')).toBe(false);
    expect(isSignableTraceId('a\u007fb')).toBe(false);
    expect(isSignableTraceId('a\tb')).toBe(false);
    expect(isSignableTraceId('é')).toBe(false);
    expect(isSignableTraceId(null)).toBe(false);
  });

  it('the signed payload by mode: nothing, the body, or query + newline + body', () => {
    const body = Uint8Array.of(1, 2, 3);
    expect(signedPayload(0, 'a=1', body)).toStrictEqual(new Uint8Array(0));
    expect(signedPayload(1, 'a=1', body)).toBe(body);
    expect(signedPayload(2, 'a=é', body)).toStrictEqual(new Uint8Array([...Buffer.from('a=é\n'), 1, 2, 3]));
    expect(signedPayload(2, '', new Uint8Array(0))).toStrictEqual(Uint8Array.of(0x0a));
  });

  it('the device-check text is path, first 8 characters of tm and the user id hash, one per line', () => {
    const hash = userIdHashOf('u42');
    expect(hash).toBe(createHash('sha256').update('u42').digest('hex'));
    expect(deviceCheckSignedText('/v1/user/check', '1700000000123', hash)).toBe(`/v1/user/check\n17000000\n${hash}`);
    expect(() => deviceCheckSignedText(1 as never, '1', 'h')).toThrowError(named('path'));
    expect(() => deviceCheckSignedText('/p', 1 as never, 'h')).toThrowError(named('tm'));
    expect(() => deviceCheckSignedText('/p', '1', null as never)).toThrowError(named('userIdHash'));
    expect(() => userIdHashOf(42 as never)).toThrowError(named('userId'));
    expect(() => keyIdOf(undefined as never)).toThrowError(named('publicKey'));
  });

  it('each part of a call is checked, naming it', async () => {
    for (const field of ['path', 'tm', 'traceId', 'query'] as const) {
      expect(() => coreSignedText({ ...parts(), [field]: 1 } as never)).toThrowError(named(`parts.${field}`));
    }
    expect(() => coreSignedText({ ...parts(), body: [1] } as never)).toThrowError(named('parts.body'));
    expect(() => coreSignedText(null as never)).toThrowError(named('parts'));
    await expect(signCoreCall({} as never, pair, parts())).rejects.toThrowError(named('engine.sign'));
    await expect(signCoreCall(webcrypto, null as never, parts())).rejects.toThrowError(named('key'));
    await expect(signCoreCall(webcrypto, { ...pair, privateKeyPem: 1 } as never, parts())).rejects.toThrowError(named('key.privateKeyPem'));
    await expect(signCoreCall(webcrypto, { ...pair, publicKey: 1 } as never, parts())).rejects.toThrowError(named('key.publicKey'));
  });

  it('an argument error says which function refused which argument, what it expected and what it got', async () => {
    const refused = (msg: string, field: string) =>
      expect.objectContaining({ name: 'InvalidArgumentError', msg, extra: expect.objectContaining({ field }) });
    expect(() => keyIdOf(undefined as never)).toThrowError(refused('keyIdOf: publicKey must be a string, got undefined', 'publicKey'));
    expect(() => userIdHashOf(42 as never)).toThrowError(refused('userIdHashOf: userId must be a string, got 42', 'userId'));
    expect(() => coreSignedText({ ...parts(), path: 1 } as never)).toThrowError(
      refused('coreSignedText: parts.path must be a string, got 1', 'parts.path'),
    );
    expect(() => coreSignedText({ ...parts(), body: [1] } as never)).toThrowError(
      refused('coreSignedText: parts.body must be a Uint8Array, got an array', 'parts.body'),
    );
    // The mode is part of the signed text: a value the gateway knows no rule for is refused, not signed.
    for (const mode of [3, '1', Number.NaN]) {
      expect(() => coreSignedText({ ...parts(), mode } as never)).toThrowError(
        refused(`coreSignedText: parts.mode must be a sign mode (0, 1 or 2), got ${mode === '1' ? '"1"' : String(mode)}`, 'parts.mode'),
      );
    }
    await expect(signCoreCall(webcrypto, pair, { ...parts(), mode: 3 } as never)).rejects.toThrowError(
      refused('signCoreCall: parts.mode must be a sign mode (0, 1 or 2), got 3', 'parts.mode'),
    );
    await expect(signCoreCall({} as never, pair, parts())).rejects.toThrowError(
      refused('signCoreCall: engine.sign must be an object, got undefined', 'engine.sign'),
    );
    await expect(signCoreCall(webcrypto, null as never, parts())).rejects.toThrowError(
      refused('signCoreCall: key must be an object, got null', 'key'),
    );
    await expect(signCoreCall(webcrypto, { ...pair, privateKeyPem: 1 } as never, parts())).rejects.toThrowError(
      refused('signCoreCall: key.privateKeyPem must be a string, got 1', 'key.privateKeyPem'),
    );
    await expect(signCoreCall(webcrypto, { ...pair, publicKey: 1 } as never, parts())).rejects.toThrowError(
      refused('signCoreCall: key.publicKey must be a string, got 1', 'key.publicKey'),
    );
    expect(() => deviceCheckSignedText(1 as never, '1', 'h')).toThrowError(
      refused('deviceCheckSignedText: path must be a string, got 1', 'path'),
    );
    expect(() => deviceCheckSignedText('/p', 1 as never, 'h')).toThrowError(
      refused('deviceCheckSignedText: tm must be a string, got 1', 'tm'),
    );
    expect(() => deviceCheckSignedText('/p', '1', null as never)).toThrowError(
      refused('deviceCheckSignedText: userIdHash must be a string, got null', 'userIdHash'),
    );
  });

  it('mode 2 and mode 0 headers: the mode and the MD5 of what it covers (node:crypto)', async () => {
    const two = await signCoreCall(webcrypto, pair, parts({ mode: 2 }));
    expect(two.headers).toStrictEqual({
      'device-sign': two.headers['device-sign'],
      'device-sign-mode': '2',
      'device-sign-data-md5': md5(Buffer.concat([Buffer.from(`${parts().query}\n`), Buffer.from(parts().body)])),
      'device-sign-key': md5(pair.publicKey),
    });
    expect(two.text).toBe(`/v1/spot/order/place\n17000000\n${parts().traceId}\n2\n${two.headers['device-sign-data-md5']}`);
    expect(nodeVerify('sha256', Buffer.from(two.text), nodeKey(), Buffer.from(two.headers['device-sign']!, 'base64'))).toBe(true);
    const zero = await signCoreCall(webcrypto, pair, parts({ mode: 0 }));
    expect(zero.headers['device-sign-mode']).toBe('0');
    expect(zero.headers['device-sign-data-md5']).toBe(md5(''));
  });
});

describe('a generated key pair signs with the key WebCrypto generated', () => {
  it('exports both halves at once, signs without importing its own PEM, and node:crypto verifies', async () => {
    const subtle = globalThis.crypto.subtle;
    const jobs: string[] = [];
    const counting = {
      generateKey: (...args: Parameters<SubtleCrypto['generateKey']>) => (jobs.push('generateKey'), subtle.generateKey(...args)),
      exportKey: (format: 'spki' | 'pkcs8', key: CryptoKey) => (jobs.push(`export ${format}`), subtle.exportKey(format, key)),
      importKey: (...args: Parameters<SubtleCrypto['importKey']>) => (jobs.push(`import ${args[0]}`), subtle.importKey(...args)),
      sign: (...args: Parameters<SubtleCrypto['sign']>) => (jobs.push('sign'), subtle.sign(...args)),
    } as unknown as SubtleCrypto;
    const engine = webCryptoEngine(counting);
    const generated = await engine.generateKeyPair(1024);
    expect(jobs).toEqual(['generateKey', 'export spki', 'export pkcs8']);
    jobs.length = 0;
    const data = new TextEncoder().encode('KEY_PAIR_CHECK');
    const signature = await engine.sign(generated.privateKeyPem, data);
    expect(jobs).toEqual(['sign']);
    const publicKey = createPublicKey({ key: Buffer.from(generated.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(nodeVerify('sha256', data, publicKey, signature)).toBe(true);
    // The signature is the one the PEM gives (RSASSA-PKCS1-v1_5 is deterministic): another engine imports it.
    jobs.length = 0;
    const imported = await webCryptoEngine(counting).sign(generated.privateKeyPem, data);
    expect(jobs).toEqual(['import pkcs8', 'sign']);
    expect(Buffer.from(imported).equals(Buffer.from(signature))).toBe(true);
  });
});
