import { guardedStream } from '../errors/guarded-observable.js';
import { BehaviorSubject, distinctUntilChanged } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import type { Platform } from '../platform/types.js';
import { createStore } from '../storage/namespaced-store.js';
import { defaultImageProbe } from './probe.js';
import type { ImageProbe } from './probe.js';
import { raceImageHosts } from './race.js';
import { expectObjectWith, expectString, invalidArgument, readRecord } from '../validate/describe-value.js';

/** The key of the saved winner in the 'common' storage area. */
export const IMAGE_HOST_STORAGE_KEY = 'image-host';

export interface ImageHostOptions {
  /** The hosts to probe, as origins such as 'https://img1.example.com'. */
  candidates: readonly string[];
  /** The host used when no candidate loads (spec §S7: "Default host {host}"). */
  defaultHost: string;
  /** The path of a small static image present on every host, such as '/static/probe.png'. */
  probePath: string;
  /** Loads one image; default: an Image element when the platform has a DOM, a fetch elsewhere. */
  probe?: ImageProbe;
  /** Give up on probes after this long; default `IMAGE_PROBE_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Add a changing query parameter so a cached image cannot make a dead host look alive. Default true. */
  cacheBust?: boolean;
}

export interface ImageHostSelector {
  /** The host to use now: the saved winner, the latest winner, or the default host. */
  readonly host: string;
  /** The host now and every change after it. */
  readonly host$: Observable<string>;
  /**
   * Starts selection: with a saved winner, resolves with it at once and re-probes in the background;
   * otherwise resolves with the race's winner (or the default host when all fail).
   */
  start(): Promise<string>;
  /** Races the candidates now, saves and applies the winner, and resolves with the host in use. */
  probe(): Promise<string>;
  /**
   * Tears the selector down: cancels a probe in flight (its caller gets the host in use), and `start()` and
   * `probe()` afterwards resolve with the host in use without probing; `host$` completes.
   */
  dispose(): void;
}

/** The URL of the probe image on one host. */
export function probeImageUrl(host: string, probePath: string, stamp?: number): string {
  expectString('host', host, 'probeImageUrl');
  expectString('probePath', probePath, 'probeImageUrl');
  const url = `${host.replace(/\/+$/, '')}/${probePath.replace(/^\/+/, '')}`;
  if (stamp === undefined) return url;
  if (typeof stamp !== 'number') throw invalidArgument('stamp', 'a number', stamp, 'probeImageUrl');
  return `${url}${url.includes('?') ? '&' : '?'}_t=${stamp}`;
}

/**
 * Picks the fastest image host (spec §S7) and remembers it in the 'common' storage area.
 *
 * @example
 * ```ts
 * const images = createImageHostSelector(browserPlatform(), {
 *   candidates: ['https://img1.example.com', 'https://img2.example.com'],
 *   defaultHost: 'https://img1.example.com',
 *   probePath: '/static/probe.png',
 * });
 * const host = await images.start(); // the saved winner at once, else the fastest candidate
 * ```
 */
export function createImageHostSelector(platform: Platform, options: ImageHostOptions): ImageHostSelector {
  options = readRecord('options', options, 'createImageHostSelector');
  expectObjectWith('platform', platform, 'createImageHostSelector', ['clock', 'timers', 'localStorage']);
  const store = createStore(platform, 'common');
  const isCandidate = (value: unknown): value is string => typeof value === 'string' && options.candidates.includes(value);
  const saved = () =>
    store.get<string | undefined>(IMAGE_HOST_STORAGE_KEY, undefined, isCandidate as (v: unknown) => v is string | undefined);
  const current = new BehaviorSubject<string>(saved() ?? options.defaultHost);
  const probe = options.probe ?? defaultImageProbe(platform);
  let running: Subscription | undefined;
  let pending: Promise<string> | undefined;
  let finish: (() => void) | undefined;

  let disposed = false;

  const runProbe = (): Promise<string> => {
    if (disposed) return Promise.resolve(current.value);
    if (pending) return pending;
    let done = false;
    const result = new Promise<string>((resolve) => {
      finish = () => {
        // Stryker disable next-line BooleanLiteral: only a race over no candidates ends this early; each run of one gives the default.
        done = true;
        running = undefined;
        pending = undefined;
        finish = undefined;
        resolve(current.value);
      };
      const stamp = options.cacheBust === false ? undefined : platform.clock.now();
      const subscription = raceImageHosts(options.candidates, {
        probe,
        timers: platform.timers,
        timeoutMs: options.timeoutMs,
        probeUrl: (host) => probeImageUrl(host, options.probePath, stamp),
        errors: platform.errors,
      }).subscribe({
        next: (winner) => {
          if (winner === null) {
            store.remove(IMAGE_HOST_STORAGE_KEY);
            current.next(options.defaultHost);
          } else {
            store.set(IMAGE_HOST_STORAGE_KEY, winner);
            current.next(winner);
          }
        },
        // Stryker disable next-line OptionalChaining: the race completes once, while finish is set; a dispose completes nothing.
        complete: () => finish?.(),
      });
      // A race that already ended leaves a closed subscription, which a dispose may unsubscribe again harmlessly.
      running = subscription;
    });
    // A race over no candidates settles synchronously; only a race still running is shared.
    // Stryker disable next-line ConditionalExpression: a settled race over no candidates gives the default, as a new one would.
    if (!done) pending = result;
    return result;
  };

  return {
    get host() {
      return current.value;
    },
    host$: guardedStream('imageHosts.host$', current.pipe(distinctUntilChanged()), platform.errors),
    start() {
      const winner = saved();
      if (winner !== undefined) {
        current.next(winner);
        void runProbe();
        return Promise.resolve(winner);
      }
      return runProbe();
    },
    probe: runProbe,
    dispose() {
      disposed = true;
      running?.unsubscribe();
      // A caller still awaiting the cancelled probe gets the host in use.
      finish?.();
      current.complete();
    },
  };
}
