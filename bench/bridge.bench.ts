// The bridge: round-trip overhead per request through the native-host simulator, and the heap
// held per in-flight request with 10,000 pending, each beside a bare Promise-and-Map baseline.
import { builtModule, collectGarbage, median, timeMs, type Bench, type Figure } from './harness.js';
import type { Bridge, Platform, Timers } from '../core/index.js';
import type * as Core from '../core/index.js';

const { createBridge, createNativeHostSimulator, memoryPlatform } = await builtModule<typeof Core>('core/index.js');

const APP = 'BenchApp';
const BATCH = 1000;
const IN_FLIGHT = 10_000;
// Goal: under 20 µs per request and under 1 KiB per pending request.
const GOAL_US = 20;
const GOAL_BYTES = 1024;

const nodeTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A page in the simulated app, on Node's real timers. */
function simulatedPage(): Bridge {
  const base = memoryPlatform();
  const sim = createNativeHostSimulator(base, { appName: APP, record: false });
  sim.route('/bench', { data: 1 });
  const platform: Platform = { ...base, userAgent: base.userAgent, timers: nodeTimers };
  return createBridge(platform, { appName: APP });
}

/** The plain way: a Map of resolvers, JSON both ways, the answer on the next microtask. No timeouts, no checks. */
function bareBridge() {
  const pending = new Map<number, (value: unknown) => void>();
  let next = 0;
  const receive = (id: number, raw: string) => {
    const resolve = pending.get(id);
    if (!resolve) return;
    pending.delete(id);
    resolve(JSON.parse(raw));
  };
  const native = (json: string) => {
    const message = JSON.parse(json) as { id: number };
    void Promise.resolve().then(() => receive(message.id, JSON.stringify({ code: '00000', data: 1 })));
  };
  return {
    pending,
    request(path: string): Promise<unknown> {
      const id = next++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        native(JSON.stringify({ id, command: 'requestAction', payload: { requestId: String(id), path } }));
      });
    },
  };
}

async function perRequestUs(request: (path: string) => Promise<unknown>): Promise<number> {
  const ms = await timeMs(() => Promise.all(Array.from({ length: BATCH }, () => request('/bench'))), { samples: 25, warmup: 5 });
  return (ms * 1000) / BATCH;
}

/** Bytes of heap per pending request while IN_FLIGHT wait (native side keeps only the ids). */
async function heapPerPending(start: () => { request: () => Promise<unknown>; answerAll: () => void }): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    const page = start();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const inFlight = new Array<Promise<unknown>>(IN_FLIGHT);
    for (let i = 0; i < IN_FLIGHT; i++) inFlight[i] = page.request();
    collectGarbage();
    samples.push((process.memoryUsage().heapUsed - before) / IN_FLIGHT);
    page.answerAll();
    await Promise.all(inFlight);
  }
  return median(samples);
}

function bridgeWithBareNative() {
  const base = memoryPlatform({ userAgent: `Mozilla/5.0 (Linux; Android 14) ${APP}/2.56.0` });
  const ids: number[] = [];
  base.globals.set('exkitBridge', { postMessage: (json: string) => void ids.push((JSON.parse(json) as { id: number }).id) });
  const platform: Platform = { ...base, userAgent: base.userAgent, timers: nodeTimers };
  const bridge = createBridge(platform, { appName: APP });
  const answer = platform.globals.get(bridge.protocol.callbackFunctionName) as (id: number, raw: string) => void;
  return {
    request: () => bridge.request('/held'),
    answerAll: () => {
      for (const id of ids) answer(id, '{"code":"00000"}');
      ids.length = 0;
    },
  };
}

function bareWithBareNative() {
  const pending = new Map<number, (value: unknown) => void>();
  let next = 0;
  return {
    request: () =>
      new Promise<unknown>((resolve) => {
        pending.set(next++, resolve);
      }),
    answerAll: () => {
      for (const [id, resolve] of pending) {
        pending.delete(id);
        resolve({ code: '00000' });
      }
    },
  };
}

const bench: Bench = {
  area: 'bridge',
  async run(): Promise<Figure[]> {
    const bridge = simulatedPage();
    const bare = bareBridge();
    // Interleaved rounds, so JIT warm-up and GC pressure do not favour whichever runs second.
    const oursRounds: number[] = [];
    const baselineRounds: number[] = [];
    for (let round = 0; round < 5; round++) {
      baselineRounds.push(await perRequestUs((path) => bare.request(path)));
      oursRounds.push(await perRequestUs((path) => bridge.request(path)));
    }
    const ours = median(oursRounds);
    const baseline = median(baselineRounds);
    const heap = await heapPerPending(bridgeWithBareNative);
    const heapBaseline = await heapPerPending(bareWithBareNative);
    if (bridge.pendingCount !== 0 || bare.pending.size !== 0) throw new Error('requests left pending after the benchmark');
    return [
      {
        name: `round trip per request through the simulator (${BATCH} concurrent)`,
        median: ours,
        unit: 'µs',
        baseline: { name: 'bare Promise + Map', median: baseline },
        goal: `< ${GOAL_US} µs`,
        met: ours < GOAL_US,
      },
      {
        name: 'overhead over the baseline per request',
        median: ours - baseline,
        unit: 'µs',
        goal: `< ${GOAL_US} µs`,
        met: ours - baseline < GOAL_US,
      },
      {
        name: `heap per pending request (${IN_FLIGHT.toLocaleString('en')} in flight)`,
        median: heap,
        unit: 'B',
        baseline: { name: 'bare Promise + Map', median: heapBaseline },
        goal: '< 1 KiB',
        met: heap < GOAL_BYTES,
      },
    ];
  },
};

export default bench;
