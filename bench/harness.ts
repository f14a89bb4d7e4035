// The benchmark harness: every bench/<area>.bench.ts default-exports a `Bench`; scripts/bench.ts runs them
// all and writes docs/benchmarks.md. Figures are medians; each comes with a baseline measured in the same
// run, because these machines are noisy and only ratios travel between runs.

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
