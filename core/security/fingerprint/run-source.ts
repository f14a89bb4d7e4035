import type { Platform } from '../../platform/types.js';
import { canonicalJson } from './canonical-json.js';
import { SourceUnavailableError } from './errors.js';
import type { FingerprintSource, SourceReport } from './types.js';

/** One source's outcome with its value when it succeeded. */
export type SourceOutcome = { report: SourceReport; value?: unknown };

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function settled(value: unknown): SourceOutcome {
  try {
    // A value that cannot be hashed would break the terminal code: it fails this source, not the whole.
    canonicalJson(value);
  } catch (error) {
    return { report: { status: 'failed', reason: describe(error), error } };
  }
  return { report: { status: 'ok' }, value };
}

function rejected(error: unknown): SourceOutcome {
  if (error instanceof SourceUnavailableError) return { report: { status: 'skipped', reason: error.msg } };
  return { report: { status: 'failed', reason: describe(error), error } };
}

/** Runs one source in isolation: it never throws, and a time-out runs on the platform's timers. */
export function runSource(platform: Platform, source: FingerprintSource): Promise<SourceOutcome> {
  let pending: Promise<unknown>;
  try {
    if (source.needsDom) {
      const dom = platform.dom;
      if (!dom) return Promise.resolve({ report: { status: 'skipped', reason: 'no DOM on this platform' } });
      pending = Promise.resolve(source.collect({ platform, dom }));
    } else {
      pending = Promise.resolve(source.collect({ platform, dom: platform.dom }));
    }
  } catch (error) {
    return Promise.resolve(rejected(error));
  }
  const outcome = pending.then(settled, rejected);
  const timeoutMs = source.timeoutMs;
  if (timeoutMs === undefined) return outcome;
  return new Promise<SourceOutcome>((resolve) => {
    const handle = platform.timers.setTimeout(
      () => resolve({ report: { status: 'timeout', reason: `no answer within ${timeoutMs} ms`, timeoutMs } }),
      timeoutMs,
    );
    void outcome.then((result) => {
      platform.timers.clearTimeout(handle);
      resolve(result);
    });
  });
}
