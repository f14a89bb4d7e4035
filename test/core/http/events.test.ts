// "Toast and logout debounced 2 s" (spec §S8, §S9): typed events on an RxJS stream.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_EVENT_DEBOUNCE_MS, debouncedEventChannel } from '../../../core/http/index.js';
import type { HttpEvent } from '../../../core/http/index.js';
import { ManualTimers } from '../../../core/platform/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { rig, waitUntil } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('the debounced channel', () => {
  const toast = (message: string): HttpEvent => ({ type: 'toast', message, code: 'TEST' });

  it('lets the first event of a burst through at once and drops the rest until 2000 ms of quiet', () => {
    const timers = new ManualTimers();
    const channel = debouncedEventChannel<HttpEvent>(timers, ERROR_EVENT_DEBOUNCE_MS);
    const seen: string[] = [];
    channel.events$.subscribe((e) => seen.push(e.type === 'toast' ? e.message : 'logout'));
    channel.emit(toast('a'));
    expect(seen).toEqual(['a']);
    timers.advance(1_500);
    channel.emit(toast('b'));
    timers.advance(1_999);
    channel.emit(toast('c'));
    expect(seen).toEqual(['a']);
    timers.advance(2_000);
    channel.emit(toast('d'));
    expect(seen).toEqual(['a', 'd']);
  });

  it('debounces toasts and logouts separately', () => {
    const timers = new ManualTimers();
    const channel = debouncedEventChannel<HttpEvent>(timers, 2_000);
    const seen: string[] = [];
    channel.events$.subscribe((e) => seen.push(e.type));
    channel.emit(toast('a'));
    channel.emit({ type: 'logout', reason: 'loginExpired' });
    channel.emit(toast('b'));
    channel.emit({ type: 'logout', reason: 'loginExpired' });
    expect(seen).toEqual(['toast', 'logout']);
  });

  it('after complete() nothing goes out and no timer stays scheduled', () => {
    const timers = new ManualTimers();
    const channel = debouncedEventChannel<HttpEvent>(timers, 2_000);
    const seen: HttpEvent[] = [];
    channel.events$.subscribe((e) => seen.push(e));
    channel.emit(toast('a'));
    channel.complete();
    channel.emit(toast('b'));
    expect(seen).toHaveLength(1);
    expect(timers.pendingCount).toBe(0);
  });
});

describe('the client’s events$', () => {
  it('"a burst of 100 failing calls within 2000 ms gives one toast and one logout"', async () => {
    server.route('GET', '/v1/busy', reply.status(500));
    server.route('GET', '/v1/expired', reply.code('20906'));
    const { client, events, platform } = rig(server, { onLoginExpired: 'reject' });
    const calls = Array.from({ length: 100 }, (_, i) => client.get(i % 2 ? '/busy' : '/expired', { i }));
    const results = await Promise.allSettled(calls);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(events.filter((e) => e.type === 'toast')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'logout')).toHaveLength(1);

    await platform.advanceAsync(2_000);
    await client.get('/busy').catch(() => undefined);
    expect(events.filter((e) => e.type === 'toast')).toHaveLength(2);
  });

  it('a toast event carries the message, the error’s code, the path and the typed error', async () => {
    server.route('GET', '/v1/forbidden', reply.status(403));
    const { client, events } = rig(server);
    await client.get('/forbidden').catch(() => undefined);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'toast', message: 'Request is forbidden', code: 'HTTP_STATUS', path: '/v1/forbidden' });
    expect(events[0]?.type === 'toast' && events[0].error?.name).toBe('HttpStatusError');
  });

  it('emit() lets plugged-in services share the debounce (e.g. a sign error toast)', async () => {
    server.route('GET', '/v1/busy', reply.status(500));
    const { client, events } = rig(server);
    client.emit({ type: 'toast', message: 'sign invalid', code: '00023' });
    client.emit({ type: 'logout', reason: 'signInvalid' });
    await client.get('/busy').catch(() => undefined);
    await waitUntil(() => client.pendingCount === 0);
    expect(events).toEqual([
      { type: 'toast', message: 'sign invalid', code: '00023' },
      { type: 'logout', reason: 'signInvalid' },
    ]);
  });
});
