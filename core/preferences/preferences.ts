import { guardedStream } from '../errors/guarded-observable.js';
import { BehaviorSubject, distinctUntilChanged, skip } from 'rxjs';
import type { Observable } from 'rxjs';
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { textDirection } from '../catalog/languages.js';
import { GLOBAL_SETTINGS_DEFAULTS, PREFERENCES_COOKIE_DEFAULTS } from '../catalog/settings.js';
import type { GlobalSettings, PreferencesCookie } from '../catalog/settings.js';
import type { CookieOptions, Platform } from '../platform/types.js';
import { PREFERENCE_COOKIE_DAYS, readJsonCookie, throughCookieJar, writeJsonCookie } from '../storage/cookies.js';
import { decodeCutCookie, normalisePreferences, PREFERENCE_FIELDS, salvageJsonObject } from './parse.js';
import { describeValue, expectObjectWith, invalidArgument, readRecord } from '../validate/describe-value.js';

/** The cookie the preferences live in; the seed does not name it. */
export const PREFERENCES_COOKIE_NAME = 'exkit_preferences';

/** The preferences plus what follows from them. */
export interface PreferencesSnapshot extends PreferencesCookie {
  /** Text direction of the language: rtl only for ar (spec §B3). */
  readonly direction: 'ltr' | 'rtl';
}

export interface PreferencesOptions {
  /** Default `PREFERENCES_COOKIE_NAME`. */
  cookieName?: string;
  /** Path, domain, secure and sameSite of the cookie; it always lives `PREFERENCE_COOKIE_DAYS` days. */
  cookie?: Omit<CookieOptions, 'days'>;
  /** Defaults for fields the cookie lacks; `PREFERENCES_COOKIE_DEFAULTS` otherwise. */
  defaults?: Partial<PreferencesCookie>;
}

export interface Preferences {
  /** The preferences now; the same object until they change. */
  get(): PreferencesSnapshot;
  /** Changes some preferences and writes the cookie when anything changed; throws InvalidArgumentError on a bad value. */
  set(patch: Partial<PreferencesCookie>): PreferencesSnapshot;
  /** Back to the defaults (the cookie is rewritten with them). */
  reset(): PreferencesSnapshot;
  /** The defaults, cookie or not: what a server render shows, since it reads no visitor's cookie. */
  defaults(): PreferencesSnapshot;
  /** The preferences now and after every change. */
  readonly preferences$: Observable<PreferencesSnapshot>;
  /** Every change, without the current value. */
  readonly changes$: Observable<PreferencesSnapshot>;
  /** Calls `listener` after each change; returns the unsubscribe function (for useSyncExternalStore). */
  subscribe(listener: (snapshot: PreferencesSnapshot) => void): () => void;
}

function snapshot(prefs: PreferencesCookie): PreferencesSnapshot {
  return Object.freeze({
    language: prefs.language,
    unit: prefs.unit,
    showAsset: prefs.showAsset,
    theme: prefs.theme,
    layout: prefs.layout,
    valuationUnit: prefs.valuationUnit,
    login: prefs.login,
    direction: textDirection(prefs.language),
  });
}

function cookieValue(prefs: PreferencesSnapshot): PreferencesCookie {
  const { direction: _direction, ...cookie } = prefs;
  return cookie;
}

function sameFields(a: PreferencesCookie, b: PreferencesCookie): boolean {
  return (Object.keys(PREFERENCE_FIELDS) as (keyof PreferencesCookie)[]).every((key) => a[key] === b[key]);
}

/** Reads the preferences cookie: a missing one gives the defaults; a truncated or older one keeps its valid fields. */
export function readPreferencesCookie(platform: Platform, options: PreferencesOptions = {}): PreferencesCookie {
  options = readRecord('options', options, 'readPreferencesCookie');
  expectObjectWith('platform', platform, 'readPreferencesCookie', ['cookies']);
  const name = options.cookieName ?? PREFERENCES_COOKIE_NAME;
  const defaults = { ...PREFERENCES_COOKIE_DEFAULTS, ...options.defaults };
  const decoded = readJsonCookie(platform, name);
  if (decoded !== undefined) return normalisePreferences(decoded, defaults);
  const raw = throughCookieJar(platform, 'get', () => platform.cookies.get(name));
  return normalisePreferences(raw === undefined ? undefined : salvageJsonObject(decodeCutCookie(raw)), defaults);
}

/**
 * The preferences of spec §S3/§S4: read from the cookie once, written back on each change for
 * `PREFERENCE_COOKIE_DAYS` days.
 *
 * @example
 * ```ts
 * const preferences = createPreferences(browserPlatform());
 * preferences.set({ theme: 'white' }); // written back to the cookie at once
 * const stop = preferences.subscribe((snapshot) => render(snapshot));
 * ```
 */
export function createPreferences(platform: Platform, options: PreferencesOptions = {}): Preferences {
  options = readRecord('options', options, 'createPreferences');
  const name = options.cookieName ?? PREFERENCES_COOKIE_NAME;
  const defaults = { ...PREFERENCES_COOKIE_DEFAULTS, ...options.defaults };
  const state = new BehaviorSubject<PreferencesSnapshot>(snapshot(readPreferencesCookie(platform, options)));
  const preferences$ = guardedStream('preferences.preferences$', state.pipe(distinctUntilChanged()), platform.errors);
  const initial = snapshot(defaults);

  const commit = (next: PreferencesCookie): PreferencesSnapshot => {
    if (sameFields(next, state.value)) return state.value;
    const value = snapshot(next);
    writeJsonCookie(platform, name, cookieValue(value), { path: '/', ...options.cookie, days: PREFERENCE_COOKIE_DAYS });
    state.next(value);
    return value;
  };

  return {
    get: () => state.value,
    set(patch) {
      const next: Record<string, unknown> = { ...cookieValue(state.value) };
      for (const [key, value] of Object.entries(readRecord('patch', patch, 'preferences.set'))) {
        if (value === undefined) continue;
        const check = Object.hasOwn(PREFERENCE_FIELDS, key) ? PREFERENCE_FIELDS[key as keyof PreferencesCookie] : undefined;
        if (!check) throw new InvalidArgumentError(`'${key}' is not a preference`, { field: key, value });
        const parsed = check(value);
        if (parsed === undefined) throw new InvalidArgumentError(`${describeValue(value)} is not a valid ${key}`, { field: key, value });
        next[key] = parsed;
      }
      return commit(next as unknown as PreferencesCookie);
    },
    reset: () => commit(defaults),
    defaults: () => initial,
    preferences$,
    changes$: guardedStream('preferences.changes$', state.pipe(distinctUntilChanged(), skip(1)), platform.errors),
    subscribe(listener) {
      if (typeof listener !== 'function') throw invalidArgument('listener', 'a function', listener, 'preferences.subscribe');
      const subscription = guardedStream('preferences.subscribe', state.pipe(skip(1)), platform.errors).subscribe(listener);
      return () => subscription.unsubscribe();
    },
  };
}

/** The app-wide settings (spec §B3) with what the preferences decide laid over the global defaults. */
export function settingsFromPreferences(prefs: PreferencesCookie, base: GlobalSettings = GLOBAL_SETTINGS_DEFAULTS): GlobalSettings {
  prefs = readRecord('prefs', prefs, 'settingsFromPreferences');
  base = readRecord('base', base, 'settingsFromPreferences');
  return {
    ...base,
    locale: prefs.language,
    theme: prefs.theme,
    layout: prefs.layout,
    unit: prefs.unit,
    showAsset: prefs.showAsset,
    valuationUnit: prefs.valuationUnit,
    login: prefs.login,
    direction: textDirection(prefs.language),
  };
}
