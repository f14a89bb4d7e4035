// Binding the login key pair to the session (spec §S4: "after a login-type call succeeds with a user id and a
// token present, the key pair is saved bound to the token and the user id").
//
// The token (and the uid) arrive as cookies set by the login's answer. A browser may make them readable to the
// page a little after the answer itself (WebKit hands cookies from its network process to the page's process
// asynchronously), so a bind that finds no token yet is not dropped: it is tried again every
// KEY_BIND_POLL_MS for up to KEY_BIND_WAIT_MS, and at once before the next request goes out. When it cannot
// be done, the app hears why (`keyPairNotBound`) instead of losing the session's key pair in silence.
import type { Clock, TimerHandle, Timers } from '../platform/types.js';
import type { ClientKeyPair, ClientKeyStore } from './client-keys.js';
import { KEY_BIND_POLL_MS, KEY_BIND_WAIT_MS } from './constants.js';
import type { SecurityEvent } from './security-events.js';

export interface SessionBinder {
  /** Binds `pair` to the session a successful login opened; `userId` from its answer, else the uid cookie. */
  afterLogin(pair: ClientKeyPair, userId: string | undefined): void;
  /** Finishes a waiting bind now if the token has become readable (called before each request). */
  settle(): void;
  /** Drops a waiting bind (a log-out, a newer login, disposal). */
  cancel(): void;
}

export interface SessionBinderParts {
  keys: ClientKeyStore;
  timers: Timers;
  clock: Clock;
  token(): string | undefined;
  uidCookie(): string | undefined;
  emit(event: SecurityEvent): void;
}

export function createSessionBinder(parts: SessionBinderParts): SessionBinder {
  let waiting: { pair: ClientKeyPair; userId: string | undefined; until: number; timer: TimerHandle } | undefined;

  const stopWaiting = () => {
    if (waiting) parts.timers.clearTimeout(waiting.timer);
    waiting = undefined;
  };

  /** One attempt; true when the bind is settled either way. */
  const attempt = (pair: ClientKeyPair, fromAnswer: string | undefined, until: number): boolean => {
    const token = parts.token();
    const userId = fromAnswer ?? parts.uidCookie();
    if (token !== undefined && userId !== undefined) {
      if (parts.keys.bind(pair, token, userId)) parts.emit({ type: 'keyPairBound', userId, algorithm: pair.algorithm });
      else parts.emit({ type: 'keyPairNotBound', reason: 'storage-failed', algorithm: pair.algorithm });
      return true;
    }
    if (parts.clock.now() < until) return false;
    parts.emit({ type: 'keyPairNotBound', reason: token === undefined ? 'no-token' : 'no-user-id', algorithm: pair.algorithm });
    return true;
  };

  const poll = () => {
    const current = waiting;
    if (!current) return;
    if (attempt(current.pair, current.userId, current.until)) waiting = undefined;
    else current.timer = parts.timers.setTimeout(poll, KEY_BIND_POLL_MS);
  };

  return {
    afterLogin(pair, userId) {
      stopWaiting();
      const until = parts.clock.now() + KEY_BIND_WAIT_MS;
      if (attempt(pair, userId, until)) return;
      waiting = { pair, userId, until, timer: parts.timers.setTimeout(poll, KEY_BIND_POLL_MS) };
    },
    settle() {
      if (waiting && attempt(waiting.pair, waiting.userId, waiting.until)) stopWaiting();
    },
    cancel: stopWaiting,
  };
}
