// The benchmark harness: every bench/<area>.bench.ts default-exports a `Bench`; scripts/bench.ts runs them
// all and writes docs/benchmarks.md. Figures are medians; each comes with a baseline measured in the same
// run, because these machines are noisy and only ratios travel between runs.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Figure {
  /** What was measured, e.g. 'bridge round trip per request'. */
  name: string;
  /** The median of the measured samples. */
  median: number;
  unit: 'ns' | 'µs' | 'ms' | 'B' | 'KiB' | 'MiB' | 'KB gzip' | 'ops/s';
  /** The same work done the plain way, in the same run and unit. */
  baseline?: { name: string; median: number };
  /** The goal as written in the issue, e.g. '< 20 µs' or '≤ 1.15× baseline'. */
  goal?: string;
  /** Whether the goal was met, when it can be judged from the figures. */
  met?: boolean;
}

export interface Bench {
  /** The area, e.g. 'bridge'. */
  area: string;
  run(): Promise<Figure[]>;
}

/** The median of numbers (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface SampleOptions {
  /** Samples to take (default 15). */
  samples?: number;
  /** Calls of `fn` per sample (default 1). */
  batch?: number;
  /** Untimed warm-up samples (default 3). */
  warmup?: number;
}

/** Median wall time of one call of `fn` in milliseconds, from batched samples. */
export async function timeMs(fn: () => unknown, options: SampleOptions = {}): Promise<number> {
  const { samples = 15, batch = 1, warmup = 3 } = options;
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i++) {
    const start = performance.now();
    for (let j = 0; j < batch; j++) await fn();
    const elapsed = (performance.now() - start) / batch;
    if (i >= warmup) times.push(elapsed);
  }
  return median(times);
}

/** Forces a garbage collection when Node runs with --expose-gc; returns whether it could. */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return false;
  gc();
  gc();
  return true;
}

/**
 * A module of the built package (`dist/`, which `npm run bench` builds first), typed as its source. Timed code
 * comes from here, as an app runs it: the TypeScript sources would come through tsx, which adds helpers of its
 * own (a `__name` call for every function it creates) that the shipped code does not carry, while the
 * baselines (ky, DOMPurify, node:crypto) come untouched from node_modules.
 */
export async function builtModule<T>(path: string): Promise<T> {
  const file = resolve(import.meta.dirname, '..', 'dist', path);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } catch (cause) {
    throw new Error(`bench: ${file} could not be loaded; run \`npm run build\` first`, { cause });
  }
}
