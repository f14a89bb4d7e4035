import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createClientKeyStore, obtainClientKeyPair, tokenHashOf, webCryptoEngine } from '../../../core/security/index.js';
import type { ClientKeyPair, GeneratedKeyPair, RsaEngine } from '../../../core/security/index.js';

const webcrypto = webCryptoEngine(globalThis.crypto.subtle);

/** An engine whose key generation the test finishes by hand. */
function manualEngine() {
  const pending: Array<{ bits: number; resolve: (pair: GeneratedKeyPair) => void; reject: (e: unknown) => void }> = [];
  const engine: RsaEngine = {
    kind: 'webcrypto',
    generateKeyPair: (bits) => new Promise((resolve, reject) => pending.push({ bits, resolve, reject })),
    sign: webcrypto.sign,
    wrapKey: webcrypto.wrapKey,
  };
  return { engine, pending };
}

const fakePair = (n: number): GeneratedKeyPair => ({ publicKey: `PUB${n}`, privateKeyPem: `PEM${n}` });
const failure = (code: string) => expect.objectContaining({ name: 'SigningInitError', code });

describe('client key pair (seed 001 §4)', () => {
  it('a stored backup pair is used if present, without generating', async () => {
    const platform = memoryPlatform({ now: 1000 });
    const store = createClientKeyStore(platform);
    const backup: ClientKeyPair = { publicKey: 'B', privateKeyPem: 'P', algorithm: 'rsa2048', storedAt: 5 };
    store.saveBackup(backup);
    const { engine, pending } = manualEngine();
    await expect(obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024' })).resolves.toEqual(backup);
    expect(pending).toHaveLength(0);
  });

  it('otherwise one is generated with the configured size, stamped and kept as the backup', async () => {
    const platform = memoryPlatform({ now: 42_000 });
    const store = createClientKeyStore(platform);
    const { engine, pending } = manualEngine();
    const result = obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa2048' });
    expect(pending[0]?.bits).toBe(2048);
    pending[0]!.resolve(fakePair(1));
    await expect(result).resolves.toEqual({ ...fakePair(1), algorithm: 'rsa2048', storedAt: 42_000 });
    expect(store.backup()?.publicKey).toBe('PUB1');
  });

  it('is generated only in a secure context (https)', async () => {
    const platform = memoryPlatform({ isSecureContext: false });
    const { engine, pending } = manualEngine();
    await expect(obtainClientKeyPair({ platform, engine, store: createClientKeyStore(platform), algorithm: 'rsa1024' })).rejects.toEqual(failure('INSECURE_CONTEXT'));
    expect(pending).toHaveLength(0);
  });

  it('times out after 8 s; the slow pair then becomes the backup for the next attempt', async () => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    const { engine, pending } = manualEngine();
    const stored: ClientKeyPair[] = [];
    const attempt = obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024', onBackupStored: (p) => stored.push(p) });
    const settled = attempt.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await platform.advanceAsync(7999);
    expect(await Promise.race([settled, Promise.resolve('pending')])).toBe('pending');
    await platform.advanceAsync(1);
    expect(await settled).toEqual(failure('KEY_GENERATION_TIMEOUT'));
    expect(store.backup()).toBeUndefined();
    pending[0]!.resolve(fakePair(7));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.backup()?.publicKey).toBe('PUB7');
    expect(stored.map((p) => p.publicKey)).toEqual(['PUB7']);
    await expect(obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024' })).resolves.toMatchObject({ publicKey: 'PUB7' });
    expect(pending).toHaveLength(1);
  });

  it('a generation error is a KEY_GENERATION_FAILED failure', async () => {
    const platform = memoryPlatform();
    const { engine, pending } = manualEngine();
    const attempt = obtainClientKeyPair({ platform, engine, store: createClientKeyStore(platform), algorithm: 'rsa1024' });
    pending[0]!.reject(new Error('no entropy'));
    await expect(attempt).rejects.toEqual(failure('KEY_GENERATION_FAILED'));
  });

  it('binding saves the pair to the token (by hash) and user id and empties the backup slot', () => {
    const platform = memoryPlatform({ now: 9000 });
    const store = createClientKeyStore(platform);
    const pair: ClientKeyPair = { publicKey: 'B', privateKeyPem: 'P', algorithm: 'rsa1024', storedAt: 1 };
    store.saveBackup(pair);
    expect(store.bind(pair, 'session-token-123', 'u42')).toBe(true);
    expect(store.backup()).toBeUndefined();
    expect(store.boundTo('session-token-123')).toEqual({ ...pair, storedAt: 9000 });
    expect(store.boundTo('other-token')).toBeUndefined();
    expect(store.bound()).toMatchObject({ userId: 'u42', tokenHash: tokenHashOf('session-token-123') });
    const raw = platform.localStorage.keys().map((k) => platform.localStorage.getItem(k)).join('\n');
    expect(raw).not.toContain('session-token-123');
  });

  it.each([
    ['rsa1024', 1024],
    ['rsa2048', 2048],
  ] as const)('a WebCrypto %s pair is a PKCS#8/SPKI pair node:crypto imports', async (algorithm, bits) => {
    const platform = memoryPlatform();
    const pair = await obtainClientKeyPair({ platform, engine: webcrypto, store: createClientKeyStore(platform), algorithm });
    expect(pair.privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----\n')).toBe(true);
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails).toMatchObject({ modulusLength: bits, publicExponent: 65537n });
    expect(createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyType).toBe('rsa');
  });
});
