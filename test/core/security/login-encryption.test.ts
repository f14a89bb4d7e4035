import { constants, createPrivateKey, createPublicKey, privateDecrypt, verify as nodeVerify } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptLogin, spkiDer } from '../../../examples/gateway/protocol.js';
import {
  ENCRYPTED_MEMBERS,
  KEY_PAIR_CHECK,
  LOGIN_URLS,
  SENSITIVE_FIELDS,
  SUB_ACCOUNT_SWITCH_URLS,
  encryptLoginParams,
  forgeEngine,
  isLoginUrl,
  isSensitiveField,
  isSubAccountSwitchUrl,
  partitionSensitive,
  webCryptoEngine,
} from '../../../core/security/index.js';
import type { KeyWrapAlgorithm, RsaEngine } from '../../../core/security/index.js';
import { fixture, forgeOptions } from './helpers.js';
import { anyText } from '../../support/arbitraries.js';
import { inputClasses } from '../../support/input-classes.js';

const serverKey = createPrivateKey(fixture('server.key'));
const serverKeyDer = new Uint8Array(spkiDer(serverKey));
const random = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** Spec §S7 "Login-type URLs (encrypted)", written out as the seed lists them. */
const SEED_LOGIN_URLS = [
  '/v1/user/agency/login',
  '/v1/user/agency/login/verify-login',
  '/v1/user/login',
  '/v1/user/login/verify-login',
  '/v1/user/login/verify-login-v2',
  '/v1/user/login/verify-auth-login',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
  '/v1/user/register/mobile',
  '/v1/user/register/email',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/sub/switchLoginDemo',
  '/v1/user/sub/switchTradeDemo',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/user/public/third/apple/register',
  '/v1/user/public/third/google/register',
  '/v1/user/public/third/wallet/register',
  '/v1/user/public/third/tg/register',
  '/v1/user/public/third/check',
  '/v1/user/public/third/bind/check',
  '/v1/user/public/third/bind/choose',
  '/v1/user/public/third/tg/sign',
  '/v1/user/public/third/tg/signV2',
  '/v1/user/public/third/tg/generateVirtual',
  '/v1/user/public/third/tg/checkUserExit',
  '/v1/user/public/third/oauth/sign',
  '/v1/user/public/third/wallet/sign',
  '/v1/user/public/third/wallet/check',
  '/v1/user/public/third/securityVerify',
  '/v1/user/public/getQrKeyStatus',
];

let clientKey: { publicKey: string; privateKeyPem: string };
/** Built before the tests run, never while the file is collected. */
let webcrypto: RsaEngine;
beforeAll(async () => {
  webcrypto = webCryptoEngine(globalThis.crypto.subtle);
  clientKey = await webcrypto.generateKeyPair(1024);
});

async function encryptAndDecrypt(params: Record<string, unknown>, engine: RsaEngine, algorithm: KeyWrapAlgorithm) {
  const sent = await encryptLoginParams(params, { engine, serverKeyDer, clientKey, algorithm, randomBytes: random });
  const opened = decryptLogin(serverKey, sent);
  return { sent, opened };
}

describe('login-type URLs (spec §S7)', () => {
  it('the list is exactly the seed’s', () => {
    expect([...LOGIN_URLS].sort()).toEqual([...SEED_LOGIN_URLS].sort());
  });

  it.each(SEED_LOGIN_URLS)('"%s" is a login-type URL and is encrypted', (url) => {
    expect(isLoginUrl(url)).toBe(true);
  });

  it.each([
    '/v1/user/login/',
    '/v1/user/loginx',
    '/v1/user/logout',
    '/user/login',
    '/v1/user/sub/list',
    '/v1/user/public/third/apple',
    'https://x/v1/user/login',
  ])('"%s" is not a login-type URL', (url) => expect(isLoginUrl(url)).toBe(false));

  it('the sub-account switch calls are the five /v1/user/sub/ calls (always processed)', () => {
    expect(SUB_ACCOUNT_SWITCH_URLS).toHaveLength(5);
    for (const url of SEED_LOGIN_URLS) expect(isSubAccountSwitchUrl(url)).toBe(url.startsWith('/v1/user/sub/'));
  });
});

describe('sensitive-field partitioning (spec §S3)', () => {
  const names = fc.oneof(fc.constantFrom(...SENSITIVE_FIELDS), fc.string({ maxLength: 12 }));
  const fieldClasses = () =>
    inputClasses<Record<string, unknown>>({
      'no field': (params) => Object.keys(params).length === 0,
      'only clear fields': (params) => Object.keys(params).length > 0 && !Object.keys(params).some(isSensitiveField),
      'only sensitive fields': (params) => Object.keys(params).length > 0 && Object.keys(params).every(isSensitiveField),
      'both kinds': (params) => Object.keys(params).some(isSensitiveField) && !Object.keys(params).every(isSensitiveField),
    });

  it('random field sets keep exactly the sensitive ones out of the clear body', () => {
    const drawn = fieldClasses();
    fc.assert(
      fc.property(fc.dictionary(names, fc.jsonValue(), { maxKeys: 30 }), (params) => {
        drawn.see(params);
        const { sensitive, clear } = partitionSensitive(params);
        for (const name of Object.keys(sensitive)) expect(isSensitiveField(name)).toBe(true);
        for (const name of Object.keys(clear)) expect(isSensitiveField(name)).toBe(false);
        expect(Object.keys(sensitive).length + Object.keys(clear).length).toBe(Object.keys(params).length);
        expect({ ...clear, ...sensitive }).toEqual(params);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });

  it('a member named __proto__ is kept as a member (JSON bodies can carry one)', () => {
    const params = JSON.parse('{"__proto__":{"x":1},"pwd":"p"}') as Record<string, unknown>;
    const { sensitive, clear } = partitionSensitive(params);
    expect(Object.keys(clear)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(clear)).toBe(Object.prototype);
    expect(sensitive).toEqual({ pwd: 'p' });
  });

  it('the encrypted request carries no sensitive field in the clear, only the four members', async () => {
    const drawn = inputClasses<Record<string, unknown>>({
      'a sensitive field to hide': (params) => Object.keys(params).some(isSensitiveField),
      'none to hide': (params) => !Object.keys(params).some(isSensitiveField),
    });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(names, fc.string(), { maxKeys: 20 }), async (params) => {
        drawn.see(params);
        const sent = await encryptLoginParams(params, {
          engine: webcrypto,
          serverKeyDer,
          clientKey,
          algorithm: 'RSA-OAEP-256',
          randomBytes: random,
        });
        for (const name of Object.keys(sent)) expect(isSensitiveField(name)).toBe(false);
        for (const member of ENCRYPTED_MEMBERS) expect(typeof sent[member]).toBe('string');
        const opened = decryptLogin(serverKey, sent);
        expect(opened?.sensitive).toEqual(partitionSensitive(params).sensitive);
      }),
      { numRuns: 80 },
    );
    drawn.expectEachDrawn(1);
  });

  it('members named like the encrypted members are overwritten, not sent twice', async () => {
    const sent = await encryptLoginParams(
      { pwd: 'x', algorithm: 'evil', bodyCiphertext: 'evil' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    expect(sent.algorithm).toBe('RSA-OAEP-256');
    expect(sent.bodyCiphertext).not.toBe('evil');
  });
});

describe('AES-256-CBC under an RSA-wrapped key, decrypted by node:crypto (docs/security-protocol.md §5.3)', () => {
  const bodies = fc.record(
    {
      loginName: fc.string({ unit: 'grapheme', maxLength: 64 }),
      pwd: fc.oneof(fc.constant(''), anyText({ maxLength: 200 }), fc.string({ minLength: 5000, maxLength: 20000 })),
      googleCode: fc.string({ maxLength: 6 }),
      lang: fc.string(),
    },
    { requiredKeys: [] },
  );

  it('random bodies (unicode, empty, large) round-trip with RSA-OAEP-256 (WebCrypto)', async () => {
    const drawn = inputClasses<Record<string, unknown>>({
      'no password': (b) => b.pwd === undefined || b.pwd === '',
      'a password of thousands of characters': (b) => typeof b.pwd === 'string' && b.pwd.length >= 5000,
      'a password outside ASCII': (b) => typeof b.pwd === 'string' && /[^\0-\x7f]/.test(b.pwd),
    });
    await fc.assert(
      fc.asyncProperty(bodies, async (params) => {
        drawn.see(params);
        const { sent, opened } = await encryptAndDecrypt(params, webcrypto, 'RSA-OAEP-256');
        expect(opened).toBeDefined();
        expect(opened!.sensitive).toEqual(partitionSensitive(params).sensitive);
        expect(sent.lang).toEqual(params.lang);
      }),
      { numRuns: 80 },
    );
    drawn.expectEachDrawn(1);
  });

  it('random bodies round-trip with RSA1_5 (node-forge, decrypted by node:crypto raw RSA)', async () => {
    const drawn = inputClasses<Record<string, unknown>>({
      'no password': (b) => b.pwd === undefined || b.pwd === '',
      'a password of thousands of characters': (b) => typeof b.pwd === 'string' && b.pwd.length >= 5000,
      'a password outside ASCII': (b) => typeof b.pwd === 'string' && /[^\0-\x7f]/.test(b.pwd),
    });
    await fc.assert(
      fc.asyncProperty(bodies, async (params) => {
        drawn.see(params);
        const { opened } = await encryptAndDecrypt(params, webcrypto, 'RSA1_5');
        expect(opened?.algorithm).toBe('RSA1_5');
        expect(opened!.sensitive).toEqual(partitionSensitive(params).sensitive);
      }),
      { numRuns: 80 },
    );
    drawn.expectEachDrawn(1);
  });

  it('bodyCiphertext is wrappedKey.iv.ciphertext, fresh key and IV per call', async () => {
    const first = await encryptLoginParams(
      { pwd: 'same' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    const second = await encryptLoginParams(
      { pwd: 'same' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    const [wk1, iv1, ct1] = String(first.bodyCiphertext).split('.');
    const [wk2, iv2, ct2] = String(second.bodyCiphertext).split('.');
    expect(Buffer.from(wk1!, 'base64')).toHaveLength(256);
    expect(Buffer.from(iv1!, 'base64')).toHaveLength(16);
    expect(Buffer.from(ct1!, 'base64').length % 16).toBe(0);
    expect(iv1).not.toBe(iv2);
    expect(wk1).not.toBe(wk2);
    expect(ct1).not.toBe(ct2);
  });

  it('the AES key and IV are drawn as 32 and 16 random bytes and zero-filled after the call', async () => {
    const drawn: Uint8Array[] = [];
    const spy = (n: number) => {
      const bytes = random(n);
      drawn.push(bytes);
      return bytes;
    };
    await encryptLoginParams({ pwd: 'p' }, { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: spy });
    expect(drawn.map((b) => b.length)).toEqual([32, 16]);
    for (const bytes of drawn) expect(bytes.every((b) => b === 0)).toBe(true);
  });

  it('initSign is the client key’s RSA-SHA256 signature over KEY_PAIR_CHECK (node:crypto verifies)', async () => {
    const sent = await encryptLoginParams(
      {},
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    const key = createPublicKey({ key: Buffer.from(clientKey.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(nodeVerify('sha256', Buffer.from(KEY_PAIR_CHECK), key, Buffer.from(String(sent.initSign), 'base64'))).toBe(true);
    expect(nodeVerify('sha256', Buffer.from('KEY_PAIR_CHECK!'), key, Buffer.from(String(sent.initSign), 'base64'))).toBe(false);
  });

  it('a tampered ciphertext, IV or wrapped key is rejected by the server', async () => {
    const sent = await encryptLoginParams(
      { pwd: 'p', loginName: 'n' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    expect(decryptLogin(serverKey, sent)?.sensitive).toEqual({ pwd: 'p', loginName: 'n' });
    const parts = String(sent.bodyCiphertext).split('.');
    const opened = [0, 1, 2].map((part) => {
      const bytes = Buffer.from(parts[part]!, 'base64');
      bytes[bytes.length - 1]! ^= 0x01;
      const tampered = [...parts];
      tampered[part] = bytes.toString('base64');
      return decryptLogin(serverKey, { ...sent, bodyCiphertext: tampered.join('.') });
    });
    // The wrapped key fails the OAEP check. The IV's last bit flips the sixteenth plaintext byte, inside the field
    // name "loginName" ('i' becomes 'h'), which the server refuses as an unknown field. The ciphertext's last bit
    // turns the last block into noise, which fails the padding check or the JSON parse.
    expect(opened).toEqual([undefined, undefined, undefined]);
  });

  it('the AES key WebCrypto encrypts with cannot be exported from it', async () => {
    const imported: CryptoKey[] = [];
    const subtle = {
      importKey: async (...args: Parameters<SubtleCrypto['importKey']>) => {
        const key = await globalThis.crypto.subtle.importKey(...args);
        imported.push(key);
        return key;
      },
      encrypt: (...args: Parameters<SubtleCrypto['encrypt']>) => globalThis.crypto.subtle.encrypt(...args),
    } as unknown as SubtleCrypto;
    const sent = await encryptLoginParams(
      { pwd: 'p', loginName: 'n' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random, subtle },
    );
    expect(decryptLogin(serverKey, sent)?.sensitive).toEqual({ pwd: 'p', loginName: 'n' });
    expect(imported.map((key) => [key.algorithm.name, key.extractable, key.usages])).toEqual([['AES-CBC', false, ['encrypt']]]);
    const refusal = await globalThis.crypto.subtle.exportKey('raw', imported[0]!).then(
      () => undefined,
      (error: unknown) => (error as DOMException).message,
    );
    // Node names the DOMException InvalidAccessException where the standard says InvalidAccessError; the message
    // is the same in both.
    expect(refusal).toMatch(/not extractable/);
  });

  it('a wrap that waits for the server key import still wraps the key the caller passed, then zeroed', async () => {
    const fresh = webCryptoEngine(globalThis.crypto.subtle);
    const key = random(32);
    const expected = Buffer.from(key);
    const wrapping = fresh.wrapKey(serverKeyDer, key, 'RSA-OAEP-256');
    key.fill(0);
    const wrapped = await wrapping;
    const opened = privateDecrypt({ key: serverKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
    expect(opened.equals(expected)).toBe(true);
    // Once imported, the job is queued at once: zeroing right after the call does not reach it either.
    const again = random(32);
    const expectedAgain = Buffer.from(again);
    const second = fresh.wrapKey(serverKeyDer, again, 'RSA-OAEP-256');
    again.fill(0);
    const openedAgain = privateDecrypt({ key: serverKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, await second);
    expect(openedAgain.equals(expectedAgain)).toBe(true);
  });

  it('computes initSign alongside the key wrap when it is not given, and a failing payload rejects cleanly', async () => {
    const sent = await encryptLoginParams(
      { pwd: 'p' },
      { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random },
    );
    const key = createPublicKey({ key: Buffer.from(clientKey.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(nodeVerify('sha256', Buffer.from(KEY_PAIR_CHECK), key, Buffer.from(String(sent.initSign), 'base64'))).toBe(true);
    await expect(
      encryptLoginParams({ pwd: 1n }, { engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256', randomBytes: random }),
    ).rejects.toThrow(TypeError);
  });
});

describe('the node-forge path in pure JavaScript (what a browser without WebCrypto runs)', () => {
  let previous: boolean | undefined;
  beforeAll(() => {
    previous = forgeOptions.usePureJavaScript;
    forgeOptions.usePureJavaScript = true;
  });
  afterAll(() => {
    forgeOptions.usePureJavaScript = previous ?? false;
  });

  it('a pure-JS key pair, OAEP and v1.5 key wraps and initSign all interoperate with node:crypto', async () => {
    const engine = forgeEngine();
    const pair = await engine.generateKeyPair(1024);
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(1024);
    for (const algorithm of ['RSA-OAEP-256', 'RSA1_5'] as const) {
      const sent = await encryptLoginParams(
        { pwd: 'pure ✓', lang: 'en' },
        { engine, serverKeyDer, clientKey: pair, algorithm, randomBytes: random },
      );
      expect(decryptLogin(serverKey, sent)?.sensitive).toEqual({ pwd: 'pure ✓' });
    }
  }, 60_000);
});

describe('login encryption: arguments, a given initSign and failures (issue 24)', async () => {
  const { computeInitSign, encryptSensitiveFields } = await import('../../../core/security/login-encryption.js');
  const named = (field: string) =>
    expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: expect.objectContaining({ field }) });
  const options = () => ({ engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256' as const, randomBytes: random });

  it('partitionSensitive leaves out undefined members and refuses what is not an object, naming params', () => {
    expect(partitionSensitive({ pwd: undefined, lang: undefined, loginName: 'n', x: null })).toStrictEqual({
      sensitive: { loginName: 'n' },
      clear: { x: null },
    });
    for (const bad of [null, 'pwd=1', 5])
      expect(() => partitionSensitive(bad as unknown as Record<string, unknown>)).toThrowError(named('params'));
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(() => partitionSensitive(hostile)).toThrowError(named('params'));
  });

  it('encryptSensitiveFields encrypts exactly the given fields; the server opens them (node:crypto)', async () => {
    const sent = await encryptSensitiveFields({ pwd: 'p', mobile: '123' }, options());
    expect(Object.keys(sent).sort()).toStrictEqual(['algorithm', 'bodyCiphertext', 'initSign', 'publicKey']);
    expect(sent.algorithm).toBe('RSA-OAEP-256');
    expect(sent.publicKey).toBe(clientKey.publicKey);
    expect(decryptLogin(serverKey, { ...sent })?.sensitive).toStrictEqual({ pwd: 'p', mobile: '123' });
  });

  it('a given initSign is sent as it is, and the client key is not asked to sign', async () => {
    let signed = 0;
    const engine: RsaEngine = { ...webcrypto, sign: (pem, data) => (signed++, webcrypto.sign(pem, data)) };
    const sent = await encryptLoginParams({ pwd: 'p' }, { ...options(), engine, initSign: 'GIVEN' });
    expect(sent.initSign).toBe('GIVEN');
    expect(signed).toBe(0);
    const computed = await encryptLoginParams({ pwd: 'p' }, { ...options(), engine });
    expect(signed).toBe(1);
    expect(computed.initSign).toBe(await computeInitSign(webcrypto, clientKey.privateKeyPem));
  });

  it('an initSign under way is not waited for before the key wrap starts, and its value is sent', async () => {
    let release!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (release = resolve));
    let wrapsStarted = 0;
    const engine: RsaEngine = { ...webcrypto, wrapKey: (...args) => (wrapsStarted++, webcrypto.wrapKey(...args)) };
    const sending = encryptLoginParams({ pwd: 'p' }, { ...options(), engine, initSign: pending });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(wrapsStarted).toBe(1);
    const initSign = await computeInitSign(webcrypto, clientKey.privateKeyPem);
    release(initSign);
    const sent = await sending;
    expect(sent.initSign).toBe(initSign);
    expect(decryptLogin(serverKey, sent)!.sensitive).toEqual({ pwd: 'p' });
  });

  it('an initSign under way that fails is the call’s error, after the AES key and IV are zeroed', async () => {
    const boom = new Error('sign failed');
    const drawn: Uint8Array[] = [];
    const randomBytes = (n: number) => {
      const bytes = random(n);
      drawn.push(bytes);
      return bytes;
    };
    await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), randomBytes, initSign: Promise.reject(boom) })).rejects.toBe(boom);
    expect(drawn.map((b) => b.every((x) => x === 0))).toStrictEqual([true, true]);
  });

  it('RSA work that fails while the WebCrypto AES step still runs is the call’s error, never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const boom = new Error('wrap failed');
      // An AES step that takes a few macrotasks, as WebCrypto does off the main thread; the wrap fails at once.
      const slow = {
        importKey: async (...args: Parameters<SubtleCrypto['importKey']>) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return globalThis.crypto.subtle.importKey(...args);
        },
        encrypt: (...args: Parameters<SubtleCrypto['encrypt']>) => globalThis.crypto.subtle.encrypt(...args),
      } as unknown as SubtleCrypto;
      const engine = { ...webcrypto, wrapKey: () => Promise.reject(boom) };
      await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), engine, subtle: slow })).rejects.toBe(boom);
      await expect(
        encryptLoginParams({ pwd: 'p' }, { ...options(), subtle: slow, initSign: Promise.reject(new Error('sign failed')) }),
      ).rejects.toThrow('sign failed');
      // Node reports an unhandled rejection after the microtasks of the turn that left it unhandled.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a given initSign must be a signature: anything else is refused, naming options.initSign', async () => {
    for (const initSign of [42, '', Promise.resolve(7)]) {
      await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), initSign: initSign as never })).rejects.toThrowError(
        named('options.initSign'),
      );
    }
    await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), initSign: 42 as never })).rejects.toMatchObject({
      msg: 'login encryption: options.initSign must be a signature (a non-empty string, or a promise of one), got 42',
    });
  });

  it('the AES step through WebCrypto gives the bytes of the JavaScript AES, and one that refuses falls back to it', async () => {
    // The same key and IV for every call, so the three ciphertexts can be compared.
    const fixed = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 255);
    const aesJobs: string[] = [];
    const counting = {
      importKey: (...args: Parameters<SubtleCrypto['importKey']>) => (aesJobs.push('import'), globalThis.crypto.subtle.importKey(...args)),
      encrypt: async (...args: Parameters<SubtleCrypto['encrypt']>) => {
        aesJobs.push('encrypt');
        const sealed = await globalThis.crypto.subtle.encrypt(...args);
        // Recorded only when WebCrypto accepted the job: a refused one would fall back to the JavaScript AES.
        aesJobs.push('encrypted');
        return sealed;
      },
    } as unknown as SubtleCrypto;
    const refusing = { importKey: () => Promise.reject(new Error('no AES here')) } as unknown as SubtleCrypto;
    const params = { loginName: 'bench@example.com', pwd: 'é🔑'.repeat(40), lang: 'en' };
    const initSign = await computeInitSign(webcrypto, clientKey.privateKeyPem);
    const ciphertextOf = async (subtle: SubtleCrypto | undefined) => {
      const sent = await encryptLoginParams(params, { ...options(), randomBytes: fixed, initSign, subtle });
      expect(decryptLogin(serverKey, sent)!.sensitive).toEqual(partitionSensitive(params).sensitive);
      return String(sent.bodyCiphertext).split('.').slice(1).join('.');
    };
    const viaWebCrypto = await ciphertextOf(counting);
    expect(aesJobs).toEqual(['import', 'encrypt', 'encrypted']);
    expect(await ciphertextOf(undefined)).toBe(viaWebCrypto);
    expect(await ciphertextOf(refusing)).toBe(viaWebCrypto);
  });

  it('refuses bad options and arguments, naming the field', async () => {
    await expect(encryptSensitiveFields({}, null as never)).rejects.toThrowError(named('options'));
    await expect(encryptLoginParams({}, null as never)).rejects.toThrowError(named('options'));
    await expect(encryptLoginParams({}, { ...options(), randomBytes: 'x' as never })).rejects.toThrowError(named('options.randomBytes'));
    await expect(encryptLoginParams({}, { ...options(), engine: { sign: webcrypto.sign } as never })).rejects.toThrowError(
      named('options.engine.wrapKey'),
    );
    await expect(encryptLoginParams({}, { ...options(), clientKey: undefined as never })).rejects.toThrowError(named('options.clientKey'));
    await expect(computeInitSign({} as RsaEngine, clientKey.privateKeyPem)).rejects.toThrowError(named('engine.sign'));
    await expect(computeInitSign(webcrypto, 5 as never)).rejects.toThrowError(named('privateKeyPem'));
  });

  it('a failing key wrap rejects with its own error, after the AES key and IV are zeroed', async () => {
    const boom = new Error('wrap failed');
    const drawn: Uint8Array[] = [];
    const engine: RsaEngine = { ...webcrypto, wrapKey: () => Promise.reject(boom) };
    const randomBytes = (n: number) => {
      const bytes = random(n);
      drawn.push(bytes);
      return bytes;
    };
    await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), engine, randomBytes })).rejects.toBe(boom);
    expect(drawn.map((b) => b.every((x) => x === 0))).toStrictEqual([true, true]);
    // A failing signature is the call's error too.
    const signFails: RsaEngine = { ...webcrypto, sign: () => Promise.reject(new Error('sign failed')) };
    await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), engine: signFails })).rejects.toThrow('sign failed');
  });
});

describe('login encryption: exact refusals, and the call’s own error kept (issue 24)', () => {
  const message = (msg: string) => expect.objectContaining({ name: 'InvalidArgumentError', msg });
  const options = () => ({ engine: webcrypto, serverKeyDer, clientKey, algorithm: 'RSA-OAEP-256' as const, randomBytes: random });

  it('partitionSensitive names itself and what it expected', () => {
    expect(() => partitionSensitive(null as never)).toThrowError(message('partitionSensitive: params must be an object, got null'));
    expect(() => partitionSensitive('pwd' as never)).toThrowError(message('partitionSensitive: params must be an object, got "pwd"'));
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(() => partitionSensitive(hostile)).toThrowError(
      message('partitionSensitive: params must be an object whose fields can be read, got an object'),
    );
  });

  it('option and argument errors name the function or the service', async () => {
    const { computeInitSign, encryptSensitiveFields } = await import('../../../core/security/login-encryption.js');
    await expect(encryptSensitiveFields({}, null as never)).rejects.toThrowError(
      message('encryptSensitiveFields: options must be an object, got null'),
    );
    await expect(encryptLoginParams({}, null as never)).rejects.toThrowError(
      message('encryptLoginParams: options must be an object, got null'),
    );
    await expect(encryptLoginParams({}, { ...options(), randomBytes: 'x' as never })).rejects.toThrowError(
      message('login encryption: options.randomBytes must be a function, got "x"'),
    );
    await expect(encryptLoginParams({}, { ...options(), engine: { sign: webcrypto.sign } as never })).rejects.toThrowError(
      message('login encryption: options.engine.wrapKey must be an object, got undefined'),
    );
    await expect(encryptLoginParams({}, { ...options(), clientKey: undefined as never })).rejects.toThrowError(
      message('login encryption: options.clientKey must be an object, got undefined'),
    );
    await expect(computeInitSign({} as RsaEngine, clientKey.privateKeyPem)).rejects.toThrowError(
      message('computeInitSign: engine.sign must be an object, got undefined'),
    );
    await expect(computeInitSign(webcrypto, 5 as never)).rejects.toThrowError(
      message('computeInitSign: privateKeyPem must be a string, got 5'),
    );
  });

  it('with a given initSign, a failing key wrap rejects with its own error', async () => {
    const boom = new Error('wrap failed');
    const engine: RsaEngine = { ...webcrypto, wrapKey: () => Promise.reject(boom) };
    await expect(encryptLoginParams({ pwd: 'p' }, { ...options(), engine, initSign: 'GIVEN' })).rejects.toBe(boom);
  });

  it('params that are not an object reject with the params error, after the AES key and IV are zeroed', async () => {
    const drawn: Uint8Array[] = [];
    const randomBytes = (n: number) => {
      const bytes = random(n);
      drawn.push(bytes);
      return bytes;
    };
    await expect(encryptLoginParams(null as never, { ...options(), randomBytes })).rejects.toThrowError(
      message('partitionSensitive: params must be an object, got null'),
    );
    expect(drawn.map((b) => b.length > 0 && b.every((x) => x === 0))).toStrictEqual([true, true]);
  });
});
