// The HTTP client at the edges of its rules (spec §S3, §S7, §S8), against the loopback server: a GET without
// params, a body-less call's content type, the default beta header, an empty prefix, a provider that gives
// nothing, envelopes whose status or msg only look like a failure, what is reported for a status error, and
// hooks that return something the pipeline does not take.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestLanguage, message } from '../../../core/catalog/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { START_TIME, rig } from './harness.js';
import type { Echo } from './harness.js';
import { invalid } from '../../support/invalid-argument.js';
import { createHttpClient } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('what goes on the wire', () => {
  it('a GET without params carries exactly languageType and _t', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, { providers: { locale: () => 'ko' } });
    await client.get('/echo');
    expect(server.received[0]!.url).toBe(`/v1/echo?languageType=${requestLanguage('ko').languageType}&_t=${START_TIME}`);
  });

  it('a JSON call without params says JSON and sends no body; a form call without params says nothing', async () => {
    server.route('POST', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const json = (await client.post<Echo>('/echo')).data;
    expect(json.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(json.body).toBe('');
    const form = (await client.post<Echo>('/echo', undefined, { contentType: 'form' })).data;
    expect(form.headers['content-type']).toBeUndefined();
    expect(form.body).toBe('');
  });

  it('multipart from plain params builds the form', async () => {
    server.route('PUT', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.put<Echo>('/echo', { title: 'a' }, { contentType: 'multipart' });
    expect(data.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.body).toMatch(/name="title"\r\n\r\na\r\n/);
  });

  it('the beta environment sends the default beta header, "beta: true"', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, { providers: { beta: () => true } });
    expect((await client.get<Echo>('/echo')).data.headers.beta).toBe('true');
  });

  it.each(['', '/'])('prefix %j: paths go to the base as written', async (prefix) => {
    server.route('GET', '/ping', reply.ok('pong'));
    const { client } = rig(server, { prefix });
    expect((await client.get('/ping')).data).toBe('pong');
    expect((await client.get('ping')).data).toBe('pong');
  });

  it('a terminal code or device language given empty sends no header; the app theme defaults to dark', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, { providers: { terminalCode: () => '', deviceLanguage: () => '' } });
    const { headers } = (await client.get<Echo>('/echo')).data;
    expect(headers.terminalcode).toBeUndefined();
    expect(headers.devicelanguage).toBeUndefined();
    expect(headers.apptheme).toBe('dark');
  });

  it('without a device-language provider the first platform language is sent; none when the platform has none', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const none = rig(server, {}, { languages: [] });
    expect((await none.client.get<Echo>('/echo')).data.headers.devicelanguage).toBeUndefined();
  });
});

describe('envelopes that only look like failures resolve', () => {
  it.each([
    ["status 'error' with an empty msg", { status: 'error', msg: '', code: '40001', data: 1 }],
    ["status 'error' with a msg that is not text", { status: 'error', msg: 5, code: '40001', data: 1 }],
    ['another status with a msg', { status: 'warn', msg: 'careful', code: '40001', data: 1 }],
    ['a message code with an empty msg', { msg: '', code: '00004', data: 1 }],
  ])('%s', async (_name, body) => {
    server.route('GET', '/v1/x', reply.json(body));
    const { client, events } = rig(server);
    await expect(client.get('/x')).resolves.toEqual(body);
    expect(events).toEqual([]);
  });
});

describe('what readBody gives back', () => {
  it('null is an empty answer; an object with a then method is a promise, so malformed', async () => {
    server.route('GET', '/v1/x', reply.raw('anything'));
    const { client } = rig(server);
    await expect(client.get('/x', undefined, { readBody: () => null })).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      reason: 'empty',
    });
    await expect(
      client.get('/x', undefined, { readBody: () => ({ code: '00000', data: 1, then: () => undefined }) }),
    ).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      reason: 'malformed',
      cause: { name: 'InvalidArgumentError', message: 'http: readBody must return the value, not a promise' },
    });
    await expect(
      client.get('/x', undefined, { readBody: () => ({ code: '00000', data: 1, then: 'not a function' }) }),
    ).resolves.toMatchObject({
      data: 1,
    });
  });
});

describe('what is reported and shown for a failure', () => {
  it('a status error is reported with method, path, status and code', async () => {
    server.route('DELETE', '/v1/gone', reply.status(502));
    const { client, platform } = rig(server);
    await client.delete('/gone').catch(() => undefined);
    expect(platform.reports).toHaveLength(1);
    expect(platform.reports[0]).toMatchObject({
      event: 'httpError',
      message: '502:The system is busy',
      data: { method: 'DELETE', path: '/v1/gone', status: 502, code: 'HTTP_STATUS' },
    });
  });

  it('a fetch that fails with text shows that text; with anything else, the network-error text', async () => {
    const text = rig(server, {}, { fetch: () => Promise.reject('offline') as Promise<Response> });
    await expect(text.client.get('/x')).rejects.toMatchObject({ name: 'HttpNetworkError', msg: 'offline', cause: 'offline' });
    expect(text.toasts()).toEqual(['offline']);
    const other = rig(server, {}, { fetch: () => Promise.reject(42) as Promise<Response> });
    await expect(other.client.get('/x')).rejects.toMatchObject({ name: 'HttpNetworkError', msg: message('en', 'networkError'), cause: 42 });
  });
});

describe('hooks that return what the pipeline does not take', () => {
  it('a beforeRequest hook returning neither a Request nor a Response changes nothing', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server, { hooks: { beforeRequest: [() => 'not a request' as never] } });
    expect((await client.get<Echo>('/echo')).data.path).toBe('/v1/echo');
  });

  it('a beforeError hook returning something that is not an HttpRequestError keeps the error', async () => {
    server.route('GET', '/v1/busy', reply.status(500));
    const { client } = rig(server, { hooks: { beforeError: [() => new Error('other') as never] } });
    await expect(client.get('/busy')).rejects.toMatchObject({ name: 'HttpStatusError', status: 500 });
  });

  it('a beforeError hook that throws: the caller gets its throw, nothing is announced', async () => {
    server.route('GET', '/v1/busy', reply.status(500));
    const broken = new RangeError('hook bug');
    const { client, events, platform } = rig(server, {
      hooks: {
        beforeError: [
          () => {
            throw broken;
          },
        ],
      },
    });
    await expect(client.get('/busy')).rejects.toBe(broken);
    expect(events).toEqual([]);
    expect(platform.reports).toEqual([]);
    expect(client.pendingCount).toBe(0);
  });
});

describe('prefixes, base URLs and header values as the client normalises them', () => {
  it("a prefix gets one leading slash and loses every trailing one; '' and '/' are no prefix", async () => {
    server.route('*', '/echo', reply.echo());
    server.route('*', '/api/echo', reply.echo());
    const paths = async (prefix: string) => {
      server.received.length = 0;
      await rig(server, { prefix }).client.get('/echo');
      return server.received[0]!.path;
    };
    expect(await paths('')).toBe('/echo');
    expect(await paths('/')).toBe('/echo');
    expect(await paths('api//')).toBe('/api/echo');
    expect(await paths('/api/')).toBe('/api/echo');
  });

  it('a path that is the prefix itself is the root under it, as "/" is: both refused (an empty segment), nothing sent', async () => {
    const { client } = rig(server);
    await expect(client.get('/v1')).rejects.toEqual(invalid('path'));
    await expect(client.get('/')).rejects.toEqual(invalid('path'));
    // Under the prefix, the path is taken as written.
    server.route('GET', '/v1/v1x', reply.echo());
    await client.get('/v1x');
    expect(server.received.map((r) => r.path)).toEqual(['/v1/v1x']);
  });

  it('a base URL loses every trailing slash', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    await rig(server, { baseUrl: `${server.origin}//` }).client.get('/echo');
    expect(server.received[0]!.path).toBe('/v1/echo');
  });

  it('a base URL or a redirect origin must be text: a URL object is refused, naming the option', () => {
    const platform = memoryPlatform();
    expect(() => createHttpClient(platform, { baseUrl: new URL(server.origin) as never })).toThrow(invalid('baseUrl'));
    expect(() => createHttpClient(platform, { baseUrl: server.origin, allowedRedirectOrigins: [new URL(server.origin) as never] })).toThrow(
      invalid('allowedRedirectOrigins[0]'),
    );
  });

  it('a header value may be a number or a boolean (sent as text); undefined removes a standard header', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const echo = (await client.get<Echo>('/echo', undefined, { headers: { 'x-count': 5, 'x-flag': false, appTheme: undefined } as never }))
      .data;
    expect(echo.headers['x-count']).toBe('5');
    expect(echo.headers['x-flag']).toBe('false');
    expect(echo.headers).not.toHaveProperty('apptheme');
    // Without the override, the standard header is there.
    expect((await client.get<Echo>('/echo')).data.headers.apptheme).toBe('dark');
  });

  it('a header value holding CR or LF is refused before anything is sent, naming the header', async () => {
    const { client } = rig(server);
    await expect(client.get('/echo', undefined, { headers: { 'x-a': 'one\r\ntwo' } })).rejects.toEqual(invalid('headers.x-a'));
    expect(server.received).toEqual([]);
  });
});

describe('what hooks are given', () => {
  it('beforeRequest and afterResponse hooks are told the attempt: 0, since the client never retries', async () => {
    server.route('GET', '/v1/x', reply.json({ code: '00000', data: 1 }));
    const states: unknown[] = [];
    const { client } = rig(server, {
      hooks: {
        beforeRequest: [(_request, _options, state) => void states.push(['before', state])],
        afterResponse: [(_request, _options, _response, state) => void states.push(['after', state])],
      },
    });
    await client.get('/x');
    expect(states).toEqual([
      ['before', { retryCount: 0 }],
      ['after', { retryCount: 0 }],
    ]);
  });

  it('readBody answering a function with a then method answered a promise, which is malformed', async () => {
    server.route('GET', '/v1/x', reply.raw('anything'));
    const { client } = rig(server);
    const thenable = Object.assign(() => undefined, { then: () => undefined });
    await expect(client.get('/x', undefined, { readBody: () => thenable })).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      reason: 'malformed',
      cause: { name: 'InvalidArgumentError', message: 'http: readBody must return the value, not a promise' },
    });
  });
});
