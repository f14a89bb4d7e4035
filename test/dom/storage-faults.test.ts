// @vitest-environment jsdom
// Web Storage the host refuses (issue 17): getters that throw (sandboxed frames, blocked storage) and a full
// quota. Reads give defaults, writes through the store answer false, and nothing throws at the caller or
// inside the page's event listeners.
import { afterEach, describe, expect, it } from 'vitest';
import { browserPlatform } from '../../core/platform/browser-platform.js';
import type { CrossTabChange } from '../../core/platform/types.js';
import { createStore } from '../../core/storage/namespaced-store.js';

const AREAS = ['localStorage', 'sessionStorage'] as const;

/** Makes `window[name]` throw as a sandboxed frame's does; returns the undo. */
function blockStorage(name: (typeof AREAS)[number]): () => void {
  const original = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException(`Failed to read the '${name}' property from 'Window': access is denied.`, 'SecurityError');
    },
  });
  return () => {
    if (original) Object.defineProperty(window, name, original);
  };
}

describe('storage getters that throw (sandboxed frame)', () => {
  const undo: Array<() => void> = [];
  afterEach(() => {
    for (const restore of undo.splice(0)) restore();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it.each(AREAS)('%s: the port reads as empty, removing is a no-op, writing throws for the layer above', (name) => {
    const p = browserPlatform();
    undo.push(blockStorage(name));
    const storage = p[name];
    expect(storage.getItem('k')).toBeNull();
    expect(storage.keys()).toEqual([]);
    expect(() => storage.removeItem('k')).not.toThrow();
    expect(() => storage.setItem('k', 'v')).toThrow(expect.objectContaining({ name: 'SecurityError' }));
  });

  it.each(AREAS)('%s: the store gives defaults, set answers false, nothing throws', (name) => {
    const p = browserPlatform();
    const store = createStore(p, 'common', { backend: name === 'localStorage' ? 'local' : 'session' });
    expect(store.set('kept', 1)).toBe(true);
    undo.push(blockStorage(name));
    expect(store.get('kept', 0)).toBe(0);
    expect(store.set('k', 'v')).toBe(false);
    expect(store.keys()).toEqual([]);
    expect(() => store.remove('kept')).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });

  it('a storage event while local storage is blocked raises nothing in the page and emits nothing', () => {
    const p = browserPlatform();
    const session = window.sessionStorage;
    const seen: CrossTabChange[] = [];
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    const sub = p.crossTab.subscribe((c) => seen.push(c));
    undo.push(blockStorage('localStorage'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', oldValue: null, newValue: 'v', storageArea: session }));
    // An event with no storage area (a clear() in another tab) still passes.
    window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
    sub.unsubscribe();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(seen).toEqual([{ key: null, oldValue: null, newValue: null }]);
  });
});

describe('a full quota', () => {
  afterEach(() => window.localStorage.clear());

  it("jsdom's real 5 MB quota: the store answers false and keeps the previous value", () => {
    const p = browserPlatform();
    const store = createStore(p, 'md5-cache');
    expect(store.set('big', 'small')).toBe(true);
    expect(() => window.localStorage.setItem('probe', 'x'.repeat(6_000_000))).toThrow(
      expect.objectContaining({ name: 'QuotaExceededError' }),
    );
    expect(store.set('big', 'x'.repeat(6_000_000))).toBe(false);
    expect(store.get('big', '')).toBe('small');
  });
});
