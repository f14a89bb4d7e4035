import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { languageKey, requestLanguage } from '../../../core/catalog/index.js';
import { createHttpClient, requestContext, UnknownTimeZoneError } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { HttpRequestContext } from '../../../core/http/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { START_TIME, rig } from './harness.js';
import type { Echo } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('paths: "all paths get the prefix /v1" (spec §S7)', () => {
  it('prefixes a bare path and resolves with the envelope', async () => {
    server.route('GET', '/v1/mix/config/gatewaySignConfig', reply.ok({ gatewaySignConfig: { clientOpen: true } }));
    const { client } = rig(server);
    const envelope = await client.get<{ gatewaySignConfig: { clientOpen: boolean } }>('/mix/config/gatewaySignConfig');
    expect(envelope).toMatchObject({ code: '00000', msg: 'success', requestTime: 1_700_000_000_000 });
    expect(envelope.data.gatewaySignConfig.clientOpen).toBe(true);
    expect(server.received[0]?.path).toBe('/v1/mix/config/gatewaySignConfig');
  });

  it('accepts paths written with the prefix or without a leading slash, never doubling it', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.ok());
    const { client } = rig(server);
    await client.post('/v1/security/policy/captcha/get-captcha-id');
    await client.post('v1/security/policy/captcha/get-captcha-id');
    await client.post('security/policy/captcha/get-captcha-id');
    expect(server.received.map((r) => r.path)).toEqual(Array(3).fill('/v1/security/policy/captcha/get-captcha-id'));
  });

  it('honours a custom prefix and a base URL with a trailing slash', async () => {
    server.route('GET', '/api/v2/ping', reply.ok('pong'));
    const { client } = rig(server, { baseUrl: `${server.origin}/api/`, prefix: 'v2/' });
    expect((await client.get('/ping')).data).toBe('pong');
  });
});

describe('GET: "adds languageType and timestamp _t" (spec §S7)', () => {
  it('sends cleaned params in the query plus languageType of the locale and _t from the platform clock', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client, platform } = rig(server, { providers: { locale: () => 'ja' } });
    platform.advance(1234);
    const { data } = await client.get<Echo>('/echo', {
      symbol: '  BTCUSDT ',
      from: new Date(2026, 2, 4, 5, 6),
      ids: [1, 2],
      skip: undefined,
    });
    expect(data.method).toBe('GET');
    expect(data.query).toEqual({
      symbol: 'BTCUSDT',
      from: '2026-03-04 05:06',
      ids: '2',
      languageType: String(requestLanguage('ja').languageType),
      _t: String(START_TIME + 1234),
    });
    expect(server.received[0]?.query.getAll('ids')).toEqual(['1', '2']);
    expect(data.body).toBe('');
  });

  it("keeps a caller's own languageType", async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.get<Echo>('/echo', { languageType: 5 });
    expect(data.query.languageType).toBe('5');
  });

  it('sends nested objects in the query as JSON text', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.get<Echo>('/echo', { filter: { side: ' buy ', at: new Date(Date.UTC(2026, 0, 1)) } }, {});
    const filter = JSON.parse(data.query.filter ?? '') as { side: string; at: string };
    expect(filter.side).toBe('buy');
    expect(filter.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('"dates in the user\'s time zone or a given one": timeZone Asia/Shanghai writes Dates in Shanghai time', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, { timeZone: 'Asia/Shanghai' });
    const { data } = await client.get<Echo>('/echo', { from: new Date(Date.UTC(2026, 0, 1, 16, 30)) });
    expect(data.query.from).toBe('2026-01-02 00:30');
  });

  it('an unknown time zone fails when the client is made, with UnknownTimeZoneError', () => {
    expect(() => createHttpClient(memoryPlatform(), { baseUrl: 'http://127.0.0.1', timeZone: 'Mars/Olympus' })).toThrow(
      UnknownTimeZoneError,
    );
  });
});

describe('bodies: "other methods send params as the body"; json, form-urlencoded, multipart (spec §S7)', () => {
  it.each(['POST', 'PUT', 'DELETE'] as const)('%s sends cleaned params as a JSON body', async (method) => {
    server.route(method, '/v1/echo', reply.echo());
    const { client } = rig(server);
    const params = { loginName: '  alice@example.com ', nested: { note: ' x ' }, list: [' a '] };
    const { data } = await client.request<Echo>(method, '/echo', params);
    expect(data.method).toBe(method);
    expect(data.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(data.body)).toEqual({ loginName: 'alice@example.com', nested: { note: 'x' }, list: ['a'] });
    expect(data.query).toEqual({});
    expect(params.loginName).toBe('  alice@example.com ');
  });

  it('sends form-urlencoded bodies', async () => {
    server.route('POST', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.post<Echo>('/echo', { a: ' 1 ', b: [2, 3], c: null }, { contentType: 'form' });
    expect(data.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(data.body).toBe('a=1&b=2&b=3');
  });

  it('sends multipart uploads from an object with a Blob, and from a ready FormData', async () => {
    server.route('POST', '/v1/upload', reply.echo());
    const { client } = rig(server);
    const file = new File([new Uint8Array([1, 2, 3])], 'avatar.png', { type: 'image/png' });
    const first = await client.post<Echo>('/upload', { file, title: ' hi ' }, { contentType: 'multipart' });
    expect(first.data.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(first.data.body).toContain('filename="avatar.png"');
    expect(first.data.body).toMatch(/name="title"\r\n\r\nhi\r\n/);

    const form = new FormData();
    form.append('file', file);
    const second = await client.post<Echo>('/upload', form);
    expect(second.data.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(second.data.body).toContain('Content-Type: image/png');
  });

  it('sends no body when there are no params', async () => {
    server.route('POST', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.post<Echo>('/echo');
    expect(data.body).toBe('');
  });

  it('rejects FormData with a non-multipart content type or on GET, before sending', async () => {
    const { client } = rig(server);
    await expect(client.post('/x', new FormData(), { contentType: 'json' })).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    await expect(client.get('/x', new FormData())).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    expect(server.received).toHaveLength(0);
  });

  it('rejects (never throws synchronously) on params that cannot be cleaned', async () => {
    const { client } = rig(server);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    const call = client.post('/x', { loop });
    await expect(call).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'loop.self' } });
    await expect(client.get('/x', { at: new Date(Number.NaN) })).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    expect(server.received).toHaveLength(0);
  });
});

describe('headers on every call (spec §S3), read at request time', () => {
  it('sends terminalCode, terminaltype=1, locale, language, appTheme and devicelanguage', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, {
      providers: { locale: () => 'zh-CN', appTheme: () => 'standard', terminalCode: () => 'abc123' },
    });
    const { data } = await client.get<Echo>('/echo');
    expect(data.headers).toMatchObject({
      terminalcode: 'abc123',
      terminaltype: '1',
      locale: 'zh-CN',
      language: languageKey('zh-CN'),
      apptheme: 'standard',
      devicelanguage: 'fr-FR',
    });
    expect(data.headers.language).toBe('zh_CN');
    expect(data.headers.beta).toBeUndefined();
  });

  it('reads providers on each call, so a change of locale, theme or device id shows on the next call', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    let locale = 'en';
    let theme: 'standard' | 'dark' = 'dark';
    let terminal: string | undefined = undefined;
    const { client } = rig(server, {
      providers: { locale: () => locale, appTheme: () => theme, terminalCode: () => terminal, deviceLanguage: () => 'de-DE' },
    });
    const before = (await client.get<Echo>('/echo')).data.headers;
    locale = 'ru';
    theme = 'standard';
    terminal = 'f'.repeat(32);
    const after = (await client.get<Echo>('/echo')).data.headers;
    expect([before.locale, before.language, before.apptheme, before.terminalcode]).toEqual(['en', 'en_US', 'dark', undefined]);
    expect([after.locale, after.language, after.apptheme, after.terminalcode]).toEqual(['ru', 'ru_RU', 'standard', terminal]);
    expect(after.devicelanguage).toBe('de-DE');
  });

  it('adds the beta header only in the beta environment, with a configurable name', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    let beta = true;
    const { client } = rig(server, { providers: { beta: () => beta }, betaHeader: { name: 'x-env', value: 'beta' } });
    expect((await client.get<Echo>('/echo')).data.headers['x-env']).toBe('beta');
    beta = false;
    expect((await client.get<Echo>('/echo')).data.headers['x-env']).toBeUndefined();
  });

  it('lets per-call headers win', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.get<Echo>('/echo', undefined, { headers: { locale: 'xx', 'x-trace': 't1' } });
    expect(data.headers.locale).toBe('xx');
    expect(data.headers['x-trace']).toBe('t1');
  });
});

describe('hook pipeline: the seams later services plug into', () => {
  it('beforeRequest hooks see the call context (path without prefix, method, cleaned params, meta)', async () => {
    server.route('POST', '/v1/user/login', reply.ok());
    const seen: HttpRequestContext[] = [];
    const { client } = rig(server, {
      hooks: {
        beforeRequest: [
          (_request, options) => {
            const context = requestContext(options);
            if (context) seen.push(context);
          },
        ],
      },
    });
    await client.post('/user/login', { loginName: ' bob ' }, { meta: { encrypt: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/user/login',
      apiPath: '/v1/user/login',
      url: `${server.origin}/v1/user/login`,
      params: { loginName: 'bob' },
      bodyType: 'json',
      locale: 'en',
      startedAt: START_TIME,
      meta: { encrypt: true },
    });
  });

  it('a beforeRequest hook that returns a new Request does not stop later hooks (encrypt, then sign)', async () => {
    server.route('POST', '/v1/user/login', reply.echo());
    const { client } = rig(server, {
      hooks: {
        beforeRequest: [
          async (request) => {
            const clear = (await request.clone().json()) as Record<string, unknown>;
            return new Request(request, { body: JSON.stringify({ bodyCiphertext: `enc(${String(clear.pwd)})` }) });
          },
          async (request, options) => {
            const body = await request.clone().text();
            request.headers.set('device-sign', `sig:${requestContext(options)?.apiPath}:${body.length}`);
            requestContext(options)!.meta.signed = true;
          },
        ],
      },
    });
    const { data } = await client.post<Echo>('/user/login', { pwd: 'secret' });
    const expectedBody = JSON.stringify({ bodyCiphertext: 'enc(secret)' });
    expect(data.body).toBe(expectedBody);
    expect(data.headers['device-sign']).toBe(`sig:/v1/user/login:${expectedBody.length}`);
  });

  it('a beforeRequest hook can answer from a cache with a Response (no network)', async () => {
    const { client } = rig(server, {
      hooks: { beforeRequest: [() => new Response(JSON.stringify({ code: '00000', data: 'cached' }))] },
    });
    expect((await client.get('/anything')).data).toBe('cached');
    expect(server.received).toHaveLength(0);
  });

  it('afterResponse hooks see every response with its context, error statuses included, and can replace it', async () => {
    server.route('POST', '/v1/ok', reply.json({ code: '00000', data: 1 }, { headers: { 'request-time': '1700000000123' } }));
    server.route('GET', '/v1/busy', reply.status(500));
    const seen: Array<[string | undefined, number, string | null]> = [];
    const { client } = rig(server, {
      hooks: {
        afterResponse: [
          (_request, options, response) => {
            seen.push([requestContext(options)?.path, response.status, response.headers.get('request-time')]);
          },
          (_request, options, response) => {
            if (requestContext(options)?.path === '/busy') return new Response(JSON.stringify({ code: '00000', data: 'patched' }));
            return response;
          },
        ],
      },
    });
    expect((await client.post('/ok')).data).toBe(1);
    expect((await client.get('/busy')).data).toBe('patched');
    expect(seen).toEqual([
      ['/ok', 200, '1700000000123'],
      ['/busy', 500, null],
    ]);
  });

  it('beforeError hooks see every failure with its context and may replace the error', async () => {
    server.route('GET', '/v1/forbidden', reply.status(403));
    const seen: string[] = [];
    const { client } = rig(server, {
      hooks: {
        beforeError: [
          (error, { context }) => {
            seen.push(`${error.name}:${context.apiPath}`);
          },
          (error) => Object.assign(error, { marked: true }),
        ],
      },
    });
    await expect(client.get('/forbidden')).rejects.toMatchObject({ name: 'HttpStatusError', status: 403, marked: true });
    expect(seen).toEqual(['HttpStatusError:/v1/forbidden']);
  });

  it('an ExkitError thrown by a hook reaches the caller unchanged, with no toast', async () => {
    const { ExkitError } = await import('../../../core/errors/index.js');
    class EncryptFailed extends ExkitError {
      override name = 'EncryptFailed';
    }
    const { client, toasts } = rig(server, {
      hooks: {
        beforeRequest: [
          (_request: Request) => {
            throw new EncryptFailed('LOGIN_ENCRYPT_FAILED', 'no key');
          },
        ],
      },
    });
    await expect(client.post('/user/login')).rejects.toMatchObject({ name: 'EncryptFailed', code: 'LOGIN_ENCRYPT_FAILED' });
    expect(toasts()).toEqual([]);
    expect(server.received).toHaveLength(0);
  });

  it("use() appends hooks after the options' ones (a service built with the client plugs in later) and can remove them", async () => {
    server.route('POST', '/v1/user/login', reply.echo());
    const order: string[] = [];
    const { client } = rig(server, {
      hooks: { beforeRequest: [() => void order.push('options')] },
    });
    const remove = client.use({
      beforeRequest: [
        (request, options) => {
          order.push('riskToken');
          if (requestContext(options)?.apiPath === '/v1/user/login') request.headers.set('fp-token', 'tok');
        },
      ],
      afterResponse: [(_request, _options, response) => void order.push(`after:${response.status}`)],
    });
    const first = await client.post<Echo>('/user/login');
    expect(first.data.headers['fp-token']).toBe('tok');
    expect(order).toEqual(['options', 'riskToken', 'after:200']);
    remove();
    order.length = 0;
    const second = await client.post<Echo>('/user/login');
    expect(second.data.headers['fp-token']).toBeUndefined();
    expect(order).toEqual(['options']);
  });

  it('a hook can push a toast through the client (late-bound) and it shares the debounce', async () => {
    server.route('POST', '/v1/spot/withdraw', reply.code('00023', 'sign invalid'));
    const { client, events } = rig(server);
    client.use({
      afterResponse: [
        async (_request, _options, response) => {
          const body = (await response.json()) as { code: string; msg: string };
          if (body.code === '00023') {
            client.emit({ type: 'toast', message: body.msg, code: body.code });
            client.emit({ type: 'logout', reason: 'signInvalid' });
          }
        },
      ],
    });
    const envelope = await client.post('/spot/withdraw', { amount: '1' });
    expect(envelope.code).toBe('00023');
    expect(events).toEqual([
      { type: 'toast', message: 'sign invalid', code: '00023' },
      { type: 'logout', reason: 'signInvalid' },
    ]);
  });
});

describe('silent calls', () => {
  it('a silent call gives no toast but still rejects, reports and logs out', async () => {
    server.route('GET', '/v1/constantid/udid/c1', reply.status(502));
    server.route('GET', '/v1/expired', reply.code('20906'));
    const { client, events, platform } = rig(server, { onLoginExpired: 'reject' });
    await expect(client.get('/constantid/udid/c1', undefined, { silent: true })).rejects.toMatchObject({ status: 502 });
    expect(events).toEqual([]);
    expect(platform.reports).toHaveLength(1);
    await client.get('/expired', undefined, { silent: true }).catch(() => undefined);
    expect(events).toEqual([{ type: 'logout', reason: 'loginExpired', path: '/v1/expired' }]);
  });
});
