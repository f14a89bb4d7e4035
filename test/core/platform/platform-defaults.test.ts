// What the memory and headless platforms give when nothing is configured, what each option changes, and how
// their streams report a subscriber that throws (each under its own name).
import { describe, expect, it } from 'vitest';
import { browserPlatform } from '../../../core/platform/browser-platform.js';
import { headlessPlatform } from '../../../core/platform/headless-platform.js';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { CrossTabChange, DomPort, ErrorReport } from '../../../core/platform/types.js';

const failing = () => {
  throw new Error('subscriber failed');
};

/** The callback names of the callbackFailed reports among `reports`. */
const failedCallbacks = (reports: readonly ErrorReport[]) =>
  reports.filter((r) => r.event === 'callbackFailed').map((r) => (r.data as { callback: string }).callback);

describe('memoryPlatform: the defaults', () => {
  it('a visible page at https://localhost/, in English, in a secure context, with a memory-platform user agent', () => {
    const p = memoryPlatform();
    expect(p.location.href).toBe('https://localhost/');
    expect(p.userAgent).toBe('Mozilla/5.0 (exkit memory platform)');
    expect(p.languages).toEqual(['en-US', 'en']);
    expect(p.visibility.current()).toBe('visible');
    expect(p.crypto.isSecureContext).toBe(true);
    expect(p.clock.now()).toBe(0);
    expect(p.dom).toBeUndefined();
    expect(p.reloads).toBe(0);
    expect(p.navigations).toEqual([]);
    expect(p.matchMedia('(prefers-reduced-motion: reduce)')).toBe(false);
  });

  it('each option replaces its default', () => {
    const dom = { window: {}, document: {} } as unknown as DomPort;
    const p = memoryPlatform({
      now: 42,
      href: 'https://exchange.example/en/',
      userAgent: 'UA',
      languages: ['ar'],
      visibility: 'hidden',
      dom,
    });
    expect(p.clock.now()).toBe(42);
    expect(p.userAgent).toBe('UA');
    expect(p.languages).toEqual(['ar']);
    expect(p.visibility.current()).toBe('hidden');
    expect(p.dom).toBe(dom);
    p.location.assign('spot');
    expect(p.location.href).toBe('https://exchange.example/en/spot');
  });

  it('a navigation the URL parser refuses is an InvalidArgumentError, and nothing is recorded', () => {
    const p = memoryPlatform();
    expect(() => p.location.assign('http://[')).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'url' }) }),
    );
    expect(p.navigations).toEqual([]);
    expect(p.location.href).toBe('https://localhost/');
  });

  it('the default fetch is the host fetch, looked up at call time', async () => {
    const original = globalThis.fetch;
    const calls: unknown[] = [];
    globalThis.fetch = ((...args: unknown[]) => {
      calls.push(args[0]);
      return Promise.resolve(new Response('ok'));
    }) as typeof fetch;
    try {
      const p = memoryPlatform();
      expect(await (await p.fetch('https://x.example/a')).text()).toBe('ok');
      expect(calls).toEqual(['https://x.example/a']);
    } finally {
      globalThis.fetch = original;
    }
    const given: typeof fetch = () => Promise.resolve(new Response('given'));
    expect(memoryPlatform({ fetch: given }).fetch).toBe(given);
  });

  it('host globals live in the platform, not on globalThis', () => {
    const p = memoryPlatform();
    p.globals.set('__exkitMemoryTest', 7);
    expect(p.globals.get('__exkitMemoryTest')).toBe(7);
    expect((globalThis as Record<string, unknown>).__exkitMemoryTest).toBeUndefined();
    p.globals.delete('__exkitMemoryTest');
    expect(p.globals.get('__exkitMemoryTest')).toBeUndefined();
    expect(memoryPlatform().globals.get('__exkitMemoryTest')).toBeUndefined();
  });

  it('setMedia(query, false) stops a query matching; other queries are untouched', () => {
    const p = memoryPlatform({ media: ['a', 'b'] });
    p.setMedia('a', false);
    expect(p.matchMedia('a')).toBe(false);
    expect(p.matchMedia('b')).toBe(true);
    p.setMedia('c', true);
    expect(p.matchMedia('c')).toBe(true);
  });

  it('watchMedia of a query that is not text is an InvalidArgumentError naming query', () => {
    expect(() => memoryPlatform().watchMedia(1 as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'watchMedia: query must be a string, got 1' }),
    );
  });

  it('each tab has its own session storage', () => {
    const browser = new MemoryBrowser();
    const a = memoryPlatform({ browser });
    a.sessionStorage.setItem('s', '1');
    expect(a.sessionStorage.getItem('s')).toBe('1');
    expect(memoryPlatform({ browser }).sessionStorage.getItem('s')).toBeNull();
  });
});

describe('memoryPlatform: a throwing subscriber is reported under its stream name', () => {
  it('visibility, crossTab and watchMedia each name their stream', () => {
    const browser = new MemoryBrowser();
    const p = memoryPlatform({ browser });
    const other = memoryPlatform({ browser });
    p.visibility.changes.subscribe(failing);
    p.crossTab.subscribe(failing);
    p.watchMedia('q').subscribe(failing);
    other.localStorage.setItem('k', 'v');
    expect(failedCallbacks(p.reports)).toEqual([
      'platform.visibility.changes subscriber',
      'platform.watchMedia subscriber',
      'platform.crossTab subscriber',
    ]);
  });
});

describe('MemoryBrowser: writes through a tab reach the other tabs, direct writes reach every tab', () => {
  it('after a tab has written, a write on the shared storage itself still reaches that tab', () => {
    const browser = new MemoryBrowser();
    const a = memoryPlatform({ browser });
    const b = memoryPlatform({ browser });
    const seenA: CrossTabChange[] = [];
    const seenB: CrossTabChange[] = [];
    a.crossTab.subscribe((c) => seenA.push(c));
    b.crossTab.subscribe((c) => seenB.push(c));
    a.localStorage.setItem('k', '1');
    browser.localStorage.setItem('k', '2');
    browser.localStorage.clear();
    expect(seenA).toEqual([
      { key: 'k', oldValue: '1', newValue: '2' },
      { key: null, oldValue: null, newValue: null },
    ]);
    expect(seenB).toEqual([
      { key: 'k', oldValue: null, newValue: '1' },
      { key: 'k', oldValue: '1', newValue: '2' },
      { key: null, oldValue: null, newValue: null },
    ]);
  });

  it('a tab lists the shared keys, and a write that throws still clears the writer', () => {
    const browser = new MemoryBrowser();
    const a = memoryPlatform({ browser });
    const seenA: CrossTabChange[] = [];
    a.crossTab.subscribe((c) => seenA.push(c));
    a.localStorage.setItem('x', '1');
    expect(a.localStorage.keys()).toEqual(['x']);
    browser.localStorage.failWrites = new Error('quota');
    expect(() => a.localStorage.setItem('y', '1')).toThrow('quota');
    browser.localStorage.failWrites = undefined;
    browser.localStorage.removeItem('x');
    expect(seenA).toEqual([{ key: 'x', oldValue: '1', newValue: null }]);
  });

  it('the browser starts its clock at the time given, 0 by default', () => {
    expect(new MemoryBrowser().timers.now()).toBe(0);
    expect(new MemoryBrowser(5_000).timers.now()).toBe(5_000);
    expect(memoryPlatform({ browser: new MemoryBrowser(9) }).clock.now()).toBe(9);
  });
});

describe('headlessPlatform: the defaults', () => {
  it('https://localhost/, the exkit headless user agent, English', () => {
    const p = headlessPlatform();
    expect(p.location.href).toBe('https://localhost/');
    expect(p.userAgent).toBe('exkit headless');
    expect(p.languages).toEqual(['en-US', 'en']);
    expect(headlessPlatform({ userAgent: 'UA', languages: ['ja'] })).toMatchObject({ userAgent: 'UA', languages: ['ja'] });
  });

  it('a reload records the current URL; a refused navigation records nothing', () => {
    const p = headlessPlatform({ href: 'https://x.example/a' });
    p.location.reload();
    expect(p.navigations).toEqual(['https://x.example/a']);
    expect(() => p.location.assign(7 as never)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(p.navigations).toEqual(['https://x.example/a']);
  });

  it('its timers keep the one delay rule', () => {
    const p = headlessPlatform();
    expect(() => p.timers.setTimeout(() => undefined, -1)).toThrow(
      expect.objectContaining({ extra: expect.objectContaining({ field: 'ms' }) }),
    );
    expect(() => p.timers.clearTimeout({})).not.toThrow();
  });

  it('fetch is the given one, or the host fetch looked up at call time', async () => {
    const given: typeof fetch = () => Promise.resolve(new Response('given'));
    expect(headlessPlatform({ fetch: given }).fetch).toBe(given);
    const original = globalThis.fetch;
    globalThis.fetch = (() => Promise.resolve(new Response('host'))) as typeof fetch;
    try {
      expect(await (await headlessPlatform().fetch('https://x.example/')).text()).toBe('host');
    } finally {
      globalThis.fetch = original;
    }
  });

  it('host globals live in the platform', () => {
    const p = headlessPlatform();
    p.globals.set('__exkitHeadlessTest', 1);
    expect(p.globals.get('__exkitHeadlessTest')).toBe(1);
    expect((globalThis as Record<string, unknown>).__exkitHeadlessTest).toBeUndefined();
    p.globals.delete('__exkitHeadlessTest');
    expect(p.globals.get('__exkitHeadlessTest')).toBeUndefined();
  });

  it('random values and subtle come from the host WebCrypto', () => {
    const p = headlessPlatform();
    expect(p.crypto.subtle).toBe(globalThis.crypto.subtle);
    const bytes = new Uint8Array(8);
    expect(p.crypto.getRandomValues(bytes)).toBe(bytes);
  });

  it('on a host without WebCrypto there is no subtle, and random values are asked of the host at call time', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    let p: ReturnType<typeof headlessPlatform>;
    try {
      p = headlessPlatform();
      expect(p.crypto.subtle).toBeUndefined();
    } finally {
      Object.defineProperty(globalThis, 'crypto', original);
    }
    expect(p.crypto.getRandomValues(new Uint8Array(4))).toHaveLength(4);
  });

  it('a throwing subscriber is reported under its stream name', () => {
    const reports: ErrorReport[] = [];
    const p = headlessPlatform({ reportError: (r) => reports.push(r) });
    p.visibility.changes.subscribe(failing);
    p.watchMedia('q').subscribe(failing);
    expect(failedCallbacks(reports)).toEqual(['platform.visibility.changes subscriber', 'platform.watchMedia subscriber']);
    expect(() => headlessPlatform().visibility.changes.subscribe(failing)).not.toThrow();
  });

  it('a cookie without days is kept without an expiry', () => {
    const p = headlessPlatform();
    p.cookies.set('s', 'v');
    expect(p.cookieStore.get('s')).toEqual({ value: 'v', expires: undefined, options: {} });
  });
});

describe('browserPlatform outside a browser', () => {
  it('with no window given and none on this host, it is an InvalidArgumentError pointing to the other platforms', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(() => browserPlatform()).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        extra: { field: 'window', value: undefined },
        message:
          'browserPlatform: window must be a browser window (none given and this host has none; use headlessPlatform or memoryPlatform outside a browser), got undefined',
      }),
    );
  });
});
