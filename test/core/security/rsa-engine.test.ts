// The RSA engines' public boundary and their key caches: each argument that is wrong is named (and a private
// key never appears in an error), the modulus bounds are exact, a host refusal is typed, both engines wrap
// with OAEP-SHA256 and PKCS#1 v1.5 so that the holder of the private key reads the content key back, and
// imported keys are reused up to the cache's size. Checked against node:crypto and node-forge.
import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, sign as nodeSign } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../core/errors/index.js';
import { toPem } from '../../../core/security/bytes.js';
import { forgeEngine, forgeVerifySha256, selectRsaEngine, webCryptoEngine } from '../../../core/security/rsa-engine.js';
import type { RsaEngine } from '../../../core/security/rsa-engine.js';

const { publicKey: spkiBuffer, privateKey: pkcs8Pem } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const spki = new Uint8Array(spkiBuffer);
/** A fresh content key each time: an engine that wrote into one would not leak into the next test. */
const contentKey = () => new Uint8Array(32).map((_, i) => i + 1);
const content = contentKey();

const engines: [string, () => RsaEngine][] = [
  ['webcrypto', () => webCryptoEngine(globalThis.crypto.subtle)],
  ['forge', () => forgeEngine()],
];

const named = (owner: string, field: string, message: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }), msg: `${owner} engine: ${message}` });

describe.each(engines)('%s engine: arguments', (kind, make) => {
  it.each([511, 16392, 1028, 1024.5, Number.NaN, '1024'])('a modulus of %s bits is refused before the host sees it', async (bits) => {
    await expect(make().generateKeyPair(bits as number)).rejects.toThrow(
      named(
        kind,
        'bits',
        `bits must be a whole number of bytes in bits, from 512 to 16384, got ${typeof bits === 'string' ? `"${bits}"` : bits}`,
      ),
    );
  });

  it('a sign key that is not a string, or data that is not bytes, is named', async () => {
    await expect(make().sign(5 as never, content)).rejects.toThrow(
      named(kind, 'privateKeyPem', 'privateKeyPem must be a PEM string, got 5'),
    );
    await expect(make().sign(pkcs8Pem, [1, 2] as never)).rejects.toThrow(named(kind, 'data', 'data must be a Uint8Array, got an array'));
  });

  it('a private key the host cannot read is named, and never written into the error', async () => {
    // A PKCS#8 PEM whose DER is a SEQUENCE holding only the integer 0: no key inside.
    const bad = toPem('PRIVATE KEY', new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]));
    const error = await make()
      .sign(bad, content)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({
      extra: { field: 'privateKeyPem', value: '[hidden]' },
      msg: `${kind} engine: privateKeyPem must be an RSA private key (PKCS#8 PEM) the host can sign with, got "[hidden]"`,
    });
    expect((error as { cause?: unknown }).cause).toBeDefined();
    expect(JSON.stringify(error)).not.toContain('MAMCAQA');
    expect(String((error as Error).message)).not.toContain('MAMCAQA');
  });

  it('wrapKey names the server key, the content key and the algorithm', async () => {
    await expect(make().wrapKey('spki' as never, content, 'RSA-OAEP-256')).rejects.toThrow(
      named(kind, 'spkiDer', 'spkiDer must be a Uint8Array, got "spki"'),
    );
    await expect(make().wrapKey(spki, null as never, 'RSA-OAEP-256')).rejects.toThrow(
      named(kind, 'key', 'key must be a Uint8Array, got null'),
    );
    await expect(make().wrapKey(spki, content, 'RSA-OAEP' as never)).rejects.toThrow(
      named(kind, 'algorithm', `algorithm must be 'RSA-OAEP-256' or 'RSA1_5', got "RSA-OAEP"`),
    );
  });

  it('a server key the host cannot import is named as spkiDer', async () => {
    const garbage = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]);
    await expect(make().wrapKey(garbage, content, 'RSA-OAEP-256')).rejects.toThrow(
      named(kind, 'spkiDer', 'spkiDer must be an RSA public key (SPKI DER) that can wrap the key, got an object'),
    );
  });

  it.each([
    ['RSA-OAEP-256', constants.RSA_PKCS1_OAEP_PADDING],
    ['RSA1_5', undefined],
  ] as const)('a key wrapped with %s is read back with the private key', async (algorithm, padding) => {
    const key = contentKey();
    const wrapped = await make().wrapKey(spki, key, algorithm);
    expect(wrapped).toHaveLength(128);
    // The caller's key is read, never written (the engine zeroes only its own copies).
    expect(key).toEqual(contentKey());
    if (padding !== undefined) {
      expect(new Uint8Array(privateDecrypt({ key: pkcs8Pem, padding, oaepHash: 'sha256' }, wrapped))).toEqual(contentKey());
    } else {
      // Node refuses PKCS#1 v1.5 decryption by default (Marvin attack): node-forge reads it.
      const key = forge.pki.privateKeyFromPem(pkcs8Pem) as forge.pki.rsa.PrivateKey;
      expect(Buffer.from(key.decrypt(Buffer.from(wrapped).toString('binary'), 'RSAES-PKCS1-V1_5'), 'binary')).toEqual(
        Buffer.from(contentKey()),
      );
    }
  });

  it('signs RSASSA-PKCS1-v1_5 with SHA-256, as node:crypto does', async () => {
    const signature = await make().sign(pkcs8Pem, content);
    expect(Buffer.from(signature)).toEqual(nodeSign('sha256', content, createPrivateKey(pkcs8Pem)));
  });

  it('the engine tells its kind', () => {
    expect(make().kind).toBe(kind);
  });
});

describe('key generation', () => {
  it('the smallest modulus (512 bits) is accepted and gives a 512-bit key with exponent 65537', async () => {
    for (const [, make] of engines) {
      const pair = await make().generateKeyPair(512);
      const details = createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyDetails;
      expect(details).toEqual({ modulusLength: 512, publicExponent: 65537n });
      expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails).toEqual({ modulusLength: 512, publicExponent: 65537n });
    }
  });

  it('the largest modulus (16384 bits) reaches the host; a host that fails is KEY_GENERATION_FAILED with its cause', async () => {
    const asked: unknown[] = [];
    const cause = new Error('out of entropy');
    const subtle = {
      generateKey: (algorithm: unknown) => {
        asked.push(algorithm);
        return Promise.reject(cause);
      },
    } as unknown as SubtleCrypto;
    const error = await webCryptoEngine(subtle)
      .generateKeyPair(16384)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({
      name: 'SigningInitError',
      code: 'KEY_GENERATION_FAILED',
      msg: 'client key pair generation failed',
      cause,
    });
    expect(asked).toEqual([
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 16384, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    ]);
  });

  it('a host that throws at once is still a rejection, never a synchronous throw', async () => {
    const subtle = {
      generateKey: () => {
        throw new Error('sync');
      },
    } as unknown as SubtleCrypto;
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = webCryptoEngine(subtle).generateKeyPair(1024);
    }).not.toThrow();
    await expect(result).rejects.toMatchObject({ code: 'KEY_GENERATION_FAILED' });
  });

  it('a WebCrypto pair is extractable for export and signs at once without importing its own PEM', async () => {
    const calls: string[] = [];
    const real = globalThis.crypto.subtle;
    const subtle = new Proxy(real, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(
            key === 'exportKey' || key === 'generateKey'
              ? `${String(key)} ${JSON.stringify(args[key === 'exportKey' ? 0 : 1])}`
              : String(key),
          );
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const engine = webCryptoEngine(subtle);
    const pair = await engine.generateKeyPair(1024);
    await engine.sign(pair.privateKeyPem, content);
    expect(calls.sort()).toEqual(['exportKey "pkcs8"', 'exportKey "spki"', 'generateKey true', 'sign'].sort());
  });
});

/** A WebCrypto that counts key imports. */
function countingSubtle() {
  const real = globalThis.crypto.subtle;
  const imports: string[] = [];
  const subtle = new Proxy(real, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key === 'importKey') imports.push(String(args[0]));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { subtle, imports };
}

describe('imported keys are cached, up to eight', () => {
  const servers = Array.from(
    { length: 9 },
    () => new Uint8Array(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' })),
  );

  it('a server key is imported once, whether passed as the same array or as a copy', async () => {
    const { subtle, imports } = countingSubtle();
    const engine = webCryptoEngine(subtle);
    const key = contentKey();
    await engine.wrapKey(spki, key, 'RSA-OAEP-256');
    await engine.wrapKey(spki, key, 'RSA-OAEP-256');
    await engine.wrapKey(spki.slice(), key, 'RSA-OAEP-256');
    expect(imports).toEqual(['spki']);
    expect(key).toEqual(contentKey());
  });

  it('eight server keys stay imported; a ninth drops the oldest, which is imported again', async () => {
    const { subtle, imports } = countingSubtle();
    const engine = webCryptoEngine(subtle);
    const small = contentKey().subarray(0, 16);
    for (const key of servers.slice(0, 8)) await engine.wrapKey(key.slice(), small, 'RSA-OAEP-256');
    await engine.wrapKey(servers[0]!.slice(), small, 'RSA-OAEP-256');
    expect(imports).toHaveLength(8);
    await engine.wrapKey(servers[8]!.slice(), small, 'RSA-OAEP-256');
    await engine.wrapKey(servers[2]!.slice(), small, 'RSA-OAEP-256');
    expect(imports).toHaveLength(9);
    await engine.wrapKey(servers[0]!.slice(), small, 'RSA-OAEP-256');
    expect(imports).toHaveLength(10);
  });

  it('a sign key is imported once for many signatures', async () => {
    const { subtle, imports } = countingSubtle();
    const engine = webCryptoEngine(subtle);
    const first = await engine.sign(pkcs8Pem, content);
    const second = await engine.sign(pkcs8Pem, content);
    expect(Buffer.from(second)).toEqual(Buffer.from(first));
    expect(imports).toEqual(['pkcs8']);
  });

  it('a content key zeroed by the caller right after the first wrap call is still the one wrapped', async () => {
    for (const [, make] of engines) {
      const engine = make();
      const key = contentKey();
      const wrapping = engine.wrapKey(spki.slice(), key, 'RSA-OAEP-256');
      key.fill(0);
      const wrapped = await wrapping;
      expect(
        new Uint8Array(privateDecrypt({ key: pkcs8Pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped)),
      ).toEqual(contentKey());
    }
  });
});

describe('forgeVerifySha256 (hosts without WebCrypto)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const der = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  const data = new TextEncoder().encode('hash text');
  const signature = new Uint8Array(nodeSign('sha256', data, privateKey));

  it('a node:crypto signature verifies; another text or a changed signature does not', async () => {
    expect(await forgeVerifySha256(der, data, signature)).toBe(true);
    expect(await forgeVerifySha256(der, new TextEncoder().encode('other text'), signature)).toBe(false);
    const changed = signature.slice();
    changed[10]! ^= 1;
    expect(await forgeVerifySha256(der, data, changed)).toBe(false);
  });

  it('a malformed key is false, never a throw', async () => {
    expect(await forgeVerifySha256(new Uint8Array([1, 2, 3]), data, signature)).toBe(false);
  });
});

describe('selectRsaEngine', () => {
  it("prefers WebCrypto unless forge is asked for; 'webcrypto' without WebCrypto falls back to forge", () => {
    expect(selectRsaEngine(globalThis.crypto.subtle, 'auto').kind).toBe('webcrypto');
    expect(selectRsaEngine(globalThis.crypto.subtle, 'webcrypto').kind).toBe('webcrypto');
    expect(selectRsaEngine(undefined, 'webcrypto').kind).toBe('forge');
  });
});
