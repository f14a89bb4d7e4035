// The client against the independent reference gateway (node:http + node:crypto) on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_URLS, SUB_ACCOUNT_SWITCH_URLS } from '../../../core/security/index.js';
import { harness } from './helpers.js';
import type { Harness, HarnessOptions } from './helpers.js';

let current: Harness | undefined;
async function start(options?: HarnessOptions) {
  current = await harness(options);
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const SECRET_FIELDS = { loginName: 'alice@example.com', pwd: 'S3cret-pässwörd', googleCode: '123456' };

describe('login encryption end to end (spec §S5, §S7)', () => {
  it('sensitive fields travel encrypted, the gateway decrypts them, the rest stays clear', async () => {
    const h = await start();
    await h.init();
    const userId = await h.login({ ...SECRET_FIELDS, lang: 'en', deviceName: 'test' });
    const [record] = h.gateway.logins;
    expect(record).toMatchObject({ encrypted: true, algorithm: 'RSA-OAEP-256', sensitive: SECRET_FIELDS });
    expect(Object.keys(record!.clear).sort()).toEqual(['algorithm', 'bodyCiphertext', 'deviceName', 'initSign', 'lang', 'publicKey']);
    expect(record!.clear.publicKey).toBe(h.security.snapshot().clientKey?.publicKey);
    expect(h.events).toContainEqual({ type: 'keyPairBound', userId, algorithm: 'rsa1024' });
    expect(h.security.keys.boundTo(h.platform.cookies.get('refreshToken')!)?.publicKey).toBe(record!.clear.publicKey);
  });

  it('PKCS#1 v1.5 key wrapping, when configured, is named in `algorithm` and decrypts', async () => {
    const h = await start({ security: { keyWrap: 'RSA1_5' } });
    await h.init();
    await h.login(SECRET_FIELDS);
    expect(h.gateway.logins[0]).toMatchObject({ encrypted: true, algorithm: 'RSA1_5', sensitive: SECRET_FIELDS });
  });

  it.each(LOGIN_URLS.filter((url) => !url.startsWith('/v1/user/sub/')))('%s is encrypted for a visitor', async (url) => {
    const h = await start();
    await h.init();
    await h.api.post(url.slice(1), { json: { ...SECRET_FIELDS, scene: 'x' } });
    expect(h.gateway.logins[0]).toMatchObject({ path: url, encrypted: true, sensitive: SECRET_FIELDS, clear: { scene: 'x' } });
  });

  it.each(SUB_ACCOUNT_SWITCH_URLS)('%s is encrypted even with a token and a key pair, and rebinds the pair', async (url) => {
    const h = await start();
    await h.init();
    await h.login();
    const body = await h.api
      .post(url.slice(1), { json: { userId: 'sub-7', scene: 'switch' } })
      .json<{ data: { accessTokenResVO: { userInfo: { userId: string } } } }>();
    const subId = body.data.accessTokenResVO.userInfo.userId;
    expect(h.gateway.logins[1]).toMatchObject({ path: url, encrypted: true, sensitive: { userId: 'sub-7' } });
    expect(h.security.keys.bound()?.userId).toBe(subId);
  });

  it('other login-type calls are not encrypted once a token and a key pair exist', async () => {
    const h = await start();
    await h.init();
    await h.login();
    await h.api.post('v1/user/login/verify-login', { json: { verifyCode: '000000' } });
    expect(h.gateway.logins[1]).toMatchObject({ path: '/v1/user/login/verify-login', encrypted: false, clear: { verifyCode: '000000' } });
  });

  it('nothing is encrypted before the server key is verified', async () => {
    const h = await start();
    const config = await h.security.fetchConfig();
    h.security.setConfig(config);
    await h.api.post('v1/user/login', { json: SECRET_FIELDS });
    expect(h.gateway.logins[0]).toMatchObject({ encrypted: false, clear: SECRET_FIELDS });
  });

  it('form bodies and GET queries are encrypted the same way', async () => {
    const h = await start();
    await h.init();
    await h.api.post('v1/user/register/email', { body: new URLSearchParams({ email: 'a@b.c', pwd: 'p', inviteCode: 'X' }) });
    h.platform.cookies.remove('refreshToken'); // a visitor again, so the next call is encrypted too
    await h.api.get('v1/user/public/getQrKeyStatus', { searchParams: { qrcodeKey: 'qr-1', languageType: '0' } });
    expect(h.gateway.logins[0]).toMatchObject({ encrypted: true, sensitive: { email: 'a@b.c', pwd: 'p' }, clear: { inviteCode: 'X' } });
    expect(h.gateway.logins[1]).toMatchObject({ encrypted: true, sensitive: { qrcodeKey: 'qr-1' }, clear: { languageType: '0' } });
  });

  it('no key, IV or sensitive value is logged, reported or kept in storage', async () => {
    const h = await start({ security: { debug: true } });
    const drawn: Uint8Array[] = [];
    const original = h.platform.crypto.getRandomValues;
    h.platform.crypto.getRandomValues = <T extends ArrayBufferView>(array: T): T => {
      const out = original(array);
      drawn.push(out as unknown as Uint8Array);
      return out;
    };
    await h.init();
    await h.login(SECRET_FIELDS);
    await h.api.post('v1/spot/order/place', { json: { price: '1' } });
    const kept =
      JSON.stringify([h.logs, h.platform.reports, h.events]) +
      [h.platform.localStorage, h.platform.sessionStorage].flatMap((s) => s.keys().map((k) => s.getItem(k))).join('');
    for (const value of Object.values(SECRET_FIELDS)) expect(kept).not.toContain(value);
    const aesKeys = drawn.filter((b) => b.length === 32);
    expect(aesKeys).toHaveLength(1);
    expect(aesKeys[0]!.every((x) => x === 0)).toBe(true);
  });
});

describe('core-call signing end to end (spec §S5, §S7)', () => {
  it.each([
    ['mode 1 (body)', 'v1/spot/account', 1],
    ['mode 2 (query and body)', 'v1/spot/order/place?symbol=BTCUSDT&_t=1', 2],
    ['mode 0 (no body)', 'v1/mode0/ping', 0],
  ])('%s: the gateway verifies the signature', async (_label, url, mode) => {
    const h = await start();
    await h.init();
    await h.login();
    await h.api.post(url, { json: { amount: '0.5', note: 'ünïcode ✓' } });
    expect(h.gateway.signs.at(-1)).toMatchObject({ mode, result: 'ok' });
  });

  it('GET calls and multipart uploads are signed over the bytes as sent', async () => {
    const h = await start();
    await h.init();
    await h.login();
    await h.api.get('v1/spot/order/list', { searchParams: { page: 1, languageType: 0 } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0, 1, 2, 255])]), 'x.bin');
    form.append('kind', 'avatar');
    await h.api.post('v1/spot/upload', { body: form });
    expect(h.gateway.signs.slice(-2).map((s) => s.result)).toEqual(['ok', 'ok']);
  });

  it('a visitor (no token) is not signed; calls outside the config are not signed', async () => {
    const h = await start();
    await h.init();
    await h.api.post('v1/spot/account', { json: {} });
    expect(h.gateway.signs.at(-1)).toEqual({ path: '/v1/spot/account', result: 'unsigned' });
    await h.login();
    await h.api.post('v1/futures/account', { json: {} });
    expect(h.gateway.signs.at(-1)?.path).toBe('/v1/spot/account');
  });

  it('requests to another origin are left alone (the URL must start with "/")', async () => {
    const other = await harness();
    const signedUrls: string[] = [];
    const h = await start({
      fetch: async (request) => {
        if (request.headers.has('device-sign')) signedUrls.push(new URL(request.url).origin);
        return fetch(request);
      },
    });
    try {
      await h.init();
      await h.login();
      await h.api.post(`${other.gateway.url}/v1/spot/account`, { prefixUrl: '', json: {} });
      await h.api.post('v1/spot/account', { json: {} });
      expect(signedUrls).toEqual([h.gateway.url]);
    } finally {
      await other.close();
    }
  });

  type Tamper = (request: Request) => Promise<Request>;
  const tamperings: Array<[string, Tamper]> = [
    ['body', async (r) => new Request(r, { body: (await r.text()).replace('0.5', '0.6') })],
    [
      'path',
      async (r) =>
        new Request(r.url.replace('/v1/spot/account', '/v1/spot/accounts'), { method: r.method, headers: r.headers, body: await r.text() }),
    ],
    [
      'time',
      async (r) => {
        const headers = new Headers(r.headers);
        const tm = headers.get('tm')!;
        headers.set('tm', String(Number(tm) - 100_000));
        return new Request(r, { headers, body: await r.text() });
      },
    ],
    [
      'trace id',
      async (r) => {
        const headers = new Headers(r.headers);
        headers.set('uhti', `${headers.get('uhti')}0`);
        return new Request(r, { headers, body: await r.text() });
      },
    ],
  ];
  it.each(tamperings)('tampering with the %s after signing is answered 00023 invalid', async (_label, tamper) => {
    const h = await start({ fetch: async (request) => fetch(await tamper(request)) });
    await h.init();
    await h.login();
    const body = await h.api.post('v1/spot/account', { json: { amount: '0.5' } }).json<{ code: string }>();
    expect(body.code).toBe('00023');
    expect(h.events.filter((e) => e.type === 'logout')).toHaveLength(1);
    expect(h.platform.reports.map((r) => r.event)).toContain('gatewaySignInvalid');
  });

  it('00020 missing (token but no bound key): toast, reset, forced re-fetch 2 s later', async () => {
    const h = await start();
    await h.init();
    await h.login();
    h.security.keys.clear();
    const body = await h.api.post('v1/spot/account', { json: {} }).json<{ code: string }>();
    expect(body.code).toBe('00020');
    expect(h.logs).toContainEqual({ message: 'gateway sign error', data: expect.objectContaining({ value: 'missing' }) });
    expect(h.security.snapshot().config).toBeUndefined();
    await h.platform.advanceAsync(2000);
    expect(h.events.map((e) => e.type)).toEqual(expect.arrayContaining(['toast', 'configReset', 'refetchConfig']));
  });

  it('00021 mode not matched when the gateway changed the mode the client signed with', async () => {
    const h = await start();
    await h.init();
    await h.login();
    h.gateway.setConfig({ signModes: { ...h.gateway.config.signModes, '/v1/spot/': 2 } });
    const body = await h.api.post('v1/spot/account', { json: {} }).json<{ code: string }>();
    expect(body.code).toBe('00021');
    expect(h.events).toContainEqual({ type: 'configReset', code: '00021' });
    const refreshed = await h.security.fetchConfig({ force: true });
    h.security.setConfig(refreshed);
    expect((await h.api.post('v1/spot/account', { json: {} }).json<{ code: string }>()).code).toBe('00000');
  });

  it('00022 expired when the clocks disagree, until a POST response teaches the server time offset', async () => {
    let skew = 0;
    const h = await start({ gateway: { now: () => Date.now() + skew } });
    await h.init();
    await h.login();
    skew = 20 * 60_000;
    expect((await h.api.get('v1/spot/account').json<{ code: string }>()).code).toBe('00022');
    h.security.setConfig(await h.security.fetchConfig());
    await h.api.get('v1/other/ping'); // GET responses do not move the offset
    expect(Math.abs(h.security.serverClock.offset())).toBeLessThan(5_000);
    await h.api.post('v1/other/ping', { json: {} });
    expect(Math.abs(h.security.serverClock.offset() - skew)).toBeLessThan(5_000);
    expect((await h.api.get('v1/spot/account').json<{ code: string }>()).code).toBe('00000');
  });

  it('00022 expired is toasted and resets the config without re-fetch', async () => {
    const h = await start({
      fetch: async (request) => {
        const headers = new Headers(request.headers);
        if (headers.has('device-sign')) headers.set('tm', String(Date.now() - 3_600_000));
        return fetch(new Request(request, { headers }));
      },
    });
    await h.init();
    await h.login();
    expect((await h.api.get('v1/spot/account').json<{ code: string }>()).code).toBe('00022');
    await h.platform.advanceAsync(5000);
    expect(h.events.filter((e) => e.type === 'refetchConfig')).toHaveLength(0);
    expect(h.events).toContainEqual({ type: 'configReset', code: '00022' });
  });

  it('debug mode (page query sign_debug=1) exposes the signed text and pairs it with the gateway’s', async () => {
    const h = await start({ platform: { href: 'https://exchange.example/en/spot?sign_debug=1' } });
    await h.init();
    await h.login();
    await h.api.post('v1/spot/account', { json: { a: 1 } });
    const debug = h.events.filter((e) => e.type === 'signDebug');
    expect(debug).toHaveLength(2);
    expect(debug[1]).toMatchObject({ serverText: h.gateway.signs.at(-1)!.text, text: h.gateway.signs.at(-1)!.text });
  });

  it('without the debug query no signed text leaves the client', async () => {
    const seen: string[] = [];
    const h = await start({
      fetch: async (request) => {
        seen.push(request.headers.get('device-sign-text') ?? '');
        return fetch(request);
      },
    });
    await h.init();
    await h.login();
    await h.api.post('v1/spot/account', { json: {} });
    expect(seen.every((v) => v === '')).toBe(true);
    expect(h.events.some((e) => e.type === 'signDebug')).toBe(false);
  });
});

describe('device check (spec §S3, §S7)', () => {
  it('without a token the last key pair proves the device: userCheckDeviceSign, lastAlgorithm, userCheckDeviceUserIdHash', async () => {
    const h = await start();
    await h.init();
    await h.login();
    h.platform.cookies.remove('refreshToken');
    const body = await h.api.post('v1/user/public/checkDevice', { json: { scene: 'login' } }).json<{ data: { known: boolean } }>();
    expect(body.data.known).toBe(true);
  });

  it('with no earlier key pair nothing is added and the device is unknown', async () => {
    const h = await start();
    await h.init();
    const body = await h.api.post('v1/user/public/checkDevice', { json: {} }).json<{ data: { known: boolean } }>();
    expect(body.data.known).toBe(false);
    expect(h.gateway.deviceChecks[0]?.userIdHash).toBe('');
  });
});
