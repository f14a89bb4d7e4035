// The HTTP client against a bare fetch to the same loopback server: 1,000 sequential and 1,000 concurrent
// GETs, measured in alternating samples of one run. Goal: within 1.10× plain ky with
// the same settings, since ky is the mandated transport and sets the floor; bare fetch stays as reference.
import ky from 'ky';
import type { Platform } from '../core/platform/index.js';
import { reply, startTestServer } from '../test/support/http-server.js';
import type { Bench, Figure } from './harness.js';
import { builtModule, median } from './harness.js';
import type * as Core from '../core/index.js';

const { createHttpClient, memoryPlatform } = await builtModule<typeof Core>('core/index.js');

const CALLS = 1_000;
const SAMPLES = 15;
const WARMUP = 2;
const GOAL = 1.1;

/** The memory platform with the host's real clock and timers, as a Node app would run the client. */
function nodePlatform(): Platform {
  const base = memoryPlatform();
  return {
    ...base,
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    fetch: (...args) => fetch(...args),
  };
}

async function sample(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const bench: Bench = {
  area: 'http',
  async run(): Promise<Figure[]> {
    const server = await startTestServer();
    try {
      server.route('GET', '/v1/ping', reply.ok({ pong: true }));
      const client = createHttpClient(nodePlatform(), { baseUrl: server.origin });
      // The baseline sends the same request by hand (query and standard headers), so the ratio is the
      // cost of the client's machinery, not of the seed's headers.
      const headers = { terminaltype: '1', locale: 'en', language: 'en_US', appTheme: 'dark', devicelanguage: 'en-US' };
      const url = () => `${server.origin}/v1/ping?languageType=0&_t=${Date.now()}`;
      const bare = async () => JSON.parse(await (await fetch(url(), { headers })).text()) as unknown;
      const viaClient = () => client.get('/ping');
      // Plain ky with the client's settings, to show how much of the overhead is ky's own.
      const api = ky.create({ retry: 0, timeout: false, throwHttpErrors: false });
      const viaKy = async () => JSON.parse(await (await api(url(), { headers })).text()) as unknown;

      const sequential = (one: () => Promise<unknown>) => async () => {
        for (let i = 0; i < CALLS; i++) await one();
      };
      const concurrent = (one: () => Promise<unknown>) => () => Promise.all(Array.from({ length: CALLS }, one));

      const figures: Figure[] = [];
      for (const [name, shape] of [
        ['1,000 sequential GETs', sequential],
        ['1,000 concurrent GETs', concurrent],
      ] as const) {
        const contenders = { bare: shape(bare), ky: shape(viaKy), client: shape(viaClient) };
        const times: Record<keyof typeof contenders, number[]> = { bare: [], ky: [], client: [] };
        const names = Object.keys(contenders) as Array<keyof typeof contenders>;
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          // Rotate the order so drift in the machine's load falls on every contender alike.
          for (let j = 0; j < names.length; j++) {
            const which = names[(i + j) % names.length]!;
            const elapsed = await sample(contenders[which]);
            if (i >= WARMUP) times[which].push(elapsed);
          }
        }
        server.received.length = 0;
        const bareMedian = median(times.bare);
        const kyMedian = median(times.ky);
        const clientMedian = median(times.client);
        figures.push(
          {
            name: `${name} through the client`,
            median: clientMedian,
            unit: 'ms',
            baseline: { name: 'bare fetch, same query and headers, + JSON.parse', median: bareMedian },
            goal: 'reference (bare fetch)',
          },
          {
            name: `${name} through plain ky (same settings)`,
            median: kyMedian,
            unit: 'ms',
            baseline: { name: 'bare fetch, same query and headers, + JSON.parse', median: bareMedian },
          },
          {
            name: `${name}: the client against plain ky`,
            median: clientMedian,
            unit: 'ms',
            baseline: { name: 'plain ky', median: kyMedian },
            goal: `≤ ${GOAL}× plain ky`,
            met: clientMedian <= GOAL * kyMedian,
          },
        );
      }
      client.dispose();
      return figures;
    } finally {
      await server.close();
    }
  },
};

export default bench;
