import { InvalidArgumentError } from '../errors/exkit-error.js';
import { checkDuration } from '../validate/duration.js';
import type { TimerHandle, Timers } from './types.js';

/**
 * The delay a platform timer runs `callback` after: an omitted delay is 0 (as on every host); anything else
 * must be a finite number of ms from 0 to 2^31 − 1. Throws InvalidArgumentError otherwise, naming the field.
 */
export function checkTimerCall(callback: unknown, ms: unknown): number {
  if (typeof callback !== 'function') {
    throw new InvalidArgumentError('timers: callback must be a function', { field: 'callback', value: callback });
  }
  if (ms === undefined) return 0;
  // Hosts turn Infinity and NaN into 0 and wrap 2^31 ms and above into a delay of about 0: refusing them here
  // makes every platform agree, and a wrong delay shows at the call that made it.
  checkDuration('ms', ms, { allowZero: true, owner: 'timers' });
  return ms as number;
}

/** The host's timers behind the one delay rule of `checkTimerCall`. */
export function checkedTimers(
  setTimeout: (callback: () => void, ms: number) => TimerHandle,
  clearTimeout: (handle: TimerHandle) => void,
): Timers {
  return {
    setTimeout: (callback, ms) => setTimeout(callback, checkTimerCall(callback, ms)),
    // Clearing a handle that is not a timer's does nothing on every host; one the host cannot even read (a
    // revoked Proxy) does nothing here too, rather than throw from inside the host's timers.
    clearTimeout: (handle) => {
      try {
        clearTimeout(handle);
      } catch {
        // Not a handle this host gave out: nothing to clear.
      }
    },
  };
}
