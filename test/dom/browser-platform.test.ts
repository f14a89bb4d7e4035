// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
