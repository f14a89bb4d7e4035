import { SourceUnavailableError } from './errors.js';
import type { DomSource } from './types.js';

/** `navigator.deviceMemory` is Chromium-only and missing from the DOM typings. */
interface NavigatorHints {
  readonly hardwareConcurrency?: unknown;
  readonly deviceMemory?: unknown;
  readonly maxTouchPoints?: unknown;
}

const numberOrUndefined = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The navigator's hardware hints: logical cores, device memory (GB, coarse) and touch points. */
export function hardwareSource(): DomSource {
  return {
    name: 'hardware',
    needsDom: true,
    collect({ dom }) {
      const navigator = dom.window.navigator as NavigatorHints | undefined;
      const hints = {
        hardwareConcurrency: numberOrUndefined(navigator?.hardwareConcurrency),
        deviceMemory: numberOrUndefined(navigator?.deviceMemory),
        maxTouchPoints: numberOrUndefined(navigator?.maxTouchPoints),
      };
      if (Object.values(hints).every((value) => value === undefined))
        throw new SourceUnavailableError('the navigator has no hardware hints');
      return hints;
    },
  };
}
