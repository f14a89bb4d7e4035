import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { ERROR_EVENT_DEBOUNCE_MS } from '../../../core/http/index.js';
import { SIGN_ERROR_CODES, SIGN_ERROR_DEBOUNCE_MS, createSignErrorHandler } from '../../../core/security/index.js';
import type { SecurityEvent } from '../../../core/security/index.js';

function setup() {
  const platform = memoryPlatform({ now: 1_000_000 });
  const events: SecurityEvent[] = [];
  const logs: unknown[] = [];
  let resets = 0;
  const handler = createSignErrorHandler(platform, { resetConfig: () => resets++, log: (m, d) => logs.push([m, d]) });
  handler.events$.subscribe((e) => events.push(e));
  const of = (type: SecurityEvent['type']) => events.filter((e) => e.type === type);
  return { platform, handler, events, logs, of, resets: () => resets };
}

describe('sign errors (spec §S8)', () => {
  it.each(['00020', '00021'] as const)('%s: toast, config reset, and a re-fetch after a 2 s debounce', async (code) => {
    const { platform, handler, of, resets } = setup();
    handler.handle(code, 'Signature problem', '/v1/spot/x');
    expect(of('toast')).toEqual([{ type: 'toast', code, message: 'Signature problem' }]);
    expect(of('configReset')).toEqual([{ type: 'configReset', code }]);
    expect(resets()).toBe(1);
    await platform.advanceAsync(1999);
    expect(of('refetchConfig')).toHaveLength(0);
    await platform.advanceAsync(1);
    expect(of('refetchConfig')).toHaveLength(1);
  });

  it('a burst of 00020/00021 re-fetches once, 2 s after the last one', async () => {
    const { platform, handler, of } = setup();
    handler.handle('00020', undefined, '/a');
    await platform.advanceAsync(1000);
    handler.handle('00021', undefined, '/b');
    await platform.advanceAsync(1500);
    handler.handle('00020', undefined, '/c');
    await platform.advanceAsync(1999);
    expect(of('refetchConfig')).toHaveLength(0);
    await platform.advanceAsync(1);
    expect(of('refetchConfig')).toHaveLength(1);
    await platform.advanceAsync(10_000);
    expect(of('refetchConfig')).toHaveLength(1);
  });

  it('00022 expired: toast and config reset, no re-fetch', async () => {
    const { platform, handler, of, resets } = setup();
    handler.handle('00022', 'Signature expired', '/a');
    await platform.advanceAsync(10_000);
    expect(of('toast')).toHaveLength(1);
    expect(of('configReset')).toHaveLength(1);
    expect(resets()).toBe(1);
    expect(of('refetchConfig')).toHaveLength(0);
  });

  it('00023 invalid: the message toast, logout and a reported event; no config reset', () => {
    const { platform, handler, of, resets } = setup();
    handler.handle('00023', 'Signature invalid, please log in again', '/v1/spot/x');
    expect(of('toast')).toEqual([{ type: 'toast', code: '00023', message: 'Signature invalid, please log in again' }]);
    expect(of('logout')).toEqual([{ type: 'logout', code: '00023' }]);
    expect(platform.reports).toEqual([
      { event: 'gatewaySignInvalid', message: 'Signature invalid, please log in again', data: { code: '00023', url: '/v1/spot/x' } },
    ]);
    expect(resets()).toBe(0);
  });

  it('toast and logout are debounced 2 s: 100 failing calls within 2000 ms give one toast and one logout', async () => {
    const { platform, handler, of } = setup();
    for (let i = 0; i < 100; i++) {
      handler.handle('00023', 'invalid', '/a');
      await platform.advanceAsync(19);
    }
    expect(of('toast')).toHaveLength(1);
    expect(of('logout')).toHaveLength(1);
    expect(platform.reports).toHaveLength(1);
    await platform.advanceAsync(2000);
    handler.handle('00023', 'invalid', '/a');
    expect(of('toast')).toHaveLength(2);
    expect(of('logout')).toHaveLength(2);
  });

  it('a response without a message toasts the default "unknown error"', () => {
    const { handler, of } = setup();
    handler.handle('00022', '  ', '/a');
    expect(of('toast')).toEqual([{ type: 'toast', code: '00022', message: 'unknown error' }]);
  });

  it('the default text comes from the message table in the call’s locale', () => {
    const { handler, of } = setup();
    handler.handle('00022', undefined, '/a', 'zh-CN');
    expect(of('toast')).toEqual([{ type: 'toast', code: '00022', message: '未知错误' }]);
  });

  it('the sign error codes are the catalogue’s (spec §S8)', () => {
    expect(SIGN_ERROR_CODES).toEqual({ missing: '00020', modeMismatch: '00021', expired: '00022', invalid: '00023' });
    expect(SIGN_ERROR_DEBOUNCE_MS).toBe(ERROR_EVENT_DEBOUNCE_MS);
  });

  it('a gw-sign-error header is logged', () => {
    const { handler, logs, of } = setup();
    handler.logHeader('/v1/spot/x', 'mode-mismatch');
    expect(logs).toEqual([['gateway sign error', { url: '/v1/spot/x', value: 'mode-mismatch' }]]);
    expect(of('gatewaySignError')).toEqual([{ type: 'gatewaySignError', url: '/v1/spot/x', value: 'mode-mismatch' }]);
  });
});
