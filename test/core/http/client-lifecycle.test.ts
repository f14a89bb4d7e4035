// Duplicate cancellation, caller aborts, disposal, timeouts and large bodies, against the loopback server.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '../../../core/catalog/index.js';
import { HTTP_TIMEOUT_MS, RequestCancelledError, RequestTimeoutError } from '../../../core/http/index.js';
import type { HttpRequestError } from '../../../core/http/index.js';
import { gate, reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { rig, settleState, waitUntil } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('"Duplicate pending requests are cancelled unless cancellation is ignored (the default)" (spec §S7)', () => {
  it('by default identical concurrent calls all go out and all resolve', async () => {
    const held = gate(reply.echo());
    server.route('GET', '/v1/ticker', held.reply);
    const { client } = rig(server);
    const calls = [client.get('/ticker', { symbol: 'BTCUSDT' }), client.get('/ticker', { symbol: 'BTCUSDT' })];
    await server.waitForRequests(2);
    held.release();
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(server.received).toHaveLength(2);
  });

  it('with cancelDuplicates the older identical call is cancelled with a typed RequestCancelledError; the newer resolves', async () => {
    const held = gate(reply.ok('fresh'));
    server.route('GET', '/v1/ticker', held.reply);
    const { client, events, platform } = rig(server, { cancelDuplicates: true });
    const older = client.get('/ticker', { symbol: 'BTCUSDT' });
    await server.waitForRequests(1);
    const newer = client.get('/ticker', { symbol: ' BTCUSDT ' });
    const error = await older.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestCancelledError);
    expect(error).toMatchObject({ name: 'RequestCancelledError', code: 'HTTP_CANCELLED', reason: 'duplicate' });
    await server.received[0]!.closed;
    expect(server.received[0]!.abandoned).toBe(true);
    held.release();
    expect((await newer).data).toBe('fresh');
    expect(events).toEqual([]);
    expect(platform.reports).toEqual([]);
  });

  it('a burst of 20 identical concurrent calls leaves only the last one standing', async () => {
    const held = gate(reply.ok('last'));
    server.route('POST', '/v1/order/list', held.reply);
    const { client } = rig(server, { cancelDuplicates: true });
    const calls = Array.from({ length: 20 }, () => client.post('/order/list', { page: 1, size: 20 }));
    const results = await Promise.allSettled(calls.slice(0, 19));
    held.release();
    expect(results.every((r) => r.status === 'rejected' && (r.reason as RequestCancelledError).reason === 'duplicate')).toBe(true);
    expect((await calls[19]!).data).toBe('last');
    expect(client.pendingCount).toBe(0);
  });

  it('a call can opt in on its own, and opt out when the client cancels by default', async () => {
    const held = gate(reply.ok());
    server.route('GET', '/v1/a', held.reply);
    const optIn = rig(server).client;
    const first = settleState(optIn.get('/a', undefined, { cancelDuplicates: true }));
    const second = optIn.get('/a', undefined, { cancelDuplicates: true });
    await waitUntil(() => first.state !== 'pending');
    expect(first.value).toMatchObject({ reason: 'duplicate' });

    const optOut = rig(server, { cancelDuplicates: true }).client;
    const third = optOut.get('/a', undefined, { cancelDuplicates: false });
    const fourth = optOut.get('/a', undefined, { cancelDuplicates: false });
    await server.waitForRequests(3);
    held.release();
    await expect(second).resolves.toMatchObject({ code: '00000' });
    await expect(Promise.all([third, fourth])).resolves.toHaveLength(2);
  });

  it('"same method, URL, params and body": different params or methods are not duplicates; key order does not matter', async () => {
    const held = gate(reply.ok());
    server.route('*', '/v1/q', held.reply);
    const { client } = rig(server, { cancelDuplicates: true });
    const a = settleState(client.post('/q', { x: 1, y: 2 }));
    const b = client.post('/q', { x: 1, y: 3 });
    const c = client.put('/q', { x: 1, y: 2 });
    const d = client.get('/q', { x: 1, y: 2 });
    await server.waitForRequests(4);
    const e = client.post('/q', { y: 2, x: 1 });
    await waitUntil(() => a.state !== 'pending');
    expect(a.value).toMatchObject({ reason: 'duplicate' });
    held.release();
    await expect(Promise.all([b, c, d, e])).resolves.toHaveLength(4);
  });
});

describe('the call context and events$', () => {
  it("numbers each client's calls from 1, as their context says", async () => {
    server.route('GET', '/v1/bad', reply.status(502));
    const ids = async (client: ReturnType<typeof rig>['client']) => {
      const out: unknown[] = [];
      for (let i = 0; i < 3; i++) out.push(((await client.get('/bad').catch((e: unknown) => e)) as HttpRequestError).context.id);
      return out;
    };
    expect(await ids(rig(server).client)).toEqual([1, 2, 3]);
    expect(await ids(rig(server).client)).toEqual([1, 2, 3]);
  });

  it('a subscriber of events$ that throws is reported as http.events$ subscriber, and the others still receive', () => {
    const { client, events, platform } = rig(server);
    const boom = new Error('subscriber bug');
    client.events$.subscribe(() => {
      throw boom;
    });
    client.emit({ type: 'toast', message: 'hello', code: 'TEST' });
    expect(events).toEqual([{ type: 'toast', message: 'hello', code: 'TEST' }]);
    expect(platform.reports).toHaveLength(1);
    expect(platform.reports[0]!.error).toMatchObject({
      name: 'UserCallbackError',
      extra: { callback: 'http.events$ subscriber' },
      cause: boom,
    });
  });
});

describe('a duplicate refused before it starts', () => {
  it('an identical call whose signal is already aborted leaves the call in flight holding its place: the next one still cancels it', async () => {
    const held = gate(reply.ok('fresh'));
    server.route('GET', '/v1/ticker', held.reply);
    const { client } = rig(server, { cancelDuplicates: true });
    const first = settleState(client.get('/ticker', { symbol: 'BTCUSDT' }));
    await server.waitForRequests(1);
    await expect(client.get('/ticker', { symbol: 'BTCUSDT' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      reason: 'aborted',
    });
    expect(first.state).toBe('pending');
    const third = client.get('/ticker', { symbol: 'BTCUSDT' });
    await waitUntil(() => first.state !== 'pending');
    expect(first.value).toMatchObject({ name: 'RequestCancelledError', reason: 'duplicate' });
    held.release();
    expect((await third).data).toBe('fresh');
    expect(client.pendingCount).toBe(0);
  });
});

describe('duplicate detection reads a "__proto__" param as plain data', () => {
  it('two calls that differ only in an own __proto__ param (from JSON.parse) are not duplicates', async () => {
    const held = gate(reply.ok());
    server.route('*', '/v1/q', held.reply);
    const { client } = rig(server, { cancelDuplicates: true });
    const a = settleState(client.post('/q', JSON.parse('{"x":1,"__proto__":{"side":"buy"}}') as Record<string, unknown>));
    const b = settleState(client.post('/q', JSON.parse('{"x":1,"__proto__":{"side":"sell"}}') as Record<string, unknown>));
    await server.waitForRequests(2);
    held.release();
    await waitUntil(() => a.state !== 'pending' && b.state !== 'pending');
    expect([a.state, b.state]).toEqual(['resolved', 'resolved']);
    const bodies = server.received.map((r) => r.body.toString());
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('buy');
    expect(bodies[1]).toContain('sell');
  });
});

describe('cancellation by the caller and by disposal', () => {
  it("aborting the caller's signal rejects with RequestCancelledError 'aborted' and aborts the fetch", async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, events } = rig(server);
    const controller = new AbortController();
    const call = client.get('/slow', undefined, { signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'RequestCancelledError', reason: 'aborted' });
    await server.received[0]!.closed;
    expect(server.received[0]!.abandoned).toBe(true);
    expect(events).toEqual([]);
  });

  it("a settled call takes its listener off the caller's signal, which may outlive it", async () => {
    server.route('GET', '/v1/x', reply.ok());
    const { client } = rig(server);
    const { signal } = new AbortController();
    const added = vi.spyOn(signal, 'addEventListener');
    const removed = vi.spyOn(signal, 'removeEventListener');
    await client.get('/x', undefined, { signal });
    expect(added.mock.calls).toEqual([['abort', expect.any(Function)]]);
    expect(removed.mock.calls).toEqual(added.mock.calls);
  });

  it('an already aborted signal rejects without sending anything', async () => {
    const { client } = rig(server);
    await expect(client.get('/x', undefined, { signal: AbortSignal.abort() })).rejects.toMatchObject({ reason: 'aborted' });
    expect(server.received).toHaveLength(0);
  });

  it("dispose() cancels calls in flight ('disposed'), completes events$, and refuses new calls", async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client } = rig(server);
    let completed = false;
    client.events$.subscribe({ complete: () => (completed = true) });
    const call = client.get('/slow');
    await server.waitForRequests(1);
    client.dispose();
    await expect(call).rejects.toMatchObject({ reason: 'disposed' });
    await expect(client.get('/slow')).rejects.toMatchObject({ reason: 'disposed' });
    expect(completed).toBe(true);
    expect(client.pendingCount).toBe(0);
  });
});

describe("timeout: 10000 ms (spec §S9), 'Request timed out!' (spec §S8)", () => {
  it('a held answer fails after exactly 10000 ms on the platform clock, aborting the fetch', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, platform, toasts } = rig(server);
    const box = settleState(client.get('/slow'));
    await server.waitForRequests(1);
    await platform.advanceAsync(HTTP_TIMEOUT_MS - 1);
    expect(box.state).toBe('pending');
    await platform.advanceAsync(1);
    await waitUntil(() => box.state !== 'pending');
    expect(box.value).toBeInstanceOf(RequestTimeoutError);
    expect(box.value).toMatchObject({ name: 'RequestTimeoutError', code: 'HTTP_TIMEOUT', msg: 'Request timed out!', timeoutMs: 10_000 });
    expect(toasts()).toEqual(['Request timed out!']);
    expect(platform.reports).toEqual([]);
    await server.received[0]!.closed;
    expect(server.received[0]!.abandoned).toBe(true);
  });

  it('the timeout is overridable per call and per client, and covers a body that stalls after the head', async () => {
    server.route('GET', '/v1/stall', reply.stall());
    const { client, platform } = rig(server, { timeout: 3_000 });
    const perCall = settleState(client.get('/stall', undefined, { timeout: 500 }));
    const perClient = settleState(client.get('/stall'));
    await server.waitForRequests(2);
    await platform.advanceAsync(500);
    await waitUntil(() => perCall.state !== 'pending');
    expect(perCall.value).toMatchObject({ name: 'RequestTimeoutError', timeoutMs: 500 });
    expect(perClient.state).toBe('pending');
    await platform.advanceAsync(2_500);
    await waitUntil(() => perClient.state !== 'pending');
    expect(perClient.value).toMatchObject({ name: 'RequestTimeoutError', timeoutMs: 3_000 });
  });

  it('the timeout text is translated for the current locale', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const { client, platform } = rig(server, { providers: { locale: () => 'ja' } });
    const box = settleState(client.get('/slow'));
    await server.waitForRequests(1);
    await platform.advanceAsync(HTTP_TIMEOUT_MS);
    await waitUntil(() => box.state !== 'pending');
    expect(message('ja', 'timeout')).not.toBe('Request timed out!');
    expect(box.value).toMatchObject({ msg: message('ja', 'timeout') });
  });

  it('a call that answers in time leaves no timer behind', async () => {
    server.route('GET', '/v1/fast', reply.ok());
    const { client, platform } = rig(server);
    await client.get('/fast');
    expect(platform.timers.pendingCount).toBe(0);
  });
});

describe('large answers', () => {
  it('a 10 MiB envelope arrives whole', async () => {
    const size = 10 * 1024 * 1024;
    server.route('GET', '/v1/big', reply.large(size));
    const { client } = rig(server);
    const envelope = await client.get<string>('/big');
    expect(envelope.code).toBe('00000');
    expect(envelope.data.length).toBe(size - '{"code":"00000","msg":"success","data":""}'.length);
    expect(/^x+$/.test(envelope.data)).toBe(true);
  });

  it('a 10 MiB upload arrives whole (multipart), and so does a 10 MiB JSON body', async () => {
    const size = 10 * 1024 * 1024;
    server.route('POST', '/v1/upload', (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: '00000', data: { bytes: request.body.length } }));
    });
    const { client } = rig(server);
    const file = new File([new Uint8Array(size).fill(7)], 'big.bin', { type: 'application/octet-stream' });
    const upload = await client.post<{ bytes: number }>('/upload', { file }, { contentType: 'multipart' });
    expect(upload.data.bytes).toBeGreaterThan(size);
    const json = await client.post<{ bytes: number }>('/upload', { text: 'y'.repeat(size) });
    expect(json.data.bytes).toBe(size + '{"text":""}'.length);
  });
});
