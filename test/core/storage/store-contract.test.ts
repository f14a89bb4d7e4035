// The store's and the JSON cookies' contract in detail: the text each entry is written as, every refusal with
// its message and field, a caller's guard that throws, and a cookie jar that fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { CookieJar, ErrorReport, Platform } from '../../../core/platform/types.js';
import { InvalidArgumentError } from '../../../core/errors/exkit-error.js';
import { readJsonCookie, throughCookieJar, writeJsonCookie } from '../../../core/storage/cookies.js';
import { createStore, storageKeyPrefix } from '../../../core/storage/namespaced-store.js';
import { invalid } from '../../support/invalid-argument.js';

afterEach(() => vi.restoreAllMocks());

describe('storageKeyPrefix', () => {
  it('names the area and the version', () => {
    expect(storageKeyPrefix('earn', 3)).toBe('exkit:earn:v3:');
    expect(storageKeyPrefix('web3', 0)).toBe('exkit:web3:v0:');
  });

  it('an area that is not a string, or a version that is not an integer, is refused', () => {
    expect(() => storageKeyPrefix(1 as never)).toThrow(invalid('area', 'storageKeyPrefix: area must be a string, got 1'));
    expect(() => storageKeyPrefix('common', 1.5)).toThrow(invalid('version', 'storageKeyPrefix: version must be an integer, got 1.5'));
    expect(() => createStore(memoryPlatform(), 'common', { version: Number.NaN })).toThrow(invalid('version'));
  });
});

describe('the text an entry is written as', () => {
  it('a value without expiry is {"v":…}; with one, {"v":…,"e":…}', () => {
    const p = memoryPlatform({ now: 1_000 });
    const store = createStore(p, 'common');
    store.set('a', { x: [1, 'y'] });
    store.set('b', 'text', { ttlMs: 0.2 });
    store.set('c', null, { expiresAt: 5 });
    expect(p.localStorage.getItem('exkit:common:v1:a')).toBe('{"v":{"x":[1,"y"]}}');
    expect(p.localStorage.getItem('exkit:common:v1:b')).toBe('{"v":"text","e":1001}');
    expect(p.localStorage.getItem('exkit:common:v1:c')).toBe('{"v":null,"e":5}');
  });

  it('an entry is read back with the default backend being local storage', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common', { backend: 'local' });
    store.set('k', 1);
    expect(p.localStorage.keys()).toEqual(['exkit:common:v1:k']);
    expect(createStore(p, 'common').get('k', 0)).toBe(1);
    expect(store.area).toBe('common');
    expect(store.storageKey('k')).toBe('exkit:common:v1:k');
  });

  it('an entry whose expiry is the current time reads as absent and is removed; one in the past is written and reads as absent', () => {
    const p = memoryPlatform({ now: 100 });
    const store = createStore(p, 'common');
    p.localStorage.setItem('exkit:common:v1:now', '{"v":1,"e":100}');
    p.localStorage.setItem('exkit:common:v1:later', '{"v":2,"e":101}');
    expect(store.get('now', 0)).toBe(0);
    expect(p.localStorage.getItem('exkit:common:v1:now')).toBeNull();
    expect(store.get('later', 0)).toBe(2);
    expect(store.set('past', 'x', { expiresAt: 99 })).toBe(true);
    expect(store.get('past', 'gone')).toBe('gone');
  });

  it('an envelope with a null expiry is corrupted; one without an expiry never expires', () => {
    const p = memoryPlatform();
    p.localStorage.setItem('exkit:common:v1:null', '{"v":1,"e":null}');
    p.localStorage.setItem('exkit:common:v1:none', '{"v":1}');
    p.localStorage.setItem('exkit:common:v1:extra', '{"v":1,"w":2}');
    p.advance(1e15);
    const store = createStore(p, 'common');
    expect(store.get('null', 0)).toBe(0);
    expect(store.get('none', 0)).toBe(1);
    expect(store.get('extra', 0)).toBe(1);
  });

  it('undefined, a function and a symbol have no JSON text: set answers false and the old value stays', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    store.set('k', 'old');
    for (const value of [undefined, () => 1, Symbol('s')]) expect(store.set('k', value)).toBe(false);
    expect(store.get('k', '')).toBe('old');
  });
});

describe('refusals', () => {
  it('a key that is not a string is an InvalidArgumentError naming key, in every method', () => {
    const store = createStore(memoryPlatform(), 'common');
    const message = 'storage: key must be a string, got 1';
    expect(() => store.get(1 as never, 0)).toThrow(invalid('key', message));
    expect(() => store.set(1 as never, 0)).toThrow(invalid('key', message));
    expect(() => store.remove(1 as never)).toThrow(invalid('key', message));
    expect(() => store.storageKey(1 as never)).toThrow(invalid('key', message));
  });

  it('a guard that is not a function is an InvalidArgumentError naming guard', () => {
    const store = createStore(memoryPlatform(), 'common');
    expect(() => store.get('k', 0, 'number' as never)).toThrow(invalid('guard', 'storage: guard must be a function, got "number"'));
  });

  it('set options that are not an object are refused, naming options', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    for (const options of [null, 5, 'ttl'])
      expect(() => store.set('k', 1, options as never)).toThrow(invalid('options', 'storage: set options must be an object'));
    expect(p.localStorage.keys()).toEqual([]);
  });

  it('each expiry refusal says what is wrong', () => {
    const store = createStore(memoryPlatform(), 'common');
    expect(() => store.set('k', 1, { ttlMs: -1 })).toThrow(
      invalid('ttlMs', `storage: ttlMs must be a positive, finite number of ms up to ${2 ** 31 - 1}`),
    );
    expect(() => store.set('k', 1, { expiresAt: Number.NaN })).toThrow(
      invalid('expiresAt', 'storage: expiresAt must be a finite time in ms since the epoch'),
    );
    expect(() => store.set('k', 1, { ttlMs: 5, expiresAt: 5 })).toThrow(
      expect.objectContaining({ message: 'storage: give ttlMs or expiresAt, not both', extra: { field: 'ttlMs', value: 5 } }),
    );
  });

  it('empty options write an entry with no expiry', () => {
    const p = memoryPlatform();
    expect(createStore(p, 'common').set('k', 1, {})).toBe(true);
    expect(p.localStorage.getItem('exkit:common:v1:k')).toBe('{"v":1}');
  });

  it('the platform must carry a clock and both storages', () => {
    expect(() => createStore({ clock: {}, localStorage: {} } as never, 'common')).toThrow(invalid('platform.sessionStorage'));
  });
});

describe("a caller's guard", () => {
  it('a guard that throws reads as the wrong shape, and is reported as the store.get guard', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    store.set('k', 1);
    const guard = (() => {
      throw new Error('guard failed');
    }) as unknown as (v: unknown) => v is number;
    expect(store.get('k', 7, guard)).toBe(7);
    expect(p.reports).toHaveLength(1);
    expect(p.reports[0]).toMatchObject({ event: 'callbackFailed', data: { callback: 'store.get guard' } });
  });

  it('the guard sees the stored value', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    store.set('k', { n: 2 });
    const seen: unknown[] = [];
    const guard = (v: unknown): v is { n: number } => (seen.push(v), true);
    expect(store.get('k', { n: 0 }, guard)).toEqual({ n: 2 });
    expect(seen).toEqual([{ n: 2 }]);
  });
});

describe('keys and clear', () => {
  it('keys lists this area and version only, without the prefix', () => {
    const p = memoryPlatform();
    p.localStorage.setItem('exkit:common:v1:a', '{"v":1}');
    p.localStorage.setItem('exkit:common:v10:b', '{"v":1}');
    p.localStorage.setItem('exkit:common:v1', '{"v":1}');
    p.localStorage.setItem('x-exkit:common:v1:c', '{"v":1}');
    expect(createStore(p, 'common').keys()).toEqual(['a']);
  });

  it('clear removes what keys lists, and an expired entry is removed by a read even when removing throws', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    store.set('a', 1);
    store.set('b', 2);
    store.clear();
    expect(store.keys()).toEqual([]);
    p.localStorage.setItem('exkit:common:v1:old', '{"v":1,"e":-1}');
    vi.spyOn(p.localStorage, 'removeItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(store.get('old', 0)).toBe(0);
  });
});

/** A platform whose cookie jar is `jar` and whose reports go to `reports`. */
function platformWithJar(jar: Partial<CookieJar>, reports: ErrorReport[] = []): Platform {
  const base = memoryPlatform();
  return { ...base, cookies: { ...base.cookies, ...jar }, errors: { report: (r) => reports.push(r) } };
}

describe('JSON cookies over a cookie jar that fails', () => {
  it('a jar whose get throws fails the read with a UserCallbackError naming platform.cookies.get, reported once', () => {
    const reports: ErrorReport[] = [];
    const cause = new Error('jar down');
    const p = platformWithJar(
      {
        get: () => {
          throw cause;
        },
      },
      reports,
    );
    let thrown: unknown;
    try {
      readJsonCookie(p, 'k');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: 'UserCallbackError', code: 'USER_CALLBACK_FAILED', extra: { callback: 'platform.cookies.get' } });
    expect((thrown as Error).cause).toBe(cause);
    expect(reports).toEqual([expect.objectContaining({ event: 'callbackFailed', data: { callback: 'platform.cookies.get' } })]);
  });

  it('a jar whose set throws fails the write with a UserCallbackError naming platform.cookies.set', () => {
    const p = platformWithJar({
      set: () => {
        throw new Error('full');
      },
    });
    expect(() => writeJsonCookie(p, 'k', 1)).toThrow(
      expect.objectContaining({ name: 'UserCallbackError', extra: { callback: 'platform.cookies.set' } }),
    );
  });

  it('an InvalidArgumentError from the jar passes through as it is, unreported', () => {
    const reports: ErrorReport[] = [];
    const refusal = new InvalidArgumentError('bad name', { field: 'name' });
    const p = platformWithJar(
      {
        get: () => {
          throw refusal;
        },
      },
      reports,
    );
    expect(() => readJsonCookie(p, 'k')).toThrow(refusal);
    expect(reports).toEqual([]);
  });

  it('a platform whose reporter cannot be read logs to the console and still throws the UserCallbackError', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const platform = Object.defineProperty({}, 'errors', {
      get() {
        throw new Error('no reporter');
      },
    }) as Platform;
    expect(() =>
      throughCookieJar(platform, 'get', () => {
        throw new Error('jar down');
      }),
    ).toThrow(expect.objectContaining({ name: 'UserCallbackError' }));
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]?.[0]).toBe('[exkit] platform.cookies.get threw');
  });

  it('throughCookieJar gives the result of a jar that works', () => {
    expect(throughCookieJar(memoryPlatform(), 'set', () => 'done')).toBe('done');
  });

  it('the platform must carry a cookie jar, and the options must be an object', () => {
    expect(() => readJsonCookie({} as never, 'k')).toThrow(invalid('platform.cookies'));
    expect(() => writeJsonCookie({} as never, 'k', 1)).toThrow(invalid('platform.cookies'));
    expect(() => writeJsonCookie(memoryPlatform(), 'k', 1, null as never)).toThrow(invalid('options'));
  });

  it('the options reach the jar', () => {
    const p = memoryPlatform();
    expect(writeJsonCookie(p, 'k', { a: 1 }, { days: 2, path: '/x', sameSite: 'Strict' })).toBe(true);
    expect(p.browser.cookieStore.get('k')).toEqual({
      value: '{"a":1}',
      expires: 2 * 86_400_000,
      options: { days: 2, path: '/x', sameSite: 'Strict' },
    });
  });
});
