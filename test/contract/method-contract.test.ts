// Every method reachable from every service, kit and handle keeps the public contract (see method-sweep.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASELINES, ROOTS } from './method-roots.js';
import { discover, sweepMethod } from './method-sweep.js';

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

describe('every method of every service, kit and handle keeps the contract', () => {
  it.each(ROOTS.map((root) => [root.name, root] as const))('%s', async (_name, root) => {
    const found: string[] = [];
    for (const method of discover(root, BASELINES))
      found.push(...(await sweepMethod(root, method, { baselines: BASELINES, arbitraryRuns: 8 })));
    expect(found, found.join('\n')).toEqual([]);
  });
});
