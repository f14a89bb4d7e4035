import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../core/http/index.js';
import { headlessPlatform } from '../../../core/platform/index.js';
import type { ErrorReport } from '../../../core/platform/index.js';
import { createStore } from '../../../core/storage/index.js';
import { reply, startTestServer } from '../../support/http-server.js';

describe('headlessPlatform: a Platform for Node, workers and React Native', () => {
  it('uses the host clock and timers: a timer fires and can be cleared', async () => {
    const platform = headlessPlatform();
    expect(Math.abs(platform.clock.now() - Date.now())).toBeLessThan(50);
    const fired: string[] = [];
    platform.timers.setTimeout(() => fired.push('kept'), 5);
    const cleared = platform.timers.setTimeout(() => fired.push('cleared'), 5);
    platform.timers.clearTimeout(cleared);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fired).toEqual(['kept']);
  });

  it('keeps storages and cookies in memory; a cookie with a lifetime in the past is gone', () => {
    const platform = headlessPlatform();
    const common = createStore(platform, 'common');
    common.set('k', { a: 1 });
    expect(common.get('k', null)).toEqual({ a: 1 });
    platform.cookies.set('session', 'abc', { days: 1 });
    platform.cookies.set('gone', 'x', { days: -1 });
    expect(platform.cookies.get('session')).toBe('abc');
    expect(platform.cookies.get('gone')).toBeUndefined();
    expect(platform.cookieStore.get('session')?.expires).toBeGreaterThan(Date.now() + 86_000_000);
    platform.cookies.remove('session');
    expect(platform.cookies.get('session')).toBeUndefined();
  });

  it('two platforms share nothing (each process or worker is its own browser)', () => {
    const a = headlessPlatform();
    const b = headlessPlatform();
    a.localStorage.setItem('x', '1');
    a.cookies.set('c', '1');
    expect(b.localStorage.getItem('x')).toBeNull();
    expect(b.cookies.get('c')).toBeUndefined();
  });

  it('is always visible, has no other tabs and no DOM, and matches no media query', () => {
    const platform = headlessPlatform();
    const seen: string[] = [];
    platform.visibility.changes.subscribe((v) => seen.push(v)).unsubscribe();
    const crossTab: unknown[] = [];
    platform.crossTab.subscribe((c) => crossTab.push(c)).unsubscribe();
    expect(platform.visibility.current()).toBe('visible');
    expect(seen).toEqual(['visible']);
    expect(crossTab).toEqual([]);
    expect(platform.dom).toBeUndefined();
    expect(platform.matchMedia('(prefers-reduced-motion: reduce)')).toBe(false);
    const media: boolean[] = [];
    platform
      .watchMedia('(prefers-reduced-motion: reduce)')
      .subscribe((m) => media.push(m))
      .unsubscribe();
    expect(media).toEqual([false]);
  });

  it('records navigations instead of leaving a page', () => {
    const platform = headlessPlatform({ href: 'https://exchange.example/en/spot' });
    platform.location.assign('/futures/usdt/BTCUSDT');
    platform.location.reload();
    expect(platform.location.href).toBe('https://exchange.example/futures/usdt/BTCUSDT');
    expect(platform.navigations).toEqual([
      'https://exchange.example/futures/usdt/BTCUSDT',
      'https://exchange.example/futures/usdt/BTCUSDT',
    ]);
  });

  it('reports errors to the given sink, except from bots, and a throwing sink never reaches the caller', () => {
    const reports: ErrorReport[] = [];
    headlessPlatform({ reportError: (r) => reports.push(r) }).errors.report({ event: 'riskTokenFailed' });
    headlessPlatform({ userAgent: 'Googlebot/2.1', reportError: (r) => reports.push(r) }).errors.report({ event: 'x' });
    expect(reports).toEqual([{ event: 'riskTokenFailed' }]);
    const throwing = headlessPlatform({
      reportError: () => {
        throw new Error('down');
      },
    });
    expect(() => throwing.errors.report({ event: 'y' })).not.toThrow();
  });

  it('has WebCrypto: random values and subtle, in a context that may hold keys', async () => {
    const platform = headlessPlatform();
    const bytes = platform.crypto.getRandomValues(new Uint8Array(16));
    expect(bytes.some((b) => b !== 0)).toBe(true);
    const digest = await platform.crypto.subtle!.digest('SHA-256', new Uint8Array([1]));
    expect(digest.byteLength).toBe(32);
    expect(platform.crypto.isSecureContext).toBe(true);
    expect(headlessPlatform({ isSecureContext: false }).crypto.isSecureContext).toBe(false);
  });

  it('drives the HTTP client against a real server, with real time-outs', async () => {
    const server = await startTestServer();
    try {
      server.route('GET', '/v1/ok', reply.ok('fine'));
      server.route('GET', '/v1/slow', reply.hold());
      const platform = headlessPlatform();
      // A roomy client time-out so the quick call never loses a race on a loaded machine; the held call gets 50 ms.
      const http = createHttpClient(platform, { baseUrl: server.origin, timeout: 10_000 });
      expect((await http.get('/ok')).data).toBe('fine');
      await expect(http.get('/slow', undefined, { timeout: 50 })).rejects.toMatchObject({ name: 'RequestTimeoutError' });
      http.dispose();
    } finally {
      await server.close();
    }
  });
});
