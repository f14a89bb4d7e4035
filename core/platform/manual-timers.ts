import { InvalidArgumentError } from '../errors/exkit-error.js';
import { checkTimerCall } from './timer-rules.js';
import type { Clock, TimerHandle, Timers } from './types.js';

interface Scheduled {
  id: number;
  due: number;
  callback: () => void;
}

/** A clock and timers that move only when told to: the memory platform's time. */
export class ManualTimers implements Clock, Timers {
  private time: number;
  private seq = 0;
  private readonly queue = new Map<number, Scheduled>();

  constructor(start = 0) {
    this.time = checkTime('start', start);
  }

  now(): number {
    return this.time;
  }

  /** Schedules `callback` after `ms` (0 to 2^31 − 1; omitted is 0); any other delay is an InvalidArgumentError. */
  setTimeout(callback: () => void, ms: number): TimerHandle {
    const delay = checkTimerCall(callback, ms);
    const id = ++this.seq;
    this.queue.set(id, { id, due: this.time + delay, callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.queue.delete(handle as number);
  }

  /** How many timers are scheduled and not yet run. */
  get pendingCount(): number {
    return this.queue.size;
  }

  /** @deprecated Read {@link ManualTimers.pendingCount}; the same number under its old name. */
  get pending(): number {
    return this.queue.size;
  }

  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.time + checkStep(ms);
    for (let next = takeDue(this.queue, target); next; next = takeDue(this.queue, target)) {
      this.time = next.due;
      next.callback();
    }
    this.time = target;
  }

  /** Like `advance`, but lets promise callbacks settle after each timer (for async code under test). */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.time + checkStep(ms);
    await flushMicrotasks();
    for (let next = takeDue(this.queue, target); next; next = takeDue(this.queue, target)) {
      this.time = next.due;
      next.callback();
      await flushMicrotasks();
    }
    this.time = target;
  }

  /** Sets the wall clock without running timers (a clock jump, as after sleep). */
  setNow(time: number): void {
    this.time = checkTime('time', time);
  }
}

/**
 * Removes and returns the earliest timer due by `target` (first set first among equals: a Map iterates in the
 * order its entries were set, so the first timer found at the earliest due time is the first one set). A
 * function of the module, not a method: a method would be callable from outside at run time (TypeScript's
 * `private` is not), and a call there would drop a timer without running it.
 */
function takeDue(queue: Map<number, Scheduled>, target: number): Scheduled | undefined {
  let best: Scheduled | undefined;
  for (const t of queue.values()) {
    if (t.due <= target && (!best || t.due < best.due)) best = t;
  }
  if (best) queue.delete(best.id);
  return best;
}

// A step of the manual clock is not a timer delay: a test may move days ahead at once, so there is no
// 2^31 − 1 ceiling, but NaN, Infinity or a step back would leave the clock where no timer can ever fall due.
function checkStep(ms: unknown): number {
  if (typeof ms === 'number' && Number.isFinite(ms) && ms >= 0) return ms;
  throw new InvalidArgumentError('manual clock: ms must be a finite number of ms from 0', { field: 'ms', value: ms });
}

function checkTime(field: string, time: unknown): number {
  if (typeof time === 'number' && Number.isFinite(time)) return time;
  throw new InvalidArgumentError(`manual clock: ${field} must be a finite time in ms`, { field, value: time });
}

/** Resolves after pending promise callbacks (and those they queue, a few levels deep) have run. */
export async function flushMicrotasks(): Promise<void> {
  // Stryker disable next-line EqualityOperator: one more turn only lets a deeper chain settle too; no caller counts on the exact depth.
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
