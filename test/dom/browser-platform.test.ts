// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { browserPlatform } from '../../core/platform/browser-platform.js';
import type { CrossTabChange, ErrorReport, Visibility } from '../../core/platform/types.js';

describe('browserPlatform on a DOM window', () => {
  it('reads and writes cookies with a lifetime and removes them', () => {
    const p = browserPlatform();
    p.cookies.set('exkit pref', '{"a":1; b}', { days: 365 });
    expect(p.cookies.get('exkit pref')).toBe('{"a":1; b}');
    p.cookies.remove('exkit pref');
    expect(p.cookies.get('exkit pref')).toBeUndefined();
  });

  it('uses the window storages and lists keys', () => {
    const p = browserPlatform();
    p.localStorage.setItem('x', '1');
    p.sessionStorage.setItem('y', '2');
    expect(window.localStorage.getItem('x')).toBe('1');
    expect(p.localStorage.keys()).toContain('x');
    expect(p.sessionStorage.getItem('y')).toBe('2');
  });

  it('turns storage events of local storage into cross-tab changes', () => {
    const p = browserPlatform();
    const seen: CrossTabChange[] = [];
    const sub = p.crossTab.subscribe((c) => seen.push(c));
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', oldValue: null, newValue: 'v', storageArea: window.localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 's', oldValue: null, newValue: 'v', storageArea: window.sessionStorage }));
    sub.unsubscribe();
    expect(seen).toEqual([{ key: 'k', oldValue: null, newValue: 'v' }]);
  });

  it('emits the page visibility now and on visibilitychange', () => {
    const p = browserPlatform();
    const seen: Visibility[] = [];
    const sub = p.visibility.changes.subscribe((v) => seen.push(v));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    sub.unsubscribe();
    expect(seen).toEqual(['visible', 'hidden']);
    expect(p.visibility.current()).toBe('hidden');
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('watchMedia follows a media query list and stops listening on unsubscribe', () => {
    // jsdom has no matchMedia; this stands in for the browser's MediaQueryList (real Chromium: test/browser/ui).
    const list = Object.assign(new EventTarget(), { matches: false });
    const win = Object.create(window, { matchMedia: { value: () => list } }) as Window;
    const p = browserPlatform({ window: win });
    const seen: boolean[] = [];
    const sub = p.watchMedia('(prefers-reduced-motion: reduce)').subscribe((m) => seen.push(m));
    list.matches = true;
    list.dispatchEvent(new Event('change'));
    sub.unsubscribe();
    list.matches = false;
    list.dispatchEvent(new Event('change'));
    expect(seen).toEqual([false, true]);
    expect(p.matchMedia('(prefers-reduced-motion: reduce)')).toBe(false);
  });

  it('watchMedia answers false, once, without matchMedia', () => {
    const p = browserPlatform({ window: Object.create(window, { matchMedia: { value: undefined } }) as Window });
    const seen: boolean[] = [];
    p.watchMedia('(prefers-reduced-motion: reduce)')
      .subscribe((m) => seen.push(m))
      .unsubscribe();
    expect(seen).toEqual([false]);
  });

  it('sets and reads host globals (the native bridge handlers live there)', () => {
    const p = browserPlatform();
    p.globals.set('__exkitTest', 42);
    expect((window as unknown as Record<string, unknown>).__exkitTest).toBe(42);
    p.globals.delete('__exkitTest');
    expect(p.globals.get('__exkitTest')).toBeUndefined();
  });

  it('sends reports to the given sink', () => {
    const reports: ErrorReport[] = [];
    const p = browserPlatform({ reportError: (r) => reports.push(r) });
    p.errors.report({ event: 'loginEncryptFailed' });
    expect(reports).toEqual([{ event: 'loginEncryptFailed' }]);
  });
});

/** A window over the real jsdom one with some of its fields replaced. */
function windowWith(fields: Record<string, unknown>): Window {
  return Object.create(window, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { value: v }]))) as Window;
}

/** A document whose cookie text is `text` and which records every cookie written. */
function cookieDocument(text = ''): { doc: Document; written: string[] } {
  const written: string[] = [];
  const doc = Object.create(document, {
    cookie: {
      get: () => text,
      set: (value: string) => void written.push(value),
    },
  }) as Document;
  return { doc, written };
}

const failing = () => {
  throw new Error('subscriber failed');
};

describe('browserPlatform: the window it is given', () => {
  it('a window whose document cannot be read is an InvalidArgumentError carrying the cause', () => {
    const cause = new DOMException('blocked', 'SecurityError');
    const win = Object.create(window, {
      document: {
        get() {
          throw cause;
        },
      },
    }) as Window;
    let thrown: unknown;
    try {
      browserPlatform({ window: win });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'window' },
      message: expect.stringContaining('a browser window whose document and navigator can be read'),
    });
    expect((thrown as Error).cause).toBe(cause);
  });

  it.each([
    ['document', null],
    ['document', 'doc'],
    ['navigator', null],
    ['navigator', 1],
  ])('a window whose %s is %j is an InvalidArgumentError naming window', (field, value) => {
    expect(() => browserPlatform({ window: windowWith({ [field]: value }) })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        extra: expect.objectContaining({ field: 'window' }),
        message: expect.stringContaining('a browser window with a document and a navigator'),
      }),
    );
  });

  it('the languages are the navigator list, or the one language when the list is empty or missing', () => {
    const nav = (fields: object) => windowWith({ navigator: { userAgent: 'UA', ...fields } });
    expect(browserPlatform({ window: nav({ languages: ['fr-FR', 'fr'], language: 'de' }) }).languages).toEqual(['fr-FR', 'fr']);
    expect(browserPlatform({ window: nav({ languages: [], language: 'de' }) }).languages).toEqual(['de']);
    expect(browserPlatform({ window: nav({ language: 'ja' }) }).languages).toEqual(['ja']);
    expect(browserPlatform({ window: nav({ language: 'ja' }) }).userAgent).toBe('UA');
  });

  it('reports from a bot user agent stay silent', () => {
    const reports: ErrorReport[] = [];
    const win = windowWith({ navigator: { userAgent: 'Googlebot/2.1', language: 'en' } });
    browserPlatform({ window: win, reportError: (r) => reports.push(r) }).errors.report({ event: 'x' });
    expect(reports).toEqual([]);
    expect(() => browserPlatform({ window: win }).errors.report({ event: 'x' })).not.toThrow();
  });
});

describe('browserPlatform: cookies as written to document.cookie', () => {
  it('every attribute is written: path, max-age, domain, secure and samesite', () => {
    const { doc, written } = cookieDocument();
    const jar = browserPlatform({ window: windowWith({ document: doc }) }).cookies;
    expect(jar.set('k', 'v', { days: 1, path: '/a', domain: '.x.example', secure: true, sameSite: 'Strict' })).toBe(true);
    expect(jar.set('k', 'v', { secure: false, sameSite: 'None' })).toBe(true);
    expect(jar.set('k', 'v')).toBe(true);
    expect(written).toEqual([
      'k=v; path=/a; max-age=86400; domain=.x.example; secure; samesite=Strict',
      'k=v; path=/; samesite=None',
      'k=v; path=/',
    ]);
  });

  it('remove writes an expired cookie for the same path and domain', () => {
    const { doc, written } = cookieDocument();
    const jar = browserPlatform({ window: windowWith({ document: doc }) }).cookies;
    expect(jar.remove('a b', { path: '/p', domain: '.x.example' })).toBe(true);
    expect(jar.remove('k')).toBe(true);
    expect(jar.remove('k', { path: '' })).toBe(true);
    expect(written).toEqual(['a%20b=; path=/p; max-age=0; domain=.x.example', 'k=; path=/; max-age=0', 'k=; path=/; max-age=0']);
    expect(() => jar.remove('', {})).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
  });

  it('the 4096 limit counts the encoded name and value', () => {
    const { doc, written } = cookieDocument();
    const jar = browserPlatform({ window: windowWith({ document: doc }) }).cookies;
    expect(jar.set('kk', 'v'.repeat(4094))).toBe(true);
    expect(jar.set('kk', 'v'.repeat(4095))).toBe(false);
    expect(jar.set('k k', 'v'.repeat(4091))).toBe(true);
    expect(jar.set('k k', 'v'.repeat(4092))).toBe(false);
    expect(written).toHaveLength(2);
  });

  it('a cookie text that is not a string reads as no cookies', () => {
    const doc = Object.create(document, { cookie: { get: () => 42 } }) as Document;
    expect(browserPlatform({ window: windowWith({ document: doc }) }).cookies.get('42')).toBeUndefined();
  });

  it('reads decode the value of the cookie named', () => {
    const { doc } = cookieDocument('a=1; exkit%20pref=%7B%7D');
    expect(browserPlatform({ window: windowWith({ document: doc }) }).cookies.get('exkit pref')).toBe('{}');
  });
});

describe('browserPlatform: the rest of the window', () => {
  it('timers run on the window with the checked delay, and clear through it', () => {
    const calls: unknown[] = [];
    const win = windowWith({
      setTimeout: (callback: () => void, ms: number) => (calls.push(['set', ms]), 17),
      clearTimeout: (handle: unknown) => calls.push(['clear', handle]),
    });
    const timers = browserPlatform({ window: win }).timers;
    expect(timers.setTimeout(() => undefined, undefined as never)).toBe(17);
    timers.setTimeout(() => undefined, 5);
    timers.clearTimeout(17);
    expect(() => timers.setTimeout(() => undefined, 2 ** 31)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(calls).toEqual([
      ['set', 0],
      ['set', 5],
      ['clear', 17],
    ]);
  });

  it('location reads and navigates through the window', () => {
    const calls: string[] = [];
    const location = {
      href: 'https://x.example/a',
      assign: (url: string) => calls.push(`assign ${url}`),
      reload: () => calls.push('reload'),
    };
    const p = browserPlatform({ window: windowWith({ location }) });
    expect(p.location.href).toBe('https://x.example/a');
    p.location.assign('/b');
    p.location.reload();
    expect(calls).toEqual(['assign /b', 'reload']);
  });

  it('fetch is the window fetch', async () => {
    const seen: unknown[] = [];
    const win = windowWith({ fetch: (...args: unknown[]) => (seen.push(args[0]), Promise.resolve('response')) });
    expect(await browserPlatform({ window: win }).fetch('https://x.example/')).toBe('response');
    expect(seen).toEqual(['https://x.example/']);
  });

  it('subtle is offered only in a secure context; random values come from the window crypto', () => {
    const subtle = {};
    const crypto = { subtle, getRandomValues: (a: Uint8Array) => a.fill(9) };
    const secure = browserPlatform({ window: windowWith({ crypto, isSecureContext: true }) }).crypto;
    expect(secure.subtle).toBe(subtle);
    expect(secure.isSecureContext).toBe(true);
    expect([...secure.getRandomValues(new Uint8Array(2))]).toEqual([9, 9]);
    const insecure = browserPlatform({ window: windowWith({ crypto, isSecureContext: false }) }).crypto;
    expect(insecure.subtle).toBeUndefined();
    expect(insecure.isSecureContext).toBe(false);
  });

  it('matchMedia answers the media query list, and false without matchMedia', () => {
    const win = windowWith({ matchMedia: (query: string) => ({ matches: query === 'yes' }) });
    expect(browserPlatform({ window: win }).matchMedia('yes')).toBe(true);
    expect(browserPlatform({ window: win }).matchMedia('no')).toBe(false);
    expect(browserPlatform({ window: windowWith({ matchMedia: undefined }) }).matchMedia('yes')).toBe(false);
  });

  it('any visibility state but hidden reads as visible', () => {
    const doc = Object.create(document, { visibilityState: { value: 'prerender' } }) as Document;
    expect(browserPlatform({ window: windowWith({ document: doc }) }).visibility.current()).toBe('visible');
  });

  it('visibility changes are told once each and the listener is removed on unsubscribe', () => {
    let state = 'visible';
    const doc = Object.defineProperty(new EventTarget(), 'visibilityState', { get: () => state }) as Document;
    const p = browserPlatform({ window: windowWith({ document: doc }) });
    const seen: Visibility[] = [];
    const sub = p.visibility.changes.subscribe((v) => seen.push(v));
    doc.dispatchEvent(new Event('visibilitychange'));
    state = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.dispatchEvent(new Event('visibilitychange'));
    sub.unsubscribe();
    state = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual(['visible', 'hidden']);
  });

  it('the storage keys skip a null key', () => {
    const storage = { length: 3, key: (i: number) => ['a', null, 'c'][i] ?? null };
    expect(browserPlatform({ window: windowWith({ localStorage: storage }) }).localStorage.keys()).toEqual(['a', 'c']);
  });

  it('a cross-tab listener is removed on unsubscribe', () => {
    const p = browserPlatform();
    const seen: CrossTabChange[] = [];
    p.crossTab.subscribe((c) => seen.push(c)).unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', newValue: 'v', storageArea: window.localStorage }));
    expect(seen).toEqual([]);
  });

  it('a throwing subscriber is reported under its stream name', () => {
    const reports: ErrorReport[] = [];
    const win = windowWith({ matchMedia: () => Object.assign(new EventTarget(), { matches: false }) });
    const p = browserPlatform({ window: win, reportError: (r) => reports.push(r) });
    p.visibility.changes.subscribe(failing);
    p.watchMedia('q').subscribe(failing);
    const sub = p.crossTab.subscribe(failing);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', newValue: 'v', storageArea: window.localStorage }));
    sub.unsubscribe();
    expect(reports.map((r) => (r.data as { callback: string }).callback)).toEqual([
      'platform.visibility.changes subscriber',
      'platform.watchMedia subscriber',
      'platform.crossTab subscriber',
    ]);
  });
});

describe('browserPlatform: listeners come off, and the clock and DOM port', () => {
  it('visibility, storage and media listeners are added on subscribe and removed on unsubscribe, by name', () => {
    const doc = Object.defineProperty(new EventTarget(), 'visibilityState', { get: () => 'visible' }) as Document;
    const list = Object.assign(new EventTarget(), { matches: false });
    const win = Object.create(window, {
      document: { value: doc },
      matchMedia: { value: () => list },
      addEventListener: { value: vi.fn() },
      removeEventListener: { value: vi.fn() },
    }) as Window;
    const docAdd = vi.spyOn(doc, 'addEventListener');
    const docRemove = vi.spyOn(doc, 'removeEventListener');
    const listAdd = vi.spyOn(list, 'addEventListener');
    const listRemove = vi.spyOn(list, 'removeEventListener');
    const p = browserPlatform({ window: win });
    p.visibility.changes.subscribe(() => undefined).unsubscribe();
    p.crossTab.subscribe(() => undefined).unsubscribe();
    p.watchMedia('q')
      .subscribe(() => undefined)
      .unsubscribe();
    expect(docAdd.mock.calls.map(([type]) => type)).toEqual(['visibilitychange']);
    expect(docRemove.mock.calls).toEqual([['visibilitychange', docAdd.mock.calls[0]![1]]]);
    expect(vi.mocked(win.addEventListener).mock.calls.map(([type]) => type)).toEqual(['storage']);
    expect(vi.mocked(win.removeEventListener).mock.calls).toEqual([['storage', vi.mocked(win.addEventListener).mock.calls[0]![1]]]);
    expect(listAdd.mock.calls.map(([type]) => type)).toEqual(['change']);
    expect(listRemove.mock.calls).toEqual([['change', listAdd.mock.calls[0]![1]]]);
  });

  it('the clock is the wall clock, and the DOM port is the window and its document', () => {
    const p = browserPlatform();
    expect(Math.abs(p.clock.now() - Date.now())).toBeLessThan(1_000);
    expect(p.dom).toEqual({ window, document });
    expect(p.dom?.document).toBe(document);
  });
});
