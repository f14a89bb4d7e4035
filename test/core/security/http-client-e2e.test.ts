// The security service installed on the exkit HTTP client (createHttpClient), against the reference gateway.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { startGateway } from '../../../examples/gateway/gateway.js';
import type { Gateway } from '../../../examples/gateway/gateway.js';
import { cookieJarHooks, createHttpClient } from '../../../core/http/index.js';
import type { HttpClient, HttpEvent } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { MemoryPlatform } from '../../../core/platform/index.js';
import { createSecurity, webCryptoEngine } from '../../../core/security/index.js';
import type { RsaEngine, Security } from '../../../core/security/index.js';
import { signingInitMachine } from '../../../machines/signing-init.machine.js';
import { createRiskTokenService } from '../../../machines/risk-token.service.js';
import { SIGNING_CERT } from './helpers.js';

interface Setup {
  gateway: Gateway;
  platform: MemoryPlatform;
  http: HttpClient;
  security: Security;
  httpEvents: HttpEvent[];
}
let current: Setup | undefined;
afterEach(async () => {
  current?.security.dispose();
  current?.http.dispose();
  await current?.gateway.close();
  current = undefined;
});

async function setup(): Promise<Setup> {
  const gateway = await startGateway();
  const platform = memoryPlatform({ now: Date.now() });
  // The browser's cookie jar, for Node: the session cookie set at login goes with every later call.
  const jar = { cookies: platform.cookies, cookieStore: platform.browser.cookieStore, clock: platform.clock };
  const http = createHttpClient(platform, { baseUrl: gateway.url, hooks: cookieJarHooks(jar, gateway.url) });
  const security = createSecurity(platform, { certificatePem: SIGNING_CERT, http, log: () => undefined });
  const httpEvents: HttpEvent[] = [];
  http.events$.subscribe((event) => httpEvents.push(event));
  current = { gateway, platform, http, security, httpEvents };
  return current;
}

async function ready(s: Setup) {
  const actor = createActor(signingInitMachine, { input: { security: s.security }, clock: s.platform.timers }).start();
  actor.send({ type: 'INIT' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  return actor;
}

describe('security on the exkit HTTP client', () => {
  it('signing init fetches the config through the client, then logins are encrypted and core calls signed', async () => {
    const s = await setup();
    const actor = await ready(s);
    expect(s.gateway.configFetches).toBe(1);
    const login = await s.http.post<{ userInfo: { userId: string } }>('/user/login', { loginName: ' alice ', pwd: 'pw', lang: 'en' });
    expect(s.gateway.logins[0]).toMatchObject({ encrypted: true, sensitive: { loginName: 'alice', pwd: 'pw' }, clear: { lang: 'en' } });
    expect(s.security.keys.bound()?.userId).toBe(login.data.userInfo.userId);

    await s.http.get('/spot/order/list', { page: 1 }); // mode 2: the query carries languageType and _t too
    await s.http.post('/spot/account', { amount: '1.5' }); // mode 1
    await s.http.post(
      '/spot/upload',
      (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.bin');
        return form;
      })(),
    );
    expect(s.gateway.signs.slice(-3).map((r) => [r.path, r.result])).toEqual([
      ['/v1/spot/order/list', 'ok'],
      ['/v1/spot/account', 'ok'],
      ['/v1/spot/upload', 'ok'],
    ]);
    actor.stop();
  });

  it('encrypting a login and signing a call read the body the client wrote: no extra copy of the request, bytes the gateway verifies', async () => {
    const s = await setup();
    const actor = await ready(s);
    const clones = vi.spyOn(Request.prototype, 'clone');
    const copiesFor = async (call: () => Promise<unknown>) => {
      clones.mockClear();
      await call();
      return clones.mock.calls.length;
    };
    // A call no hook rewrites (outside the sign config, before login): what ky itself copies.
    const plain = await copiesFor(() => s.http.post('/plain/echo', { note: 'ünïcode ✓' }));
    expect(await copiesFor(() => s.http.post('/user/login', { loginName: 'ünï', pwd: 'pw ✓', lang: 'en' }))).toBe(plain);
    expect(s.gateway.logins.at(-1)).toMatchObject({ encrypted: true, sensitive: { loginName: 'ünï', pwd: 'pw ✓' } });
    expect(await copiesFor(() => s.http.post('/spot/account', { amount: '1.5', note: 'ünïcode ✓' }))).toBe(plain);
    expect(s.gateway.signs.at(-1)).toMatchObject({ path: '/v1/spot/account', result: 'ok' });
    clones.mockRestore();
    actor.stop();
  });

  it('sign errors toast and log out through the client’s own debounced events', async () => {
    const s = await setup();
    const actor = await ready(s);
    await s.http.post('/user/login', { loginName: 'bob', pwd: 'x' });
    s.security.keys.bind({ ...s.security.snapshot().clientKey!, publicKey: 'AAAA' }, s.platform.cookies.get('refreshToken')!, 'u');
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.http.post('/spot/account', {})));
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill('00023'));
    expect(s.httpEvents.filter((e) => e.type === 'toast')).toEqual([
      { type: 'toast', code: '00023', message: 'Signature invalid, please log in again' },
    ]);
    expect(s.httpEvents.filter((e) => e.type === 'logout')).toEqual([{ type: 'logout', reason: 'gatewaySignInvalid' }]);
    actor.stop();
  });

  it('a mode mismatch resets the machine and the forced re-fetch goes through the client 2 s later', async () => {
    const s = await setup();
    const actor = await ready(s);
    await s.http.post('/user/login', { loginName: 'carol', pwd: 'x' });
    s.gateway.setConfig({ signModes: { ...s.gateway.config.signModes, '/v1/spot/': 2 } });
    expect((await s.http.post('/spot/account', {})).code).toBe('00021');
    expect(actor.getSnapshot().value).toBe('notInitialised');
    await s.platform.advanceAsync(2000);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(s.gateway.configFetches).toBe(2);
    expect((await s.http.post('/spot/account', {})).code).toBe('00000');
    actor.stop();
  });

  it('the risk token from the gateway’s device service rides on an encrypted login, and not on other calls', async () => {
    const s = await setup();
    await ready(s);
    const device = createHttpClient(s.platform, { baseUrl: s.gateway.url });
    const riskToken = createRiskTokenService(s.platform, { device });
    riskToken.install(s.http);
    await s.http.post('/user/login', { loginName: 'erin', pwd: 'x' });
    await s.http.post('/spot/account', { amount: '1' });
    expect(s.gateway.riskTokenFetches).toBe(1);
    expect(riskToken.state()).toMatchObject({ status: 'success', kind: 'success' });
    expect(riskToken.current()).toMatch(/^[0-9a-f]{40}$/);
    expect(s.gateway.riskTokenHeaders).toEqual([{ path: '/v1/user/login', token: riskToken.current() }]);
    expect(s.gateway.logins[0]?.encrypted).toBe(true);
    riskToken.dispose();
    device.dispose();
  });

  it('dispose removes the hooks from the client', async () => {
    const s = await setup();
    await ready(s);
    s.security.dispose();
    await s.http.post('/user/login', { loginName: 'dave', pwd: 'x' });
    expect(s.gateway.logins[0]?.encrypted).toBe(false);
  });
});

describe('failure model: a login that cannot be encrypted (docs/security.md)', () => {
  it('rejects with LoginEncryptionError: nothing sent, no toast, nothing reported, the slot and its timer freed', async () => {
    const gateway = await startGateway();
    const platform = memoryPlatform({ now: Date.now() });
    const http = createHttpClient(platform, { baseUrl: gateway.url });
    const real = webCryptoEngine(globalThis.crypto.subtle);
    const engine: RsaEngine = { ...real, wrapKey: async () => Promise.reject(new Error('wrap failed')) };
    const security = createSecurity(platform, { certificatePem: SIGNING_CERT, http, engine, log: () => undefined });
    const httpEvents: HttpEvent[] = [];
    http.events$.subscribe((event) => httpEvents.push(event));
    current = { gateway, platform, http, security, httpEvents };
    const actor = await ready(current);
    await expect(http.post('/user/login', { loginName: 'alice', pwd: 'pw' })).rejects.toMatchObject({
      name: 'LoginEncryptionError',
      code: 'LOGIN_ENCRYPTION_FAILED',
    });
    expect(gateway.logins).toHaveLength(0);
    expect(httpEvents).toEqual([]);
    expect(platform.reports).toEqual([]);
    expect(http.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    actor.stop();
  });
});
