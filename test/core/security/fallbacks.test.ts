import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createSecurity, loginUserId, selectRsaEngine, webCryptoEngine } from '../../../core/security/index.js';
import type { RsaEngine } from '../../../core/security/index.js';
import { SIGNING_CERT, forgeOptions, harness } from './helpers.js';
import type { Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('login response user id (spec §S3)', () => {
  it.each([
    [{ data: { userInfo: { userId: 'u1' } } }, 'u1'],
    [{ data: { accessTokenResVO: { userInfo: { userId: 'u2' } } } }, 'u2'],
    [{ data: { userInfo: { userId: 123 } } }, '123'],
    [{ data: { userInfo: {} } }, undefined],
    [{ data: null }, undefined],
    ['text', undefined],
  ])('%j → %s', (body, id) => {
    expect(loginUserId(body)).toBe(id);
  });

  it('falls back to the uid cookie when the response names no user id', async () => {
    h = await harness({
      fetch: async (request) => {
        const response = await fetch(request);
        if (!request.url.endsWith('/v1/user/login')) return response;
        const body = (await response.json()) as { data: Record<string, unknown> };
        delete body.data.userInfo;
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      },
    });
    await h.init();
    await h.api.post('v1/user/login', { json: { loginName: 'bob', pwd: 'x' } });
    expect(h.security.keys.bound()?.userId).toBe(h.platform.cookies.get('uid'));
    expect(h.security.keys.bound()?.userId).toMatch(/^u[0-9a-f]{10}$/);
  });
});

describe('RSA engine selection: WebCrypto where present, node-forge where not', () => {
  it('picks WebCrypto when the platform has subtle crypto, node-forge otherwise or on request', () => {
    expect(selectRsaEngine(globalThis.crypto.subtle).kind).toBe('webcrypto');
    expect(selectRsaEngine(undefined).kind).toBe('forge');
    expect(selectRsaEngine(globalThis.crypto.subtle, 'forge').kind).toBe('forge');
    const platform = memoryPlatform();
    (platform.crypto as { subtle: SubtleCrypto | undefined }).subtle = undefined;
    expect(createSecurity(platform, { certificatePem: SIGNING_CERT }).engine.kind).toBe('forge');
  });

  it("the server key is verified with the platform's WebCrypto, not the host's global", async () => {
    const real = globalThis.crypto.subtle;
    let verifies = 0;
    const subtle = new Proxy(real, {
      get(target, name) {
        if (name === 'verify') verifies++;
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    h = await harness({ platform: { crypto: { getRandomValues: (array) => globalThis.crypto.getRandomValues(array), subtle } } });
    await h.init();
    expect(h.security.snapshot().serverKey).toBeDefined();
    expect(verifies).toBe(1);
  });

  describe('a host without WebCrypto (node-forge in pure JavaScript)', () => {
    let previous = false;
    beforeAll(() => {
      previous = forgeOptions.usePureJavaScript;
      forgeOptions.usePureJavaScript = true;
    });
    afterAll(() => {
      forgeOptions.usePureJavaScript = previous;
    });

    it('runs init, an encrypted login and signed core calls the gateway accepts', async () => {
      h = await harness({ security: { engine: 'forge' } });
      expect(h.security.engine.kind).toBe('forge');
      await h.init();
      await h.login();
      expect(h.gateway.logins[0]).toMatchObject({ encrypted: true, algorithm: 'RSA-OAEP-256' });
      await h.api.post('v1/spot/order/place', { json: { price: '1' } });
      expect(h.gateway.signs.at(-1)).toMatchObject({ mode: 2, result: 'ok' });
    }, 60_000);
  });
});

describe('login encryption never falls back to the clear', () => {
  it('a failing key wrap rejects the call with LoginEncryptionError and nothing reaches the gateway', async () => {
    const real = webCryptoEngine(globalThis.crypto.subtle);
    const broken: RsaEngine = { ...real, wrapKey: async () => Promise.reject(new Error('wrap failed')) };
    h = await harness({ security: { engine: broken } });
    await h.init();
    await expect(h.api.post('v1/user/login', { json: { loginName: 'a', pwd: 'b' } })).rejects.toMatchObject({
      name: 'LoginEncryptionError',
      code: 'LOGIN_ENCRYPTION_FAILED',
    });
    expect(h.gateway.logins).toHaveLength(0);
  });
});

describe('API path of a request (the seed’s "URL starts with \'/\'")', async () => {
  const { apiPathOf } = await import('../../../core/security/request-hooks.js');
  const base = { apiOrigin: 'https://api.example', apiBasePath: '/gw' };
  it.each([
    ['https://api.example/gw/v1/user/login', '/v1/user/login'],
    ['https://api.example/gw/v1/spot/x?y=1', '/v1/spot/x'],
    ['https://api.example/gwx/v1/spot/x', undefined],
    ['https://api.example/v1/spot/x', undefined],
    ['https://other.example/gw/v1/spot/x', undefined],
  ])('%s → %s', (url, path) => {
    expect(apiPathOf(new Request(url), undefined, base)).toBe(path);
  });
  it('for an exkit HTTP client’s call, the path is the one the request’s URL carries under the client’s base URL', () => {
    const context = (url: string) => ({ context: { exkit: { apiPath: '/v1/a', url, baseUrl: 'https://elsewhere.example/base' } } });
    expect(apiPathOf(new Request('https://elsewhere.example/base/v1/a'), context('https://elsewhere.example/base/v1/a'), base)).toBe(
      '/v1/a',
    );
    // A hook pointed the request at another path: that path is judged, not the one the call was written with.
    expect(
      apiPathOf(new Request('https://elsewhere.example/base/v1/user/login'), context('https://elsewhere.example/base/v1/a'), base),
    ).toBe('/v1/user/login');
    expect(apiPathOf(new Request('https://other.example/base/v1/a'), context('https://elsewhere.example/base/v1/a'), base)).toBeUndefined();
    // A context without the client's base URL did not come from an exkit client: no API path.
    expect(
      apiPathOf(new Request('https://elsewhere.example/base/v1/a'), { context: { exkit: { apiPath: '/v1/a' } } }, base),
    ).toBeUndefined();
  });
});
