// The gateway sign config (core/security/sign-config.ts): lenient parsing, the shape check for a cached
// config, and the path → sign-mode lookup.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGN_MODE,
  isSignConfig,
  parseSignConfig,
  signConfigFromResponse,
  signModeFor,
} from '../../../core/security/sign-config.js';
import type { GatewaySignConfig } from '../../../core/security/sign-config.js';

const failure = (code: string, msg: string) => expect.objectContaining({ name: 'SigningInitError', code, msg });
const invalid = (field: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: expect.objectContaining({ field }) });

const EMPTY: GatewaySignConfig = {
  clientOpen: false,
  serverPublicKey: '',
  serverPublicKeySign: '',
  defaultAlgorithm: 'rsa1024',
  exactUrls: [],
  prefixUrls: [],
  signModes: {},
  userCheckDeviceUrl: '',
};

describe('parseSignConfig', () => {
  it('an empty object reads as a closed config with every field at its default', () => {
    expect(parseSignConfig({})).toStrictEqual(EMPTY);
    expect(DEFAULT_SIGN_MODE).toBe(1);
  });

  it('keeps every well-formed field as given', () => {
    const raw = {
      clientOpen: true,
      serverPublicKey: 'SPK',
      serverPublicKeySign: 'SIG',
      defaultAlgorithm: 'rsa2048',
      exactUrls: ['/a', '/b'],
      prefixUrls: ['/p/'],
      signModes: { '/a': 0, '/b': 1, '/p/': 2 },
      userCheckDeviceUrl: '/v1/check',
    };
    expect(parseSignConfig(raw)).toStrictEqual(raw);
  });

  it('clientOpen is true only for the boolean true', () => {
    for (const value of ['true', 1, {}, null]) expect(parseSignConfig({ clientOpen: value }).clientOpen).toBe(false);
  });

  it('non-string keys and URLs read as empty; lists keep only non-empty strings', () => {
    const parsed = parseSignConfig({
      serverPublicKey: 5,
      serverPublicKeySign: ['x'],
      userCheckDeviceUrl: {},
      exactUrls: ['/a', '', 3, null, '/b'],
      prefixUrls: 'not a list',
    });
    expect(parsed).toStrictEqual({ ...EMPTY, exactUrls: ['/a', '/b'] });
  });

  it('sign modes are 0, 1 or 2, as numbers or the digit alone; anything else is dropped (blank is not mode 0)', () => {
    const parsed = parseSignConfig({
      signModes: {
        a: 0,
        b: '1',
        c: '2',
        d: 3,
        e: '-1',
        f: null,
        g: true,
        h: '',
        i: 1.5,
        j: ' ',
        k: ' 2',
        l: '0x1',
        m: '1e0',
        n: ['2'],
        o: { toString: () => '1' },
      },
    });
    expect(parsed.signModes).toStrictEqual({ a: 0, b: 1, c: 2 });
    expect(parseSignConfig({ signModes: ['0', '1'] }).signModes).toStrictEqual({});
    expect(parseSignConfig({ signModes: 'x' }).signModes).toStrictEqual({});
  });

  it('the default algorithm is one of the known key sizes; anything else, inherited names included, is rsa1024', () => {
    expect(parseSignConfig({ defaultAlgorithm: 'rsa2048' }).defaultAlgorithm).toBe('rsa2048');
    for (const name of [
      'rsa4096',
      'toString',
      'constructor',
      '__proto__',
      'hasOwnProperty',
      2048,
      null,
      ['rsa2048'],
      { toString: () => 'rsa2048' },
    ]) {
      expect(parseSignConfig({ defaultAlgorithm: name }).defaultAlgorithm).toBe('rsa1024');
    }
  });

  it('what is not an object is CONFIG_INVALID; a config whose fields throw is CONFIG_INVALID with the cause', () => {
    for (const raw of [null, undefined, 'config', 7, ['a']]) {
      expect(() => parseSignConfig(raw)).toThrowError(failure('CONFIG_INVALID', 'gatewaySignConfig is missing or not an object'));
    }
    const boom = new Error('getter');
    const hostile = Object.defineProperty({}, 'signModes', {
      get: () => {
        throw boom;
      },
      enumerable: true,
    });
    let caught: unknown;
    try {
      parseSignConfig(hostile);
    } catch (error) {
      caught = error;
    }
    expect(caught).toEqual(failure('CONFIG_INVALID', 'gatewaySignConfig cannot be read'));
    expect((caught as Error).cause).toBe(boom);
  });
});

describe('signConfigFromResponse', () => {
  it('reads data.gatewaySignConfig', () => {
    expect(signConfigFromResponse({ code: 0, data: { gatewaySignConfig: { clientOpen: true } } })).toStrictEqual({
      ...EMPTY,
      clientOpen: true,
    });
  });

  it('a response without data or without the config is CONFIG_INVALID', () => {
    for (const body of [null, 'x', {}, { data: null }, { data: 'x' }, { data: {} }]) {
      expect(() => signConfigFromResponse(body)).toThrowError(failure('CONFIG_INVALID', 'gatewaySignConfig is missing or not an object'));
    }
  });

  it('a response whose fields throw is CONFIG_INVALID with the cause', () => {
    const boom = new Error('getter');
    const body = {
      data: Object.defineProperty({}, 'gatewaySignConfig', {
        get: () => {
          throw boom;
        },
      }),
    };
    let caught: unknown;
    try {
      signConfigFromResponse(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toEqual(failure('CONFIG_INVALID', 'the sign config response cannot be read'));
    expect((caught as Error).cause).toBe(boom);
  });
});

describe('isSignConfig', () => {
  it('accepts what parseSignConfig returns', () => {
    expect(isSignConfig(EMPTY)).toBe(true);
    expect(isSignConfig(parseSignConfig({ clientOpen: true, exactUrls: ['/a'] }))).toBe(true);
  });

  it.each([
    ['clientOpen', 'true'],
    ['serverPublicKey', null],
    ['serverPublicKeySign', 1],
    ['defaultAlgorithm', undefined],
    ['exactUrls', '/a'],
    ['prefixUrls', {}],
    ['signModes', null],
    ['userCheckDeviceUrl', 0],
  ])('refuses a config whose %s is of the wrong type', (field, value) => {
    expect(isSignConfig({ ...EMPTY, [field]: value })).toBe(false);
  });

  it('refuses non-objects and objects whose fields cannot be read', () => {
    for (const value of [null, undefined, 'config', [EMPTY]]) expect(isSignConfig(value)).toBe(false);
    const hostile = new Proxy(
      { ...EMPTY },
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(isSignConfig(hostile)).toBe(false);
  });
});

describe('signModeFor', () => {
  // Built inside each test, not when the file is collected: a throw at collection is no failed test.
  let config: GatewaySignConfig;
  beforeEach(() => {
    config = parseSignConfig({
      exactUrls: ['/v1/exact', '/v1/exact-zero'],
      prefixUrls: ['/v1/a/', '/v1/a/b/', '/v1/a/b/c/', '/v1/z/'],
      signModes: { '/v1/exact-zero': 0, '/v1/a/': 2, '/v1/a/b/': 0, '/v1/a/b/c/': 2 },
    });
  });

  it('an exact entry gives its mode, or mode 1 without one', () => {
    expect(signModeFor(config, '/v1/exact-zero')).toBe(0);
    expect(signModeFor(config, '/v1/exact')).toBe(1);
  });

  it('the longest matching prefix wins, whatever the order of the list', () => {
    expect(signModeFor(config, '/v1/a/x')).toBe(2);
    expect(signModeFor(config, '/v1/a/b/x')).toBe(0);
    expect(signModeFor(config, '/v1/a/b/c/x')).toBe(2);
    const reversed = { ...config, prefixUrls: [...config.prefixUrls].reverse() };
    expect(signModeFor(reversed, '/v1/a/b/x')).toBe(0);
    expect(signModeFor(reversed, '/v1/a/x')).toBe(2);
    // A prefix without a mode: mode 1
    expect(signModeFor(config, '/v1/z/q')).toBe(1);
  });

  it('a path that matches nothing is unsigned', () => {
    expect(signModeFor(config, '/v2/a/')).toBeUndefined();
    expect(signModeFor(config, '/v1/exact/more')).toBeUndefined();
  });

  it('refuses what is not a sign config or not a string path, naming the argument', () => {
    expect(() => signModeFor({} as GatewaySignConfig, '/v1/exact')).toThrowError(invalid('config'));
    expect(() => signModeFor(config, 5 as unknown as string)).toThrowError(invalid('path'));
    expect(() => signModeFor(null as never, '/v1/exact')).toThrowError(
      expect.objectContaining({ msg: 'signModeFor: config must be a gateway sign config (see parseSignConfig), got null' }),
    );
    expect(() => signModeFor(config, 5 as unknown as string)).toThrowError(
      expect.objectContaining({ msg: 'signModeFor: path must be a string, got 5' }),
    );
  });
});
