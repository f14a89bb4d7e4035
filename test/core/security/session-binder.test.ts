// The session binder on its own (spec §S4): an immediate bind sets no timer, a waiting bind polls every
// KEY_BIND_POLL_MS until KEY_BIND_WAIT_MS has passed, settle() finishes it early or leaves it waiting, and the
// reason it gives up names what was missing (the token first).
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { KEY_BIND_POLL_MS, KEY_BIND_WAIT_MS, createClientKeyStore } from '../../../core/security/index.js';
import type { SecurityEvent } from '../../../core/security/index.js';
import { createSessionBinder } from '../../../core/security/session-binding.js';

const PAIR = { publicKey: 'pub', privateKeyPem: 'pem', algorithm: 'rsa2048' as const, storedAt: 0 };

function binder() {
  const platform = memoryPlatform();
  const keys = createClientKeyStore(platform);
  const events: SecurityEvent[] = [];
  const cookies = { token: undefined as string | undefined, uid: undefined as string | undefined };
  const binding = createSessionBinder({
    keys,
    timers: platform.timers,
    clock: platform.clock,
    token: () => cookies.token,
    uidCookie: () => cookies.uid,
    emit: (event) => events.push(event),
  });
  return { platform, keys, events, cookies, binding };
}

describe('session binder', () => {
  it('the wait and poll periods are 2000 ms and 50 ms', () => {
    expect([KEY_BIND_WAIT_MS, KEY_BIND_POLL_MS]).toEqual([2000, 50]);
  });

  it('a token and a user id already there: bound at once, no timer left', () => {
    const { platform, keys, events, cookies, binding } = binder();
    cookies.token = 'tok';
    binding.afterLogin(PAIR, 'u1');
    expect(events).toEqual([{ type: 'keyPairBound', userId: 'u1', algorithm: 'rsa2048' }]);
    expect(keys.boundTo('tok')).toMatchObject({ publicKey: 'pub' });
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('the user id of the answer wins over the uid cookie', () => {
    const { events, cookies, binding } = binder();
    cookies.token = 'tok';
    cookies.uid = 'cookie-id';
    binding.afterLogin(PAIR, 'answer-id');
    expect(events).toEqual([{ type: 'keyPairBound', userId: 'answer-id', algorithm: 'rsa2048' }]);
  });

  it('settle() before the token is readable keeps waiting; the poll then binds', () => {
    const { platform, events, cookies, binding } = binder();
    binding.afterLogin(PAIR, 'u1');
    binding.settle();
    expect(events).toEqual([]);
    expect(platform.timers.pendingCount).toBe(1);
    cookies.token = 'tok';
    platform.advance(KEY_BIND_POLL_MS - 1);
    expect(events).toEqual([]);
    platform.advance(1);
    expect(events).toEqual([{ type: 'keyPairBound', userId: 'u1', algorithm: 'rsa2048' }]);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('settle() once the token is readable binds at once and stops the polling', () => {
    const { platform, events, cookies, binding } = binder();
    binding.afterLogin(PAIR, 'u1');
    cookies.token = 'tok';
    binding.settle();
    expect(events).toEqual([{ type: 'keyPairBound', userId: 'u1', algorithm: 'rsa2048' }]);
    expect(platform.timers.pendingCount).toBe(0);
    binding.settle();
    platform.advance(KEY_BIND_WAIT_MS);
    expect(events).toHaveLength(1);
  });

  it('neither token nor user id: the reason is the missing token, given at exactly 2000 ms', () => {
    const { platform, events, binding } = binder();
    binding.afterLogin(PAIR, undefined);
    platform.advance(KEY_BIND_WAIT_MS - 1);
    expect(events).toEqual([]);
    platform.advance(1);
    expect(events).toEqual([{ type: 'keyPairNotBound', reason: 'no-token', algorithm: 'rsa2048' }]);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('a token but no user id: settle() keeps waiting, and the wait ends with no-user-id', () => {
    const { platform, events, cookies, binding } = binder();
    binding.afterLogin(PAIR, undefined);
    cookies.token = 'tok';
    binding.settle();
    expect(events).toEqual([]);
    platform.advance(KEY_BIND_WAIT_MS);
    expect(events).toEqual([{ type: 'keyPairNotBound', reason: 'no-user-id', algorithm: 'rsa2048' }]);
    binding.settle();
    expect(events).toHaveLength(1);
  });

  it('cancel() drops a waiting bind and its timer; cancel() with nothing waiting does nothing', () => {
    const { platform, events, cookies, binding } = binder();
    binding.cancel();
    binding.afterLogin(PAIR, 'u1');
    binding.cancel();
    expect(platform.timers.pendingCount).toBe(0);
    cookies.token = 'tok';
    binding.settle();
    platform.advance(KEY_BIND_WAIT_MS);
    expect(events).toEqual([]);
  });
});
