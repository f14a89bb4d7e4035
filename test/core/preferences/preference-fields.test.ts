// Each preference field's rule on its own (what it accepts, what it normalises, what it refuses), the salvage of
// a cut cookie in its corner cases, and the service's options, refusals and stream names.
import { describe, expect, it } from 'vitest';
import { GLOBAL_SETTINGS_DEFAULTS, PREFERENCES_COOKIE_DEFAULTS } from '../../../core/catalog/settings.js';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import { PREFERENCE_FIELDS, PREFERENCE_LAYOUTS } from '../../../core/preferences/parse.js';
import {
  createPreferences,
  decodeCutCookie,
  normalisePreferences,
  PREFERENCES_COOKIE_NAME,
  readPreferencesCookie,
  salvageJsonObject,
  settingsFromPreferences,
} from '../../../core/preferences/index.js';
import { invalid } from '../../support/invalid-argument.js';

describe('the preference fields', () => {
  it('are the seven of the cookie, and the layouts left and right', () => {
    expect(Object.keys(PREFERENCE_FIELDS)).toEqual(['language', 'unit', 'showAsset', 'theme', 'layout', 'valuationUnit', 'login']);
    expect(PREFERENCE_LAYOUTS).toEqual(['left', 'right']);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['1', true],
    [1, true],
    ['false', false],
    ['0', false],
    [0, false],
    ['yes', undefined],
    ['TRUE', undefined],
    [2, undefined],
    ['', undefined],
    [null, undefined],
  ])('a flag %j reads as %j (older cookies wrote strings and 0/1)', (value, expected) => {
    expect(PREFERENCE_FIELDS.showAsset(value)).toBe(expected);
    expect(PREFERENCE_FIELDS.login(value)).toBe(expected);
  });

  it('a language is a known language or a locale with a path prefix, as written', () => {
    expect(PREFERENCE_FIELDS.language('sv')).toBe('sv');
    expect(PREFERENCE_FIELDS.language('bg')).toBe('bg');
    expect(PREFERENCE_FIELDS.language('zh-CN')).toBe('zh-CN');
    expect(PREFERENCE_FIELDS.language('xx')).toBeUndefined();
    expect(PREFERENCE_FIELDS.language('EN')).toBeUndefined();
    expect(PREFERENCE_FIELDS.language(1)).toBeUndefined();
  });

  it('a unit is a currency of the catalogue, as its code', () => {
    expect(PREFERENCE_FIELDS.unit('krw')).toBe('KRW');
    expect(PREFERENCE_FIELDS.unit('DOGE')).toBeUndefined();
    expect(PREFERENCE_FIELDS.unit(1)).toBeUndefined();
  });

  it.each([
    ['black', 'black'],
    ['White', 'White'],
    ['a', 'a'],
    ['high-contrast2', 'high-contrast2'],
    ['t'.repeat(32), 't'.repeat(32)],
    ['t'.repeat(33), undefined],
    ['2dark', undefined],
    ['-dark', undefined],
    ['dark mode', undefined],
    ['dark_mode', undefined],
    ['dark\n', undefined],
    ['', undefined],
    [7, undefined],
    [true, undefined],
    [Infinity, undefined],
  ])('a theme %j reads as %j (one word, it becomes a class name)', (value, expected) => {
    expect(PREFERENCE_FIELDS.theme(value)).toBe(expected);
  });

  it('a layout is left or right', () => {
    expect(PREFERENCE_FIELDS.layout('left')).toBe('left');
    expect(PREFERENCE_FIELDS.layout('right')).toBe('right');
    expect(PREFERENCE_FIELDS.layout('Left')).toBeUndefined();
    expect(PREFERENCE_FIELDS.layout(['left'])).toBeUndefined();
  });

  it.each([
    [2, 2],
    [0, 0],
    [-1.5, -1.5],
    ['3', 3],
    [' 4 ', 4],
    ['', undefined],
    ['  ', undefined],
    ['x', undefined],
    ['Infinity', undefined],
    [Infinity, undefined],
    [Number.NaN, undefined],
    [true, undefined],
    [null, undefined],
  ])('a valuation unit %j reads as %j', (value, expected) => {
    expect(PREFERENCE_FIELDS.valuationUnit(value)).toBe(expected);
  });
});

describe('normalisePreferences', () => {
  it('a value that is not an object, or is an array, gives the defaults given', () => {
    const defaults = { ...PREFERENCES_COOKIE_DEFAULTS, unit: 'EUR' };
    for (const value of [null, undefined, 'x', 3, [{ theme: 'white' }]]) expect(normalisePreferences(value, defaults)).toEqual(defaults);
  });

  it('a value whose fields cannot be read gives the defaults, whole', () => {
    const hostile = new Proxy(
      { theme: 'white' },
      {
        get(target, key) {
          if (key === 'layout') throw new Error('trap');
          return Reflect.get(target, key);
        },
      },
    );
    expect(normalisePreferences(hostile)).toEqual(PREFERENCES_COOKIE_DEFAULTS);
  });

  it('defaults that are not an object are an InvalidArgumentError naming defaults', () => {
    expect(() => normalisePreferences({}, null as never)).toThrow(invalid('defaults'));
  });
});

describe('salvaging a cut cookie', () => {
  it('keeps strings, booleans and numbers (negative, decimal) that end before the cut', () => {
    expect(salvageJsonObject('{"a":-2.5,"b":true,"c":false,"d":"x","e":7}')).toEqual({ a: -2.5, b: true, c: false, d: 'x', e: 7 });
    expect(salvageJsonObject('{ "a" : 1 , "b":2 }')).toEqual({ a: 1, b: 2 });
  });

  it('keys of several letters, numbers of several digits and decimals', () => {
    expect(salvageJsonObject('{"valuationUnit":123,"rate":1.25,"theme":"white"')).toEqual({
      valuationUnit: 123,
      rate: 1.25,
      theme: 'white',
    });
  });

  it('a number is kept only when a , or } follows it; a pair with a malformed escape is lost, the others kept', () => {
    expect(salvageJsonObject('{"a":1')).toEqual({});
    expect(salvageJsonObject('{"a":1.')).toEqual({});
    expect(salvageJsonObject('{"bad":"\\u12","ok":1}')).toEqual({ ok: 1 });
    expect(salvageJsonObject('{"a":null,"b":[1],"c":1}')).toEqual({ c: 1 });
  });

  it('raw text that is not a string is an InvalidArgumentError naming raw', () => {
    expect(() => salvageJsonObject(1 as never)).toThrow(invalid('raw', 'salvageJsonObject: raw must be a string, got 1'));
    expect(() => decodeCutCookie(null as never)).toThrow(invalid('raw', 'decodeCutCookie: raw must be a string, got null'));
  });

  it('a cut four-byte character is dropped, escape by escape, up to three escapes', () => {
    expect(decodeCutCookie('a%F0%9F%98')).toBe('a');
    expect(decodeCutCookie('a%F0%9F')).toBe('a');
    expect(decodeCutCookie('a%F0')).toBe('a');
    expect(decodeCutCookie('a%F0%9F%98%80')).toBe('a😀');
    expect(decodeCutCookie('a%41%4')).toBe('aA');
    expect(decodeCutCookie('a%41%')).toBe('aA');
  });

  it('text that still cannot be decoded after dropping the cut tail is returned unchanged', () => {
    expect(decodeCutCookie('%FFx')).toBe('%FFx');
    expect(decodeCutCookie('%FF%41%42%43%44')).toBe('%FF%41%42%43%44');
    // Four broken escapes at the end are not one cut character (at most three are dropped).
    expect(decodeCutCookie('x%E0%A4%E0%A4')).toBe('x%E0%A4%E0%A4');
  });

  it('text that holds a quote, or no escape, is returned as it is', () => {
    expect(decodeCutCookie('{"a":"%41"}')).toBe('{"a":"%41"}');
    expect(decodeCutCookie('plain%')).toBe('plain%');
    expect(decodeCutCookie('plain%4')).toBe('plain%4');
    expect(decodeCutCookie('%4G')).toBe('%4G');
    expect(decodeCutCookie('%4a')).toBe('J');
  });
});

describe('readPreferencesCookie', () => {
  it('reads the cookie named, with the defaults given', () => {
    const p = memoryPlatform();
    p.cookies.set('prefs', JSON.stringify({ theme: 'white' }));
    expect(readPreferencesCookie(p, { cookieName: 'prefs', defaults: { unit: 'EUR' } })).toEqual({
      ...PREFERENCES_COOKIE_DEFAULTS,
      theme: 'white',
      unit: 'EUR',
    });
    expect(readPreferencesCookie(p)).toEqual(PREFERENCES_COOKIE_DEFAULTS);
  });

  it('a percent-encoded cookie cut short is decoded and salvaged', () => {
    const p = memoryPlatform();
    p.cookies.set(PREFERENCES_COOKIE_NAME, encodeURIComponent('{"theme":"white","unit":"EUR","layout":"le'));
    expect(readPreferencesCookie(p)).toEqual({ ...PREFERENCES_COOKIE_DEFAULTS, theme: 'white', unit: 'EUR' });
  });

  it('a cookie jar whose get throws fails the read with a UserCallbackError naming platform.cookies.get', () => {
    const base = memoryPlatform();
    const platform = {
      ...base,
      cookies: {
        ...base.cookies,
        get: () => {
          throw new Error('jar down');
        },
      },
    };
    expect(() => readPreferencesCookie(platform)).toThrow(
      expect.objectContaining({ name: 'UserCallbackError', extra: { callback: 'platform.cookies.get' } }),
    );
  });

  it('the platform must carry cookies; the options must be an object', () => {
    expect(() => readPreferencesCookie({} as never)).toThrow(invalid('platform.cookies'));
    expect(() => readPreferencesCookie(memoryPlatform(), null as never)).toThrow(invalid('options'));
    expect(() => createPreferences(memoryPlatform(), 'x' as never)).toThrow(invalid('options'));
  });
});

describe('createPreferences: options and refusals', () => {
  it('reads and writes the cookie named, with the path given', () => {
    const browser = new MemoryBrowser();
    const prefs = createPreferences(memoryPlatform({ browser }), { cookieName: 'prefs', cookie: { path: '/app' } });
    prefs.set({ theme: 'white' });
    expect(browser.cookieStore.get('prefs')?.options).toEqual({ path: '/app', days: 365 });
    expect(browser.cookieStore.has(PREFERENCES_COOKIE_NAME)).toBe(false);
    expect(createPreferences(memoryPlatform({ browser }), { cookieName: 'prefs' }).get().theme).toBe('white');
  });

  it('reset goes back to the defaults given, not the built-in ones', () => {
    const platform = memoryPlatform();
    const prefs = createPreferences(platform, { defaults: { theme: 'white' } });
    prefs.set({ theme: 'blue' });
    expect(prefs.reset().theme).toBe('white');
    expect(prefs.defaults().theme).toBe('white');
  });

  it('a field given as undefined is left as it is', () => {
    const prefs = createPreferences(memoryPlatform());
    expect(prefs.set({ theme: undefined, unit: 'EUR' })).toMatchObject({ theme: 'black', unit: 'EUR' });
  });

  it('an unknown or inherited field is not a preference', () => {
    const prefs = createPreferences(memoryPlatform());
    expect(() => prefs.set({ nope: 1 } as never)).toThrow(invalid('nope', "'nope' is not a preference"));
    expect(() => prefs.set({ toString: 'x' } as never)).toThrow(invalid('toString', "'toString' is not a preference"));
  });

  it('a value that is not valid for its field names the value and the field', () => {
    const prefs = createPreferences(memoryPlatform());
    expect(() => prefs.set({ layout: 'middle' })).toThrow(invalid('layout', '"middle" is not a valid layout'));
    expect(() => prefs.set({ showAsset: 'maybe' as never })).toThrow(invalid('showAsset', '"maybe" is not a valid showAsset'));
  });

  it('a patch that is not an object is an InvalidArgumentError naming patch', () => {
    expect(() => createPreferences(memoryPlatform()).set(null as never)).toThrow(invalid('patch'));
  });

  it('subscribe with anything but a function is an InvalidArgumentError naming listener', () => {
    expect(() => createPreferences(memoryPlatform()).subscribe('x' as never)).toThrow(
      invalid('listener', 'preferences.subscribe: listener must be a function, got "x"'),
    );
  });

  it('a snapshot is frozen', () => {
    const prefs = createPreferences(memoryPlatform());
    expect(Object.isFrozen(prefs.get())).toBe(true);
    expect(Object.isFrozen(prefs.set({ theme: 'white' }))).toBe(true);
  });
});

describe('createPreferences: a throwing listener is reported under its stream name', () => {
  it('preferences$, changes$ and subscribe each name theirs', () => {
    const platform = memoryPlatform();
    const prefs = createPreferences(platform);
    const fail = () => {
      throw new Error('listener failed');
    };
    prefs.preferences$.subscribe(fail);
    prefs.changes$.subscribe(fail);
    prefs.subscribe(fail);
    const seen: string[] = [];
    prefs.subscribe((p) => seen.push(p.theme));
    prefs.set({ theme: 'white' });
    expect(seen).toEqual(['white']);
    expect(platform.reports.map((r) => (r.data as { callback: string }).callback)).toEqual([
      'preferences.preferences$ subscriber',
      'preferences.preferences$ subscriber',
      'preferences.changes$ subscriber',
      'preferences.subscribe subscriber',
    ]);
  });
});

describe('settingsFromPreferences', () => {
  it('lays the preferences over the base given', () => {
    const base = { ...GLOBAL_SETTINGS_DEFAULTS, terminalCode: 'T1' };
    const prefs = { language: 'ar', unit: 'EUR', showAsset: false, theme: 'white', layout: 'left', valuationUnit: 3, login: true };
    expect(settingsFromPreferences(prefs, base)).toEqual({
      ...base,
      locale: 'ar',
      unit: 'EUR',
      showAsset: false,
      theme: 'white',
      layout: 'left',
      valuationUnit: 3,
      login: true,
      direction: 'rtl',
    });
  });

  it('preferences or a base that are not objects are refused', () => {
    expect(() => settingsFromPreferences(null as never)).toThrow(invalid('prefs'));
    expect(() => settingsFromPreferences(PREFERENCES_COOKIE_DEFAULTS, 1 as never)).toThrow(invalid('base'));
  });
});
