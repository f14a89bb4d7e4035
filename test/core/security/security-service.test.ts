// The security service's own contract, without a gateway: where and how it fetches the sign config and when it
// uses the session cache, what it records (and refuses to record), how it reports init failures, where the
// session token comes from, the initSign cache, what it forwards to an HTTP client, and what dispose ends.
// Plus the server clock's rules (spec §S4: only POST answers' request-time counts).
import { describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../../core/errors/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createStore } from '../../../core/storage/index.js';
import { createSecurity, parseSignConfig, webCryptoEngine } from '../../../core/security/index.js';
import type { RsaEngine, SecurityEvent, SecurityOptions } from '../../../core/security/index.js';
import { createServerClock } from '../../../core/security/server-clock.js';
import { SIGNING_CERT } from './helpers.js';

const CONFIG = { clientOpen: true, defaultAlgorithm: 'rsa2048', exactUrls: ['/v1/a'] };
const body = (config: object = CONFIG) => ({ code: '00000', data: { gatewaySignConfig: config } });

function service(options: Partial<SecurityOptions> = {}, platformOptions: Parameters<typeof memoryPlatform>[0] = {}) {
  const platform = memoryPlatform({ now: 1_000_000, ...platformOptions });
  let fetches = 0;
  const security = createSecurity(platform, {
    certificatePem: SIGNING_CERT,
    fetchConfigBody: async () => {
      fetches++;
      return body();
    },
    log: () => undefined,
    ...options,
  });
  const events: SecurityEvent[] = [];
  let completed = false;
  security.events$.subscribe({ next: (e) => events.push(e), complete: () => (completed = true) });
  return { platform, security, events, fetches: () => fetches, completed: () => completed };
}

describe('fetchConfig', () => {
  it('caches the config in the session store; force fetches again; reset forgets it', async () => {
    const { platform, security, fetches, events } = service();
    const first = await security.fetchConfig();
    expect(first).toMatchObject({ clientOpen: true, defaultAlgorithm: 'rsa2048', exactUrls: ['/v1/a'] });
    expect(createStore(platform, 'mix', { backend: 'session' }).get('gatewaySignConfig', undefined)).toEqual(first);
    expect(await security.fetchConfig()).toEqual(first);
    expect(await security.fetchConfig({ force: false })).toEqual(first);
    expect(fetches()).toBe(1);
    await security.fetchConfig({ force: true });
    expect(fetches()).toBe(2);
    security.reset();
    expect(createStore(platform, 'mix', { backend: 'session' }).get('gatewaySignConfig', 'none')).toBe('none');
    expect(events).toEqual([{ type: 'configReset' }]);
    await security.fetchConfig();
    expect(fetches()).toBe(3);
  });

  it('a cached value that is not a config is fetched over', async () => {
    const { platform, security, fetches } = service();
    createStore(platform, 'mix', { backend: 'session' }).set('gatewaySignConfig', { clientOpen: 'yes' });
    await security.fetchConfig();
    expect(fetches()).toBe(1);
  });

  it('force that is not a boolean is refused by name, as a rejection', async () => {
    const { security, fetches } = service();
    await expect(security.fetchConfig({ force: 'yes' as never })).rejects.toThrow(
      /^security\.fetchConfig: options\.force must be a boolean/,
    );
    await expect(security.fetchConfig(5 as never)).rejects.toThrow(InvalidArgumentError);
    expect(fetches()).toBe(0);
  });

  it('a fetch that fails is CONFIG_FETCH_FAILED with its cause; a body without a config is CONFIG_INVALID', async () => {
    const cause = new Error('offline');
    const failing = service({ fetchConfigBody: () => Promise.reject(cause) });
    await expect(failing.security.fetchConfig()).rejects.toMatchObject({
      name: 'SigningInitError',
      code: 'CONFIG_FETCH_FAILED',
      msg: 'the gateway sign config could not be fetched',
      cause,
    });
    const empty = service({ fetchConfigBody: async () => ({ code: '00000', data: {} }) });
    await expect(empty.security.fetchConfig()).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('without a client or a fetcher: GET on the API base with its path, asking for JSON', async () => {
    const requests: [string, RequestInit | undefined][] = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      requests.push([url, init]);
      return new Response(JSON.stringify(body()), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const { security, platform } = service({ fetchConfigBody: undefined, apiBase: 'https://api.example/gw//' }, { fetch });
    await security.fetchConfig();
    expect(requests[0]![0]).toBe('https://api.example/gw/v1/mix/config/gatewaySignConfig');
    expect(requests[0]![1]).toMatchObject({ method: 'GET', headers: { accept: 'application/json' } });
    expect(requests[0]![1]?.signal).toBeInstanceOf(AbortSignal);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it("without an API base: the page's origin, not its path", async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body()));
    }) as typeof globalThis.fetch;
    const { security } = service({ fetchConfigBody: undefined }, { fetch, href: 'https://app.example/en/trade?x=1' });
    await security.fetchConfig();
    expect(urls).toEqual(['https://app.example/v1/mix/config/gatewaySignConfig']);
  });

  it('with an HTTP client: its GET, silent, failing on a login-expired answer', async () => {
    const calls: unknown[][] = [];
    const http = {
      get: async (...args: unknown[]) => {
        calls.push(args);
        return body();
      },
      use: () => () => undefined,
      emit: () => undefined,
    };
    const { security } = service({ fetchConfigBody: undefined, http: http as never });
    await security.fetchConfig();
    expect(calls).toEqual([['/v1/mix/config/gatewaySignConfig', undefined, { silent: true, onLoginExpired: 'reject' }]]);
  });
});

describe('with an HTTP client', () => {
  function client() {
    const emitted: unknown[] = [];
    let installed: unknown;
    let removed = 0;
    const http = {
      get: async () => body(),
      use: (hooks: unknown) => {
        installed = hooks;
        return () => void removed++;
      },
      emit: (event: unknown) => void emitted.push(event),
    };
    return { http, emitted, installed: () => installed, removed: () => removed };
  }

  /** A gateway answer with a sign error code, through the service's own after-response hook. */
  async function answer(security: ReturnType<typeof service>['security'], code: string) {
    const request = new Request('https://app.example/v1/spot/order', { method: 'POST' });
    const response = new Response(JSON.stringify({ code, msg: `sign ${code}` }), { headers: { 'content-type': 'application/json' } });
    await security.hooks.afterResponse[0]!(request, {} as never, response, { retryCount: 0 });
  }

  it('installs its hooks, forwards toasts and logouts, and dispose removes both', async () => {
    const c = client();
    const { security, completed } = service({ http: c.http as never }, { href: 'https://app.example/' });
    expect(c.installed()).toBe(security.hooks);
    await answer(security, '00023');
    expect(c.emitted).toEqual([
      { type: 'toast', message: 'sign 00023', code: '00023' },
      { type: 'logout', reason: 'gatewaySignInvalid' },
    ]);
    security.dispose();
    expect(c.removed()).toBe(1);
    expect(completed()).toBe(true);
  });

  it('other events are not forwarded', async () => {
    const c = client();
    const { security, platform } = service({ http: c.http as never, debounceMs: 0 }, { href: 'https://app.example/' });
    await answer(security, '00020');
    security.reset();
    platform.advance(5000);
    expect(c.emitted).toEqual([{ type: 'toast', message: 'sign 00020', code: '00020' }]);
  });

  it('the debounce options reach the sign-error handler', async () => {
    const c = client();
    const { security, events, platform } = service(
      { http: c.http as never, debounceMs: 0, refetchDebounceMs: 100 },
      { href: 'https://app.example/' },
    );
    await answer(security, '00020');
    await answer(security, '00020');
    platform.advance(100);
    expect(events.map((e) => e.type)).toEqual(['toast', 'configReset', 'toast', 'configReset', 'refetchConfig']);
  });
});

describe('what the service records', () => {
  const config = parseSignConfig(CONFIG);
  const serverKey = { der: new Uint8Array([0x30]), base64: 'MA==', hash: 'ab' };
  const clientKey = { publicKey: 'pub', privateKeyPem: 'pem', algorithm: 'rsa1024' as const, storedAt: 0 };

  it('records a config, a server key and a client key, and reset forgets them all', () => {
    const { security } = service();
    security.setConfig(config);
    security.setServerKey(serverKey);
    security.setClientKey(clientKey);
    expect(security.snapshot()).toEqual({ config, serverKey, clientKey });
    security.reset();
    expect(security.snapshot()).toEqual({ config: undefined, serverKey: undefined, clientKey: undefined });
  });

  it.each([
    [
      'a config that is not one',
      (s: ReturnType<typeof service>['security']) => s.setConfig({ clientOpen: true } as never),
      /^security\.setConfig: config must be a gateway sign config/,
    ],
    [
      'a server key without DER',
      (s: ReturnType<typeof service>['security']) => s.setServerKey({ ...serverKey, der: [] } as never),
      /^security\.setServerKey: serverKey must be a verified server key/,
    ],
    [
      'a client key without a public key',
      (s: ReturnType<typeof service>['security']) => s.setClientKey({ ...clientKey, publicKey: 1 } as never),
      /^security\.setClientKey: clientKey must be a client key pair/,
    ],
    [
      'a client key without a private key',
      (s: ReturnType<typeof service>['security']) => s.setClientKey({ ...clientKey, privateKeyPem: undefined } as never),
      /^security\.setClientKey: clientKey must be a client key pair/,
    ],
  ])('refuses %s and keeps the state as it was', (_rule, call, message) => {
    const { security } = service();
    security.setConfig(config);
    expect(() => call(security)).toThrow(message);
    expect(security.snapshot()).toEqual({ config, serverKey: undefined, clientKey: undefined });
  });

  it('verifyServerKey and loadClientKeyPair refuse what is not a config, as rejections', async () => {
    const { security } = service();
    await expect(security.verifyServerKey({} as never)).rejects.toThrow(/^security\.verifyServerKey: config must be a gateway sign config/);
    await expect(security.loadClientKeyPair(null as never)).rejects.toThrow(
      /^security\.loadClientKeyPair: config must be a gateway sign config/,
    );
  });
});

describe('reportInitFailure', () => {
  it('reports loginEncryptFailed with the code of a SigningInitError, UNKNOWN otherwise', async () => {
    const failing = service({ fetchConfigBody: () => Promise.reject(new Error('x')) });
    const error = await failing.security.fetchConfig().catch((e: unknown) => e);
    failing.security.reportInitFailure(error);
    failing.security.reportInitFailure(new TypeError('broken'));
    failing.security.reportInitFailure('text');
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    failing.security.reportInitFailure(revoked.proxy);
    expect(failing.platform.reports.map((r) => [r.event, r.message, r.data])).toEqual([
      ['loginEncryptFailed', 'the gateway sign config could not be fetched', { code: 'CONFIG_FETCH_FAILED' }],
      ['loginEncryptFailed', 'broken', { code: 'UNKNOWN' }],
      ['loginEncryptFailed', '"text"', { code: 'UNKNOWN' }],
      ['loginEncryptFailed', expect.any(String), { code: 'UNKNOWN' }],
    ]);
  });
});

describe('the session token', () => {
  it('is the refresh-token cookie by default, and an empty cookie is no token', () => {
    const { security, platform } = service();
    expect(security.token()).toBeUndefined();
    platform.cookies.set('refreshToken', '');
    expect(security.token()).toBeUndefined();
    platform.cookies.set('refreshToken', 'tok');
    expect(security.token()).toBe('tok');
  });

  it('comes from the cookie named in cookieNames, or from the token option', () => {
    const named = service({ cookieNames: { refreshToken: 'rt' } });
    named.platform.cookies.set('refreshToken', 'wrong');
    named.platform.cookies.set('rt', 'right');
    expect(named.security.token()).toBe('right');
    expect(service({ token: () => 'given' }).security.token()).toBe('given');
  });

  it('a token bound to a key pair gives that pair without generating one', async () => {
    const withToken = service({ token: () => 'tok' });
    withToken.security.keys.bind({ publicKey: 'pub', privateKeyPem: 'pem', algorithm: 'rsa1024', storedAt: 0 }, 'tok', 'u1');
    expect(await withToken.security.loadClientKeyPair(parseSignConfig(CONFIG))).toMatchObject({
      publicKey: 'pub',
      privateKeyPem: 'pem',
      algorithm: 'rsa1024',
    });
    expect(withToken.platform.timers.pendingCount).toBe(0);
  });
});

describe('initSignFor', () => {
  function counting(fail = 0): { engine: RsaEngine; signs: () => number } {
    const real = webCryptoEngine(globalThis.crypto.subtle);
    let signs = 0;
    let failures = fail;
    const engine: RsaEngine = {
      ...real,
      sign: (pem, data) => {
        signs++;
        if (failures-- > 0) return Promise.reject(new Error('busy'));
        return real.sign(pem, data);
      },
    };
    return { engine, signs: () => signs };
  }

  it('signs once per public key, and a failed signature is tried again next time', async () => {
    const pair = await webCryptoEngine(globalThis.crypto.subtle).generateKeyPair(1024);
    const { engine, signs } = counting(1);
    const { security } = service({ engine });
    await expect(security.initSignFor(pair)).rejects.toThrow('busy');
    const first = await security.initSignFor(pair);
    const second = await security.initSignFor(pair);
    expect(second).toBe(first);
    expect(signs()).toBe(2);
  });

  it('a pair without its keys is refused by name, as a rejection', async () => {
    const { security } = service();
    await expect(security.initSignFor({ publicKey: 5, privateKeyPem: 'x' } as never)).rejects.toThrow(
      /^security\.initSignFor: pair\.publicKey must be a string/,
    );
    await expect(security.initSignFor({ publicKey: 'p' } as never)).rejects.toThrow(
      /^security\.initSignFor: pair\.privateKeyPem must be a string/,
    );
    await expect(security.initSignFor(null as never)).rejects.toThrow(/^security\.initSignFor: pair must be an object/);
  });
});

describe('createSecurity arguments', () => {
  it('an engine object is used as given; a preference picks one', () => {
    const engine = webCryptoEngine(globalThis.crypto.subtle);
    expect(service({ engine }).security.engine).toBe(engine);
    expect(service({ engine: 'forge' }).security.engine.kind).toBe('forge');
    expect(service().security.engine.kind).toBe('webcrypto');
  });

  it('a platform without a port, or a bad key generation time-out, is refused by name', () => {
    const { fetch: _f, ...noFetch } = memoryPlatform();
    expect(() => createSecurity(noFetch as never, { certificatePem: SIGNING_CERT })).toThrow(
      /^createSecurity: platform\.fetch must be an object/,
    );
    expect(() => createSecurity(memoryPlatform(), { certificatePem: SIGNING_CERT, keyGenerationTimeoutMs: 0 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'keyGenerationTimeoutMs' }) }),
    );
  });

  it.each(['api.example.com', '/gw', 'file:///gw', 'ftp://api.example', '', 7])(
    'an apiBase %j that is no absolute http(s) URL is refused by name',
    (apiBase) => {
      expect(() => createSecurity(memoryPlatform(), { certificatePem: SIGNING_CERT, apiBase: apiBase as never })).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          message: expect.stringMatching(/^createSecurity: apiBase must be an absolute http\(s\) URL, got /),
          extra: { field: 'apiBase', value: apiBase },
        }),
      );
    },
  );

  it('without apiBase, a platform whose location is no URL is refused by name', () => {
    const base = memoryPlatform();
    const throwing = {
      get href(): string {
        throw new Error('detached');
      },
    };
    for (const location of [{ href: 'not a url' }, { href: undefined }, throwing]) {
      expect(() => createSecurity({ ...base, location } as never, { certificatePem: SIGNING_CERT })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'platform.location.href' }) }),
      );
    }
  });

  it('without apiBase, a page with an opaque origin (about:blank) counts no request as an API call', async () => {
    const { security } = service({}, { href: 'about:blank' });
    security.setConfig(parseSignConfig({ clientOpen: true }));
    // Another opaque origin is not the page's: a login there is none of ours (no stamp, nothing replaced).
    const request = new Request('file:///v1/user/login', { method: 'POST', body: '{"password":"p"}' });
    expect(await security.hooks.beforeRequest[0]!(request, {} as never, { retryCount: 0 })).toBeUndefined();
    expect([...request.headers.keys()]).toStrictEqual(['content-type']);
  });
});

describe('server clock (spec §S4)', () => {
  function clock() {
    let now = 10_000;
    const server = createServerClock({ now: () => now });
    return { server, set: (value: number) => (now = value) };
  }

  it('learns the offset from a POST answer, whatever the case of the method, and corrects now()', () => {
    const { server, set } = clock();
    expect(server.offset()).toBe(0);
    expect(server.now()).toBe(10_000);
    server.observe('post', ' 12500 ');
    expect(server.offset()).toBe(2500);
    set(11_000);
    expect(server.now()).toBe(13_500);
  });

  it.each([
    ['a GET answer', 'GET', '12500'],
    ['no header', 'POST', null],
    ['an empty header', 'POST', ''],
    ['a negative time', 'POST', '-5'],
    ['a decimal fraction', 'POST', '1.5'],
    ['letters', 'POST', '12a'],
    ['17 digits', 'POST', '12345678901234567'],
  ])('ignores %s', (_rule, method, header) => {
    const { server } = clock();
    server.observe('POST', '10100');
    server.observe(method, header);
    expect(server.offset()).toBe(100);
  });

  it('accepts 16 digits', () => {
    const { server } = clock();
    server.observe('POST', '1234567890123456');
    expect(server.offset()).toBe(1234567890123456 - 10_000);
  });

  it('a method that is not a string is an InvalidArgumentError', () => {
    expect(() => clock().server.observe(5 as never, '1')).toThrow(/^serverClock\.observe: method must be a string/);
  });
});

describe('client key pair through the service', () => {
  function slowEngine() {
    const asked: number[] = [];
    let finish: (pair: { publicKey: string; privateKeyPem: string }) => void = () => undefined;
    const real = webCryptoEngine(globalThis.crypto.subtle);
    const engine: RsaEngine = {
      ...real,
      generateKeyPair: (bits) => {
        asked.push(bits);
        return new Promise((resolve) => (finish = resolve));
      },
    };
    return { engine, asked, finish: (pair: { publicKey: string; privateKeyPem: string }) => finish(pair) };
  }

  it("generates the config's algorithm under the key generation time-out; a late pair is kept as the backup, announced", async () => {
    const slow = slowEngine();
    const { security, platform, events } = service({ engine: slow.engine, keyGenerationTimeoutMs: 100 });
    const loading = security.loadClientKeyPair(parseSignConfig(CONFIG));
    const outcome = loading.catch((error: unknown) => error);
    await platform.advanceAsync(100);
    expect(await outcome).toMatchObject({ name: 'SigningInitError', code: 'KEY_GENERATION_TIMEOUT' });
    expect(slow.asked).toEqual([2048]);
    slow.finish({ publicKey: 'late-pub', privateKeyPem: 'late-pem' });
    await platform.advanceAsync(0);
    expect(events).toEqual([{ type: 'backupKeyStored', algorithm: 'rsa2048' }]);
    expect(security.keys.backup()).toMatchObject({ publicKey: 'late-pub', algorithm: 'rsa2048' });
  });
});

describe('defaults the page gets without options', () => {
  it('gw-sign-error headers are logged to console.warn under the exkit prefix', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const platform = memoryPlatform({ href: 'https://app.example/' });
      const security = createSecurity(platform, { certificatePem: SIGNING_CERT, fetchConfigBody: async () => ({}) });
      const request = new Request('https://app.example/v1/a');
      await security.hooks.afterResponse[0]!(request, {} as never, new Response('', { headers: { 'gw-sign-error': 'bad' } }), {
        retryCount: 0,
      });
      expect(warn).toHaveBeenCalledWith('[exkit/security] gateway sign error', { url: 'https://app.example/v1/a', value: 'bad' });
    } finally {
      warn.mockRestore();
    }
  });

  it('the uid cookie named in cookieNames stands in for a user id the login answer lacks; an empty one does not', async () => {
    const login = async (uid: string) => {
      const s = service({ cookieNames: { uid: 'myUid' } }, { href: 'https://app.example/' });
      s.security.setConfig(parseSignConfig({ clientOpen: true }));
      s.security.setClientKey({ publicKey: 'pub', privateKeyPem: 'pem', algorithm: 'rsa1024', storedAt: 0 });
      s.platform.cookies.set('refreshToken', 'tok');
      s.platform.cookies.set('uid', 'wrong');
      s.platform.cookies.set('myUid', uid);
      const request = new Request('https://app.example/v1/user/login', { method: 'POST' });
      const response = new Response(JSON.stringify({ code: '00000', data: {} }), { headers: { 'content-type': 'application/json' } });
      await s.security.hooks.afterResponse[0]!(request, {} as never, response, { retryCount: 0 });
      s.platform.advance(5000);
      return s.events;
    };
    expect(await login('u9')).toEqual([{ type: 'keyPairBound', userId: 'u9', algorithm: 'rsa1024' }]);
    expect(await login('')).toEqual([{ type: 'keyPairNotBound', reason: 'no-user-id', algorithm: 'rsa1024' }]);
  });
});
