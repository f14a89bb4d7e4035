export { createPreferences, readPreferencesCookie, settingsFromPreferences, PREFERENCES_COOKIE_NAME } from './preferences.js';
export type { Preferences, PreferencesOptions, PreferencesSnapshot } from './preferences.js';
export { decodeCutCookie, normalisePreferences, salvageJsonObject, PREFERENCE_FIELDS, PREFERENCE_LAYOUTS } from './parse.js';
