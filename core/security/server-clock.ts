import { expectString } from '../validate/describe-value.js';
// Server time (spec §S4): the offset between the gateway's clock and ours, learnt from the
// request-time header of POST responses and used for the tm header.
import type { Clock } from '../platform/types.js';

/** The client clock corrected by the last offset learnt from the gateway. */
export interface ServerClock extends Clock {
  /** Server time minus client time, in ms (0 until a POST response said otherwise). */
  offset(): number;
  /** Learns the offset from a response's request-time header; only POST responses count. */
  observe(method: string, requestTime: string | null | undefined): void;
}

const DECIMAL = /^\d{1,16}$/;

/**
 * A server clock on top of the platform clock.
 *
 * @example
 * ```ts
 * const serverClock = createServerClock(platform.clock);
 * serverClock.observe('POST', response.headers.get('requestTime'));
 * serverClock.now(); // the client's clock corrected by the server's offset
 * ```
 */
export function createServerClock(clock: Clock): ServerClock {
  let offset = 0;
  return {
    now: () => clock.now() + offset,
    offset: () => offset,
    observe(method, requestTime) {
      expectString('method', method, 'serverClock.observe');
      if (method.toUpperCase() !== 'POST' || typeof requestTime !== 'string') return;
      const text = requestTime.trim();
      if (!DECIMAL.test(text)) return;
      offset = Number(text) - clock.now();
    },
  };
}
