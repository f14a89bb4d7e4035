import type { Platform } from '../../platform/types.js';
import { collectFrom, sourcesFor } from './collect-fingerprint.js';
import type { FingerprintOptions } from './fingerprint-options.js';
import { screenFrame$ } from './screen-frame.js';
import type { Fingerprint, ScreenFrame } from './types.js';
import { expectObjectWith, readRecord } from '../../validate/describe-value.js';

/** A long-lived fingerprint collector that watches the screen frame. */
export interface Fingerprinter {
  /** Collects a fingerprint; the screen source uses the last non-empty frame while the page is full screen. */
  collect(): Promise<Fingerprint>;
  /** The last non-empty screen frame seen, if any. */
  screenFrame(): ScreenFrame | undefined;
  /** Stops watching the screen frame. */
  dispose(): void;
}

/**
 * Starts a fingerprinter: samples the screen frame now and every 2500 ms (spec §B9) until disposed.
 *
 * @example
 * ```ts
 * const fingerprinter = createFingerprinter(browserPlatform());
 * const fingerprint = await fingerprinter.collect();
 * fingerprinter.dispose();
 * ```
 */
export function createFingerprinter(platform: Platform, options: FingerprintOptions = {}): Fingerprinter {
  options = readRecord('options', options, 'createFingerprinter');
  expectObjectWith('platform', platform, 'createFingerprinter', ['timers']);
  let lastFrame: ScreenFrame | undefined;
  const sources = sourcesFor(options, () => lastFrame);
  const watch = screenFrame$(platform, options.screenFrameRefreshMs).subscribe((frame) => {
    lastFrame = frame;
  });
  return {
    collect: () => collectFrom(platform, sources),
    screenFrame: () => lastFrame,
    dispose: () => watch.unsubscribe(),
  };
}
