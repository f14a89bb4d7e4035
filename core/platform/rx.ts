import { Observable } from 'rxjs';
import type { Timers } from './types.js';

/** Emits 0 once after `dueMs` on the given timers, then completes. */
export function timer$(timers: Timers, dueMs: number): Observable<0> {
  return new Observable<0>((subscriber) => {
    const handle = timers.setTimeout(() => {
      subscriber.next(0);
      subscriber.complete();
    }, dueMs);
    return () => timers.clearTimeout(handle);
  });
}

/** Emits 0, 1, 2… every `periodMs` on the given timers (the first after one period). */
export function interval$(timers: Timers, periodMs: number): Observable<number> {
  return new Observable<number>((subscriber) => {
    let count = 0;
    let handle: unknown;
    const tick = () => {
      handle = timers.setTimeout(tick, periodMs);
      subscriber.next(count++);
    };
    handle = timers.setTimeout(tick, periodMs);
    return () => timers.clearTimeout(handle);
  });
}
