import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createClientKeyStore, obtainClientKeyPair, tokenHashOf, webCryptoEngine } from '../../../core/security/index.js';
import type { ClientKeyPair, GeneratedKeyPair, RsaEngine } from '../../../core/security/index.js';

/** Built on first use, never while the file is collected. */
const webcrypto = () => webCryptoEngine(globalThis.crypto.subtle);

/** An engine whose key generation the test finishes by hand. */
function manualEngine() {
  const pending: Array<{ bits: number; resolve: (pair: GeneratedKeyPair) => void; reject: (e: unknown) => void }> = [];
  const engine: RsaEngine = {
    kind: 'webcrypto',
    generateKeyPair: (bits) => new Promise((resolve, reject) => pending.push({ bits, resolve, reject })),
    sign: webcrypto().sign,
    wrapKey: webcrypto().wrapKey,
  };
  return { engine, pending };
}

const fakePair = (n: number): GeneratedKeyPair => ({ publicKey: `PUB${n}`, privateKeyPem: `PEM${n}` });
const failure = (code: string) => expect.objectContaining({ name: 'SigningInitError', code });

describe('client key pair (spec §S4)', () => {
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
    await expect(obtainClientKeyPair({ platform, engine, store: createClientKeyStore(platform), algorithm: 'rsa1024' })).rejects.toEqual(
      failure('INSECURE_CONTEXT'),
    );
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
    const raw = platform.localStorage
      .keys()
      .map((k) => platform.localStorage.getItem(k))
      .join('\n');
    expect(raw).not.toContain('session-token-123');
  });

  it.each([
    ['rsa1024', 1024],
    ['rsa2048', 2048],
  ] as const)('a WebCrypto %s pair is a PKCS#8/SPKI pair node:crypto imports', async (algorithm, bits) => {
    const platform = memoryPlatform();
    const pair = await obtainClientKeyPair({ platform, engine: webcrypto(), store: createClientKeyStore(platform), algorithm });
    expect(pair.privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----\n')).toBe(true);
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails).toMatchObject({ modulusLength: bits, publicExponent: 65537n });
    expect(createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyType).toBe('rsa');
  });
});

describe('client key store: what it accepts back from storage', () => {
  const good: ClientKeyPair = { publicKey: 'B', privateKeyPem: 'P', algorithm: 'rsa2048', storedAt: 5 };

  it.each([
    ['a public key that is not a string', { ...good, publicKey: 1 }],
    ['a private key that is not a string', { ...good, privateKeyPem: null }],
    ['an algorithm that is not a string', { ...good, algorithm: 1024 }],
    ['an unknown algorithm', { ...good, algorithm: 'rsa4096' }],
    ['an inherited name as algorithm', { ...good, algorithm: 'toString' }],
    ['a stored time that is not a number', { ...good, storedAt: '5' }],
    ['no object at all', 'pair'],
    ['null', null],
  ])('a backup pair with %s reads as none', (_rule, stored) => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    expect(store.saveBackup(stored as unknown as ClientKeyPair)).toBe(true);
    expect(store.backup()).toBeUndefined();
  });

  it.each([
    ['a token hash that is not a string', { tokenHash: 7, userId: 'u', pair: good }],
    ['a user id that is not a string', { tokenHash: 'h', userId: 42, pair: good }],
    ['a malformed pair', { tokenHash: 'h', userId: 'u', pair: { ...good, algorithm: 'constructor' } }],
    ['null', null],
  ])('a bound pair with %s reads as none', (_rule, bound) => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    // Written through the store, then replaced in place with the malformed value.
    expect(store.bind(good, 'h', 'u')).toBe(true);
    const [key] = platform.localStorage.keys();
    platform.localStorage.setItem(key!, JSON.stringify({ v: bound }));
    expect(store.bound()).toBeUndefined();
    expect(store.boundTo('h')).toBeUndefined();
  });

  it('a bind that storage refuses keeps the backup and reports false', () => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    store.saveBackup(good);
    platform.browser.localStorage.failWrites = new Error('quota');
    expect(store.bind(good, 'token', 'u1')).toBe(false);
    platform.browser.localStorage.failWrites = undefined;
    expect(store.backup()).toStrictEqual(good);
    expect(store.bound()).toBeUndefined();
  });

  it('removeBackup empties the backup slot only; clear empties both', () => {
    const platform = memoryPlatform({ now: 77 });
    const store = createClientKeyStore(platform);
    store.bind(good, 'token', 'u1');
    store.saveBackup(good);
    store.removeBackup();
    expect(store.backup()).toBeUndefined();
    expect(store.bound()).toStrictEqual({ tokenHash: tokenHashOf('token'), userId: 'u1', pair: { ...good, storedAt: 77 } });
    store.saveBackup(good);
    store.clear();
    expect(store.backup()).toBeUndefined();
    expect(store.bound()).toBeUndefined();
  });

  it('the token hash is the hex SHA-256 of the token (node:crypto)', () => {
    for (const token of ['', 'session-token-123', 'jeton-é-🔑'])
      expect(tokenHashOf(token)).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    expect(() => tokenHashOf(5 as unknown as string)).toThrowError(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'token' }) }),
    );
  });
});

describe('obtainClientKeyPair: time-out and arguments', () => {
  it('a custom time-out is used and named in the failure; the timer is cleared when the pair arrives first', async () => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    const { engine, pending } = manualEngine();
    const attempt = obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024', timeoutMs: 500 }).catch((e: unknown) => e);
    await platform.advanceAsync(500);
    const error = await attempt;
    expect(error).toEqual(failure('KEY_GENERATION_TIMEOUT'));
    expect((error as { msg: string }).msg).toBe('key generation took longer than 500 ms');
    expect(pending).toHaveLength(1);

    const quick = memoryPlatform();
    const manual = manualEngine();
    const stored: ClientKeyPair[] = [];
    const result = obtainClientKeyPair({
      platform: quick,
      engine: manual.engine,
      store: createClientKeyStore(quick),
      algorithm: 'rsa1024',
      onBackupStored: (p) => stored.push(p),
    });
    manual.pending[0]!.resolve(fakePair(3));
    await expect(result).resolves.toMatchObject({ publicKey: 'PUB3' });
    expect(quick.timers.pending).toBe(0);
    expect(stored).toEqual([]);
  });

  it('the default time-out, 8000 ms, is named in the failure', async () => {
    const platform = memoryPlatform();
    const { engine } = manualEngine();
    const attempt = obtainClientKeyPair({ platform, engine, store: createClientKeyStore(platform), algorithm: 'rsa1024' }).catch(
      (e: unknown) => e,
    );
    await platform.advanceAsync(8000);
    expect((await attempt) as { msg: string }).toMatchObject({
      code: 'KEY_GENERATION_TIMEOUT',
      msg: 'key generation took longer than 8000 ms',
    });
  });

  it('a generation failure keeps its cause; a late failure after the time-out stores nothing', async () => {
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    const { engine, pending } = manualEngine();
    const cause = new Error('no entropy');
    const attempt = obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024' }).catch((e: unknown) => e);
    pending[0]!.reject(cause);
    const error = (await attempt) as Error & { msg: string };
    expect(error).toEqual(failure('KEY_GENERATION_FAILED'));
    expect(error.msg).toBe('client key pair generation failed');
    expect(error.cause).toBe(cause);
    expect(store.backup()).toBeUndefined();
  });

  it('refuses bad options naming the field', async () => {
    const platform = memoryPlatform();
    const { engine } = manualEngine();
    const store = createClientKeyStore(platform);
    const named = (field: string) => expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }) });
    await expect(obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024', timeoutMs: 0 })).rejects.toThrowError(
      named('timeoutMs'),
    );
    await expect(
      obtainClientKeyPair({ platform, engine: undefined as unknown as RsaEngine, store, algorithm: 'rsa1024' }),
    ).rejects.toThrowError(named('options.engine'));
    await expect(obtainClientKeyPair({ platform: {} as typeof platform, engine, store, algorithm: 'rsa1024' })).rejects.toThrowError(
      named('options.platform.crypto'),
    );
    expect(() => createClientKeyStore({} as typeof platform)).toThrowError(named('platform.clock'));
  });
});

describe('client keys: where they are stored and what a refusal says (issue 24)', () => {
  const good: ClientKeyPair = { publicKey: 'B', privateKeyPem: 'P', algorithm: 'rsa2048', storedAt: 5 };
  const message = (msg: string) => expect.objectContaining({ name: 'InvalidArgumentError', msg });

  it('the backup and the bound pair live under their own keys of the common area', () => {
    const platform = memoryPlatform({ now: 3 });
    const store = createClientKeyStore(platform);
    store.saveBackup(good);
    expect(platform.localStorage.keys()).toStrictEqual(['exkit:common:v1:gatewaySignKeyBackup']);
    store.bind(good, 'token', 'u1');
    expect(platform.localStorage.keys()).toStrictEqual(['exkit:common:v1:gatewaySignKeyBound']);
    expect(JSON.parse(platform.localStorage.getItem('exkit:common:v1:gatewaySignKeyBound')!)).toStrictEqual({
      v: { tokenHash: tokenHashOf('token'), userId: 'u1', pair: { ...good, storedAt: 3 } },
    });
  });

  it('isClientKeyPair answers false for undefined and for an algorithm that only converts to a known name', async () => {
    const { isClientKeyPair } = await import('../../../core/security/client-keys.js');
    expect(isClientKeyPair(undefined)).toBe(false);
    expect(isClientKeyPair(good)).toBe(true);
    expect(isClientKeyPair({ ...good, algorithm: ['rsa2048'] })).toBe(false);
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    store.saveBackup({ ...good, algorithm: ['rsa1024'] } as unknown as ClientKeyPair);
    expect(store.backup()).toBeUndefined();
  });

  it('argument errors name the function and the field in their message', async () => {
    expect(() => tokenHashOf(5 as unknown as string)).toThrowError(message('tokenHashOf: token must be a string, got 5'));
    expect(() =>
      createClientKeyStore({ localStorage: {}, sessionStorage: {} } as unknown as Parameters<typeof createClientKeyStore>[0]),
    ).toThrowError(message('createClientKeyStore: platform.clock must be an object, got undefined'));
    const platform = memoryPlatform();
    const store = createClientKeyStore(platform);
    const { engine } = manualEngine();
    await expect(obtainClientKeyPair(null as never)).rejects.toThrowError(
      message('obtainClientKeyPair: options must be an object, got null'),
    );
    await expect(obtainClientKeyPair({ platform, store, algorithm: 'rsa1024' } as never)).rejects.toThrowError(
      message('obtainClientKeyPair: options.engine must be an object, got undefined'),
    );
    await expect(obtainClientKeyPair({ platform: {} as typeof platform, engine, store, algorithm: 'rsa1024' })).rejects.toThrowError(
      message('obtainClientKeyPair: options.platform.crypto must be an object, got undefined'),
    );
    await expect(obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024', timeoutMs: 0 })).rejects.toThrowError(
      message('client key pair: timeoutMs must be a positive, finite number of ms up to 2147483647'),
    );
  });

  it('the insecure-context failure says why', async () => {
    const platform = memoryPlatform({ isSecureContext: false });
    const { engine } = manualEngine();
    await expect(
      obtainClientKeyPair({ platform, engine, store: createClientKeyStore(platform), algorithm: 'rsa1024' }),
    ).rejects.toMatchObject({
      code: 'INSECURE_CONTEXT',
      msg: 'a client key pair is generated only in a secure context (https)',
    });
  });

  it('a late pair without onBackupStored is still kept as the backup, with no stray rejection', async () => {
    const stray: unknown[] = [];
    const onStray = (reason: unknown) => stray.push(reason);
    process.on('unhandledRejection', onStray);
    try {
      const platform = memoryPlatform({ now: 11 });
      const store = createClientKeyStore(platform);
      const { engine, pending } = manualEngine();
      const attempt = obtainClientKeyPair({ platform, engine, store, algorithm: 'rsa1024', timeoutMs: 100 }).catch((e: unknown) => e);
      await platform.advanceAsync(100);
      expect(await attempt).toMatchObject({ code: 'KEY_GENERATION_TIMEOUT' });
      pending[0]!.resolve(fakePair(9));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.backup()).toStrictEqual({ ...fakePair(9), algorithm: 'rsa1024', storedAt: 111 });
      expect(stray).toStrictEqual([]);
    } finally {
      process.off('unhandledRejection', onStray);
    }
  });
});
