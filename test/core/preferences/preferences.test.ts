import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import { PREFERENCE_COOKIE_DAYS, writeJsonCookie } from '../../../core/storage/cookies.js';
import { GLOBAL_SETTINGS_DEFAULTS, PREFERENCES_COOKIE_DEFAULTS } from '../../../core/catalog/settings.js';
import {
  createPreferences,
  decodeCutCookie,
  normalisePreferences,
  PREFERENCES_COOKIE_NAME,
  readPreferencesCookie,
  salvageJsonObject,
  settingsFromPreferences,
} from '../../../core/preferences/index.js';
import type { PreferencesSnapshot } from '../../../core/preferences/index.js';
import { inputClasses } from '../../support/input-classes.js';

const DAY = 86_400_000;
const DEFAULTS = { ...PREFERENCES_COOKIE_DEFAULTS, direction: 'ltr' };

function cookie(platform: ReturnType<typeof memoryPlatform>) {
  const raw = platform.cookies.get(PREFERENCES_COOKIE_NAME);
  return raw === undefined ? undefined : (JSON.parse(raw) as unknown);
}

describe('preferences — spec §S3 defaults: unit USD, show-asset true, theme black, layout right, valuation unit 1', () => {
  it('a missing cookie gives the defaults', () => {
    expect(createPreferences(memoryPlatform()).get()).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ unit: 'USD', showAsset: true, theme: 'black', layout: 'right', valuationUnit: 1, login: false });
  });

  it('takes app-given defaults for fields the cookie lacks', () => {
    expect(createPreferences(memoryPlatform(), { defaults: { language: 'ja', unit: 'JPY' } }).get()).toMatchObject({
      language: 'ja',
      unit: 'JPY',
    });
  });
});

describe('"loaded once, written back to the cookie on change" (365 days)', () => {
  it('writes the whole cookie on a change, for 365 days', () => {
    const platform = memoryPlatform({ now: 1_000 });
    const prefs = createPreferences(platform);
    expect(cookie(platform)).toBeUndefined();
    prefs.set({ theme: 'white', unit: 'EUR' });
    expect(cookie(platform)).toEqual({ ...PREFERENCES_COOKIE_DEFAULTS, theme: 'white', unit: 'EUR' });
    expect(PREFERENCE_COOKIE_DAYS).toBe(365);
    expect(platform.browser.cookieStore.get(PREFERENCES_COOKIE_NAME)?.options).toMatchObject({ days: 365, path: '/' });
    platform.advance(365 * DAY - 1);
    expect(cookie(platform)).toMatchObject({ theme: 'white' });
    platform.advance(1);
    expect(cookie(platform)).toBeUndefined();
  });

  it('reads the cookie only when created: a later write by someone else is not picked up', () => {
    const platform = memoryPlatform();
    writeJsonCookie(platform, PREFERENCES_COOKIE_NAME, { theme: 'white' });
    const prefs = createPreferences(platform);
    writeJsonCookie(platform, PREFERENCES_COOKIE_NAME, { theme: 'blue' });
    expect(prefs.get().theme).toBe('white');
  });

  it('round-trips through the cookie into the next page load', () => {
    const browser = new MemoryBrowser();
    createPreferences(memoryPlatform({ browser })).set({ language: 'ar', showAsset: false, valuationUnit: 2, login: true, layout: 'left' });
    expect(createPreferences(memoryPlatform({ browser })).get()).toEqual({
      ...PREFERENCES_COOKIE_DEFAULTS,
      language: 'ar',
      showAsset: false,
      valuationUnit: 2,
      login: true,
      layout: 'left',
      direction: 'rtl',
    });
  });

  it('does not write when nothing changed, and keeps the same snapshot object', () => {
    const platform = memoryPlatform();
    const prefs = createPreferences(platform);
    const before = prefs.get();
    expect(prefs.set({ unit: 'USD' })).toBe(before);
    expect(cookie(platform)).toBeUndefined();
  });

  it('takes the cookie path, domain and flags it is given', () => {
    const platform = memoryPlatform();
    createPreferences(platform, { cookie: { domain: '.example.com', sameSite: 'Lax' } }).set({ theme: 'white' });
    expect(platform.browser.cookieStore.get(PREFERENCES_COOKIE_NAME)?.options).toEqual({
      path: '/',
      domain: '.example.com',
      sameSite: 'Lax',
      days: 365,
    });
  });

  it('rejects an invalid value with InvalidArgumentError and changes nothing', () => {
    const platform = memoryPlatform();
    const prefs = createPreferences(platform);
    expect(() => prefs.set({ unit: 'DOGE' })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field: 'unit', value: 'DOGE' } }),
    );
    expect(() => prefs.set({ theme: 'dark mode' })).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => prefs.set({ nope: 1 } as never)).toThrow(expect.objectContaining({ extra: { field: 'nope', value: 1 } }));
    expect(prefs.get()).toEqual(DEFAULTS);
    expect(cookie(platform)).toBeUndefined();
  });

  it('reset() goes back to the defaults', () => {
    const platform = memoryPlatform();
    const prefs = createPreferences(platform);
    prefs.set({ theme: 'white' });
    expect(prefs.reset()).toEqual(DEFAULTS);
    expect(cookie(platform)).toEqual(PREFERENCES_COOKIE_DEFAULTS);
  });
});

describe('"direction ltr except ar"', () => {
  it('follows the language', () => {
    const prefs = createPreferences(memoryPlatform());
    expect(prefs.set({ language: 'ar' }).direction).toBe('rtl');
    expect(prefs.set({ language: 'fr' }).direction).toBe('ltr');
  });

  it('the app-wide settings of spec §B3 take the preferences over the global defaults', () => {
    const settings = settingsFromPreferences({ ...PREFERENCES_COOKIE_DEFAULTS, language: 'ar', unit: 'EUR' });
    expect(settings).toEqual({ ...GLOBAL_SETTINGS_DEFAULTS, locale: 'ar', unit: 'EUR', theme: 'black', showAsset: true, direction: 'rtl' });
  });
});

describe('"an RxJS observable of changes"', () => {
  it('preferences$ emits the current value, then each change once', () => {
    const prefs = createPreferences(memoryPlatform());
    const seen: PreferencesSnapshot[] = [];
    const sub = prefs.preferences$.subscribe((p) => seen.push(p));
    prefs.set({ theme: 'white' });
    prefs.set({ theme: 'white' });
    prefs.set({ language: 'de' });
    sub.unsubscribe();
    expect(seen.map((p) => [p.theme, p.language])).toEqual([
      ['black', 'en'],
      ['white', 'en'],
      ['white', 'de'],
    ]);
  });

  it('changes$ and subscribe() report changes only', () => {
    const prefs = createPreferences(memoryPlatform());
    const changes: string[] = [];
    const listened: string[] = [];
    prefs.changes$.subscribe((p) => changes.push(p.unit));
    const stop = prefs.subscribe((p) => listened.push(p.unit));
    prefs.set({ unit: 'KRW' });
    stop();
    prefs.set({ unit: 'JPY' });
    expect(changes).toEqual(['KRW', 'JPY']);
    expect(listened).toEqual(['KRW']);
  });
});

describe('"a cookie that is missing, truncated or from an older shape gives the defaults and loses no field that is still valid"', () => {
  const full = { language: 'ja', unit: 'JPY', showAsset: false, theme: 'white', layout: 'left', valuationUnit: 3, login: true };

  it('a truncated cookie keeps every field written before the cut', () => {
    const platform = memoryPlatform();
    const text = JSON.stringify(full);
    platform.cookies.set(PREFERENCES_COOKIE_NAME, text.slice(0, text.indexOf('"layout"') + 12));
    expect(readPreferencesCookie(platform)).toEqual({
      ...PREFERENCES_COOKIE_DEFAULTS,
      language: 'ja',
      unit: 'JPY',
      showAsset: false,
      theme: 'white',
    });
  });

  it('a percent-encoded cookie cut inside an escape or a multi-byte character still gives its complete fields', () => {
    const encoded = encodeURIComponent(JSON.stringify({ unit: 'EUR', theme: 'white', language: 'zh-CN', note: 'é中' }));
    for (let cut = 0; cut <= encoded.length; cut++) {
      const platform = memoryPlatform();
      platform.cookies.set(PREFERENCES_COOKIE_NAME, encoded.slice(0, cut));
      const read = readPreferencesCookie(platform);
      if (cut > encoded.indexOf('theme') + 30) expect(read).toMatchObject({ unit: 'EUR', theme: 'white' });
    }
    expect(decodeCutCookie('%7B%22a%22%3A1%2')).toBe('{"a":1');
    expect(decodeCutCookie('%22%E4%B8')).toBe('"');
    expect(decodeCutCookie('{"a":"%41"}')).toBe('{"a":"%41"}');
  });

  it('a pair cut through its number is dropped, not misread', () => {
    expect(salvageJsonObject('{"showAsset":false,"valuationUnit":12')).toEqual({ showAsset: false });
    expect(salvageJsonObject('{"theme":"whi')).toEqual({});
    expect(salvageJsonObject('{"a":"x\\"y","b":1}')).toEqual({ a: 'x"y', b: 1 });
  });

  it('an older shape keeps its valid fields, reads string flags and numbers, and ignores unknown ones', () => {
    const platform = memoryPlatform();
    writeJsonCookie(platform, PREFERENCES_COOKIE_NAME, {
      language: 'fr',
      showAsset: 'false',
      login: '1',
      valuationUnit: '2',
      legacyTheme: 'x',
      unit: 'eur',
    });
    expect(createPreferences(platform).get()).toEqual({
      ...DEFAULTS,
      language: 'fr',
      showAsset: false,
      login: true,
      valuationUnit: 2,
      unit: 'EUR',
    });
  });

  it('invalid fields fall back one by one', () => {
    expect(normalisePreferences({ ...full, language: 'xx', layout: 'middle', valuationUnit: 'many' })).toEqual({
      ...full,
      language: 'en',
      layout: 'right',
      valuationUnit: 1,
    });
  });

  it('a cookie that is not an object gives the defaults', () => {
    for (const value of ['[]', '"en"', 'null', '42', '', 'garbage']) {
      const platform = memoryPlatform();
      platform.cookies.set(PREFERENCES_COOKIE_NAME, value);
      expect(readPreferencesCookie(platform)).toEqual(PREFERENCES_COOKIE_DEFAULTS);
    }
  });

  it('property: any prefix of a written cookie reads back valid fields only, each equal to what was written or the default', () => {
    const prefsArb = fc.record({
      language: fc.constantFrom('en', 'ar', 'zh-CN', 'es-AR', 'bg'),
      unit: fc.constantFrom('USD', 'EUR', 'KRW'),
      showAsset: fc.boolean(),
      theme: fc.constantFrom('black', 'white'),
      layout: fc.constantFrom('left', 'right'),
      valuationUnit: fc.integer({ min: 0, max: 99 }),
      login: fc.boolean(),
    });
    // A cut anywhere, and (one time in four) none: the whole cookie.
    const cutAt = fc.oneof({ weight: 3, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constant(-1) });
    const drawn = inputClasses<{ whole: boolean; read: Record<string, unknown> }>({
      'the whole cookie, read back': ({ whole }) => whole,
      'a cut cookie, read as the defaults': ({ whole, read }) =>
        !whole && JSON.stringify(read) === JSON.stringify(PREFERENCES_COOKIE_DEFAULTS),
    });
    fc.assert(
      fc.property(prefsArb, cutAt, (written, at) => {
        const text = JSON.stringify(written);
        const cut = at === -1 ? text.length : at;
        const platform = memoryPlatform();
        platform.cookies.set(PREFERENCES_COOKIE_NAME, text.slice(0, cut % (text.length + 1)));
        const read = readPreferencesCookie(platform);
        for (const key of Object.keys(written) as (keyof typeof written)[]) {
          expect([written[key], PREFERENCES_COOKIE_DEFAULTS[key]]).toContainEqual(read[key]);
        }
        drawn.see({ whole: cut % (text.length + 1) === text.length, read: { ...read } });
        if (cut % (text.length + 1) === text.length) expect(read).toEqual(written);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('defaults(): what a server render shows', () => {
  it('gives the defaults whatever the cookie holds, and stays the same object', () => {
    const browser = new MemoryBrowser();
    createPreferences(memoryPlatform({ browser })).set({ language: 'ar', theme: 'white' });
    const prefs = createPreferences(memoryPlatform({ browser }), { defaults: { unit: 'CNY' } });
    expect(prefs.get()).toMatchObject({ language: 'ar', theme: 'white' });
    expect(prefs.defaults()).toMatchObject({ ...PREFERENCES_COOKIE_DEFAULTS, unit: 'CNY', direction: 'ltr' });
    expect(prefs.defaults()).toBe(prefs.defaults());
  });
});
