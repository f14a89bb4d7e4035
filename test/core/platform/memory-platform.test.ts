import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import { interval$, timer$ } from '../../../core/platform/rx.js';
import { isBotUserAgent } from '../../../core/platform/bots.js';
import type { CrossTabChange, Visibility } from '../../../core/platform/types.js';
import type { MemoryCryptoSource } from '../../../core/platform/memory-platform.js';

describe('memory platform clock', () => {
  it('starts at the given time and moves only when advanced', () => {
    const p = memoryPlatform({ now: 1_000 });
    expect(p.clock.now()).toBe(1_000);
    p.advance(250);
    expect(p.clock.now()).toBe(1_250);
  });

  it('runs timers in due order, each seeing its own due time', () => {
    const p = memoryPlatform();
    const seen: Array<[string, number]> = [];
    p.timers.setTimeout(() => seen.push(['b', p.clock.now()]), 200);
    p.timers.setTimeout(() => seen.push(['a', p.clock.now()]), 100);
    p.timers.setTimeout(() => seen.push(['a2', p.clock.now()]), 100);
    p.advance(150);
    expect(seen).toEqual([
      ['a', 100],
      ['a2', 100],
    ]);
    p.advance(50);
    expect(seen.at(-1)).toEqual(['b', 200]);
    expect(p.timers.pendingCount).toBe(0);
  });

  it('runs timers scheduled by timers within the same advance', () => {
    const p = memoryPlatform();
    const seen: number[] = [];
    p.timers.setTimeout(() => {
      seen.push(p.clock.now());
      p.timers.setTimeout(() => seen.push(p.clock.now()), 10);
    }, 10);
    p.advance(100);
    expect(seen).toEqual([10, 20]);
  });

  it('cleared timers never run', () => {
    const p = memoryPlatform();
    let ran = false;
    const handle = p.timers.setTimeout(() => (ran = true), 5);
    p.timers.clearTimeout(handle);
    p.advance(10);
    expect(ran).toBe(false);
  });

  it('advanceAsync lets promises settle between timers', async () => {
    const p = memoryPlatform();
    const seen: string[] = [];
    p.timers.setTimeout(() => {
      void Promise.resolve().then(() => {
        seen.push('microtask');
        p.timers.setTimeout(() => seen.push('second timer'), 5);
      });
    }, 5);
    await p.advanceAsync(10);
    expect(seen).toEqual(['microtask', 'second timer']);
  });

  it('timer$ and interval$ run on platform timers and stop on unsubscribe', async () => {
    const p = memoryPlatform();
    const ticks: number[] = [];
    const sub = interval$(p.timers, 100).subscribe((n) => ticks.push(n));
    p.advance(350);
    expect(ticks).toEqual([0, 1, 2]);
    sub.unsubscribe();
    p.advance(1_000);
    expect(ticks).toEqual([0, 1, 2]);
    expect(p.timers.pendingCount).toBe(0);
    const once = firstValueFrom(timer$(p.timers, 50));
    p.advance(50);
    await expect(once).resolves.toBe(0);
  });
});

describe('memory platform visibility', () => {
  it('emits the current visibility on subscribe and each change once', async () => {
    const p = memoryPlatform({ visibility: 'hidden' });
    const seen = firstValueFrom(p.visibility.changes.pipe(take(3), toArray()));
    p.setVisibility('hidden'); // not a change
    p.setVisibility('visible');
    p.setVisibility('hidden');
    expect(await seen).toEqual<Visibility[]>(['hidden', 'visible', 'hidden']);
    expect(p.visibility.current()).toBe('hidden');
  });
});

describe('memory platform tabs', () => {
  it('a local-storage write reaches the other tab, not the writing one', () => {
    const browser = new MemoryBrowser(0);
    const a = memoryPlatform({ browser });
    const b = memoryPlatform({ browser });
    const seenA: CrossTabChange[] = [];
    const seenB: CrossTabChange[] = [];
    a.crossTab.subscribe((c) => seenA.push(c));
    b.crossTab.subscribe((c) => seenB.push(c));
    a.localStorage.setItem('k', '1');
    expect(b.localStorage.getItem('k')).toBe('1');
    expect(seenA).toEqual([]);
    expect(seenB).toEqual([{ key: 'k', oldValue: null, newValue: '1' }]);
    b.localStorage.removeItem('k');
    expect(seenA).toEqual([{ key: 'k', oldValue: '1', newValue: null }]);
  });

  it('tabs share cookies and the clock but not session storage', () => {
    const browser = new MemoryBrowser(0);
    const a = memoryPlatform({ browser });
    const b = memoryPlatform({ browser });
    a.cookies.set('c', 'v', { days: 1 });
    a.sessionStorage.setItem('s', 'x');
    expect(b.cookies.get('c')).toBe('v');
    expect(b.sessionStorage.getItem('s')).toBeNull();
    b.advance(86_400_000);
    expect(a.cookies.get('c')).toBeUndefined();
  });
});

describe('memory platform cookies, location and reports', () => {
  it('a cookie with days expires after that many days', () => {
    const p = memoryPlatform();
    p.cookies.set('pref', 'x', { days: 365 });
    p.advance(364 * 86_400_000);
    expect(p.cookies.get('pref')).toBe('x');
    p.advance(86_400_000);
    expect(p.cookies.get('pref')).toBeUndefined();
  });

  it('records navigations resolved against the current href, and reloads', () => {
    const p = memoryPlatform({ href: 'https://example.com/en/spot/BTCUSDT' });
    p.location.assign('/futures/usdt/BTCUSDT');
    p.location.reload();
    expect(p.location.href).toBe('https://example.com/futures/usdt/BTCUSDT');
    expect(p.navigations).toEqual(['https://example.com/futures/usdt/BTCUSDT']);
    expect(p.reloads).toBe(1);
  });

  it('reports reach the sink, but requests from bots stay silent', () => {
    const p = memoryPlatform();
    p.errors.report({ event: 'loginEncryptFailed' });
    p.setUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    p.errors.report({ event: 'riskTokenFailed' });
    expect(p.reports.map((r) => r.event)).toEqual(['loginEncryptFailed']);
  });

  it.each([
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', false],
  ])('isBotUserAgent(%j) is %s', (ua, expected) => expect(isBotUserAgent(ua)).toBe(expected));

  it('matchMedia answers from the configured queries', () => {
    const p = memoryPlatform({ media: ['(prefers-reduced-motion: reduce)'] });
    expect(p.matchMedia('(prefers-reduced-motion: reduce)')).toBe(true);
    p.setMedia('(prefers-reduced-motion: reduce)', false);
    expect(p.matchMedia('(prefers-reduced-motion: reduce)')).toBe(false);
  });

  it('watchMedia emits the answer on subscription and each change of that query only', () => {
    const p = memoryPlatform();
    const seen: boolean[] = [];
    const sub = p.watchMedia('(prefers-reduced-motion: reduce)').subscribe((m) => seen.push(m));
    p.setMedia('(prefers-color-scheme: dark)', true);
    p.setMedia('(prefers-reduced-motion: reduce)', true);
    p.setMedia('(prefers-reduced-motion: reduce)', true);
    p.setMedia('(prefers-reduced-motion: reduce)', false);
    sub.unsubscribe();
    p.setMedia('(prefers-reduced-motion: reduce)', true);
    expect(seen).toEqual([false, true, false]);
  });

  it('exposes secure-context and random bytes through crypto', () => {
    const p = memoryPlatform({ isSecureContext: false });
    expect(p.crypto.isSecureContext).toBe(false);
    const a = p.crypto.getRandomValues(new Uint8Array(16));
    const b = p.crypto.getRandomValues(new Uint8Array(16));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it("crypto is an option: random bytes and subtle come from the given source, not the host's", () => {
    let next = 0;
    const subtle = {} as SubtleCrypto;
    const seeded: MemoryCryptoSource = {
      getRandomValues: <T extends ArrayBufferView>(array: T): T => {
        new Uint8Array(array.buffer, array.byteOffset, array.byteLength).forEach((_, i, bytes) => (bytes[i] = next++ & 0xff));
        return array;
      },
      subtle,
    };
    const hostRandom = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      const p = memoryPlatform({ crypto: seeded });
      const bytes = new Uint8Array(4);
      expect(p.crypto.getRandomValues(bytes)).toBe(bytes);
      expect([...bytes]).toEqual([0, 1, 2, 3]);
      expect([...p.crypto.getRandomValues(new Uint8Array(2))]).toEqual([4, 5]);
      expect(p.crypto.subtle).toBe(subtle);
      expect(hostRandom).not.toHaveBeenCalled();
    } finally {
      hostRandom.mockRestore();
    }
  });

  it("crypto defaults to the host's WebCrypto", () => {
    const hostRandom = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      const p = memoryPlatform();
      p.crypto.getRandomValues(new Uint32Array(2));
      expect(hostRandom).toHaveBeenCalledTimes(1);
      expect(p.crypto.subtle).toBe(globalThis.crypto.subtle);
    } finally {
      hostRandom.mockRestore();
    }
  });
});

describe('memory platform: the manual clock refuses steps that would break it', () => {
  it.each([Number.NaN, Infinity, -1, -Infinity])(
    'advance(%s) is an InvalidArgumentError naming ms; the clock and timers are untouched',
    (ms) => {
      const p = memoryPlatform({ now: 100 });
      let ran = false;
      p.timers.setTimeout(() => (ran = true), 10);
      expect(() => p.advance(ms)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'ms', value: ms } }));
      expect(p.clock.now()).toBe(100);
      expect(ran).toBe(false);
      p.advance(10);
      expect(ran).toBe(true);
    },
  );

  it('advanceAsync(NaN) rejects (never a synchronous throw) and leaves the clock where it was', async () => {
    const p = memoryPlatform({ now: 5 });
    let result: Promise<void> | undefined;
    expect(() => {
      result = p.advanceAsync(Number.NaN);
    }).not.toThrow();
    await expect(result).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'ms' } });
    expect(p.clock.now()).toBe(5);
  });

  it('a throwing timer callback reaches the caller of advance; time stops at its due time and later timers run on the next advance', async () => {
    const p = memoryPlatform();
    const seen: number[] = [];
    p.timers.setTimeout(() => {
      throw new Error('callback failed');
    }, 10);
    p.timers.setTimeout(() => seen.push(p.clock.now()), 20);
    expect(() => p.advance(50)).toThrow('callback failed');
    expect(p.clock.now()).toBe(10);
    expect(p.timers.pendingCount).toBe(1);
    // The deprecated name reads the same counter.
    expect(p.timers.pending).toBe(1);
    p.advance(40);
    expect(seen).toEqual([20]);
    p.timers.setTimeout(() => {
      throw new Error('async callback failed');
    }, 5);
    await expect(p.advanceAsync(10)).rejects.toThrow('async callback failed');
    expect(p.timers.pendingCount).toBe(0);
  });

  it('a step longer than any timer delay is fine: the manual clock may move days at once', () => {
    const p = memoryPlatform();
    p.advance(400 * 86_400_000);
    expect(p.clock.now()).toBe(400 * 86_400_000);
  });

  it('setNow and the start time must be finite', () => {
    const p = memoryPlatform();
    expect(() => p.clock.setNow(Number.NaN)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'time' }) }),
    );
    expect(() => memoryPlatform({ now: Infinity })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'start' }) }),
    );
  });
});

describe('memory cookie jar: the same rules as the browser jar', () => {
  it('set and remove answer true when kept; an expiring lifetime is measured on the manual clock', () => {
    const p = memoryPlatform();
    expect(p.cookies.set('k', 'v', { days: 1 })).toBe(true);
    p.advance(86_400_000 - 1);
    expect(p.cookies.get('k')).toBe('v');
    p.advance(1);
    expect(p.cookies.get('k')).toBeUndefined();
    expect(p.cookies.remove('k')).toBe(true);
  });

  it('a pair that is not well-formed text or over 4096 bytes is refused with false and not kept', () => {
    const p = memoryPlatform();
    expect(p.cookies.set('k', 'half \uD83D')).toBe(false);
    expect(p.cookies.set('\uDC00', 'v')).toBe(false);
    expect(p.cookies.set('k', 'v'.repeat(4095))).toBe(true);
    expect(p.cookies.set('k', 'w'.repeat(4096))).toBe(false);
    expect(p.cookies.get('k')).toBe('v'.repeat(4095));
    expect(p.browser.cookieStore.has('\uDC00')).toBe(false);
  });

  it.each([
    ['days', { days: Number.NaN }],
    ['days', { days: Infinity }],
    ['path', { path: '/; domain=evil.example' }],
    ['domain', { domain: 'x\ny' }],
    ['sameSite', { sameSite: 'none' }],
  ])('a malformed option is an InvalidArgumentError naming %s (a NaN lifetime would never expire)', (field, options) => {
    const p = memoryPlatform();
    expect(() => p.cookies.set('k', 'v', options as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }) }),
    );
    expect(p.browser.cookieStore.size).toBe(0);
  });

  it('a lifetime longer than 400 days is cut to 400, as browsers do (RFC 6265bis)', () => {
    const p = memoryPlatform();
    expect(p.cookies.set('k', 'v', { days: 1e300 })).toBe(true);
    p.advance(400 * 86_400_000 - 1);
    expect(p.cookies.get('k')).toBe('v');
    p.advance(1);
    expect(p.cookies.get('k')).toBeUndefined();
  });

  it('a negative or zero lifetime is allowed and deletes at once, as max-age does', () => {
    const p = memoryPlatform();
    expect(p.cookies.set('gone', 'x', { days: -1 })).toBe(true);
    expect(p.cookies.get('gone')).toBeUndefined();
  });
});
