// The risk-token service on the memory platform against a real device service on loopback (spec §S4, §S7, §S9).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../core/http/index.js';
import { MemoryBrowser, memoryPlatform } from '../../core/platform/index.js';
import type { MemoryPlatform } from '../../core/platform/index.js';
import { RISK_TOKEN_FAILED_EVENT } from '../../core/security/risk-token/index.js';
import { createRiskTokenService } from '../../machines/risk-token.service.js';
import type { RiskTokenService, RiskTokenState } from '../../machines/risk-token.service.js';
import { MAX_TIMER_DELAY_MS } from '../../core/validate/duration.js';
import { gate, reply, startTestServer } from '../support/http-server.js';
import type { TestServer } from '../support/http-server.js';

const DEVICE_PATH = '/v1/constantid/udid/c1';
const INTERVAL = 1_200_000;
const token = (n: number) => n.toString(16).padStart(40, '0');

let server: TestServer;
const services: RiskTokenService[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  for (const service of services.splice(0)) service.dispose();
  server.reset();
});

/** Answers each token call with the next answer of the list (the last one repeats). */
function answers(...list: Array<string | null>) {
  let n = 0;
  server.route('GET', DEVICE_PATH, (request, response) => reply.ok(list[Math.min(n++, list.length - 1)])(request, response));
}

function start(platform: MemoryPlatform) {
  const device = createHttpClient(platform, { baseUrl: server.origin, providers: { terminalCode: () => 'terminal-1' } });
  const service = createRiskTokenService(platform, { device });
  services.push(service);
  return service;
}

const requests = () => server.received.filter((r) => r.path === DEVICE_PATH).length;

describe('risk token over a real device service', () => {
  it('asks GET /v1/constantid/udid/c1 with the client headers at start and stores a success token', async () => {
    answers(token(1));
    const platform = memoryPlatform({ now: 1_000 });
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().status).toBe('success'));
    expect(server.received[0]).toMatchObject({ method: 'GET', path: DEVICE_PATH });
    expect(server.received[0]!.headers.terminalcode).toBe('terminal-1');
    expect(platform.cookies.get('riskToken')).toBe(token(1));
    expect(service.state()).toMatchObject({ kind: 'success', token: token(1), expiresAt: 1_000 + 2 * INTERVAL, pending: false });
  });

  it('a data-less answer is empty: after the 1 s retry the status is error and one report goes out', async () => {
    answers(null);
    const platform = memoryPlatform();
    const service = start(platform);
    await vi.waitFor(() => expect(service.actor.getSnapshot().matches({ refresh: { pending: 'retryWait' } })).toBe(true));
    await platform.advanceAsync(1000);
    await vi.waitFor(() => expect(service.state().status).toBe('error'));
    expect(requests()).toBe(2);
    expect(platform.reports.map((r) => r.event)).toEqual([RISK_TOKEN_FAILED_EVENT]);
  });

  it('bots stay silent: the same failure from a crawler reaches no error service', async () => {
    answers('');
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    const service = start(platform);
    await vi.waitFor(() => expect(requests()).toBe(1));
    await vi.waitFor(() => expect(service.actor.getSnapshot().matches({ refresh: { pending: 'retryWait' } })).toBe(true));
    await platform.advanceAsync(1000);
    await vi.waitFor(() => expect(service.state().status).toBe('error'));
    expect(platform.reports).toEqual([]);
  });

  it('ten callers asking at once cause one request', async () => {
    answers(token(2));
    const platform = memoryPlatform({ visibility: 'hidden' });
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().status).toBe('success'));
    const before = requests();
    const states = await Promise.all(Array.from({ length: 10 }, () => service.refresh()));
    expect(requests()).toBe(before + 1);
    expect(new Set(states.map((s) => s.token))).toEqual(new Set([token(2)]));
  });

  it('a hidden page makes no timer requests; visible again, it refreshes when due', async () => {
    answers(token(3), token(4));
    const platform = memoryPlatform({ visibility: 'hidden' });
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().token).toBe(token(3)));
    await platform.advanceAsync(3 * INTERVAL);
    expect(requests()).toBe(1);
    platform.setVisibility('visible');
    await vi.waitFor(() => expect(service.state().token).toBe(token(4)));
    expect(requests()).toBe(2);
  });

  it('visible again before the token is due: no request', async () => {
    answers(token(5));
    const platform = memoryPlatform();
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().status).toBe('success'));
    platform.setVisibility('hidden');
    await platform.advanceAsync(INTERVAL / 2);
    platform.setVisibility('visible');
    await platform.advanceAsync(0);
    expect(requests()).toBe(1);
  });

  it('while visible it refreshes every 1200 s', async () => {
    answers(token(6), token(7), token(8));
    const platform = memoryPlatform();
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().token).toBe(token(6)));
    await platform.advanceAsync(INTERVAL);
    await vi.waitFor(() => expect(service.state().token).toBe(token(7)));
    await platform.advanceAsync(INTERVAL);
    await vi.waitFor(() => expect(service.state().token).toBe(token(8)));
    expect(requests()).toBe(3);
  });

  it('two tabs share one token: a new tab starts from it, and a refresh in one reaches the other', async () => {
    answers(token(9), token(10));
    const browser = new MemoryBrowser(0);
    const first = start(memoryPlatform({ browser }));
    await vi.waitFor(() => expect(first.state().token).toBe(token(9)));
    const second = start(memoryPlatform({ browser }));
    expect(second.state()).toMatchObject({ status: 'success', token: token(9) });
    await first.refresh();
    expect(second.current()).toBe(token(10));
    expect(requests()).toBe(2);
  });

  it('whenReady waits for the first token, at most the 5 s init wait', async () => {
    server.route('GET', DEVICE_PATH, reply.hold());
    const platform = memoryPlatform();
    const service = start(platform);
    let ready: string | undefined | 'waiting' = 'waiting';
    void service.whenReady().then((value) => (ready = value));
    await vi.waitFor(() => expect(requests()).toBe(1));
    await platform.advanceAsync(4999);
    expect(ready).toBe('waiting');
    await platform.advanceAsync(1);
    expect(ready).toBeUndefined();
  });
});

describe('bad durations are a typed error, never a hot loop', () => {
  it.each([
    ['intervalMs', 0],
    ['intervalMs', -1],
    ['validityMs', Number.NaN],
    ['retryDelayMs', Number.POSITIVE_INFINITY],
    ['refreshTimeoutMs', '10000'],
    ['initWaitMs', 0],
  ])('%s = %j throws InvalidArgumentError naming the option', (field, value) => {
    const platform = memoryPlatform();
    expect(() => createRiskTokenService(platform, { [field]: value } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field, value } }),
    );
    expect(platform.timers.pendingCount).toBe(0);
  });
});

describe('no timer of the risk token gets a delay a host would wrap (issue 17)', () => {
  /** Records every delay handed to the platform's timers. */
  function auditTimers(platform: MemoryPlatform) {
    const delays: number[] = [];
    const original = platform.timers.setTimeout.bind(platform.timers);
    platform.timers.setTimeout = (callback: () => void, ms: number) => {
      delays.push(ms);
      return original(callback, ms);
    };
    return delays;
  }
  const honoured = (ms: number) => Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIMER_DELAY_MS;

  it('refresh() resolves when the refresh settles, with the new token, not at once with the old one', async () => {
    const held = gate(reply.ok(token(20)));
    answers(token(19));
    const platform = memoryPlatform();
    const delays = auditTimers(platform);
    const service = start(platform);
    await vi.waitFor(() => expect(service.state().token).toBe(token(19)));
    server.route('GET', DEVICE_PATH, held.reply);
    let settled: RiskTokenState | undefined;
    void service.refresh().then((state) => (settled = state));
    await vi.waitFor(() => expect(held.arrived).toBe(1));
    // Timers due "now" run: a wait of Infinity (treated as 0) would resolve here with the old token.
    await platform.advanceAsync(0);
    await platform.advanceAsync(1);
    expect(settled).toBeUndefined();
    held.release();
    await vi.waitFor(() => expect(settled).toBeDefined());
    expect(settled).toMatchObject({ token: token(20), pending: false, status: 'success' });
    expect(delays.filter((ms) => !honoured(ms))).toEqual([]);
  });

  it('refresh() against a device service that never answers ends with the 10 s refresh time-out', async () => {
    server.route('GET', DEVICE_PATH, reply.hold());
    const platform = memoryPlatform();
    const delays = auditTimers(platform);
    const service = start(platform);
    let settled: RiskTokenState | undefined;
    void service.refresh().then((state) => (settled = state));
    await vi.waitFor(() => expect(requests()).toBe(1));
    await platform.advanceAsync(9_999);
    expect(settled).toBeUndefined();
    await platform.advanceAsync(1);
    await vi.waitFor(() => expect(settled).toMatchObject({ status: 'timeout', pending: false }));
    expect(delays.filter((ms) => !honoured(ms))).toEqual([]);
  });

  it('disposing the service ends a pending refresh(); refresh() on a disposed service resolves at once', async () => {
    server.route('GET', DEVICE_PATH, reply.hold());
    const platform = memoryPlatform();
    const service = start(platform);
    const pending = service.refresh();
    await vi.waitFor(() => expect(requests()).toBe(1));
    service.dispose();
    await expect(pending).resolves.toMatchObject({ token: undefined });
    await expect(service.refresh()).resolves.toMatchObject({ token: undefined });
    await expect(service.whenReady()).resolves.toBeUndefined();
    expect(platform.timers.pendingCount).toBe(0);
  });

  it.each([Number.POSITIVE_INFINITY, Number.NaN, 0, -5, MAX_TIMER_DELAY_MS + 1, '100'])(
    'whenReady and settle given %j reject with InvalidArgumentError and set no timer',
    async (wait) => {
      server.route('GET', DEVICE_PATH, reply.hold());
      const platform = memoryPlatform();
      const service = start(platform);
      await vi.waitFor(() => expect(requests()).toBe(1));
      const before = platform.timers.pendingCount;
      const ready = service.whenReady(wait as number);
      const settle = service.settle(wait as number);
      await expect(ready).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'timeoutMs', value: wait } });
      await expect(settle).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'waitMs', value: wait } });
      expect(platform.timers.pendingCount).toBe(before);
    },
  );

  it('the longest honoured wait (2^31 − 1 ms) is accepted and really waits', async () => {
    server.route('GET', DEVICE_PATH, reply.hold());
    const platform = memoryPlatform();
    const service = start(platform);
    let ready: string | undefined | 'waiting' = 'waiting';
    void service.whenReady(MAX_TIMER_DELAY_MS).then((value) => (ready = value));
    await vi.waitFor(() => expect(requests()).toBe(1));
    await platform.advanceAsync(1000);
    expect(ready).toBe('waiting');
  });
});

describe('autoStart: false (a page rendered on a server starts it after mount)', () => {
  it('fetches nothing and follows no schedule until start(); start() then refreshes once, and a second start() does nothing', async () => {
    const platform = memoryPlatform();
    let calls = 0;
    const service = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(token(++calls)), autoStart: false });
    services.push(service);
    await platform.advanceAsync(INTERVAL * 2);
    expect(calls).toBe(0);
    expect(service.state()).toMatchObject({ status: 'notInitialised', pending: false, token: undefined });
    service.start();
    service.start();
    await platform.advanceAsync(0);
    expect(calls).toBe(1);
    expect(service.state()).toMatchObject({ status: 'success', token: token(1) });
  });

  it('holds a stored token before start() without writing anything', () => {
    const browser = new MemoryBrowser();
    const first = createRiskTokenService(memoryPlatform({ browser }), { fetchToken: () => Promise.resolve(token(7)) });
    services.push(first);
    return first.whenReady().then(() => {
      const platform = memoryPlatform({ browser });
      const before = platform.cookies.get('riskToken');
      const later = createRiskTokenService(platform, { fetchToken: () => Promise.reject(new Error('not now')), autoStart: false });
      services.push(later);
      expect(later.state()).toMatchObject({ status: 'success', token: token(7) });
      expect(platform.cookies.get('riskToken')).toBe(before);
    });
  });

  it('start() after dispose() does nothing, and refresh() resolves at once', async () => {
    const platform = memoryPlatform();
    let calls = 0;
    const service = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(token(++calls)), autoStart: false });
    service.dispose();
    service.start();
    await platform.advanceAsync(0);
    expect(calls).toBe(0);
    await expect(service.refresh()).resolves.toMatchObject({ token: undefined });
  });

  it('a non-boolean autoStart is an InvalidArgumentError naming it', () => {
    expect(() => createRiskTokenService(memoryPlatform(), { autoStart: 'no' as unknown as boolean })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'autoStart' }) }),
    );
  });
});
