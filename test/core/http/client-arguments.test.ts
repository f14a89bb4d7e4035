// What the HTTP client says about a wrong argument, word for word: an integrator reads these messages when a
// client will not start or a call is refused, so each one must name the option and what it must be. Also the
// checks on hook lists, given to the client or through use(), and use()'s removal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpClient, HttpClientOptions } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { rig } from './harness.js';

const BASE = 'http://127.0.0.1:1';
const MAX = 2 ** 31 - 1;
const make = (options: Partial<HttpClientOptions>) => () =>
  createHttpClient(memoryPlatform(), { baseUrl: BASE, ...options } as HttpClientOptions);
const refused = (message: string, field?: string) =>
  expect.objectContaining({
    name: 'InvalidArgumentError',
    message,
    ...(field === undefined ? {} : { extra: expect.objectContaining({ field }) }),
  });

describe('creating a client: each wrong option named, with what it must be', () => {
  it.each<[string, Partial<HttpClientOptions>, string, string]>([
    [
      'baseUrl not a URL',
      { baseUrl: 'api.example.com' },
      'http: baseUrl must be an absolute http(s) URL, got "api.example.com"',
      'baseUrl',
    ],
    [
      'baseUrl of another scheme',
      { baseUrl: 'ftp://files.example' },
      'http: baseUrl must be an absolute http(s) URL, got "ftp://files.example"',
      'baseUrl',
    ],
    ...(['http://user@127.0.0.1', 'http://:pw@127.0.0.1', 'http://127.0.0.1/?x', 'http://127.0.0.1/#top'].map((baseUrl) => [
      `baseUrl ${baseUrl}`,
      { baseUrl },
      'http: baseUrl must not carry credentials, a query or a fragment',
      'baseUrl',
    ]) as [string, Partial<HttpClientOptions>, string, string][]),
    ['prefix', { prefix: 7 as never }, 'http: prefix must be a string', 'prefix'],
    ['timeout', { timeout: 0 }, `http: timeout must be a positive, finite number of ms up to ${MAX} or false`, 'timeout'],
    [
      'eventDebounceMs',
      { eventDebounceMs: -1 },
      `http: eventDebounceMs must be a positive, finite number of ms up to ${MAX}`,
      'eventDebounceMs',
    ],
    ['onLoginExpired', { onLoginExpired: 'never' as never }, 'http: onLoginExpired must be one of hang, reject', 'onLoginExpired'],
    ['credentials', { credentials: 'always' as never }, 'http: credentials must be one of omit, same-origin, include', 'credentials'],
    ['providers', { providers: 'en' as never }, 'http: providers must be an object', 'providers'],
    ...((['locale', 'appTheme', 'terminalCode', 'deviceLanguage', 'beta'] as const).map((name) => [
      `providers.${name}`,
      { providers: { [name]: 'x' } },
      `http: providers.${name} must be a function`,
      `providers.${name}`,
    ]) as [string, Partial<HttpClientOptions>, string, string][]),
    ...([null, { name: 1, value: 'x' }, { name: 'beta', value: true }].map((betaHeader) => [
      `betaHeader ${JSON.stringify(betaHeader)}`,
      { betaHeader: betaHeader as never },
      'http: betaHeader must be { name: string, value: string }',
      'betaHeader',
    ]) as [string, Partial<HttpClientOptions>, string, string][]),
    [
      'betaHeader with a bad name',
      { betaHeader: { name: 'bad name', value: 'x' } },
      'http: betaHeader is not a valid header (name "bad name")',
      'betaHeader',
    ],
    [
      'allowedRedirectOrigins',
      { allowedRedirectOrigins: BASE as never },
      'http: allowedRedirectOrigins must be an array of origins',
      'allowedRedirectOrigins',
    ],
    [
      'an allowed redirect origin',
      { allowedRedirectOrigins: ['https://ok.example', 'mailto:x@y'] },
      'http: allowedRedirectOrigins[1] must be an absolute http(s) URL, got "mailto:x@y"',
      'allowedRedirectOrigins[1]',
    ],
  ])('%s', (_name, options, message, field) => {
    expect(make(options)).toThrow(refused(message, field));
  });

  it('options that are not an object', () => {
    expect(() => createHttpClient(memoryPlatform(), null as never)).toThrow(
      refused('createHttpClient: options must be an object, got null', 'options'),
    );
  });

  it.each(['clock', 'errors', 'fetch', 'languages', 'timers'])('a platform without %s', (key) => {
    const platform = { ...memoryPlatform() } as Record<string, unknown>;
    delete platform[key];
    expect(() => createHttpClient(platform as never, { baseUrl: BASE })).toThrow(
      refused(`createHttpClient: platform.${key} must be an object, got undefined`, `platform.${key}`),
    );
  });

  it.each(['omit', 'same-origin', 'include'] as const)('credentials %s is taken', (credentials) => {
    expect(make({ credentials })).not.toThrow();
  });

  it('a prefix or a provider given as undefined is left at its default', () => {
    expect(make({ prefix: undefined, providers: { locale: undefined } })).not.toThrow();
  });
});

describe('hook lists: every list an array of functions, checked before anything is installed', () => {
  it.each<[string, unknown, string, string]>([
    ['not an object', 5, 'createHttpClient: options.hooks must be an object, got 5', 'options.hooks'],
    [
      'a list that is not an array',
      { beforeRequest: () => undefined },
      'createHttpClient: options.hooks.beforeRequest must be an array of functions, got a function',
      'options.hooks.beforeRequest',
    ],
    [
      'an afterResponse entry that is not a function',
      { afterResponse: [() => undefined, 'log'] },
      'createHttpClient: options.hooks.afterResponse[1] must be a function, got "log"',
      'options.hooks.afterResponse[1]',
    ],
    [
      'a beforeError entry that is not a function',
      { beforeError: [null] },
      'createHttpClient: options.hooks.beforeError[0] must be a function, got null',
      'options.hooks.beforeError[0]',
    ],
  ])('given to the client: %s', (_name, hooks, message, field) => {
    expect(make({ hooks: hooks as never })).toThrow(refused(message, field));
  });

  it('a list whose entries cannot be read is refused naming the list', () => {
    const list = new Proxy([() => undefined], {
      get(target, key, receiver) {
        if (key === Symbol.iterator) throw new Error('no');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(make({ hooks: { beforeRequest: list } })).toThrow(
      refused('createHttpClient: options.hooks.beforeRequest must be an array of functions, got an array', 'options.hooks.beforeRequest'),
    );
  });

  it('given to use(): named under hooks, and the client keeps its hooks as they were', () => {
    const client = createHttpClient(memoryPlatform(), { baseUrl: BASE });
    expect(() => client.use(null as never)).toThrow(refused('http.use: hooks must be an object, got null', 'hooks'));
    expect(() => client.use({ beforeError: [() => undefined, 1 as never] })).toThrow(
      refused('http.use: hooks.beforeError[1] must be a function, got 1', 'hooks.beforeError[1]'),
    );
    client.dispose();
  });
});

describe('a call with a wrong argument rejects (never throws), naming it', () => {
  let client: HttpClient;
  beforeEach(() => {
    client = createHttpClient(memoryPlatform(), { baseUrl: BASE });
  });

  const cases: Array<[string, (c: HttpClient) => Promise<unknown>, string, string | undefined]> = [
    ['request options', (c) => c.get('/x', undefined, 5 as never), 'http: request options must be an object', 'options'],
    ['method', (c) => c.request('PATCH' as never, '/x'), 'http: method must be GET, POST, PUT or DELETE', 'method'],
    ['path', (c) => c.get(5 as never), 'http: path must be a string', 'path'],
    [
      'a path not sent as written',
      (c) => c.get('/a;b'),
      'http: path must be sent as written (no query, fragment, backslash, dot segment, space, control or non-ASCII character, `%`, `;` or empty segment)',
      'path',
    ],
    [
      'timeout',
      (c) => c.get('/x', undefined, { timeout: -1 }),
      `http: timeout must be a positive, finite number of ms up to ${MAX} or false`,
      'timeout',
    ],
    [
      'contentType',
      (c) => c.post('/x', {}, { contentType: 'xml' as never }),
      'http: contentType must be one of json, form, multipart',
      'contentType',
    ],
    [
      'onLoginExpired',
      (c) => c.get('/x', undefined, { onLoginExpired: 'x' as never }),
      'http: onLoginExpired must be one of hang, reject',
      'onLoginExpired',
    ],
    [
      'a signal without aborted',
      (c) => c.get('/x', undefined, { signal: { addEventListener() {} } as never }),
      'http: signal must be an AbortSignal',
      'signal',
    ],
    [
      'a signal without addEventListener',
      (c) => c.get('/x', undefined, { signal: { aborted: false } as never }),
      'http: signal must be an AbortSignal',
      'signal',
    ],
    ['a signal that is text', (c) => c.get('/x', undefined, { signal: 'abort' as never }), 'http: signal must be an AbortSignal', 'signal'],
    ['meta', (c) => c.get('/x', undefined, { meta: [] as never }), 'http: meta must be an object', 'meta'],
    ['readBody', (c) => c.get('/x', undefined, { readBody: 'json' as never }), 'http: readBody must be a function', 'readBody'],
    ['params as text', (c) => c.post('/x', 'a=1' as never), 'http: params must be an object or FormData', 'params'],
    ['params null', (c) => c.post('/x', null as never), 'http: params must be an object or FormData', 'params'],
    ['FormData in a GET', (c) => c.get('/x', new FormData()), 'A GET call cannot send FormData params.', undefined],
    [
      'FormData as json',
      (c) => c.post('/x', new FormData(), { contentType: 'json' }),
      "FormData params need contentType 'multipart', not 'json'.",
      undefined,
    ],
    [
      'FormData as a form',
      (c) => c.put('/x', new FormData(), { contentType: 'form' }),
      "FormData params need contentType 'multipart', not 'form'.",
      undefined,
    ],
    [
      'headers',
      (c) => c.get('/x', undefined, { headers: 'x: 1' as never }),
      'http: headers must be an object of header names to values',
      'headers',
    ],
    [
      'a header',
      (c) => c.delete('/x', undefined, { headers: { 'x-a': 'a\nb' } }),
      'http: headers.x-a is not a valid header (name "x-a")',
      'headers.x-a',
    ],
  ];
  it.each(cases)('%s', async (_name, call, message, field) => {
    let result: Promise<unknown> | undefined;
    expect(() => (result = call(client))).not.toThrow();
    await expect(result).rejects.toEqual(refused(message, field));
    expect(client.pendingCount).toBe(0);
  });

  it('a locale provider that returns no text', async () => {
    const c = createHttpClient(memoryPlatform(), { baseUrl: BASE, providers: { locale: () => '' } });
    await expect(c.get('/x')).rejects.toEqual(refused('http: providers.locale must return a non-empty string', 'providers.locale'));
  });

  it('a provider that throws is HttpSetupError "http: providers.<name> threw", reported once', async () => {
    const platform = memoryPlatform();
    const boom = new Error('bug');
    const c = createHttpClient(platform, {
      baseUrl: BASE,
      providers: {
        appTheme: () => {
          throw boom;
        },
      },
    });
    await expect(c.get('/x')).rejects.toMatchObject({
      name: 'HttpSetupError',
      code: 'HTTP_SETUP',
      msg: 'http: providers.appTheme threw',
      cause: boom,
      extra: { field: 'providers.appTheme' },
    });
    expect(platform.reports).toHaveLength(1);
    expect(platform.reports[0]).toMatchObject({
      event: 'httpProviderError',
      message: 'http: providers.appTheme threw',
      data: { field: 'providers.appTheme' },
    });
  });
});

describe('use(): hooks added later', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('beforeError hooks added with use() run, and stop once removed; removing twice changes nothing', async () => {
    server.route('GET', '/v1/busy', reply.status(500));
    const { client } = rig(server);
    const seen: string[] = [];
    const remove = client.use({ beforeError: [(error) => void seen.push(error.name)] });
    await client.get('/busy').catch(() => undefined);
    expect(seen).toEqual(['HttpStatusError']);
    const other = client.use({ beforeError: [() => void seen.push('other')] });
    remove();
    remove();
    await client.get('/busy').catch(() => undefined);
    expect(seen).toEqual(['HttpStatusError', 'other']);
    other();
    await client.get('/busy').catch(() => undefined);
    expect(seen).toEqual(['HttpStatusError', 'other']);
  });
});
