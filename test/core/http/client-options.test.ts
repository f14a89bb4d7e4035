// The client's options are checked once, when it is made: durations through the shared checkDuration
// (finite, > 0, ≤ 2^31 − 1 ms, or `false` for no timeout), URLs, modes and headers.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpClientOptions } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { MAX_TIMER_DELAY_MS } from '../../../core/validate/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { rig, settleState, waitUntil } from './harness.js';
import { inputClasses } from '../../support/input-classes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const make = (options: Partial<HttpClientOptions>) => () =>
  createHttpClient(memoryPlatform(), { baseUrl: 'http://127.0.0.1:1', ...options } as HttpClientOptions);
const invalidArgument = (field: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: expect.objectContaining({ field }) });

const BAD_DURATIONS: unknown[] = [
  0,
  -1,
  -0.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 31,
  2 ** 40,
  '1000',
  true,
  null,
  10n,
];

describe('durations: timeout and eventDebounceMs go through checkDuration', () => {
  it.each(BAD_DURATIONS.map((value) => [value]))(
    'timeout %s is an InvalidArgumentError naming timeout, when the client is made',
    (timeout) => {
      expect(make({ timeout: timeout as number })).toThrow(invalidArgument('timeout'));
    },
  );

  it.each([...BAD_DURATIONS, false].map((value) => [value]))(
    'eventDebounceMs %s is an InvalidArgumentError naming eventDebounceMs',
    (eventDebounceMs) => {
      expect(make({ eventDebounceMs: eventDebounceMs as number })).toThrow(invalidArgument('eventDebounceMs'));
    },
  );

  it('property: a number is accepted exactly when it is finite, > 0 and ≤ 2^31 − 1', () => {
    const drawn = inputClasses<number>({
      'accepted, whole': (value) => Number.isInteger(value) && value > 0 && value <= MAX_TIMER_DELAY_MS,
      'accepted, with a fraction': (value) => !Number.isInteger(value) && value > 0 && value <= MAX_TIMER_DELAY_MS,
      'zero or below': (value) => value <= 0,
      'above 2^31 − 1': (value) => Number.isFinite(value) && value > MAX_TIMER_DELAY_MS,
      'not a finite number': (value) => !Number.isFinite(value),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer({ min: -10, max: 2 ** 32 }),
          fc.constantFrom(MAX_TIMER_DELAY_MS, MAX_TIMER_DELAY_MS + 1, 0.5, Number.NaN, Infinity, -Infinity),
        ),
        (value) => {
          drawn.see(value);
          const ok = Number.isFinite(value) && value > 0 && value <= MAX_TIMER_DELAY_MS;
          if (ok) {
            expect(make({ timeout: value, eventDebounceMs: value })).not.toThrow();
          } else {
            expect(make({ timeout: value })).toThrow(invalidArgument('timeout'));
            expect(make({ eventDebounceMs: value })).toThrow(invalidArgument('eventDebounceMs'));
          }
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });

  it('eventDebounceMs is the quiet a toast needs before the next one goes out; 2 s without it', () => {
    const toast = (message: string) => ({ type: 'toast' as const, message, code: 'TEST' });
    for (const [eventDebounceMs, after] of [
      [500, ['a', 'b']],
      [undefined, ['a']],
    ] as const) {
      const { client, platform, toasts } = rig(server, eventDebounceMs === undefined ? {} : { eventDebounceMs });
      client.emit(toast('a'));
      platform.advance(600);
      client.emit(toast('b'));
      expect(toasts()).toEqual(after);
      client.dispose();
    }
  });

  it('the largest timeout, 2^31 − 1 ms, really waits that long (a wrapped timer would fire at once)', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, platform } = rig(server, { timeout: MAX_TIMER_DELAY_MS });
    const box = settleState(client.get('/slow'));
    await server.waitForRequests(1);
    await platform.advanceAsync(MAX_TIMER_DELAY_MS - 1);
    expect(box.state).toBe('pending');
    await platform.advanceAsync(1);
    await waitUntil(() => box.state !== 'pending');
    expect(box.value).toMatchObject({ name: 'RequestTimeoutError', timeoutMs: MAX_TIMER_DELAY_MS });
  });

  it('timeout: false means no time limit: no timer, the call waits for its answer', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, platform } = rig(server, { timeout: false });
    const box = settleState(client.get('/slow'));
    await server.waitForRequests(1);
    expect(platform.timers.pendingCount).toBe(0);
    await platform.advanceAsync(MAX_TIMER_DELAY_MS);
    expect(box.state).toBe('pending');
    expect(client.pendingCount).toBe(1);
    // The deprecated name reads the same counter.
    expect(client.pending).toBe(1);
    client.dispose();
    await waitUntil(() => box.state !== 'pending');
    expect(box.value).toMatchObject({ name: 'RequestCancelledError', reason: 'disposed' });
  });

  it('a per-call timeout: false lifts the client limit for that call only', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, platform } = rig(server, { timeout: 1_000 });
    const free = settleState(client.get('/slow', undefined, { timeout: false }));
    const bound = settleState(client.get('/slow'));
    await server.waitForRequests(2);
    await platform.advanceAsync(1_000);
    await waitUntil(() => bound.state !== 'pending');
    expect(bound.value).toMatchObject({ name: 'RequestTimeoutError' });
    expect(free.state).toBe('pending');
    client.dispose();
  });
});

describe('other options fail when the client is made, naming the option', () => {
  it.each([
    [''],
    ['api.example.com'],
    ['/v1'],
    ['ftp://files.example'],
    ['http://user:pw@127.0.0.1'],
    ['http://127.0.0.1/?x=1'],
    ['http://127.0.0.1/#top'],
    [42],
    [undefined],
  ])('baseUrl %j', (baseUrl) => {
    expect(make({ baseUrl: baseUrl as string })).toThrow(invalidArgument('baseUrl'));
  });

  it.each<[string, Partial<HttpClientOptions>]>([
    ['prefix', { prefix: 7 as unknown as string }],
    ['credentials', { credentials: 'always' as RequestCredentials }],
    ['onLoginExpired', { onLoginExpired: 'never' as 'hang' }],
    ['providers', { providers: 'en' as never }],
    ['providers.locale', { providers: { locale: 'en' as never } }],
    ['betaHeader', { betaHeader: { name: 'bad name', value: 'x' } }],
    ['betaHeader', { betaHeader: { name: 'beta', value: 'a\r\nb' } }],
    ['allowedRedirectOrigins', { allowedRedirectOrigins: 'http://127.0.0.1' as never }],
  ])('%s', (field, options) => {
    expect(make(options)).toThrow(invalidArgument(field));
  });

  it('options that are not an object', () => {
    expect(() => createHttpClient(memoryPlatform(), null as never)).toThrow(invalidArgument('options'));
  });
});

describe('options reach what is sent', () => {
  /** A platform fetch that records each request it is handed and the init beside it. */
  const recordingFetch = () => {
    const calls: { request: Request; init: RequestInit | undefined }[] = [];
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ request: input as Request, init });
      return globalThis.fetch(input, init);
    };
    return { calls, fetch: fetch as typeof globalThis.fetch };
  };

  it.each(['omit', 'same-origin', 'include'] as const)(
    'credentials %s is the credentials mode of the request sent',
    async (credentials) => {
      server.route('GET', '/v1/echo', reply.echo());
      const { calls, fetch } = recordingFetch();
      const { client } = rig(server, { credentials }, { fetch });
      await client.get('/echo');
      expect(calls.map((call) => call.request.credentials)).toEqual([credentials]);
    },
  );

  it("without a credentials option the request keeps fetch's own default, same-origin", async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const { calls, fetch } = recordingFetch();
    const { client } = rig(server, {}, { fetch });
    await client.get('/echo');
    expect(calls.map((call) => call.request.credentials)).toEqual(['same-origin']);
  });

  it('a base URL whose path ends in several slashes sends calls under that path', async () => {
    server.route('GET', '/gw/v1/echo', reply.echo());
    const { client } = rig(server, { baseUrl: `${server.origin}/gw//` });
    await client.get('/echo');
    expect(server.received.map((request) => request.path)).toEqual(['/gw/v1/echo']);
  });

  it("every hop of a redirect is sent with the call's abort signal and manual redirects, so the client decides each one", async () => {
    server.route('GET', '/v1/a', (_request, response) => void response.writeHead(302, { location: '/v1/b' }).end());
    server.route('GET', '/v1/b', (_request, response) => void response.writeHead(302, { location: '/v1/c' }).end());
    server.route('GET', '/v1/c', reply.ok({ landed: true }));
    const { calls, fetch } = recordingFetch();
    const { client } = rig(server, {}, { fetch });
    expect(await client.get('/a')).toMatchObject({ data: { landed: true } });
    expect(calls.map((call) => new URL(call.request.url).pathname)).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(calls.map((call) => call.init?.redirect)).toEqual(['manual', 'manual', 'manual']);
    const signal = calls[0]!.init?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(calls.map((call) => call.init?.signal)).toEqual([signal, signal, signal]);
  });

  it('cancelling a call while a later hop of its redirect is in flight aborts that hop', async () => {
    server.route('GET', '/v1/a', (_request, response) => void response.writeHead(302, { location: '/v1/slow' }).end());
    server.route('GET', '/v1/slow', reply.hold());
    const { calls, fetch } = recordingFetch();
    const { client } = rig(server, {}, { fetch });
    const controller = new AbortController();
    const call = settleState(client.get('/a', undefined, { signal: controller.signal }));
    await waitUntil(() => calls.length === 2);
    expect(calls[1]!.init?.signal?.aborted).toBe(false);
    controller.abort();
    await waitUntil(() => call.state !== 'pending');
    expect(call.state).toBe('rejected');
    expect(calls[1]!.init?.signal?.aborted).toBe(true);
  });
});
