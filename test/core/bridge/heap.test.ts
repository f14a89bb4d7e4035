// Settled requests must release their timer and their pending entry at once, not when the 3 s / 10 s
// timeout would have fired. Garbage collection is forced through V8's gc, exposed at run time.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createBridge, createNativeHostSimulator, flushMicrotasks, memoryPlatform } from '../../../core/index.js';
import type { Platform, Timers } from '../../../core/index.js';
import { APP_NAME } from './setup.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function collect(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

/** Node's own timers, so the test can see them in process.getActiveResourcesInfo(). */
const nodeTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

function pageWithNodeTimers() {
  const base = memoryPlatform();
  const sim = createNativeHostSimulator(base, { appName: APP_NAME, record: false });
  const platform: Platform = { ...base, userAgent: base.userAgent, timers: nodeTimers };
  const bridge = createBridge(platform, { appName: APP_NAME });
  sim.route('/ok', { data: 1 });
  return { sim, bridge };
}

const liveTimeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('settled requests release their timer and entry at once', () => {
  it('no timer of a settled request stays scheduled', async () => {
    const { bridge } = pageWithNodeTimers();
    const before = liveTimeouts();
    const inFlight = Array.from({ length: 500 }, () => bridge.request('/ok'));
    expect(liveTimeouts()).toBe(before + 500);
    await Promise.all(inFlight);
    expect(liveTimeouts()).toBe(before);
    expect(bridge.pendingCount).toBe(0);
  });

  it("the pending entry lets go of the call at once: a settled call's AbortSignal is collectable before its timeout", async () => {
    const platform = memoryPlatform();
    const sim = createNativeHostSimulator(platform, { appName: APP_NAME });
    const bridge = createBridge(platform, { appName: APP_NAME });
    sim.route('/ok', { data: 1 });
    const refs: Array<WeakRef<AbortSignal>> = [];
    await (async () => {
      for (let i = 0; i < 50; i++) {
        const controller = new AbortController();
        refs.push(new WeakRef(controller.signal));
        await bridge.request('/ok', undefined, { signal: controller.signal });
      }
    })();
    await flushMicrotasks();
    // The clock has not moved: had the timers stayed, their closures would still be reachable.
    expect(platform.timers.pendingCount).toBe(0);
    await collect();
    expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
  });

  it('heap after 20,000 settled requests returns to where it started (< 64 B retained per request)', async () => {
    const { bridge } = pageWithNodeTimers();
    const run = async (n: number) => {
      for (let batch = 0; batch < n / 1000; batch++) {
        await Promise.all(Array.from({ length: 1000 }, (_, i) => bridge.request('/ok', { i })));
      }
    };
    await run(2000); // warm-up: JIT, map growth
    const before = await collect();
    await run(20_000);
    const after = await collect();
    expect(bridge.pendingCount).toBe(0);
    expect((after - before) / 20_000).toBeLessThan(64);
  });

  it('while 10,000 requests are pending, each costs under 1 KiB; settling frees it', async () => {
    // A bare native side that keeps only the callback ids, so the figure is the bridge's own.
    const base = memoryPlatform({ userAgent: `Mozilla/5.0 (Linux; Android 14) ${APP_NAME}/2.56.0` });
    const ids: number[] = [];
    base.globals.set('exkitBridge', { postMessage: (json: string) => void ids.push((JSON.parse(json) as { id: number }).id) });
    const platform: Platform = { ...base, userAgent: base.userAgent, timers: nodeTimers };
    const bridge = createBridge(platform, { appName: APP_NAME });
    const answer = platform.globals.get(bridge.protocol.callbackFunctionName) as (id: number, payload: string) => void;
    const inFlight: Array<Promise<unknown>> = new Array(10_000);
    const before = await collect();
    for (let i = 0; i < 10_000; i++) inFlight[i] = bridge.request('/held');
    const during = await collect();
    expect(bridge.pendingCount).toBe(10_000);
    expect((during - before) / 10_000).toBeLessThan(1024);
    for (const id of ids.reverse()) answer(id, '{"code":"00000"}');
    await Promise.all(inFlight);
    inFlight.fill(Promise.resolve());
    ids.length = 0;
    const after = await collect();
    expect(bridge.pendingCount).toBe(0);
    expect((after - before) / 10_000).toBeLessThan(64);
  });
});
