import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createStore, STORAGE_AREAS, STORAGE_VERSION, storageKeyPrefix } from '../../../core/storage/namespaced-store.js';
import { PREFERENCE_COOKIE_DAYS, readJsonCookie, writeJsonCookie } from '../../../core/storage/cookies.js';
import { isDuration, MAX_TIMER_DELAY_MS } from '../../../core/validate/duration.js';
import { inputClasses } from '../../support/input-classes.js';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('storage areas — spec §S9', () => {
  it('lists the eleven areas of the seed, each at version 1', () => {
    expect(STORAGE_AREAS).toEqual([
      'common',
      'separation',
      'mix',
      'copy',
      'community',
      'activity',
      'earn',
      'web-sdk',
      'web3',
      'axios-cache',
      'md5-cache',
    ]);
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

describe('expiry options: nothing silently lost (issue 17)', () => {
  const ttls = fc.oneof(
    fc.double(),
    fc.integer({ min: -10, max: 10 }),
    fc.integer({ min: MAX_TIMER_DELAY_MS - 2, max: MAX_TIMER_DELAY_MS + 2 }),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, '1000', null, true, {}, 10n),
  );

  it('property: a ttlMs is accepted iff it is a duration (finite, > 0, ≤ 2^31 − 1); then the value reads back until it expires', () => {
    const drawn = inputClasses<unknown>({
      accepted: (ttlMs) => isDuration(ttlMs),
      'a fraction of a ms': (ttlMs) => isDuration(ttlMs) && !Number.isInteger(ttlMs),
      'refused, a number': (ttlMs) => typeof ttlMs === 'number' && !isDuration(ttlMs),
      'refused, not a number': (ttlMs) => typeof ttlMs !== 'number',
    });
    fc.assert(
      fc.property(ttls, (ttlMs) => {
        drawn.see(ttlMs);
        const p = memoryPlatform({ now: 1_000 });
        const store = createStore(p, 'common');
        store.set('k', 'old');
        if (isDuration(ttlMs)) {
          expect(store.set('k', 'new', { ttlMs })).toBe(true);
          expect(store.get('k', 'default')).toBe('new');
          // TTLs count whole ms (rounded up), as the clock does.
          p.advance(Math.ceil(ttlMs) - 0.5);
          expect(store.get('k', 'default')).toBe('new');
          p.advance(0.5);
          expect(store.get('k', 'default')).toBe('default');
        } else {
          expect(() => store.set('k', 'new', { ttlMs: ttlMs as number })).toThrow(
            expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field: 'ttlMs', value: ttlMs } }),
          );
          expect(store.get('k', 'default')).toBe('old');
        }
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });

  it('NaN, a string and a negative ttlMs (each once stored as a value nobody could read) are refused', () => {
    const p = memoryPlatform();
    const store = createStore(p, 'common');
    for (const ttlMs of [Number.NaN, '60000', -1]) {
      expect(() => store.set('k', 'v', { ttlMs: ttlMs as number })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'ttlMs' }) }),
      );
    }
    expect(p.localStorage.keys()).toEqual([]);
  });

  it('a life longer than 2^31 − 1 ms is given as expiresAt', () => {
    const p = memoryPlatform({ now: 0 });
    const store = createStore(p, 'common');
    expect(() => store.set('k', 'v', { ttlMs: 30 * 86_400_000 })).toThrow(
      expect.objectContaining({ extra: expect.objectContaining({ field: 'ttlMs' }) }),
    );
    expect(store.set('k', 'v', { expiresAt: 30 * 86_400_000 })).toBe(true);
    p.advance(30 * 86_400_000 - 1);
    expect(store.get('k', '')).toBe('v');
  });

  it.each([Number.NaN, Infinity, -Infinity, '2030-01-01', null])(
    'expiresAt %j is an InvalidArgumentError naming expiresAt; nothing is written',
    (expiresAt) => {
      const p = memoryPlatform();
      const store = createStore(p, 'common');
      expect(() => store.set('k', 'v', { expiresAt: expiresAt as number })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'expiresAt', value: expiresAt } }),
      );
      expect(p.localStorage.keys()).toEqual([]);
    },
  );

  it('ttlMs and expiresAt together are refused (which one was meant?)', () => {
    const store = createStore(memoryPlatform(), 'common');
    expect(() => store.set('k', 'v', { ttlMs: 10, expiresAt: 10 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'ttlMs' }) }),
    );
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
    const drawn = inputClasses<unknown>({
      'an object': (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'an array': (value) => Array.isArray(value),
      'a string': (value) => typeof value === 'string',
      'a number': (value) => typeof value === 'number',
      null: (value) => value === null,
    });
    fc.assert(
      fc.property(fc.constantFrom(...STORAGE_AREAS), fc.string(), fc.jsonValue(), (area, key, value) => {
        drawn.see(value);
        const p = memoryPlatform();
        const store = createStore(p, area);
        expect(store.set(key, value)).toBe(true);
        // JSON normalises -0 to 0; compare through the same encoding.
        expect(store.get(key, Symbol.for('missing'))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 600 },
    );
    drawn.expectEachDrawn(5);
  });

  it('a damaged stored text reads as the value it still holds, or as the default; it never throws', () => {
    // What the store wrote (a value, with an expiry or none), then cut, with one character replaced or added, with
    // its value's key renamed, or any text at all; read at once or later.
    const damage = fc.oneof(
      fc.constant((text: string) => text),
      fc.nat().map((at) => (text: string) => text.slice(0, at % (text.length + 1))),
      fc.tuple(fc.nat(), fc.constantFrom('"', '}', ',', '0', 'e', ':', ' ', 'x')).map(([at, c]) => (text: string) => {
        const i = at % (text.length + 1);
        return `${text.slice(0, i)}${c}${text.slice(i + 1)}`;
      }),
      fc.tuple(fc.nat(), fc.constantFrom('"', '{', ',', '1', '-')).map(([at, c]) => (text: string) => {
        const i = at % (text.length + 1);
        return `${text.slice(0, i)}${c}${text.slice(i)}`;
      }),
      fc.constantFrom('"w"', '"V"', '"e"').map((key) => (text: string) => text.replace('"v"', key)),
      fc.string().map((other) => () => other),
    );
    const envelopeOf = (raw: string): { v: unknown; e?: unknown } | undefined => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return typeof parsed === 'object' && parsed !== null && 'v' in parsed ? (parsed as { v: unknown }) : undefined;
      } catch {
        return undefined;
      }
    };
    const parses = (raw: string) => {
      try {
        JSON.parse(raw);
        return true;
      } catch {
        return false;
      }
    };
    const drawn = inputClasses<{ raw: string; read: unknown }>({
      'read as the value written': ({ read, raw }) => read !== 'd' && envelopeOf(raw) !== undefined,
      'read as the default, not JSON': ({ raw }) => !parses(raw),
      'read as the default, JSON of another shape': ({ raw }) => parses(raw) && envelopeOf(raw) === undefined,
      'read as the default, expired': ({ raw, read }) => read === 'd' && typeof envelopeOf(raw)?.e === 'number',
    });
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
        damage,
        fc.nat(3_000),
        (value, ttlMs, damaged, later) => {
          const p = memoryPlatform({ now: 1_000 });
          const store = createStore(p, 'common');
          store.set('k', value, ttlMs === undefined ? undefined : { ttlMs });
          const raw = damaged(p.localStorage.getItem('exkit:common:v1:k')!);
          p.localStorage.setItem('exkit:common:v1:k', raw);
          p.advance(later);
          const read = createStore(p, 'common').get('k', 'd');
          drawn.see({ raw, read });
          const envelope = envelopeOf(raw);
          const live = envelope !== undefined && (!('e' in envelope) || (typeof envelope.e === 'number' && envelope.e > p.clock.now()));
          expect(read).toStrictEqual(live ? envelope.v : 'd');
        },
      ),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(2);
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

describe('JSON cookies — spec §S9: preferences and language cookies live 365 days', () => {
  it('has the seed lifetime', () => expect(PREFERENCE_COOKIE_DAYS).toBe(365));

  it('round-trips a value and expires after its days', () => {
    const p = memoryPlatform();
    writeJsonCookie(p, 'pref', { theme: 'black' }, { days: PREFERENCE_COOKIE_DAYS });
    expect(readJsonCookie(p, 'pref')).toEqual({ theme: 'black' });
    p.advance(365 * 86_400_000);
    expect(readJsonCookie(p, 'pref')).toBeUndefined();
  });

  it('writeJsonCookie answers true when written and false for a value with no JSON text', () => {
    const p = memoryPlatform();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(writeJsonCookie(p, 'ok', [1])).toBe(true);
    expect(writeJsonCookie(p, 'cycle', cyclic)).toBe(false);
    expect(writeJsonCookie(p, 'big', 1n)).toBe(false);
    expect(writeJsonCookie(p, 'nothing', undefined)).toBe(false);
    expect([...p.browser.cookieStore.keys()]).toEqual(['ok']);
  });

  it('a truncated cookie reads as undefined', () => {
    const p = memoryPlatform();
    p.cookies.set('pref', '{"theme":"bl');
    expect(readJsonCookie(p, 'pref')).toBeUndefined();
  });
});
