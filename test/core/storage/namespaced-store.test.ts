import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createStore, STORAGE_AREAS, STORAGE_VERSION, storageKeyPrefix } from '../../../core/storage/namespaced-store.js';
import { PREFERENCE_COOKIE_DAYS, readJsonCookie, writeJsonCookie } from '../../../core/storage/cookies.js';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('storage areas — seed 001 §9', () => {
  it('lists the eleven areas of the seed, each at version 1', () => {
    expect(STORAGE_AREAS).toEqual(['common', 'separation', 'mix', 'copy', 'community', 'activity', 'earn', 'web-sdk', 'web3', 'axios-cache', 'md5-cache']);
    expect(STORAGE_VERSION).toBe(1);
    expect(storageKeyPrefix('common')).toBe('exkit:common:v1:');
  });

  it('keeps areas apart: the same key in two areas holds two values', () => {
    const p = memoryPlatform();
    createStore(p, 'common').set('k', 1);
    createStore(p, 'earn').set('k', 2);
    expect(createStore(p, 'common').get('k', 0)).toBe(1);
    expect(createStore(p, 'earn').get('k', 0)).toBe(2);
    expect(createStore(p, 'earn').keys()).toEqual(['k']);
  });

  it('a version bump reads fresh keys, never a stale shape', () => {
    const p = memoryPlatform();
    createStore(p, 'mix').set('config', { old: true });
    expect(createStore(p, 'mix', { version: 2 }).get('config', null)).toBeNull();
  });

  it('session backend writes to session storage only', () => {
    const p = memoryPlatform();
    createStore(p, 'mix', { backend: 'session' }).set('a', 'b');
    expect(p.sessionStorage.keys()).toEqual(['exkit:mix:v1:a']);
    expect(p.localStorage.keys()).toEqual([]);
  });
});

describe('values with expiry', () => {
  it('returns the value until it expires, then the default, and deletes it', () => {
    const p = memoryPlatform({ now: 10_000 });
    const store = createStore(p, 'common');
    store.set('token', 'abc', { ttlMs: 1_000 });
    p.advance(999);
    expect(store.get('token', '')).toBe('abc');
    p.advance(1);
    expect(store.get('token', '')).toBe('');
    expect(p.localStorage.keys()).toEqual([]);
  });

  it('honours an absolute expiry', () => {
    const p = memoryPlatform({ now: 0 });
    const store = createStore(p, 'common');
    store.set('x', 1, { expiresAt: 50 });
    p.advance(49);
    expect(store.get('x', 0)).toBe(1);
    p.advance(1);
    expect(store.get('x', 0)).toBe(0);
  });
});

describe('bad storage never throws at the caller', () => {
  it.each([['not json{'], ['"bare string"'], ['{"no":"envelope"}'], ['{"v":1,"e":"soon"}'], ['null'], ['[1,2]']])(
    'a corrupted raw value %j gives the default',
    (raw) => {
      const p = memoryPlatform();
      p.localStorage.setItem('exkit:common:v1:k', raw);
      expect(createStore(p, 'common').get('k', 'default')).toBe('default');
    },
  );

  it('a value of the wrong shape gives the default when a guard is given', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'copy');
    store.set('list', [1, 2]);
    expect(store.get('list', ['fallback'], isStringArray)).toEqual(['fallback']);
    store.set('list', ['a']);
    expect(store.get('list', [], isStringArray)).toEqual(['a']);
  });

  it('a full quota makes set return false and keeps the previous value', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    store.set('k', 'old');
    p.browser.localStorage.failWrites = new DOMException('quota', 'QuotaExceededError');
    expect(store.set('k', 'new')).toBe(false);
    expect(store.get('k', '')).toBe('old');
  });

  it('a storage that throws on every call (private mode) behaves as empty', () => {
    const p = memoryPlatform();
    const boom = () => {
      throw new Error('SecurityError');
    };
    Object.assign(p.localStorage, { getItem: boom, setItem: boom, removeItem: boom, keys: boom });
    const store = createStore(p, 'common');
    expect(store.set('k', 1)).toBe(false);
    expect(store.get('k', 7)).toBe(7);
    expect(store.keys()).toEqual([]);
    expect(() => store.remove('k')).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });

  it('a value JSON cannot encode (a cycle, a BigInt) is refused without throwing', () => {
    const p = memoryPlatform();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const store = createStore(p, 'common');
    expect(store.set('c', cyclic)).toBe(false);
    expect(store.set('b', 1n)).toBe(false);
  });
});

describe('round trips (fast-check)', () => {
  it('any JSON value round-trips through any area', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STORAGE_AREAS), fc.string(), fc.jsonValue(), (area, key, value) => {
        const p = memoryPlatform();
        const store = createStore(p, area);
        expect(store.set(key, value)).toBe(true);
        // JSON normalises -0 to 0; compare through the same encoding.
        expect(store.get(key, Symbol.for('missing'))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('arbitrary corruption of the raw text never throws and gives a value or the default', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const p = memoryPlatform();
        p.localStorage.setItem('exkit:common:v1:k', raw);
        expect(() => createStore(p, 'common').get('k', 'd')).not.toThrow();
      }),
    );
  });

  it('clear removes only its own area and version', () => {
    const p = memoryPlatform();
    createStore(p, 'common').set('a', 1);
    createStore(p, 'common', { version: 2 }).set('a', 2);
    createStore(p, 'earn').set('a', 3);
    p.localStorage.setItem('foreign', 'x');
    createStore(p, 'common').clear();
    expect(p.localStorage.keys().sort()).toEqual(['exkit:common:v2:a', 'exkit:earn:v1:a', 'foreign']);
  });
});

describe('JSON cookies — seed 001 §9: preferences and language cookies live 365 days', () => {
  it('has the seed lifetime', () => expect(PREFERENCE_COOKIE_DAYS).toBe(365));

  it('round-trips a value and expires after its days', () => {
    const p = memoryPlatform();
    writeJsonCookie(p, 'pref', { theme: 'black' }, { days: PREFERENCE_COOKIE_DAYS });
    expect(readJsonCookie(p, 'pref')).toEqual({ theme: 'black' });
    p.advance(365 * 86_400_000);
    expect(readJsonCookie(p, 'pref')).toBeUndefined();
  });

  it('a truncated cookie reads as undefined', () => {
    const p = memoryPlatform();
    p.cookies.set('pref', '{"theme":"bl');
    expect(readJsonCookie(p, 'pref')).toBeUndefined();
  });
});
