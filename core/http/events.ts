import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import type { TimerHandle, Timers } from '../platform/types.js';
import type { HttpEvent } from './types.js';
import { expectString, readRecord } from '../validate/describe-value.js';

/** A hot stream of UI events where each event type is debounced on the leading edge. */
export interface DebouncedEventChannel<E extends { type: string }> {
  readonly events$: Observable<E>;
  /**
   * Passes the event on unless one of the same type went out within the quiet window. An event that is not an
   * object with a string `type` (or whose fields cannot be read) is an InvalidArgumentError, and nothing is sent.
   */
  emit(event: E): void;
  /** Completes the stream and drops pending timers. */
  complete(): void;
}

/**
 * Leading-edge debounce per event type: the first event of a burst goes out at once, the rest are dropped
 * until `quietMs` pass without another event of that type. A burst of any length therefore gives exactly
 * one toast and one logout (spec §S8), and the user sees it without waiting for the burst to end.
 */
export function debouncedEventChannel<E extends { type: string }>(timers: Timers, quietMs: number): DebouncedEventChannel<E> {
  const subject = new Subject<E>();
  const quiet = new Map<string, TimerHandle>();
  let done = false;
  return {
    events$: subject.asObservable(),
    emit(given) {
      // Read once: subscribers get a plain copy whose fields cannot throw.
      const event = readRecord('event', given, 'emit');
      expectString('event.type', event.type, 'emit');
      if (done) return;
      const running = quiet.get(event.type);
      if (running === undefined) subject.next(event);
      else timers.clearTimeout(running);
      quiet.set(
        event.type,
        timers.setTimeout(() => quiet.delete(event.type), quietMs),
      );
    },
    complete() {
      for (const handle of quiet.values()) timers.clearTimeout(handle);
      quiet.clear();
      done = true;
      subject.complete();
    },
  };
}

/** The HTTP client's channel of toasts and logouts. */
export type HttpEventChannel = DebouncedEventChannel<HttpEvent>;
