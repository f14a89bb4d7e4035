import type { DomPort, Platform } from '../../platform/types.js';

/** What happened to one fingerprint source. */
export type SourceStatus = 'ok' | 'failed' | 'timeout' | 'skipped';

/** One source's outcome; every status but `ok` says why. The value of an `ok` source is in `components`. */
export type SourceReport =
  | { readonly status: 'ok' }
  | { readonly status: 'failed'; readonly reason: string; readonly error: unknown }
  | { readonly status: 'timeout'; readonly reason: string; readonly timeoutMs: number }
  | { readonly status: 'skipped'; readonly reason: string };

/** What a source reads from: the platform, and the DOM when the source needs one. */
export interface SourceContext<D extends DomPort | undefined = DomPort | undefined> {
  readonly platform: Platform;
  readonly dom: D;
}

interface SourceBase {
  /** The component's key in the fingerprint; unique within one collection. */
  readonly name: string;
  /** Give up waiting after this many ms (on `platform.timers`); no time-out when absent. */
  readonly timeoutMs?: number;
}

/** A source that reads the DOM: skipped where `platform.dom` is undefined (Node, workers). */
export interface DomSource extends SourceBase {
  readonly needsDom: true;
  collect(context: SourceContext<DomPort>): unknown;
}

/** A source that works without a DOM (it may still use one when present). */
export interface PlainSource extends SourceBase {
  readonly needsDom: false;
  collect(context: SourceContext): unknown;
}

/**
 * One independent fingerprint source. `collect` returns (or resolves to) a JSON-like value; it may throw
 * (reported as failed), throw `SourceUnavailableError` (reported as skipped) or never settle (timeout).
 */
export type FingerprintSource = DomSource | PlainSource;

/** A collected fingerprint. */
export interface Fingerprint {
  /** The values of the sources that succeeded, by source name: what the terminal code hashes. */
  readonly components: Readonly<Record<string, unknown>>;
  /** Every source's outcome, by source name. */
  readonly sources: Readonly<Record<string, SourceReport>>;
  /** The names of the sources that contributed a component, in source order. */
  readonly contributed: readonly string[];
}

/** The screen frame: insets of the available area from the screen edges, in CSS px. */
export interface ScreenFrame {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}
