// A hostile native side: answers whose fields throw when read, codes that are not codes, answers without
// a code, answers given synchronously inside postMessage, and event subscribers that throw.
import fc from 'fast-check';
import { config as rxjsConfig, map } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_REQUEST_TIMEOUT_MS, createBridge, flushMicrotasks, memoryPlatform, readAnswer } from '../../../core/index.js';
import type { MemoryPlatform } from '../../../core/index.js';
import { APP_NAME, inApp } from './setup.js';
import { inputClasses } from '../../support/input-classes.js';

type Expected = 'answered' | 'unsuccessful' | 'timedOut' | 'network';

/** A hostile or ordinary answer with the outcome an independent reading of spec §B5/§B8 expects. */
interface Shape {
  label: string;
  make: () => unknown;
  expected: Expected;
}

const throwing = (): never => {
  throw new Error('hostile getter');
};

/** Objects whose reading throws: getters, Proxies, revoked Proxies. */
const unreadable: Shape[] = [
  { label: 'code getter throws', make: () => Object.defineProperty({}, 'code', { get: throwing, enumerable: true }), expected: 'network' },
  {
    label: 'msg getter throws',
    make: () => Object.defineProperty({ code: '22001' }, 'msg', { get: throwing, enumerable: true }),
    expected: 'network',
  },
  {
    label: 'data getter throws on success',
    make: () => Object.defineProperty({ code: '00000' }, 'data', { get: throwing, enumerable: true }),
    expected: 'network',
  },
  { label: 'Proxy whose get trap throws', make: () => new Proxy({}, { get: throwing }), expected: 'network' },
  {
    label: 'Proxy whose get trap throws for data only',
    make: () => new Proxy({ code: '00000' }, { get: (t, k) => (k === 'data' ? throwing() : Reflect.get(t, k)) }),
    expected: 'network',
  },
  {
    label: 'revoked Proxy',
    make: () => {
      const { proxy, revoke } = Proxy.revocable({ code: '00000' }, {});
      revoke();
      return proxy;
    },
    expected: 'network',
  },
];

/** Codes that are not a non-empty string or a finite number. */
const invalidCode = fc.oneof(
  fc.constant<() => unknown>(() => Symbol('00000')),
  fc.bigInt().map((n) => () => n),
  fc.constant<() => unknown>(() => 200n),
  fc.constant<() => unknown>(() => ({ toString: throwing })),
  fc.constant<() => unknown>(() => ({ toString: () => '00000' })),
  fc.constant<() => unknown>(() => ({ [Symbol.toPrimitive]: throwing })),
  fc.constant<() => unknown>(() => Number.NaN),
  fc.constant<() => unknown>(() => Number.POSITIVE_INFINITY),
  fc.boolean().map((b) => () => b),
  fc.constant<() => unknown>(() => ['00000']),
  fc.constant<() => unknown>(() => () => '00000'),
);

const notJson = fc.string({ minLength: 1 }).filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});
const nonObjectJson = fc
  .oneof(fc.array(fc.jsonValue()), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.boolean())
  .map((v) => JSON.stringify(v));
const data = fc.oneof(fc.jsonValue(), fc.constant(undefined));
const SUCCESS = ['00000', '200', 200] as const;
const TIMEOUT = ['00004', '110100', 110100] as const;
const otherCode = fc
  .oneof(fc.string({ minLength: 1 }), fc.integer())
  .filter((code) => ![...SUCCESS, ...TIMEOUT].some((c) => String(c) === String(code)));

const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.constantFrom(...unreadable),
  // Spec §B8: "raised when the response is empty or has no code".
  fc
    .constantFrom<unknown>(undefined, null, '', 'null')
    .map((raw) => ({ label: `empty ${String(raw)}`, make: () => raw, expected: 'network' as const })),
  notJson.map((raw) => ({ label: `not JSON ${raw}`, make: () => raw, expected: 'network' as const })),
  nonObjectJson.map((raw) => ({ label: `JSON non-object ${raw}`, make: () => raw, expected: 'network' as const })),
  fc
    .oneof(fc.integer(), fc.boolean(), fc.constant(Symbol('x')), fc.bigInt())
    .map((raw) => ({ label: 'primitive', make: () => raw, expected: 'network' as const })),
  fc
    .dictionary(
      fc.string().filter((k) => k !== 'code' && k !== '__proto__'),
      fc.jsonValue(),
    )
    .map((o) => ({ label: 'object without code', make: () => o, expected: 'network' as const })),
  fc
    .tuple(invalidCode, data)
    .map(([code, d]) => ({ label: 'invalid code', make: () => ({ code: code(), data: d }), expected: 'network' as const })),
  fc.tuple(fc.constantFrom(...SUCCESS), data, fc.boolean()).map(([code, d, json]) => ({
    label: `success ${code}`,
    make: () => (json ? JSON.stringify({ code, data: d }) : { code, data: d }),
    expected: 'answered' as const,
  })),
  fc.tuple(fc.constantFrom(...TIMEOUT), fc.boolean()).map(([code, json]) => ({
    label: `timeout ${code}`,
    make: () => (json ? JSON.stringify({ code }) : { code }),
    expected: 'timedOut' as const,
  })),
  fc.tuple(otherCode, fc.boolean()).map(([code, json]) => ({
    label: `unsuccessful ${String(code)}`,
    make: () => (json ? JSON.stringify({ code, msg: 'no' }) : { code, msg: 'no' }),
    expected: 'unsuccessful' as const,
  })),
);

/** One pending request on a fresh bridge, its callback id, and a record of how it settled. */
function pendingRequest() {
  const setup = inApp();
  setup.sim.route('/h', { never: true });
  const box: { settled: number; value?: unknown; error?: { name: string; code: string; timedOut?: boolean; extra?: unknown } } = {
    settled: 0,
  };
  setup.bridge.request('/h').then(
    (value) => Object.assign(box, { value, settled: box.settled + 1 }),
    (error: { name: string; code: string }) => Object.assign(box, { error, settled: box.settled + 1 }),
  );
  const id = [...setup.sim.held.keys()][0]!;
  return { ...setup, id, box };
}

describe('answers of every shape settle their request once, at once (issue 17 and spec §B8)', () => {
  it('property: whatever the app answers, the call settles exactly once with the outcome the seed gives, and frees its entry and timer', async () => {
    const drawn = inputClasses<Shape>({
      answered: (s) => s.expected === 'answered',
      'a network error': (s) => s.expected === 'network',
      'timed out': (s) => s.expected === 'timedOut',
      unsuccessful: (s) => s.expected === 'unsuccessful',
      'an answer whose fields cannot be read': (s) => unreadable.some((u) => u.label === s.label),
    });
    await fc.assert(
      fc.asyncProperty(shape, async (drawnShape) => {
        drawn.see(drawnShape);
        const { make, expected } = drawnShape;
        const { bridge, sim, platform, id, box } = pendingRequest();
        expect(() => sim.answer(id, make())).not.toThrow();
        // Freed synchronously, before any microtask: no timer can fire later for it.
        expect(bridge.pendingCount).toBe(0);
        expect(platform.timers.pendingCount).toBe(0);
        await flushMicrotasks();
        expect(box.settled).toBe(1);
        if (expected === 'answered') expect(box.value).toMatchObject({ status: 'answered' });
        if (expected === 'network')
          expect(box.error).toMatchObject({ name: 'AppResponseNetworkError', code: 'APP_NETWORK_ERROR', msg: 'App Network Error' });
        if (expected === 'timedOut') expect(box.error).toMatchObject({ name: 'AppResponseUnSuccessError', timedOut: true });
        if (expected === 'unsuccessful') expect(box.error).toMatchObject({ name: 'AppResponseUnSuccessError', timedOut: false });
        // A second answer is a duplicate: counted, dropped, the outcome unchanged.
        sim.answer(id, '{"code":"00000"}');
        await platform.advanceAsync(APP_REQUEST_TIMEOUT_MS);
        expect(box.settled).toBe(1);
        expect(bridge.stats.duplicate).toBe(1);
        expect(bridge.stats.succeeded + bridge.stats.failed + bridge.stats.timedOut).toBe(1);
        expect(platform.reports).toEqual([]);
      }),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(3);
  });

  for (const { label, make } of unreadable) {
    it(`${label}: AppResponseNetworkError with reason unreadable and the throw as cause; the native object is not kept`, async () => {
      const { sim, id, box } = pendingRequest();
      const raw = make();
      sim.answer(id, raw);
      await flushMicrotasks();
      expect(box.error).toMatchObject({ name: 'AppResponseNetworkError', extra: { reason: 'unreadable', command: 'requestAction' } });
      expect(JSON.stringify(box.error)).toContain('unreadable');
    });
  }

  it.each([
    ['non-JSON text', 'Internal Server Error', 'not-json'],
    ['an array', '[1,2]', 'not-an-object'],
    ['a number', 42, 'not-an-object'],
    ['a JSON string', '"00000"', 'not-an-object'],
    ['an object without code', { data: 1 }, 'no-code'],
    ['a Symbol code', { code: Symbol('c') }, 'invalid-code'],
    ['a BigInt code', { code: 200n }, 'invalid-code'],
    ['a code whose toString throws', { code: { toString: throwing } }, 'invalid-code'],
  ])(
    '"an answer that carries a request id but no code" (%s) settles that request at once with AppResponseNetworkError',
    async (_name, raw, reason) => {
      const { sim, id, box, bridge } = pendingRequest();
      sim.answer(id, raw);
      await flushMicrotasks();
      expect(box.error).toMatchObject({ name: 'AppResponseNetworkError', extra: { reason } });
      expect(bridge.stats.failed).toBe(1);
    },
  );

  it('"an answer that cannot be tied to a request is counted and dropped": no id, a foreign id, a settled id', async () => {
    const { sim, id, box, bridge } = pendingRequest();
    sim.answer(undefined, 'garbage');
    sim.answer({ toString: throwing }, { code: '00000' });
    sim.answer(id + 10_000, { code: '00000' });
    expect(bridge.stats.unknown).toBe(3);
    expect(bridge.pendingCount).toBe(1);
    sim.answer(id, { code: '00000', data: 'mine' });
    sim.answer(id, 'late text');
    await flushMicrotasks();
    expect(box.value).toEqual({ status: 'answered', code: '00000', data: 'mine' });
    expect(bridge.stats.duplicate).toBe(1);
  });

  it('readAnswer never throws and reads each field once', () => {
    const reads: string[] = [];
    const spy = new Proxy({ code: '00000', data: 1, msg: 'm' }, { get: (t, k) => (reads.push(String(k)), Reflect.get(t, k)) });
    expect(readAnswer(spy)).toEqual({ kind: 'coded', code: '00000', msg: 'm', data: 1 });
    expect(reads.sort()).toEqual(['code', 'data', 'msg']);
    const drawn = inputClasses<Shape>({
      'an answer with a code': (s) => s.expected !== 'network',
      'no answer to read': (s) => s.expected === 'network',
      'an answer whose fields cannot be read': (s) => unreadable.some((u) => u.label === s.label),
    });
    fc.assert(
      fc.property(shape, (drawnShape) => {
        drawn.see(drawnShape);
        expect(() => readAnswer(drawnShape.make())).not.toThrow();
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});

/** A page in an app whose handler answers inside postMessage, before it returns. */
function synchronousApp(
  answer: (message: { id?: number; command: string }) => unknown,
  after?: () => void,
): { platform: MemoryPlatform; bridge: ReturnType<typeof createBridge> } {
  const platform = memoryPlatform({ userAgent: `Mozilla/5.0 (iPhone) ${APP_NAME}/2.56.0` });
  platform.globals.set('webkit', {
    messageHandlers: {
      exkitBridge: {
        postMessage(json: string) {
          const message = JSON.parse(json) as { id?: number; command: string };
          const callback = platform.globals.get('__exkitBridgeCallback') as (id: unknown, payload: unknown) => void;
          if (message.id !== undefined) callback(message.id, answer(message));
          after?.();
        },
      },
    },
  });
  return { platform, bridge: createBridge(platform, { appName: APP_NAME }) };
}

describe('an app that answers synchronously inside postMessage (issue 17)', () => {
  it('the answer settles the call: it is registered before the message is posted', async () => {
    const { bridge, platform } = synchronousApp(() => '{"code":"00000","data":"sync"}');
    await expect(bridge.request('/x')).resolves.toEqual({ status: 'answered', code: '00000', data: 'sync' });
    await expect(bridge.commands.checkCameraPermission()).resolves.toMatchObject({ status: 'answered', data: 'sync' });
    expect(bridge.stats).toMatchObject({ sent: 2, succeeded: 2, late: 0, unknown: 0, timedOut: 0 });
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('synchronous error and hostile answers settle the call the same way', async () => {
    const hostile = synchronousApp(() => new Proxy({}, { get: throwing }));
    await expect(hostile.bridge.request('/x')).rejects.toMatchObject({ name: 'AppResponseNetworkError', extra: { reason: 'unreadable' } });
    const failing = synchronousApp(() => ({ code: '22001', msg: 'illegal token' }));
    await expect(failing.bridge.request('/x')).rejects.toMatchObject({
      name: 'AppResponseUnSuccessError',
      code: '22001',
      msg: 'illegal token',
    });
    expect(hostile.platform.timers.pendingCount + failing.platform.timers.pendingCount).toBe(0);
  });

  it('an app that answers and then throws from postMessage: the answer stands, the throw is reported', async () => {
    const { bridge, platform } = synchronousApp(() => ({ code: '00000', data: 1 }), throwing);
    await expect(bridge.request('/x')).resolves.toEqual({ status: 'answered', code: '00000', data: 1 });
    expect(platform.reports).toMatchObject([{ event: 'bridgePostError', data: { command: 'requestAction' } }]);
    expect(bridge.pendingCount).toBe(0);
  });

  it('a postMessage that throws without answering frees the entry, the timer and the abort listener at once', async () => {
    const platform = memoryPlatform({ userAgent: `Mozilla/5.0 (iPhone) ${APP_NAME}/2.56.0` });
    platform.globals.set('webkit', { messageHandlers: { exkitBridge: { postMessage: throwing } } });
    const bridge = createBridge(platform, { appName: APP_NAME });
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    await expect(bridge.request('/x', undefined, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'post-failed' },
    });
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    expect(removed).toHaveBeenCalledTimes(1);
    controller.abort();
    expect(bridge.stats).toMatchObject({ aborted: 0, sent: 0 });
  });

  it('a payload JSON cannot carry rejects with AppJSBridgeRequestActionError and registers nothing', async () => {
    const { bridge, platform, sim } = inApp();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(bridge.request('/x', cyclic)).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'post-failed' },
    });
    await expect(bridge.request('/x', { n: 1n })).rejects.toMatchObject({ extra: { reason: 'post-failed' } });
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    expect(sim.received).toHaveLength(0);
  });
});

describe('event subscribers run guarded (issue 17; ARCHITECTURE failure model)', () => {
  afterEach(() => {
    rxjsConfig.onUnhandledError = null;
  });

  /** Waits one real macrotask: RxJS rethrows a subscriber's error on a real setTimeout. */
  const realTick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('a subscriber that throws is reported, is no uncaught exception, and does not stop the others', async () => {
    const unhandled = vi.fn();
    rxjsConfig.onUnhandledError = unhandled;
    const { bridge, sim, platform } = inApp();
    const boom = new Error('subscriber broke');
    const seen: unknown[] = [];
    bridge.events$.subscribe(() => {
      throw boom;
    });
    bridge.event$('webVisible').subscribe({
      next() {
        throw boom;
      },
    });
    bridge
      .event$<{ visible: boolean }>('webVisible')
      .pipe(map(() => throwing()))
      .subscribe(() => seen.push('never'));
    bridge.events$.subscribe((event) => seen.push(event.name));
    bridge.event$<{ visible: boolean }>('webVisible').subscribe((d) => seen.push(d.visible));
    sim.push('webVisible', { visible: true });
    sim.push('webVisible', { visible: false });
    await realTick();
    expect(seen).toEqual(['webVisible', true, 'webVisible', false]);
    expect(unhandled).not.toHaveBeenCalled();
    // Two throwing subscribers, two events; the pipe's map errors its own subscription once, then it is closed.
    expect(platform.reports.filter((r) => r.event === 'callbackFailed')).toHaveLength(5);
    expect(platform.reports[0]).toMatchObject({
      event: 'callbackFailed',
      error: { name: 'UserCallbackError', code: 'USER_CALLBACK_FAILED', cause: boom },
      data: { callback: 'bridge.events$ subscriber' },
    });
  });

  it('a throwing error or complete handler is reported too; unsubscribing still works through pipes', async () => {
    const unhandled = vi.fn();
    rxjsConfig.onUnhandledError = unhandled;
    const { bridge, sim, platform } = inApp();
    const seen: unknown[] = [];
    const subscription = bridge
      .event$('a')
      .pipe(map((d) => d))
      .subscribe((d) => seen.push(d));
    bridge.events$.subscribe({ complete: throwing });
    sim.push('a', 1);
    subscription.unsubscribe();
    sim.push('a', 2);
    bridge.dispose();
    await realTick();
    expect(seen).toEqual([1]);
    expect(unhandled).not.toHaveBeenCalled();
    expect(platform.reports.filter((r) => r.event === 'callbackFailed')).toHaveLength(1);
  });
});
