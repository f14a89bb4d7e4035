// The security hooks called directly, as a plain ky client would: which requests they touch, the tm and uhti
// stamps, what an answer teaches (server time on POST only, gw-sign-error, sign error codes and their texts),
// and which login answers bind the key pair. Answers from another origin teach nothing.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createSecurity, parseSignConfig, webCryptoEngine } from '../../../core/security/index.js';
import type { SecurityEvent, SecurityOptions } from '../../../core/security/index.js';
import { SIGNING_CERT } from './helpers.js';

const API = 'https://api.example/gw';

function setup(options: Partial<SecurityOptions> = {}, href?: string) {
  const platform = memoryPlatform({ now: 5_000_000, ...(href === undefined ? {} : { href }) });
  const logs: unknown[] = [];
  const security = createSecurity(platform, {
    certificatePem: SIGNING_CERT,
    apiBase: API,
    fetchConfigBody: async () => ({}),
    log: (message, data) => void logs.push([message, data]),
    ...options,
  });
  const events: SecurityEvent[] = [];
  security.events$.subscribe((e) => events.push(e));
  const before = (request: Request, retryCount = 0) => security.hooks.beforeRequest[0]!(request, {} as never, { retryCount });
  const after = (request: Request, response: Response, hookOptions: object = {}) =>
    security.hooks.afterResponse[0]!(request, hookOptions as never, response, { retryCount: 0 });
  return { platform, security, events, logs, before, after };
}

const json = (value: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(value), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

/** A response as fetch would give it, with the URL it came from. */
function fromUrl(response: Response, url: string): Response {
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

describe('before-request hook: tm and uhti stamps', () => {
  it('stamps tm with the server time and uhti with 16 random bytes in hex, and keeps the request', async () => {
    const { before, security } = setup();
    security.serverClock.observe('POST', '5000250');
    const request = new Request(`${API}/v1/spot/order`, { method: 'POST' });
    expect(await before(request)).toBeUndefined();
    expect(request.headers.get('tm')).toBe('5000250');
    expect(request.headers.get('uhti')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the tm and uhti a request already has', async () => {
    const { before } = setup();
    const request = new Request(`${API}/v1/spot/order`, { headers: { tm: '123', uhti: 'abc' } });
    await before(request);
    expect([request.headers.get('tm'), request.headers.get('uhti')]).toEqual(['123', 'abc']);
  });

  it('stamps nothing when stampHeaders is off, on a retry, or outside the API', async () => {
    const off = new Request(`${API}/v1/spot/order`);
    await setup({ stampHeaders: false }).before(off);
    const retry = new Request(`${API}/v1/spot/order`);
    await setup().before(retry, 1);
    const outside = new Request('https://other.example/gw/v1/spot/order');
    await setup().before(outside);
    const notUnderBase = new Request('https://api.example/v1/spot/order');
    await setup().before(notUnderBase);
    for (const request of [off, retry, outside, notUnderBase]) expect([...request.headers.keys()]).toEqual([]);
  });
});

describe('after-response hook: what an answer teaches', () => {
  it('server time from a POST answer only', async () => {
    const { after, security } = setup();
    await after(new Request(`${API}/v1/a`), json({ code: '00000' }, { headers: { 'request-time': '5009000' } }));
    expect(security.serverClock.offset()).toBe(0);
    await after(new Request(`${API}/v1/a`, { method: 'POST' }), json({ code: '00000' }, { headers: { 'request-time': '5009000' } }));
    expect(security.serverClock.offset()).toBe(9000);
  });

  it('an answer from another origin teaches nothing; a same-origin one does', async () => {
    const { after, security, events } = setup();
    const request = () => new Request(`${API}/v1/a`, { method: 'POST' });
    const answer = () => json({ code: '00023', msg: 'x' }, { headers: { 'request-time': '5009000', 'gw-sign-error': 'bad' } });
    await after(request(), fromUrl(answer(), 'https://elsewhere.example/v1/a'));
    expect(security.serverClock.offset()).toBe(0);
    expect(events).toEqual([]);
    await after(request(), fromUrl(answer(), `${API}/v1/a?x=1`));
    expect(security.serverClock.offset()).toBe(9000);
    expect(events.map((e) => e.type)).toEqual(['gatewaySignError', 'toast', 'logout']);
  });

  it('a request outside the API is left alone', async () => {
    const { after, security, events } = setup();
    await after(
      new Request('https://other.example/v1/a', { method: 'POST' }),
      json({ code: '00023' }, { headers: { 'request-time': '5009000' } }),
    );
    expect(security.serverClock.offset()).toBe(0);
    expect(events).toEqual([]);
  });

  it('a gw-sign-error header is logged and announced with the URL', async () => {
    const { after, events, logs } = setup();
    await after(new Request(`${API}/v1/a`), new Response('', { headers: { 'gw-sign-error': 'mode mismatch' } }));
    expect(events).toEqual([{ type: 'gatewaySignError', url: `${API}/v1/a`, value: 'mode mismatch' }]);
    expect(logs).toEqual([['gateway sign error', { url: `${API}/v1/a`, value: 'mode mismatch' }]]);
  });

  it('a sign error code in a JSON answer is handled; its msg is the toast, or the locale default', async () => {
    const { after, events } = setup({ debounceMs: 0 });
    await after(new Request(`${API}/v1/a`), json({ code: '00022', msg: 'expired now' }));
    await after(new Request(`${API}/v1/a`), json({ code: '00022', msg: 42 }));
    const context = { exkit: { apiPath: '/v1/a', baseUrl: API, url: `${API}/v1/a`, locale: 'zh-CN' } };
    await after(new Request(`${API}/v1/a`), json({ code: '00022' }), { context });
    expect(events.filter((e) => e.type === 'toast')).toEqual([
      { type: 'toast', code: '00022', message: 'expired now' },
      { type: 'toast', code: '00022', message: 'unknown error' },
      { type: 'toast', code: '00022', message: '未知错误' },
    ]);
  });

  it.each([
    ['a text answer', new Response(JSON.stringify({ code: '00022' }), { headers: { 'content-type': 'text/plain' } })],
    ['no content type', new Response(JSON.stringify({ code: '00022' }))],
    ['JSON that does not parse', new Response('{"code":', { headers: { 'content-type': 'application/json' } })],
    ['a JSON array', json([{ code: '00022' }])],
    ['a code that is not a sign error', json({ code: '00024' })],
  ])('%s raises no sign error', async (_rule, response) => {
    const { after, events } = setup();
    await after(new Request(`${API}/v1/a`), response);
    expect(events).toEqual([]);
  });
});

describe('after-response hook: which login answers bind the key pair', () => {
  const clientKey = { publicKey: 'pub', privateKeyPem: 'pem', algorithm: 'rsa1024' as const, storedAt: 0 };

  function loggedIn() {
    const s = setup();
    s.security.setConfig(parseSignConfig({ clientOpen: true }));
    s.security.setClientKey(clientKey);
    s.platform.cookies.set('refreshToken', 'tok');
    return s;
  }
  const bound = (events: SecurityEvent[]) => events.filter((e) => e.type === 'keyPairBound');

  it.each([
    ['the gateway success code', '00000'],
    ['the HTTP success code 0', 0],
  ])('a login answered with %s binds the pair to the session', async (_rule, code) => {
    const { after, events, security } = loggedIn();
    await after(new Request(`${API}/v1/user/login`, { method: 'POST' }), json({ code, data: { userInfo: { userId: 'u7' } } }));
    expect(bound(events)).toEqual([{ type: 'keyPairBound', userId: 'u7', algorithm: 'rsa1024' }]);
    expect(security.keys.boundTo('tok')).toMatchObject({ publicKey: 'pub', privateKeyPem: 'pem' });
  });

  it.each([
    ['a login answered with another code', `${API}/v1/user/login`, json({ code: '10001', data: { userInfo: { userId: 'u7' } } })],
    [
      'a login answered with an error status',
      `${API}/v1/user/login`,
      json({ code: '00000', data: { userInfo: { userId: 'u7' } } }, { status: 500 }),
    ],
    ['a call that is not a login', `${API}/v1/user/overview`, json({ code: '00000', data: { userInfo: { userId: 'u7' } } })],
  ])('%s binds nothing', async (_rule, url, response) => {
    const { after, events, platform } = loggedIn();
    await after(new Request(url, { method: 'POST' }), response);
    platform.advance(5000);
    expect(events.filter((e) => e.type === 'keyPairBound' || e.type === 'keyPairNotBound')).toEqual([]);
  });

  it('a login without a client key binds nothing', async () => {
    const { after, events, security, platform } = loggedIn();
    security.reset();
    await after(new Request(`${API}/v1/user/login`, { method: 'POST' }), json({ code: '00000', data: { userInfo: { userId: 'u7' } } }));
    platform.advance(5000);
    expect(events.filter((e) => e.type === 'keyPairBound' || e.type === 'keyPairNotBound')).toEqual([]);
  });
});

describe('core-call signing through the hook, and debug mode', () => {
  const PATH = '/v1/spot/order';
  let pair: Awaited<ReturnType<ReturnType<typeof webCryptoEngine>['generateKeyPair']>> | undefined;
  async function signing(options: Partial<SecurityOptions> = {}, href?: string) {
    pair ??= await webCryptoEngine(globalThis.crypto.subtle).generateKeyPair(1024);
    const s = setup(options, href);
    s.security.setConfig(parseSignConfig({ clientOpen: true, exactUrls: [PATH], signModes: { [PATH]: 1 } }));
    s.security.keys.bind({ ...pair, algorithm: 'rsa1024', storedAt: 0 }, 'tok', 'u1');
    s.platform.cookies.set('refreshToken', 'tok');
    // tm is at least 8 digits: a server time of today's order.
    s.security.serverClock.observe('POST', '1700000000000');
    return s;
  }
  const order = () =>
    new Request(`${API}${PATH}?a=1`, { method: 'POST', body: '{"x":1}', headers: { 'content-type': 'application/json' } });

  it('a listed call with a bound pair is signed; debug is off by default', async () => {
    const { before, events, logs } = await signing();
    const request = order();
    await before(request);
    expect(request.headers.get('device-sign')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(request.headers.get('device-sign-mode')).toBe('1');
    expect(request.headers.get('device-sign-text')).toBeNull();
    expect(events).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('debug on: the signed text travels base64 in device-sign-text, is logged and announced', async () => {
    const { before, events, logs } = await signing({ debug: true });
    const request = order();
    await before(request);
    const text = Buffer.from(request.headers.get('device-sign-text')!, 'base64').toString('utf8');
    expect(text).toContain(PATH);
    expect(logs).toEqual([['signed text', { url: request.url, text }]]);
    expect(events).toEqual([{ type: 'signDebug', url: request.url, text }]);
  });

  it("the page's sign_debug=1 turns debug on, any other value leaves it off, and the option wins over the page", async () => {
    const on = await signing({}, 'https://app.example/en/?sign_debug=1');
    await on.before(order());
    expect(on.events.map((e) => e.type)).toEqual(['signDebug']);
    const other = await signing({}, 'https://app.example/en/?sign_debug=true');
    await other.before(order());
    expect(other.events).toEqual([]);
    const overridden = await signing({ debug: false }, 'https://app.example/en/?sign_debug=1');
    await overridden.before(order());
    expect(overridden.events).toEqual([]);
  });

  it("the gateway's text is paired with ours by trace id, decoded from base64, or kept raw when it is not base64", async () => {
    const { before, after, events } = await signing({ debug: true });
    const request = order();
    await before(request);
    const ours = (events[0] as { text: string }).text;
    await after(request, new Response('', { headers: { 'gw-sign-text': Buffer.from('server text').toString('base64') } }));
    await after(request, new Response('', { headers: { 'gw-sign-text': 'not base64!' } }));
    expect(events.slice(1)).toEqual([
      { type: 'signDebug', url: request.url, text: ours, serverText: 'server text' },
      { type: 'signDebug', url: request.url, text: ours, serverText: 'not base64!' },
    ]);
  });

  it('the texts of the last 32 signed calls are kept for pairing, no more', async () => {
    const { before, after, events } = await signing({ debug: true });
    const requests: Request[] = [];
    for (let i = 0; i < 33; i++) {
      const request = order();
      await before(request);
      requests.push(request);
    }
    const paired = () => events.filter((e) => e.type === 'signDebug' && 'serverText' in e).length;
    await after(requests[0]!, new Response('', { headers: { 'gw-sign-text': 'x' } }));
    expect(paired()).toBe(0);
    await after(requests[1]!, new Response('', { headers: { 'gw-sign-text': 'x' } }));
    expect(paired()).toBe(1);
  });

  it.each([
    ['a call not in the config', () => new Request(`${API}/v1/spot/other`, { method: 'POST' })],
    ['a tm that cannot be signed', () => new Request(`${API}${PATH}`, { method: 'POST', headers: { tm: 'soon' } })],
    ['a uhti that cannot be signed', () => new Request(`${API}${PATH}`, { method: 'POST', headers: { uhti: 'x'.repeat(300) } })],
  ])('%s is not signed', async (_rule, make) => {
    const { before } = await signing();
    const request = make();
    await before(request);
    expect(request.headers.get('device-sign')).toBeNull();
  });

  it('no session token, or no pair bound to it, or no config: not signed', async () => {
    const noToken = await signing();
    noToken.platform.cookies.remove('refreshToken');
    const otherToken = await signing();
    otherToken.platform.cookies.set('refreshToken', 'other');
    const noConfig = await signing();
    noConfig.security.reset();
    for (const s of [noToken, otherToken, noConfig]) {
      const request = order();
      await s.before(request);
      expect(request.headers.get('device-sign')).toBeNull();
    }
  });
});

describe('login encryption and device check through the hook', () => {
  const LOGIN = '/v1/user/login';
  const SWITCH = '/v1/user/sub/switchWeb';
  const CHECK = '/v1/user/public/checkDevice';
  const serverDer = new Uint8Array(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }));
  let pair: Awaited<ReturnType<ReturnType<typeof webCryptoEngine>['generateKeyPair']>> | undefined;

  async function ready(config: object = { clientOpen: true, userCheckDeviceUrl: CHECK }) {
    pair ??= await webCryptoEngine(globalThis.crypto.subtle).generateKeyPair(1024);
    const s = setup();
    s.security.setConfig(parseSignConfig(config));
    s.security.setServerKey({ der: serverDer, base64: Buffer.from(serverDer).toString('base64'), hash: 'ab' });
    s.security.setClientKey({ ...pair, algorithm: 'rsa1024', storedAt: 0 });
    s.security.serverClock.observe('POST', '1700000000000');
    return { ...s, pair: { ...pair, algorithm: 'rsa1024' as const, storedAt: 0 } };
  }
  const post = (path: string, body: object) =>
    new Request(`${API}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const sentBody = async (request: Request, replaced: unknown) =>
    (await ((replaced as Request | undefined) ?? request).json()) as Record<string, unknown>;

  it('a login is sent encrypted: the sensitive fields only inside bodyCiphertext', async () => {
    const { before } = await ready();
    const request = post(LOGIN, { loginName: 'a@b.c', pwd: 'secret', lang: 'en' });
    const sent = await sentBody(request, await before(request));
    expect(Object.keys(sent).sort()).toEqual(['algorithm', 'bodyCiphertext', 'initSign', 'lang', 'publicKey']);
  });

  it.each([
    ['client signing is off', async (s: Awaited<ReturnType<typeof ready>>) => s.security.setConfig(parseSignConfig({ clientOpen: false }))],
    ['no config', async (s: Awaited<ReturnType<typeof ready>>) => s.security.reset()],
  ])('a login goes as it is when %s', async (_rule, change) => {
    const s = await ready();
    await change(s);
    const request = post(LOGIN, { loginName: 'a@b.c', pwd: 'secret' });
    expect(await s.before(request)).toBeUndefined();
    expect(await request.json()).toEqual({ loginName: 'a@b.c', pwd: 'secret' });
  });

  it('a session whose token has its bound pair sends logins as they are, but a sub-account switch still encrypted', async () => {
    const s = await ready();
    s.security.keys.bind(s.pair, 'tok', 'u1');
    s.platform.cookies.set('refreshToken', 'tok');
    const login = post(LOGIN, { loginName: 'a@b.c' });
    expect(await s.before(login)).toBeUndefined();
    const change = post(SWITCH, { userId: 'u2' });
    const sent = await sentBody(change, await s.before(change));
    expect(sent).not.toHaveProperty('userId');
    expect(sent).toHaveProperty('bodyCiphertext');
  });

  it('a session token without a bound pair still encrypts the login', async () => {
    const s = await ready();
    s.platform.cookies.set('refreshToken', 'fresh');
    const request = post(LOGIN, { loginName: 'a@b.c' });
    expect(await sentBody(request, await s.before(request))).toHaveProperty('bodyCiphertext');
  });

  it('without a token, the device-check call carries the last pair’s proof: user id hash, signature, algorithm', async () => {
    const s = await ready();
    s.security.keys.bind(s.pair, 'old', 'u1');
    const request = post(CHECK, { scene: 'login' });
    const sent = await sentBody(request, await s.before(request));
    expect(sent).toMatchObject({ scene: 'login', lastAlgorithm: 'rsa1024' });
    expect(sent.userCheckDeviceUserIdHash).toMatch(/^[0-9a-f]+$/);
    expect(sent.userCheckDeviceSign).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it.each([
    ['with a session token', true, 'tok', CHECK],
    ['without a bound pair', false, undefined, CHECK],
    ['on another call', true, undefined, '/v1/user/public/other'],
  ])('no device proof %s', async (_rule, bind, token, path) => {
    const s = await ready();
    if (bind) s.security.keys.bind(s.pair, 'old', 'u1');
    if (token !== undefined) s.platform.cookies.set('refreshToken', token);
    const request = post(path, { scene: 'login' });
    const replaced = await s.before(request);
    expect(await sentBody(request, replaced)).toEqual({ scene: 'login' });
  });
});
