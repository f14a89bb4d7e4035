import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APP_REQUEST_TIMEOUT_MS,
  AppRequestCallbackTimeout,
  AppResponseNetworkError,
  AppResponseUnSuccessError,
  isBridgeTimeoutError,
  BRIDGE_CALLBACK_TIMEOUT_MS,
  PALM_PRINT_CALLBACK_TIMEOUT_MS,
  WEB_VISIBLE_CALLBACK_TIMEOUT_MS,
  createBridge,
  createNativeHostSimulator,
  flushMicrotasks,
  memoryPlatform,
  message,
} from '../../../core/index.js';
import type { AppResponse } from '../../../core/index.js';
import { APP_NAME, inApp, inBrowser } from './setup.js';

/** Settles a promise into a plain record so a test can look at it without unhandled rejections. */
function settle<T>(promise: Promise<T>) {
  const box: { value?: T; error?: { name: string; code: string; msg: string; appData?: unknown; extra?: unknown }; done: boolean } = {
    done: false,
  };
  promise.then(
    (value) => {
      Object.assign(box, { value, done: true });
    },
    (error: unknown) => {
      Object.assign(box, { error, done: true });
    },
  );
  return box;
}

describe('timeouts (spec §B9)', () => {
  const cases: Array<[string, number, (b: ReturnType<typeof inApp>) => Promise<unknown>]> = [
    ['bridge callback 3000 ms', BRIDGE_CALLBACK_TIMEOUT_MS, ({ bridge }) => bridge.commands.checkCameraPermission()],
    ['app request 10000 ms', APP_REQUEST_TIMEOUT_MS, ({ bridge }) => bridge.request('/slow')],
    ['web-visible callback 3600000 ms', WEB_VISIBLE_CALLBACK_TIMEOUT_MS, ({ bridge }) => bridge.commands.setOnWebVisibleCallback()],
    [
      'palm-print callbacks 60000 ms',
      PALM_PRINT_CALLBACK_TIMEOUT_MS,
      ({ bridge }) => bridge.commands.palmPrintVerify({ vcode: 'v', session_id: 's' }),
    ],
  ];
  for (const [name, ms, start] of cases) {
    it(`${name}: rejects with AppRequestCallbackTimeout "AppBridgeSend Timeout" after exactly ${ms} ms`, async () => {
      const setup = inApp();
      setup.sim.script('checkCameraPermission', { never: true }).script('palmPrintVerify', { never: true }).route('/slow', { never: true });
      const box = settle(start(setup));
      await setup.platform.advanceAsync(ms - 1);
      expect(box.done).toBe(false);
      await setup.platform.advanceAsync(1);
      expect(box.error).toMatchObject({ name: 'AppRequestCallbackTimeout', code: 'APP_BRIDGE_TIMEOUT', msg: 'AppBridgeSend Timeout' });
      expect(setup.bridge.pendingCount).toBe(0);
      expect(setup.bridge.stats.timedOut).toBe(1);
      expect(setup.platform.timers.pendingCount).toBe(0);
    });
  }

  it('a per-call timeout overrides the default', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/slow', { never: true });
    const box = settle(bridge.request('/slow', undefined, { timeoutMs: 50 }));
    await platform.advanceAsync(50);
    expect(box.error?.name).toBe('AppRequestCallbackTimeout');
  });

  it('the bridge-wide timeouts are overridable', async () => {
    const { bridge, sim, platform } = inApp({ bridge: { timeouts: { callback: 100 } } });
    sim.script('sendTokenToWeb', { never: true });
    expect(bridge.timeouts.callback).toBe(100);
    const box = settle(bridge.commands.sendTokenToWeb());
    await platform.advanceAsync(100);
    expect(box.error?.name).toBe('AppRequestCallbackTimeout');
  });

  it('an answer just before the timeout wins', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/p', { delayMs: APP_REQUEST_TIMEOUT_MS - 1, data: 7 });
    const box = settle(bridge.request('/p'));
    await platform.advanceAsync(APP_REQUEST_TIMEOUT_MS);
    expect(box.value).toEqual({ status: 'answered', code: '00000', data: 7 });
  });

  it('a timeout that is not a positive finite number is a typed error', async () => {
    const { bridge } = inApp();
    await expect(bridge.request('/p', undefined, { timeoutMs: 0 })).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    await expect(bridge.request('/p', undefined, { timeoutMs: Number.POSITIVE_INFINITY })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
    });
    // 2^31 ms wraps in every host's timer and would fire at once.
    await expect(bridge.request('/p', undefined, { timeoutMs: 2 ** 31 })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'timeoutMs' },
    });
    expect(bridge.pendingCount).toBe(0);
  });

  it('a timeout class override outside the shared duration rule is an InvalidArgumentError naming it', () => {
    for (const bad of [0, -1, Number.NaN, 2 ** 31, '3000']) {
      expect(() => createBridge(memoryPlatform(), { appName: APP_NAME, timeouts: { callback: bad as number } })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'timeouts.callback', value: bad } }),
      );
    }
    expect(createBridge(memoryPlatform(), { appName: APP_NAME, timeouts: { webVisible: 2 ** 31 - 1 } }).timeouts.webVisible).toBe(
      2 ** 31 - 1,
    );
  });
});

describe('answers (spec §B5 and §B8)', () => {
  it.each([['00000'], ['200'], [200]])(
    '"successful only with code 00000 or 200": %s resolves with { status: answered, code, data }',
    async (code) => {
      const { bridge, sim } = inApp();
      sim.route('/ok', { code, data: { n: 1 } });
      await expect(bridge.request('/ok')).resolves.toEqual({ status: 'answered', code: String(code), data: { n: 1 } });
    },
  );

  it.each([['22001'], ['1'], ['401'], [0], ['0'], ['201']])(
    'code %s rejects with AppResponseUnSuccessError carrying the code and data, not timed out',
    async (code) => {
      const { bridge, sim } = inApp();
      sim.route('/bad', { code, data: { reason: 'x' }, msg: 'Denied' });
      await expect(bridge.request('/bad')).rejects.toMatchObject({
        name: 'AppResponseUnSuccessError',
        code: String(code),
        msg: 'Denied',
        appData: { reason: 'x' },
        timedOut: false,
      });
      expect(bridge.stats).toMatchObject({ failed: 1, timedOut: 0 });
    },
  );

  it.each([['00004'], ['110100'], [110100]])(
    '"timeout: 00004 and 110100" (spec §B8): an answer with code %s ends as timed out',
    async (code) => {
      const { bridge, sim } = inApp();
      sim.route('/t', { code, data: { reason: 'x' }, msg: 'upstream timeout' });
      const error = await bridge.request('/t').catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'AppResponseUnSuccessError',
        code: String(code),
        msg: 'upstream timeout',
        appData: { reason: 'x' },
        timedOut: true,
      });
      expect(isBridgeTimeoutError(error)).toBe(true);
      expect(bridge.stats).toMatchObject({ failed: 0, timedOut: 1 });
      expect(bridge.pendingCount).toBe(0);
    },
  );

  it('isBridgeTimeoutError: the transport timeout and the timeout codes, nothing else', () => {
    expect(isBridgeTimeoutError(new AppRequestCallbackTimeout())).toBe(true);
    expect(isBridgeTimeoutError(new AppResponseUnSuccessError('00004', undefined))).toBe(true);
    expect(isBridgeTimeoutError(new AppResponseUnSuccessError('110100', undefined))).toBe(true);
    for (const other of [
      new AppResponseUnSuccessError('22001', undefined),
      new AppResponseUnSuccessError('401', undefined),
      new AppResponseNetworkError(),
      null,
      'timeout',
      { code: '00004' },
    ]) {
      expect(isBridgeTimeoutError(other)).toBe(false);
    }
  });

  it('"A response code of -1 has its message replaced with Network error. Try again later."', async () => {
    const { bridge, sim } = inApp();
    sim.route('/net', { code: -1, msg: 'socket closed' });
    await expect(bridge.request('/net')).rejects.toMatchObject({
      name: 'AppResponseUnSuccessError',
      code: '-1',
      msg: 'Network error. Try again later.',
    });
  });

  it("the -1 message comes from the catalogue's networkError text in the bridge's locale", async () => {
    const { bridge, sim } = inApp({ bridge: { locale: 'zh-CN' } });
    sim.route('/net', { code: '-1' });
    await expect(bridge.request('/net')).rejects.toMatchObject({ code: '-1', msg: message('zh-CN', 'networkError') });
    expect(message('zh-CN', 'networkError')).not.toBe(message('en', 'networkError'));
  });

  it.each([
    ['an empty response', { empty: true }],
    ['a response without code', { omitCode: true, data: 1 }],
  ])('AppResponseNetworkError "App Network Error" for %s', async (_name, answer) => {
    for (const encoding of ['json', 'object'] as const) {
      const { bridge, sim } = inApp({ encoding });
      sim.route('/e', answer);
      await expect(bridge.request('/e')).rejects.toMatchObject({
        name: 'AppResponseNetworkError',
        code: 'APP_NETWORK_ERROR',
        msg: 'App Network Error',
      });
      expect(bridge.pendingCount).toBe(0);
    }
  });

  it('command answers follow the same rules', async () => {
    const { bridge, sim } = inApp();
    sim.script('checkCameraPermission', { code: '00005', msg: 'token missing' });
    await expect(bridge.commands.checkCameraPermission()).rejects.toMatchObject({ name: 'AppResponseUnSuccessError', code: '00005' });
  });

  it('the requestAction envelope is requestId, path, params (spec §B3)', async () => {
    const { bridge, sim } = inApp();
    sim.route('/echo', (message) => ({ data: message.payload }));
    const response = await bridge.request<{ requestId: string; path: string; params: unknown }>('/echo', { page: 2 });
    expect(response.status).toBe('answered');
    expect(response.status === 'answered' && response.data).toEqual({
      requestId: String(sim.received[0]!.id),
      path: '/echo',
      params: { page: 2 },
    });
  });
});

describe('stray answers: ignored, counted, never thrown into the native side', () => {
  it('a late answer (after its timeout) is counted as late and changes nothing', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/late', { never: true });
    const box = settle(bridge.request('/late'));
    await platform.advanceAsync(APP_REQUEST_TIMEOUT_MS);
    const [id] = [...sim.held.keys()];
    expect(() => sim.release(id!, { data: 'too late' })).not.toThrow();
    await flushMicrotasks();
    expect(box.error?.name).toBe('AppRequestCallbackTimeout');
    expect(bridge.stats).toMatchObject({ late: 1, duplicate: 0, unknown: 0 });
    expect(bridge.pendingCount).toBe(0);
  });

  it('a duplicate answer resolves once and is counted as duplicate', async () => {
    const { bridge, sim } = inApp();
    sim.route('/twice', { twice: true, data: 1 });
    let settled = 0;
    const response = await bridge.request('/twice').then((r) => (settled++, r));
    await flushMicrotasks();
    expect(response).toEqual({ status: 'answered', code: '00000', data: 1 });
    expect(settled).toBe(1);
    expect(bridge.stats).toMatchObject({ succeeded: 1, duplicate: 1 });
  });

  it('an answer for an unknown id is counted as unknown', () => {
    const { bridge, sim } = inApp();
    for (const id of [bridge.pendingCount - 1, 'abc', null, undefined, {}, 1.5, Number.MAX_SAFE_INTEGER]) {
      expect(() => sim.answer(id, '{"code":"00000"}')).not.toThrow();
    }
    expect(bridge.stats.unknown).toBe(7);
  });

  it('"raised when the response is empty or has no code": a payload that is not JSON settles its call at once with AppResponseNetworkError', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/m', { malformed: '{not json' });
    const box = settle(bridge.request('/m'));
    await flushMicrotasks();
    expect(box.error).toMatchObject({
      name: 'AppResponseNetworkError',
      code: 'APP_NETWORK_ERROR',
      msg: 'App Network Error',
      extra: { reason: 'not-json' },
    });
    expect(bridge.stats).toMatchObject({ malformed: 1, failed: 1 });
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    // A second answer for the settled id is a duplicate, counted and dropped.
    sim.answer(sim.received[0]!.id, '{"code":"00000"}');
    expect(bridge.stats.duplicate).toBe(1);
  });

  it("ids start at a random offset per page load, so a previous page's answer matches nothing", async () => {
    const first = inApp();
    first.sim.route('/a', { never: true });
    void first.bridge.request('/a').catch(() => undefined);
    const staleId = first.sim.received[0]!.id!;

    const second = inApp();
    second.sim.route('/a', { never: true });
    const box = settle(second.bridge.request('/a'));
    expect(second.sim.received[0]!.id).not.toBe(staleId);
    second.sim.answer(staleId, '{"code":"00000","data":"stale"}');
    await flushMicrotasks();
    expect(box.done).toBe(false);
    expect(second.bridge.stats.unknown).toBe(1);
  });

  it('the offset comes from platform.crypto.getRandomValues', () => {
    const platform = memoryPlatform();
    const sim = createNativeHostSimulator(platform, { appName: APP_NAME });
    const getRandomValues = <T extends ArrayBufferView>(array: T): T => {
      new Uint32Array(array.buffer).set([1, 5]);
      return array;
    };
    const bridge = createBridge(
      { ...platform, userAgent: platform.userAgent, crypto: { ...platform.crypto, getRandomValues } },
      { appName: APP_NAME },
    );
    sim.route('/x', { never: true });
    void bridge.request('/x').catch(() => undefined);
    void bridge.request('/x').catch(() => undefined);
    expect(sim.received.map((m) => m.id)).toEqual([2 ** 32 + 5, 2 ** 32 + 6]);
    const offsets = new Set<number>();
    for (let i = 0; i < 20; i++) offsets.add(firstIdOf(inApp()));
    expect(offsets.size).toBe(20);
  });
});

function firstIdOf(setup: ReturnType<typeof inApp>): number {
  setup.sim.route('/x', { never: true });
  void setup.bridge.request('/x').catch(() => undefined);
  return setup.sim.received[0]!.id!;
}

describe('cancellation and delivery failures', () => {
  it('an AbortSignal rejects the call with BridgeCallAbortedError and frees its entry and timer', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/slow', { never: true });
    const controller = new AbortController();
    const box = settle(bridge.request('/slow', undefined, { signal: controller.signal }));
    expect(bridge.pendingCount).toBe(1);
    controller.abort(new Error('user left'));
    await flushMicrotasks();
    expect(box.error).toMatchObject({ name: 'BridgeCallAbortedError', code: 'BRIDGE_CALL_ABORTED' });
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    sim.release([...sim.held.keys()][0]!, {});
    expect(bridge.stats).toMatchObject({ aborted: 1, late: 1 });
  });

  it('an already aborted signal sends nothing', async () => {
    const { bridge, sim } = inApp();
    await expect(bridge.commands.sendTokenToWeb({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'BridgeCallAbortedError' });
    expect(sim.received).toHaveLength(0);
  });

  it('a postMessage that throws rejects with AppJSBridgeRequestActionError "App Jsbridge Request Action Error"', async () => {
    const platform = memoryPlatform({ userAgent: `Mozilla/5.0 (Linux; Android 14) ${APP_NAME}/2.56.0` });
    platform.globals.set('exkitBridge', {
      postMessage: () => {
        throw new Error('bridge gone');
      },
    });
    const bridge = createBridge(platform, { appName: APP_NAME });
    await expect(bridge.request('/x')).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      msg: 'App Jsbridge Request Action Error',
      extra: { reason: 'post-failed' },
    });
    await expect(bridge.commands.logout()).rejects.toMatchObject({ name: 'AppJSBridgeRequestActionError' });
    expect(bridge.pendingCount).toBe(0);
  });

  it('the app name in the user agent without a handler object rejects with reason no-handler', async () => {
    const platform = memoryPlatform({ userAgent: `Mozilla/5.0 (iPhone) ${APP_NAME}/2.56.0` });
    const bridge = createBridge(platform, { appName: APP_NAME });
    await expect(bridge.commands.sendTokenToWeb()).rejects.toMatchObject({ extra: { reason: 'no-handler', command: 'sendTokenToWeb' } });
  });

  it('"or nothing happens" (spec §B5): bridge.request outside the app resolves as skipped, or answers from the fallback', async () => {
    const { bridge } = inBrowser();
    await expect(bridge.request('/x')).resolves.toEqual({
      status: 'skipped',
      reason: 'not-in-app',
      minimumVersion: bridge.minVersions.requestAction,
      appVersion: null,
    });
    await expect(bridge.request('/x', {}, { fallback: () => ({ code: '00000', data: 'web' }) })).resolves.toEqual({
      status: 'fallback',
      code: '00000',
      data: 'web',
      reason: 'not-in-app',
      minimumVersion: bridge.minVersions.requestAction,
      appVersion: null,
    });
    expect(bridge.pendingCount).toBe(0);
  });

  it('"or nothing happens": bridge.request below requestAction\'s minimum version resolves as skipped and sends nothing', async () => {
    const { bridge, sim } = inApp({ appVersion: '1.2.50' });
    await expect(bridge.request('/x', { a: 1 })).resolves.toEqual({
      status: 'skipped',
      reason: 'below-minimum-version',
      minimumVersion: '1.2.51',
      appVersion: '1.2.50',
    });
    expect(sim.received).toHaveLength(0);
  });

  it('a fallback that throws rejects with AppJSBridgeRequestActionError (reason fallback-failed, the throw as cause), for requests and commands', async () => {
    const { bridge } = inBrowser();
    const boom = new Error('fallback broke');
    await expect(
      bridge.request(
        '/x',
        {},
        {
          fallback: () => {
            throw boom;
          },
        },
      ),
    ).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'fallback-failed', command: 'requestAction' },
      cause: boom,
    });
    await expect(bridge.request('/x', {}, { fallback: () => null as never })).rejects.toMatchObject({
      extra: { reason: 'fallback-failed' },
    });
    await expect(bridge.commands.logout({ fallback: () => Promise.reject(boom) })).rejects.toMatchObject({
      extra: { reason: 'fallback-failed', command: 'logout' },
      cause: boom,
    });
  });

  it('dispose rejects pending calls, removes the global functions and refuses new calls', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/x', { never: true });
    const box = settle(bridge.request('/x'));
    bridge.dispose();
    await flushMicrotasks();
    expect(box.error).toMatchObject({ name: 'AppJSBridgeRequestActionError', extra: { reason: 'disposed' } });
    expect(platform.globals.get(bridge.protocol.callbackFunctionName)).toBeUndefined();
    expect(platform.timers.pendingCount).toBe(0);
    await expect(bridge.request('/y')).rejects.toMatchObject({ extra: { reason: 'disposed' } });
  });
});

describe('10,000 concurrent requests answered out of order', () => {
  it('all settle with their own answer and the pending table ends empty', async () => {
    const { bridge, sim, platform } = inApp({ simulator: { record: true } });
    sim.route('/n', { never: true });
    const count = 10_000;
    const boxes = Array.from({ length: count }, (_, i) => settle(bridge.request<number>('/n', { i })));
    expect(bridge.pendingCount).toBe(count);
    const messages = [...sim.held.values()];
    // A deterministic shuffle, then a mix of outcomes decided by the request's own index.
    const order = fc.sample(fc.shuffledSubarray(messages, { minLength: count, maxLength: count }), { numRuns: 1, seed: 42 })[0]!;
    for (const message of order) {
      const i = (message.payload as { params: { i: number } }).params.i;
      if (i % 10 === 9) continue; // left to time out
      const answer = i % 7 === 0 ? { code: '22001', data: i } : i % 11 === 0 ? { empty: true } : { data: i };
      sim.release(message.id!, answer);
    }
    await flushMicrotasks();
    await platform.advanceAsync(APP_REQUEST_TIMEOUT_MS);
    for (let i = 0; i < count; i++) {
      const box = boxes[i]!;
      expect(box.done).toBe(true);
      if (i % 10 === 9) expect(box.error?.name).toBe('AppRequestCallbackTimeout');
      else if (i % 7 === 0) expect(box.error).toMatchObject({ name: 'AppResponseUnSuccessError', appData: i });
      else if (i % 11 === 0) expect(box.error?.name).toBe('AppResponseNetworkError');
      else expect((box.value as AppResponse<number>).data).toBe(i);
    }
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    expect(bridge.stats.timedOut).toBe(count / 10);
  });
});

describe('native-to-web events', () => {
  it('are an observable of name and data; event$(name) filters one', () => {
    const { bridge, sim } = inApp();
    const all: unknown[] = [];
    const visible: unknown[] = [];
    bridge.events$.subscribe((e) => all.push(e));
    bridge.event$('webVisible').subscribe((d) => visible.push(d));
    sim.push('webVisible', { visible: true });
    sim.push('navRightItemClick', { id: 'help' });
    expect(all).toEqual([
      { name: 'webVisible', data: { visible: true } },
      { name: 'navRightItemClick', data: { id: 'help' } },
    ]);
    expect(visible).toEqual([{ visible: true }]);
  });

  it('a malformed event is counted; a non-JSON payload arrives as text', () => {
    const { bridge, platform } = inApp();
    const fn = platform.globals.get(bridge.protocol.eventFunctionName) as (n: unknown, p?: unknown) => void;
    const seen: unknown[] = [];
    bridge.events$.subscribe((e) => seen.push(e));
    expect(() => fn(42, '{}')).not.toThrow();
    fn('raw', 'plain text');
    expect(bridge.stats.malformedEvents).toBe(1);
    expect(seen).toEqual([{ name: 'raw', data: 'plain text' }]);
  });
});
