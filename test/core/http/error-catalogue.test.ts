// Spec §S8, the error catalogue: one test per row, against the loopback server.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatStatusBusy, message } from '../../../core/catalog/index.js';
import { isExkitError } from '../../../core/errors/index.js';
import { HttpApiError, HttpStatusError, LoginExpiredError, HttpNetworkError } from '../../../core/http/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';
import { rig, settleState, waitUntil } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('HTTP statuses', () => {
  it("HTTP 403 → toast 'Request is forbidden'", async () => {
    server.route('GET', '/v1/x', reply.status(403));
    const { client, toasts, platform } = rig(server);
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ name: 'HttpStatusError', code: 'HTTP_STATUS', status: 403, msg: 'Request is forbidden' });
    expect(toasts()).toEqual(['Request is forbidden']);
    expect(platform.reports).toMatchObject([{ event: 'httpError', data: { status: 403, path: '/v1/x', method: 'GET' } }]);
  });

  it.each([404, 504])("HTTP %i → 'Request error'", async (status) => {
    server.route('GET', '/v1/x', reply.status(status));
    const { client, toasts } = rig(server);
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'HttpStatusError', status, msg: 'Request error' });
    expect(toasts()).toEqual(['Request error']);
  });

  it("HTTP 500 → 'The system is busy'", async () => {
    server.route('POST', '/v1/x', reply.status(500));
    const { client, toasts } = rig(server);
    await expect(client.post('/x', { a: 1 })).rejects.toMatchObject({ name: 'HttpStatusError', status: 500, msg: 'The system is busy' });
    expect(toasts()).toEqual(['The system is busy']);
  });

  it.each([401, 418, 502, 503])("other status %i → '{status}:The system is busy'", async (status) => {
    server.route('GET', '/v1/x', reply.status(status));
    const { client, toasts } = rig(server);
    await expect(client.get('/x')).rejects.toMatchObject({ status, msg: `${status}:The system is busy` });
    expect(toasts()).toEqual([`${status}:The system is busy`]);
  });

  it('status messages come from the localized tables by the current locale', async () => {
    server.route('GET', '/v1/forbidden', reply.status(403));
    server.route('GET', '/v1/teapot', reply.status(418));
    const { client, toasts } = rig(server, { providers: { locale: () => 'de' } });
    await client.get('/forbidden').catch(() => undefined);
    await client.get('/teapot').catch(() => undefined);
    expect(message('de', 'forbidden')).not.toBe('Request is forbidden');
    expect(toasts()).toEqual([message('de', 'forbidden')]);
    expect(formatStatusBusy(418, 'de')).toBe(`418:${message('de', 'unknow')}`);
  });
});

describe('network errors: "network error with message → that message shown"; "network errors not reported"', () => {
  it('a dropped connection rejects with HttpNetworkError carrying fetch’s message, toasts it, and reports nothing', async () => {
    server.route('GET', '/v1/drop', reply.drop());
    const { client, toasts, platform } = rig(server);
    const error = await client.get('/drop').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect(error).toMatchObject({ name: 'HttpNetworkError', code: 'HTTP_NETWORK' });
    const msg = (error as HttpNetworkError).msg;
    expect(msg).toBe('fetch failed');
    expect(toasts()).toEqual([msg]);
    expect(platform.reports).toEqual([]);
  });

  it('a refused connection (nothing listening) is a HttpNetworkError too', async () => {
    const closed = await startTestServer();
    const origin = closed.origin;
    await closed.close();
    const { client, platform } = rig({ ...server, origin });
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'HttpNetworkError', msg: 'fetch failed' });
    expect(platform.reports).toEqual([]);
  });

  const dropMidBody =
    (framing: 'content-length' | 'chunked'): Reply =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', ...(framing === 'content-length' ? { 'content-length': 4096 } : {}) });
      response.write('{"code":"00000","data":"' + 'x'.repeat(512));
      // Let the head and the first bytes reach the client, then break the connection.
      setTimeout(() => response.socket?.destroy(), 20);
    };

  it.each([
    ['content-length', false],
    ['chunked', false],
    ['content-length', true],
    ['chunked', true],
  ] as const)(
    'a connection dropped mid-body (%s framing, afterResponse hook: %s) is a HttpNetworkError, toasted, not reported',
    async (framing, withHook) => {
      server.route('GET', '/v1/half', dropMidBody(framing));
      const seen: number[] = [];
      const { client, toasts, platform } = rig(
        server,
        withHook ? { hooks: { afterResponse: [(_r, _o, response) => void seen.push(response.status)] } } : {},
      );
      const error = await client.get('/half').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpNetworkError);
      // The host's text for a broken body ('terminated' in Node) is not for users: the localized network text.
      expect(error).toMatchObject({ name: 'HttpNetworkError', code: 'HTTP_NETWORK', msg: message('en', 'networkError') });
      expect(toasts()).toEqual([message('en', 'networkError')]);
      expect(platform.reports).toEqual([]);
      expect(client.pendingCount).toBe(0);
      expect(seen).toEqual(withHook ? [200] : []);
    },
  );

  it('a network error without a message shows the localized network-error text', async () => {
    const { client, toasts } = rig(server, {}, { fetch: () => Promise.reject(new TypeError('')) });
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'HttpNetworkError', msg: message('en', 'networkError') });
    expect(toasts()).toEqual([message('en', 'networkError')]);
  });
});

describe('body failures', () => {
  it("response status 'error' with msg → msg shown", async () => {
    server.route('POST', '/v1/order', reply.json({ status: 'error', msg: 'Insufficient balance', code: '40001', data: null }));
    const { client, toasts } = rig(server);
    const error = await client.post('/order', { amount: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpApiError);
    expect(error).toMatchObject({ name: 'HttpApiError', code: 'HTTP_API', apiCode: '40001', msg: 'Insufficient balance' });
    expect((error as HttpApiError).envelope).toMatchObject({ status: 'error' });
    expect(toasts()).toEqual(['Insufficient balance']);
  });

  it.each(['00004', '00005', '00006'])('code %s with msg → msg toast and rejection', async (code) => {
    server.route('GET', '/v1/asset', reply.code(code, `token problem ${code}`));
    const { client, toasts, platform } = rig(server);
    await expect(client.get('/asset')).rejects.toMatchObject({ name: 'HttpApiError', apiCode: code, msg: `token problem ${code}` });
    expect(toasts()).toEqual([`token problem ${code}`]);
    expect(platform.reports).toEqual([]);
  });

  it.each(['00004', '00005', '00006'])(
    'code %s on the user-info call (/v1/user/overview/userinfo) resolves, with no toast',
    async (code) => {
      server.route('GET', '/v1/user/overview/userinfo', reply.code(code, 'not logged in'));
      const { client, events } = rig(server);
      const envelope = await client.get('/user/overview/userinfo');
      expect(envelope).toMatchObject({ code, msg: 'not logged in' });
      expect(events).toEqual([]);
    },
  );

  it('code 00005 without msg resolves with the envelope (the row needs a msg)', async () => {
    server.route('GET', '/v1/asset', reply.json({ code: '00005', data: null }));
    const { client, events } = rig(server);
    expect(await client.get('/asset')).toMatchObject({ code: '00005' });
    expect(events).toEqual([]);
  });

  it('other business codes resolve with the envelope for the caller to read', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.code('40015', 'captcha needed', { data: { status: 0 } }));
    const { client, events } = rig(server);
    expect(await client.post('/security/policy/captcha/get-captcha-id')).toMatchObject({ code: '40015', data: { status: 0 } });
    expect(events).toEqual([]);
  });

  it('response with no data body → error thrown (HttpInvalidResponseError, reported, no toast)', async () => {
    server.route('GET', '/v1/empty', reply.empty());
    server.route('GET', '/v1/null', reply.raw('null'));
    const { client, events, platform } = rig(server);
    await expect(client.get('/empty')).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      code: 'HTTP_INVALID_RESPONSE',
      reason: 'empty',
    });
    await expect(client.get('/null')).rejects.toMatchObject({ name: 'HttpInvalidResponseError', reason: 'empty' });
    expect(events).toEqual([]);
    expect(platform.reports.map((r) => r.data?.code)).toEqual(['HTTP_INVALID_RESPONSE', 'HTTP_INVALID_RESPONSE']);
  });

  it("default message 'unknown error': malformed JSON and non-object bodies", async () => {
    server.route('GET', '/v1/broken', reply.raw('{"code":"00000","data":'));
    server.route('GET', '/v1/array', reply.raw('[1,2]'));
    const { client } = rig(server);
    await expect(client.get('/broken')).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      reason: 'malformed',
      msg: 'unknown error',
    });
    await expect(client.get('/array')).rejects.toMatchObject({ reason: 'malformed', msg: 'unknown error' });
  });

  it("default message 'unknown error': a non-exkit failure inside the pipeline is wrapped, toasted and reported", async () => {
    const { client, toasts, platform } = rig(server, {
      hooks: {
        beforeRequest: [
          () => {
            throw new RangeError('bug in a hook');
          },
        ],
      },
    });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpRequestError', code: 'HTTP_UNKNOWN', msg: 'unknown error' });
    expect((error as Error).cause).toBeInstanceOf(RangeError);
    expect(toasts()).toEqual(['unknown error']);
    expect(platform.reports).toHaveLength(1);
  });
});

describe("codes 20906, 20205 → 'Login expired, please log in again'; call not resolved", () => {
  it.each(['20906', '20205'])('code %s: toast, logout event, and the promise never settles', async (code) => {
    server.route('GET', '/v1/asset', reply.code(code, 'server says expired'));
    const { client, toasts, events, platform } = rig(server);
    const box = settleState(client.get('/asset'));
    await server.waitForRequests(1);
    await waitUntil(() => events.length === 2);
    expect(toasts()).toEqual(['Login expired, please log in again']);
    expect(events[1]).toEqual({ type: 'logout', reason: 'loginExpired', path: '/v1/asset' });
    await platform.advanceAsync(60_000);
    expect(box.state).toBe('pending');
    expect(client.pendingCount).toBe(0);
  });

  it('the hanging call holds nothing: no timer, no registry entry, and the promise is garbage once dropped', async () => {
    server.route('GET', '/v1/asset', reply.code('20906'));
    const { client, platform, events } = rig(server, { cancelDuplicates: true });
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    let finalized = false;
    const registry = new FinalizationRegistry(() => {
      finalized = true;
    });
    (() => {
      const promise = client.get('/asset').then(() => 'never');
      registry.register(promise, 'hanging');
    })();
    await waitUntil(() => events.length === 2);
    await platform.advanceAsync(2_000);
    expect(platform.timers.pendingCount).toBe(0);
    expect(client.pendingCount).toBe(0);
    for (let i = 0; i < 20 && !finalized; i++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(finalized).toBe(true);
  });

  it("onLoginExpired: 'reject' gives callers that must clean up a typed LoginExpiredError (toast and logout still go out)", async () => {
    server.route('POST', '/v1/order', reply.code(20205));
    const { client, toasts, logouts } = rig(server);
    const error = await client.post('/order', {}, { onLoginExpired: 'reject' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginExpiredError);
    expect(isExkitError(error, 'LoginExpiredError')).toBe(true);
    expect(error).toMatchObject({ code: 'HTTP_LOGIN_EXPIRED', apiCode: '20205', msg: 'Login expired, please log in again' });
    expect(toasts()).toEqual(['Login expired, please log in again']);
    expect(logouts()).toBe(1);
  });

  it('the expired message is localized', async () => {
    server.route('GET', '/v1/asset', reply.code('20906'));
    const { client, toasts } = rig(server, { providers: { locale: () => 'zh-CN' }, onLoginExpired: 'reject' });
    await client.get('/asset').catch(() => undefined);
    expect(toasts()).toEqual([message('zh-CN', 'expired')]);
    expect(message('zh-CN', 'expired')).not.toBe(message('en', 'expired'));
  });
});

describe('RequestOptions.readBody: how a 2xx answer’s text becomes the envelope the client checks', () => {
  it('its value is checked like a parsed body: an envelope resolves, a code of the catalogue fails as usual', async () => {
    server.route('GET', '/v1/bare', reply.raw('tok-123'));
    server.route('GET', '/v1/expired', reply.raw('gone'));
    const { client } = rig(server);
    const readBody = (text: string) => ({ code: '00000', data: text.toUpperCase() });
    await expect(client.get('/bare', undefined, { readBody })).resolves.toMatchObject({ code: '00000', data: 'TOK-123' });
    await expect(
      client.get('/expired', undefined, { readBody: () => ({ code: 20906, msg: 'x' }), onLoginExpired: 'reject' }),
    ).rejects.toBeInstanceOf(LoginExpiredError);
    // Without it the same bare body is malformed, as before.
    await expect(client.get('/bare')).rejects.toMatchObject({ name: 'HttpInvalidResponseError', reason: 'malformed' });
  });

  it('a readBody that throws, gives a non-object, or returns a promise: HttpInvalidResponseError malformed with the cause', async () => {
    server.route('GET', '/v1/x', reply.raw('{"code":"00000","data":1}'));
    const { client } = rig(server);
    const boom = new RangeError('reader bug');
    await expect(
      client.get('/x', undefined, {
        readBody: () => {
          throw boom;
        },
      }),
    ).rejects.toMatchObject({ name: 'HttpInvalidResponseError', reason: 'malformed', cause: boom });
    await expect(client.get('/x', undefined, { readBody: () => 'text' })).rejects.toMatchObject({ reason: 'malformed' });
    // A promise, even a rejected one, is not an answer: malformed, and its rejection is not left unhandled.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const outcome = await client
        .get('/x', undefined, { readBody: () => Promise.reject(new Error('async reader')) })
        .catch((e: unknown) => e);
      expect(outcome).toMatchObject({
        name: 'HttpInvalidResponseError',
        reason: 'malformed',
        cause: { name: 'InvalidArgumentError', extra: { field: 'readBody' } },
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('it is not called for an error status or an empty body; a readBody that is not a function rejects the call, nothing sent', async () => {
    server.route('GET', '/v1/status', reply.status(500));
    server.route('GET', '/v1/empty', reply.raw('  '));
    const { client } = rig(server);
    const readBody = vi.fn(() => ({ code: '00000', data: null }));
    await expect(client.get('/status', undefined, { readBody })).rejects.toBeInstanceOf(HttpStatusError);
    await expect(client.get('/empty', undefined, { readBody })).rejects.toMatchObject({ reason: 'empty' });
    expect(readBody).not.toHaveBeenCalled();
    const before = server.received.length;
    await expect(client.get('/status', undefined, { readBody: 'json' as never })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'readBody', value: 'json' },
    });
    expect(server.received).toHaveLength(before);
  });
});
