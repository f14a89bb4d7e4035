// The terminal code in one tab: stored in the common area, one computation for concurrent callers, the
// 787f01ff rule, storage that throws, and typed errors for bad options.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/memory-platform.js';
import type { KeyValueStorage, Platform } from '../../../../core/platform/types.js';
import { createStore } from '../../../../core/storage/namespaced-store.js';
import {
  FingerprintError,
  TERMINAL_CODE_KEY,
  TERMINAL_CODE_PENDING_KEY,
  canonicalJson,
  createTerminalCode,
  isValidTerminalCode,
} from '../../../../core/security/fingerprint/index.js';
import { sha256Hex } from '../../../../core/security/bytes.js';
import type { Fingerprint } from '../../../../core/security/fingerprint/index.js';

const COMPONENTS = { userAgent: { userAgent: 'UA/1' }, languages: ['en'] };
const EXPECTED = createHash('sha256').update('{"languages":["en"],"userAgent":{"userAgent":"UA/1"}}').digest('hex');
const BAD = `787f01ff${'e'.repeat(56)}`;

const fingerprintOf = (components: Record<string, unknown>): Fingerprint => ({
  components,
  sources: Object.fromEntries(Object.keys(components).map((name) => [name, { status: 'ok' as const }])),
  contributed: Object.keys(components),
});

function counting(components: Record<string, unknown> = COMPONENTS) {
  const collect = vi.fn(() => Promise.resolve(fingerprintOf(components)));
  return collect;
}

describe('terminal code in one tab', () => {
  it('is the SHA-256 of the canonical components, stored in the common area', async () => {
    const platform = memoryPlatform();
    const terminal = createTerminalCode(platform, { collect: counting() });
    expect(terminal.current()).toBeUndefined();
    expect(await terminal.get()).toBe(EXPECTED);
    expect(terminal.current()).toBe(EXPECTED);
    expect(createStore(platform, 'common').get(TERMINAL_CODE_KEY, '')).toBe(EXPECTED);
    expect(createStore(platform, 'common').keys()).toEqual([TERMINAL_CODE_KEY]); // the computing marker is gone
  });

  it('same components on two devices give the same code, whatever the key order', async () => {
    const one = createTerminalCode(memoryPlatform(), { collect: counting({ a: 1, b: [1, 2] }) });
    const two = createTerminalCode(memoryPlatform(), { collect: counting({ b: [1, 2], a: 1 }) });
    expect(await one.get()).toBe(await two.get());
  });

  it('a stored code is reused without collecting, and current() sees it synchronously', async () => {
    const platform = memoryPlatform();
    createStore(platform, 'common').set(TERMINAL_CODE_KEY, 'ab'.repeat(32));
    const collect = counting();
    const terminal = createTerminalCode(platform, { collect });
    expect(terminal.current()).toBe('ab'.repeat(32));
    expect(await terminal.get()).toBe('ab'.repeat(32));
    expect(collect).not.toHaveBeenCalled();
  });

  it('concurrent get() calls share one computation', async () => {
    const collect = counting();
    const terminal = createTerminalCode(memoryPlatform(), { collect });
    const codes = await Promise.all(Array.from({ length: 10 }, () => terminal.get()));
    expect(new Set(codes)).toEqual(new Set([EXPECTED]));
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('the default collection runs the real sources (no DOM in Node: user agent, time zone, languages)', async () => {
    const platform = memoryPlatform({ userAgent: 'node-ua', languages: ['fr'] });
    const code = await createTerminalCode(platform, { fingerprintOptions: { timeZone: () => 'UTC' } }).get();
    const year = new Date(0).getFullYear();
    const offset = Math.max(new Date(year, 0, 1).getTimezoneOffset(), new Date(year, 6, 1).getTimezoneOffset());
    const text = canonicalJson({ languages: ['fr'], timeZone: { offset, timeZone: 'UTC' }, userAgent: { userAgent: 'node-ua' } });
    expect(code).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('a failed collection rejects get() and the next get() tries again', async () => {
    const collect = vi.fn<() => Promise<Fingerprint>>().mockRejectedValueOnce(new Error('no')).mockResolvedValue(fingerprintOf(COMPONENTS));
    const terminal = createTerminalCode(memoryPlatform(), { collect });
    await expect(terminal.get()).rejects.toThrow('no');
    expect(await terminal.get()).toBe(EXPECTED);
  });
});

describe('the default hash: WebCrypto where the platform has it, the same code without it', () => {
  /** A memory platform whose crypto port answers `subtle` with what the test gives (read on every access). */
  const withCrypto = (subtle: () => SubtleCrypto | undefined): Platform => {
    const platform = memoryPlatform();
    const port = platform.crypto;
    return {
      ...platform,
      crypto: {
        getRandomValues: (array) => port.getRandomValues(array),
        isSecureContext: port.isSecureContext,
        get subtle() {
          return subtle();
        },
      },
    };
  };

  it('a platform with SubtleCrypto: one SHA-256 digest of the canonical text, and the code is its hex', async () => {
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    try {
      expect(
        await createTerminalCode(
          withCrypto(() => globalThis.crypto.subtle),
          { collect: counting() },
        ).get(),
      ).toBe(EXPECTED);
      expect(digest).toHaveBeenCalledTimes(1);
      expect(digest.mock.calls[0]![0]).toBe('SHA-256');
      expect(new TextDecoder().decode(digest.mock.calls[0]![1] as Uint8Array)).toBe(canonicalJson(COMPONENTS));
    } finally {
      digest.mockRestore();
    }
  });

  it('no SubtleCrypto, or a crypto port whose subtle cannot be read: the same code from the JavaScript SHA-256', async () => {
    expect(
      await createTerminalCode(
        withCrypto(() => undefined),
        { collect: counting() },
      ).get(),
    ).toBe(EXPECTED);
    const throwing = withCrypto(() => {
      throw new Error('no subtle here');
    });
    expect(await createTerminalCode(throwing, { collect: counting() }).get()).toBe(EXPECTED);
  });

  it('a SubtleCrypto that refuses the digest: the same code from the JavaScript SHA-256', async () => {
    const refusing = { digest: () => Promise.reject(new DOMException('not supported', 'NotSupportedError')) } as unknown as SubtleCrypto;
    expect(
      await createTerminalCode(
        withCrypto(() => refusing),
        { collect: counting() },
      ).get(),
    ).toBe(EXPECTED);
  });
});

describe('the known-bad hash 787f01ff… (spec §S5)', () => {
  it('a stored code starting with 787f01ff is discarded and a valid one computed and stored', async () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    common.set(TERMINAL_CODE_KEY, BAD);
    const terminal = createTerminalCode(platform, { collect: counting() });
    expect(terminal.current()).toBeUndefined();
    expect(common.get(TERMINAL_CODE_KEY, undefined)).toBeUndefined();
    expect(await terminal.get()).toBe(EXPECTED);
    expect(common.get(TERMINAL_CODE_KEY, '')).toBe(EXPECTED);
  });

  it('a computed code starting with 787f01ff is regenerated with random bytes into a valid, different code', async () => {
    const platform = memoryPlatform();
    const random = vi.spyOn(platform.crypto, 'getRandomValues');
    // The hash of the plain components is the bad one; salted texts hash normally.
    const hash = vi.fn((text: string) => (text.includes('"salt"') ? sha256Hex(text) : BAD));
    const terminal = createTerminalCode(platform, { collect: counting(), hash });
    const code = await terminal.get();
    expect(code).not.toBe(BAD);
    expect(isValidTerminalCode(code)).toBe(true);
    const salted = hash.mock.calls.map(([text]) => text).find((text) => text.includes('"salt"'))!;
    expect(JSON.parse(salted)).toMatchObject({ components: COMPONENTS, salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(random.mock.calls.some(([array]) => array.byteLength === 16)).toBe(true);
    expect(createStore(platform, 'common').get(TERMINAL_CODE_KEY, '')).toBe(code);
  });

  it('two regenerations differ (the salt is random), so bad devices do not share one code', async () => {
    const hash = (text: string) => (text.includes('"salt"') ? sha256Hex(text) : BAD);
    const a = await createTerminalCode(memoryPlatform(), { collect: counting(), hash }).get();
    const b = await createTerminalCode(memoryPlatform(), { collect: counting(), hash }).get();
    expect(a).not.toBe(b);
  });

  it('no components at all is salted too, so such devices do not share the hash of {}', async () => {
    const code = await createTerminalCode(memoryPlatform(), { collect: counting({}) }).get();
    expect(code).not.toBe(sha256Hex('{}'));
    expect(isValidTerminalCode(code)).toBe(true);
  });

  it('a hash that never gives a valid code ends in a TERMINAL_CODE_INVALID FingerprintError', async () => {
    const terminal = createTerminalCode(memoryPlatform(), { collect: counting(), hash: () => BAD, maxRegenerations: 3 });
    await expect(terminal.get()).rejects.toMatchObject({ name: 'FingerprintError', code: 'TERMINAL_CODE_INVALID' });
  });
});

describe('storage trouble', () => {
  function throwingStorage(): KeyValueStorage {
    const fail = () => {
      throw new Error('SecurityError: storage is disabled');
    };
    return { getItem: fail, setItem: fail, removeItem: fail, keys: fail };
  }

  it('storage that throws on every call still yields a code, kept in memory for current()', async () => {
    const platform: Platform = { ...memoryPlatform(), localStorage: throwingStorage() };
    const terminal = createTerminalCode(platform, { collect: counting() });
    expect(await terminal.get()).toBe(EXPECTED);
    expect(terminal.current()).toBe(EXPECTED);
  });

  it('a full storage (writes refused) still yields a code', async () => {
    const platform = memoryPlatform();
    platform.browser.localStorage.failWrites = new Error('QuotaExceededError');
    const collect = counting();
    const terminal = createTerminalCode(platform, { collect });
    expect(await terminal.get()).toBe(EXPECTED);
    expect(await terminal.get()).toBe(EXPECTED);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('a stored value of the wrong shape is replaced', async () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    common.set(TERMINAL_CODE_KEY, { not: 'a code' });
    expect(await createTerminalCode(platform, { collect: counting() }).get()).toBe(EXPECTED);
    expect(common.get(TERMINAL_CODE_KEY, '')).toBe(EXPECTED);
  });
});

describe('bad options are FingerprintError', () => {
  const cases: [string, object, string][] = [
    ['a negative cross-tab wait', { crossTabWaitMs: -1 }, 'crossTabWaitMs'],
    ['a zero marker lifetime', { pendingMarkerTtlMs: 0 }, 'pendingMarkerTtlMs'],
    ['a fractional regeneration count', { maxRegenerations: 1.5 }, 'maxRegenerations'],
    ['a collect that is not a function', { collect: 'x' }, 'collect'],
    ['a hash that is not a function', { hash: 42 }, 'hash'],
    ['bad fingerprint options', { fingerprintOptions: { audioTimeoutMs: -5 } }, 'audioTimeoutMs'],
  ];
  it.each(cases)('%s', (_label, options, field) => {
    expect(() => createTerminalCode(memoryPlatform(), options)).toThrow(FingerprintError);
    try {
      createTerminalCode(memoryPlatform(), options);
    } catch (error) {
      expect(error).toMatchObject({ code: 'FINGERPRINT_INVALID_OPTION', extra: { field } });
    }
  });

  it('components that cannot be serialised reject get() with FINGERPRINT_NOT_CANONICAL and release the marker', async () => {
    const platform = memoryPlatform();
    const terminal = createTerminalCode(platform, { collect: counting({ f: () => 1 }) });
    await expect(terminal.get()).rejects.toMatchObject({ name: 'FingerprintError', code: 'FINGERPRINT_NOT_CANONICAL' });
    expect(createStore(platform, 'common').keys()).not.toContain(TERMINAL_CODE_PENDING_KEY);
  });
});

describe('options and regeneration, pinned (issue 24)', () => {
  it.each([
    ['crossTabWaitMs', { crossTabWaitMs: Number.NaN }, 'crossTabWaitMs must be a finite number of ms from 0 up to 2147483647'],
    ['pendingMarkerTtlMs', { pendingMarkerTtlMs: -1 }, 'pendingMarkerTtlMs must be a positive, finite number of ms up to 2147483647'],
    ['maxRegenerations', { maxRegenerations: 0 }, 'maxRegenerations must be a whole number, 1 or more'],
    ['collect', { collect: {} }, 'collect must be a function'],
    ['hash', { hash: 'sha256' }, 'hash must be a function'],
  ])('a bad %s is a FingerprintError with its message', (field, options, msg) => {
    let caught: unknown;
    try {
      createTerminalCode(memoryPlatform(), options as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FingerprintError);
    expect(caught).toMatchObject({ code: 'FINGERPRINT_INVALID_OPTION', msg, extra: { field } });
  });

  it('the edges are accepted: no cross-tab wait, one regeneration, a 1 ms marker', () => {
    expect(() => createTerminalCode(memoryPlatform(), { crossTabWaitMs: 0, maxRegenerations: 1, pendingMarkerTtlMs: 1 })).not.toThrow();
  });

  it('options and platform that are not objects are InvalidArgumentError naming them', () => {
    const named = (field: string) => expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }) });
    expect(() => createTerminalCode(memoryPlatform(), null as never)).toThrowError(named('options'));
    expect(() => createTerminalCode({} as Platform)).toThrowError(named('platform.crossTab'));
  });

  it('a bad code is regenerated exactly maxRegenerations times with a fresh 16-byte salt, then refused', async () => {
    const texts: string[] = [];
    const hash = (text: string) => {
      texts.push(text);
      return BAD;
    };
    const terminal = createTerminalCode(memoryPlatform(), { collect: counting(), hash, maxRegenerations: 3 });
    await expect(terminal.get()).rejects.toMatchObject({
      name: 'FingerprintError',
      code: 'TERMINAL_CODE_INVALID',
      msg: 'no valid terminal code after 3 regenerations',
    });
    expect(texts).toHaveLength(4);
    expect(texts[0]).toBe(canonicalJson(COMPONENTS));
    const salts = texts.slice(1).map((t) => JSON.parse(t) as { salt: string; components: unknown });
    for (const salted of salts) {
      expect(salted.components).toStrictEqual(COMPONENTS);
      expect(salted.salt).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(salts.map((s) => s.salt)).size).toBe(3);
  });

  it('the second regeneration may succeed: the code is the hash of the salted components', async () => {
    let calls = 0;
    const hash = (text: string) => (++calls < 3 ? BAD : sha256Hex(text));
    const code = await createTerminalCode(memoryPlatform(), { collect: counting(), hash, maxRegenerations: 2 }).get();
    expect(calls).toBe(3);
    expect(isValidTerminalCode(code)).toBe(true);
    expect(code).not.toBe(EXPECTED);
  });

  it('the computing marker is gone once the code is stored', async () => {
    const platform = memoryPlatform();
    await createTerminalCode(platform, { collect: counting() }).get();
    expect(createStore(platform, 'common').keys()).toStrictEqual([TERMINAL_CODE_KEY]);
  });
});

describe('terminal code: marker lifetime, options and storage use, pinned (issue 24)', () => {
  const markerKey = `exkit:common:v1:${TERMINAL_CODE_PENDING_KEY}`;

  /** A collection the test finishes by hand. */
  function manual(components: Record<string, unknown> = COMPONENTS) {
    let finish!: () => void;
    const collect = vi.fn(() => new Promise<Fingerprint>((resolve) => (finish = () => resolve(fingerprintOf(components)))));
    return { collect, finish: () => finish() };
  }

  it('argument errors name createTerminalCode in their message', () => {
    const message = (msg: string) => expect.objectContaining({ name: 'InvalidArgumentError', msg });
    expect(() => createTerminalCode(memoryPlatform(), null as never)).toThrowError(
      message('createTerminalCode: options must be an object, got null'),
    );
    expect(() => createTerminalCode({} as Platform)).toThrowError(
      message('createTerminalCode: platform.crossTab must be an object, got undefined'),
    );
  });

  it.each([
    ['the default 10 000 ms', undefined, 10_000],
    ['a given 500 ms', 500, 500],
  ])('the computing marker expires after %s', async (_label, pendingMarkerTtlMs, ttl) => {
    const platform = memoryPlatform({ now: 7000 });
    const { collect, finish } = manual();
    const code = createTerminalCode(platform, { collect, ...(pendingMarkerTtlMs === undefined ? {} : { pendingMarkerTtlMs }) }).get();
    await platform.advanceAsync(0);
    const raw = JSON.parse(platform.localStorage.getItem(markerKey)!) as { v: { owner: unknown }; e: unknown };
    expect(raw.e).toBe(7000 + ttl);
    expect(raw.v.owner).toMatch(/^[0-9a-f]{16}$/);
    finish();
    expect(await code).toBe(EXPECTED);
  });

  it('fingerprintOptions reach the default collection', async () => {
    const { collectFingerprint } = await import('../../../../core/security/fingerprint/index.js');
    const fingerprintOptions = { timeZone: () => 'Antarctica/Troll' };
    const expected = (await collectFingerprint(memoryPlatform(), fingerprintOptions)).components;
    expect(JSON.stringify(expected)).toContain('Antarctica/Troll');
    const code = await createTerminalCode(memoryPlatform(), { fingerprintOptions }).get();
    expect(code).toBe(sha256Hex(canonicalJson(expected)));
  });

  it('reading when nothing is stored removes nothing from storage', () => {
    const base = memoryPlatform();
    const removed: string[] = [];
    const localStorage: KeyValueStorage = {
      getItem: (key) => base.localStorage.getItem(key),
      setItem: (key, value) => base.localStorage.setItem(key, value),
      removeItem: (key) => {
        removed.push(key);
        base.localStorage.removeItem(key);
      },
      keys: () => base.localStorage.keys(),
    };
    const terminal = createTerminalCode({ ...base, localStorage }, { collect: counting() });
    expect(terminal.current()).toBeUndefined();
    expect(removed).toStrictEqual([]);
  });

  it('its own marker, left behind when storage refuses to remove it, does not make the tab wait for itself', async () => {
    const base = memoryPlatform();
    const localStorage: KeyValueStorage = {
      getItem: (key) => base.localStorage.getItem(key),
      setItem: (key, value) => base.localStorage.setItem(key, value),
      removeItem: () => {
        throw new Error('SecurityError');
      },
      keys: () => base.localStorage.keys(),
    };
    const platform: Platform = { ...base, localStorage };
    const collect = vi
      .fn<() => Promise<Fingerprint>>()
      .mockRejectedValueOnce(new Error('collection failed'))
      .mockResolvedValue(fingerprintOf(COMPONENTS));
    const terminal = createTerminalCode(platform, { collect });
    await expect(terminal.get()).rejects.toThrow('collection failed');
    expect(base.localStorage.getItem(markerKey)).not.toBeNull();
    const second = terminal.get();
    await base.advanceAsync(0);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(await second).toBe(EXPECTED);
  });

  it('TERMINAL_CODE_INVALID carries the last code tried', async () => {
    const terminal = createTerminalCode(memoryPlatform(), { collect: counting(), hash: () => BAD, maxRegenerations: 2 });
    await expect(terminal.get()).rejects.toMatchObject({ code: 'TERMINAL_CODE_INVALID', extra: { code: BAD } });
  });
});
