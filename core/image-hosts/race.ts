import { Observable, defaultIfEmpty, map, merge, race, take } from 'rxjs';
import { HTTP_TIMEOUT_MS } from '../http/constants.js';
import { timer$ } from '../platform/rx.js';
import type { ErrorReporter, Timers } from '../platform/types.js';
import { guardedStream } from '../errors/guarded-observable.js';
import type { ImageProbe } from './probe.js';
import { expectArray, invalidArgument, readRecord } from '../validate/describe-value.js';

/**
 * Spec §S7 gives no probe time-out; a host slower than the HTTP client's own time-out
 * (spec §S9) is no better than the default host, so the probes share it.
 */
export const IMAGE_PROBE_TIMEOUT_MS = HTTP_TIMEOUT_MS;

export interface RaceImageHostsOptions {
  probe: ImageProbe;
  timers: Timers;
  /** The URL of the static image on a host. */
  probeUrl: (host: string) => string;
  /** Give up after this long; default `IMAGE_PROBE_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Where a throwing subscriber is reported (as a UserCallbackError); default the console. */
  errors?: ErrorReporter;
}

/** One probe as an observable: emits the host when its image loads, completes silently when it fails. */
function probeHost(host: string, options: RaceImageHostsOptions): Observable<string> {
  return new Observable<string>((subscriber) => {
    const controller = new AbortController();
    options.probe(options.probeUrl(host), controller.signal).then(
      () => {
        subscriber.next(host);
        subscriber.complete();
      },
      () => subscriber.complete(),
    );
    // Unsubscribing (another host won, or the time-out fired) cancels the load.
    return () => controller.abort();
  });
}

/**
 * Probes every host at once: emits the first to load its image, or null when all fail or the time-out
 * passes first. The losing probes are cancelled as soon as the result is known.
 */
export function raceImageHosts(hosts: readonly string[], options: RaceImageHostsOptions): Observable<string | null> {
  options = readRecord('options', options, 'raceImageHosts');
  expectArray('hosts', hosts, 'raceImageHosts', 'an array of host URLs');
  if (!hosts.every((host) => typeof host === 'string')) throw invalidArgument('hosts', 'an array of host URLs', hosts, 'raceImageHosts');
  if (typeof options.probe !== 'function') throw invalidArgument('options.probe', 'a function', options.probe, 'raceImageHosts');
  if (typeof options.probeUrl !== 'function') throw invalidArgument('options.probeUrl', 'a function', options.probeUrl, 'raceImageHosts');
  const firstLoaded = merge(...hosts.map((host) => probeHost(host, options))).pipe(take(1));
  const timedOut = timer$(options.timers, options.timeoutMs ?? IMAGE_PROBE_TIMEOUT_MS).pipe(map(() => null));
  if (options.errors !== undefined && typeof options.errors.report !== 'function')
    throw invalidArgument('options.errors', 'an error reporter', options.errors, 'raceImageHosts');
  return guardedStream('raceImageHosts', race(firstLoaded, timedOut).pipe(defaultIfEmpty(null), take(1)), options.errors);
}
