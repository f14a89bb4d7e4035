// Faults while a call is being set up (a provider that throws, a bad header, a bad argument): the call
// rejects with a typed error, never throws, and holds nothing: no pending slot, no timer, no event later.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpSetupError } from '../../../core/http/index.js';
import type { HttpClient, HttpClientOptions, HttpProviders } from '../../../core/http/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { rig } from './harness.js';
import { inputClasses } from '../../support/input-classes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const boom = new RangeError('provider bug');
const thrower = () => {
  throw boom;
};

interface Fault {
  name: string;
  options?: Partial<HttpClientOptions>;
  call(client: HttpClient): Promise<unknown>;
  expected: { name: string; code: string; field: string };
}

const invalid = (field: string) => ({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', field });
const providerFault = (provider: keyof HttpProviders): Fault => ({
  name: `providers.${provider} throws`,
  options: { providers: { [provider]: thrower } },
  call: (client) => client.get('/echo'),
  expected: { name: 'HttpSetupError', code: 'HTTP_SETUP', field: `providers.${provider}` },
});
const call =
  (method: string, path: unknown, params?: unknown, options?: unknown) =>
  (client: HttpClient): Promise<unknown> =>
    client.request(method as 'GET', path as string, params as undefined, options as undefined);

const FAULTS: Fault[] = [
  ...(['locale', 'appTheme', 'terminalCode', 'deviceLanguage', 'beta'] as const).map(providerFault),
  {
    name: 'providers.locale returns an empty string',
    options: { providers: { locale: () => '' } },
    call: call('GET', '/echo'),
    expected: invalid('providers.locale'),
  },
  {
    name: 'providers.locale returns a number',
    options: { providers: { locale: () => 42 as unknown as string } },
    call: call('GET', '/echo'),
    expected: invalid('providers.locale'),
  },
  {
    name: 'providers.terminalCode returns CR/LF',
    options: { providers: { terminalCode: () => 'fp\r\nx-injected: 1' } },
    call: call('GET', '/echo'),
    expected: invalid('providers.terminalCode'),
  },
  {
    name: 'providers.appTheme returns U+0100',
    options: { providers: { appTheme: () => 'dĀrk' as 'dark' } },
    call: call('GET', '/echo'),
    expected: invalid('providers.appTheme'),
  },
  {
    name: 'a header value with CR/LF',
    call: call('POST', '/echo', {}, { headers: { 'x-trace': 'a\r\nx-injected: 1' } }),
    expected: invalid('headers.x-trace'),
  },
  {
    name: 'a header value with a lone LF',
    call: call('GET', '/echo', undefined, { headers: { token: 'abc\n' } }),
    expected: invalid('headers.token'),
  },
  {
    name: 'a header value with NUL',
    call: call('GET', '/echo', undefined, { headers: { token: 'a\0b' } }),
    expected: invalid('headers.token'),
  },
  {
    name: 'a header value that is an object',
    call: call('GET', '/echo', undefined, { headers: { token: { toString: () => 'x' } } }),
    expected: invalid('headers.token'),
  },
  {
    name: 'an invalid header name',
    call: call('GET', '/echo', undefined, { headers: { 'bad name': 'x' } }),
    expected: invalid('headers.bad name'),
  },
  { name: 'an empty header name', call: call('GET', '/echo', undefined, { headers: { '': 'x' } }), expected: invalid('headers.') },
  { name: 'headers that are not an object', call: call('GET', '/echo', undefined, { headers: 'token: x' }), expected: invalid('headers') },
  { name: 'a number as path', call: call('GET', 42), expected: invalid('path') },
  { name: 'an undefined path', call: call('GET', undefined), expected: invalid('path') },
  { name: 'an object as path', call: call('POST', { toString: () => '/echo' }), expected: invalid('path') },
  {
    name: 'a path with a dot segment the URL parser would collapse (login encryption bypass)',
    call: call('POST', '/user/x/../login', { password: 'p' }),
    expected: invalid('path'),
  },
  { name: 'a path with a percent-encoded dot segment', call: call('POST', '/user/x/%2E%2e/login'), expected: invalid('path') },
  { name: 'a path with a query', call: call('GET', '/echo?x=1'), expected: invalid('path') },
  { name: 'a path with a fragment', call: call('GET', '/echo#x'), expected: invalid('path') },
  { name: 'a path with a backslash', call: call('GET', '/user\\login'), expected: invalid('path') },
  { name: 'a path with a tab the URL parser would drop', call: call('GET', '/user/.\t./login'), expected: invalid('path') },
  { name: 'a method the client does not offer', call: call('TRACE', '/echo'), expected: invalid('method') },
  { name: 'a lower-case method', call: call('get', '/echo'), expected: invalid('method') },
  { name: 'null request options', call: call('GET', '/echo', undefined, null), expected: invalid('options') },
  { name: 'an unknown contentType', call: call('POST', '/echo', { a: 1 }, { contentType: 'xml' }), expected: invalid('contentType') },
  { name: 'a signal that is not an AbortSignal', call: call('GET', '/echo', undefined, { signal: {} }), expected: invalid('signal') },
  { name: 'meta that is not an object', call: call('GET', '/echo', undefined, { meta: 'x' }), expected: invalid('meta') },
  { name: 'readBody that is not a function', call: call('GET', '/echo', undefined, { readBody: 'json' }), expected: invalid('readBody') },
  {
    name: 'an unknown onLoginExpired',
    call: call('GET', '/echo', undefined, { onLoginExpired: 'never' }),
    expected: invalid('onLoginExpired'),
  },
  ...[0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100', true].map((timeout): Fault => ({
    name: `per-call timeout ${String(timeout)}`,
    call: call('GET', '/echo', undefined, { timeout }),
    expected: invalid('timeout'),
  })),
];

describe('a call that cannot be set up rejects typed and holds nothing', () => {
  for (const timeout of [undefined, false] as const) {
    for (const fault of FAULTS) {
      it(`${fault.name} (client timeout ${String(timeout ?? 'default')}): ${fault.expected.name} naming ${JSON.stringify(fault.expected.field)}`, async () => {
        server.route('*', '/v1/echo', reply.echo());
        const { client, platform, events } = rig(server, { ...fault.options, ...(timeout === undefined ? {} : { timeout }) });
        let promise: Promise<unknown> | undefined;
        expect(() => {
          promise = fault.call(client);
        }).not.toThrow();
        // Freed at once: nothing was registered, no timer was started.
        expect(client.pendingCount).toBe(0);
        expect(platform.timers.pendingCount).toBe(0);
        const error = await promise!.catch((e: unknown) => e);
        expect(error).toMatchObject({
          name: fault.expected.name,
          code: fault.expected.code,
          extra: expect.objectContaining({ field: fault.expected.field }),
        });
        // No phantom 'Request timed out!' later, nothing sent, nothing emitted.
        await platform.advanceAsync(60_000);
        expect(events).toEqual([]);
        expect(server.received).toHaveLength(0);
        expect(client.pendingCount).toBe(0);
        if (fault.expected.name === 'HttpSetupError') {
          expect((error as HttpSetupError).cause).toBe(boom);
          expect(platform.reports).toMatchObject([{ event: 'httpProviderError', error, data: { field: fault.expected.field } }]);
        } else {
          expect(platform.reports).toEqual([]);
        }
        // The client still works for the next call (when the fault was in the call, not in the client's providers).
        if (fault.options === undefined) await expect(client.get('/echo', undefined, {})).resolves.toMatchObject({ code: '00000' });
      });
    }
  }

  it('the host refusing to build the request (ky builds it synchronously) rejects HttpSetupError and frees slot and timer at once', async () => {
    const refusal = new TypeError('host says no');
    const { client, platform, events } = rig(server);
    vi.stubGlobal(
      'Request',
      class {
        constructor() {
          throw refusal;
        }
      },
    );
    let promise: Promise<unknown> | undefined;
    try {
      expect(() => {
        promise = client.get('/echo');
      }).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(client.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    await expect(promise).rejects.toMatchObject({ name: 'HttpSetupError', code: 'HTTP_SETUP', cause: refusal });
    await platform.advanceAsync(60_000);
    expect(events).toEqual([]);
    expect(platform.reports).toEqual([]);
  });

  it("an invalid header's value stays out of the error (it may be a secret)", async () => {
    const { client } = rig(server);
    const error = await client.get('/echo', undefined, { headers: { token: 'session-secret\r\n' } }).catch((e: unknown) => e);
    expect(JSON.stringify(error)).not.toContain('session-secret');
  });

  it('an undefined per-call header removes a standard one', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client } = rig(server);
    const { data } = await client.get<{ headers: Record<string, string> }>('/echo', undefined, { headers: { appTheme: undefined } });
    expect(data.headers.apptheme).toBeUndefined();
    expect(data.headers.locale).toBe('en');
  });
});

describe('property: a path reaches the gateway as written, or rejects InvalidArgumentError naming it', () => {
  it('no accepted path is rewritten by the URL parser (dot segments, backslashes, tabs, queries, fragments)', async () => {
    const { client } = rig(server);
    const segment = fc.oneof(
      fc.constantFrom('.', '..', '%2e', '%2E%2e', '.%2e', 'a.', '.a', '..b', 'x.y', 'a\\b', 'a?b', 'a#b', '.\t.', 'a\nb'),
      fc.string({ unit: fc.constantFrom('a', 'b', '.', '-', '_', '%', '2', 'e'), minLength: 1, maxLength: 4 }),
    );
    const drawn = inputClasses<{ path: string; sent: boolean }>({
      'a path sent': ({ sent }) => sent,
      'a path refused': ({ sent }) => !sent,
      'a dot segment refused': ({ path, sent }) => !sent && /\/\.{1,2}(\/|$)/.test(path),
      'a percent-encoded dot segment refused': ({ path, sent }) => !sent && /\/(%2e|\.){0,1}%2e(\/|$)/i.test(path),
      'a dot inside a segment sent': ({ path, sent }) => sent && /[^/]\.|\.[^/.]/.test(path),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (segments) => {
        const path = `/${segments.join('/')}`;
        const before = server.received.length;
        const outcome = await client.get(path).then(
          () => 'answered',
          (e: unknown) => e,
        );
        drawn.see({ path, sent: server.received.length > before });
        expect(client.pendingCount).toBe(0);
        if (server.received.length === before) {
          expect(outcome).toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'path', value: path } });
        } else {
          // Answered or not (unknown routes get a 404), what arrived has the segments that were asked for.
          expect(server.received[before]!.path).toBe(`/v1${path}`);
        }
      }),
      { numRuns: 150 },
    );
    drawn.expectEachDrawn(1);
  });
});

describe('property: any header name and value either goes out unaltered or rejects InvalidArgumentError naming it', () => {
  const tokenChars = "abcxyzABC019!#$%&'*+-.^_`|~".split('');
  const valueChars = ['a', 'Z', '0', ' ', '\t', ':', ';', '=', '"', 'é', 'ÿ', '\r', '\n', '\0', 'Ā', '中', '😀'];
  const headerName = fc.oneof(
    fc.string({ unit: fc.constantFrom(...tokenChars), minLength: 1, maxLength: 12 }).map((s) => `x-${s}`),
    fc.string({ unit: fc.constantFrom(...tokenChars, ' ', ':', '(', '/', 'é', '\n', '@', '中'), maxLength: 12 }),
  );
  // Values as written, and with spaces or tabs around them (which fetch trims).
  const written = fc.string({ unit: fc.constantFrom(...valueChars), maxLength: 16 });
  const headerValue = fc.oneof(
    written,
    written.map((value) => ` ${value}\t`),
  );
  const validName = (name: string) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
  const validValue = (value: string) => !/[\r\n\0]/.test(value) && [...value].every((c) => c.codePointAt(0)! <= 0xff);

  it('per-call headers', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { client, platform, events } = rig(server);
    const drawn = inputClasses<{ name: string; value: string }>({
      'a header sent': ({ name, value }) => validName(name) && validValue(value),
      'an invalid name': ({ name }) => !validName(name),
      'a line break or NUL in the value': ({ name, value }) => validName(name) && /[\r\n\0]/.test(value),
      'a character above U+00FF in the value': ({ name, value }) => validName(name) && [...value].some((c) => c.codePointAt(0)! > 0xff),
      'spaces around a value sent': ({ name, value }) => validName(name) && validValue(value) && /^[ \t]|[ \t]$/.test(value),
    });
    await fc.assert(
      fc.asyncProperty(headerName, headerValue, async (name, value) => {
        // Names the client sets itself would be overwritten by the per-call value, which is still the rule checked.
        fc.pre(
          !['content-length', 'host', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer'].includes(
            name.toLowerCase(),
          ),
        );
        drawn.see({ name, value });
        const before = server.received.length;
        const outcome = await client.get('/echo', undefined, { headers: { [name]: value } }).then(
          () => 'sent',
          (e: unknown) => e,
        );
        expect(client.pendingCount).toBe(0);
        if (validName(name) && validValue(value)) {
          expect(outcome).toBe('sent');
          const got = server.received[before]!.headers[name.toLowerCase()];
          // fetch trims leading and trailing spaces and tabs (Fetch "normalize"), nothing else.
          expect(Buffer.from(String(got), 'latin1').toString('latin1')).toBe(value.replace(/^[ \t]+|[ \t]+$/g, ''));
        } else {
          expect(outcome).toMatchObject({ name: 'InvalidArgumentError', extra: { field: `headers.${name}` } });
          expect(server.received.length).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
    drawn.expectEachDrawn(1);
    expect(platform.timers.pendingCount).toBe(0);
    expect(events).toEqual([]);
  });

  it('provider values (terminalCode)', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const drawn = inputClasses<string>({
      sent: (value) => validValue(value),
      'spaces around a value sent': (value) => validValue(value) && /^[ \t]|[ \t]$/.test(value),
      refused: (value) => !validValue(value),
    });
    await fc.assert(
      fc.asyncProperty(
        headerValue.filter((v) => v.trim() !== ''),
        async (value) => {
          drawn.see(value);
          const { client, platform } = rig(server, { providers: { terminalCode: () => value } });
          const outcome = await client.get<{ headers: Record<string, string> }>('/echo').catch((e: unknown) => e);
          if (validValue(value))
            expect(outcome).toMatchObject({ data: { headers: { terminalcode: value.replace(/^[ \t]+|[ \t]+$/g, '') } } });
          else expect(outcome).toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'providers.terminalCode' } });
          expect(client.pendingCount).toBe(0);
          expect(platform.timers.pendingCount).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
    drawn.expectEachDrawn(1);
  });
});
