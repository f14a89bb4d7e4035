import { deepFreeze } from './freeze.js';

/** The app-wide settings of spec §B3 ("Global settings"). */
export interface GlobalSettings {
  readonly locale: string;
  readonly theme: string;
  readonly layout: string;
  readonly unit: string;
  readonly showAsset: boolean;
  readonly valuationUnit: number;
  readonly login: boolean;
  readonly direction: 'ltr' | 'rtl';
  readonly terminalCode: string | undefined;
}

// Spec §B3: global settings defaults (terminal code has no default in the seed).
export const GLOBAL_SETTINGS_DEFAULTS: GlobalSettings = deepFreeze({
  locale: 'en',
  theme: 'dark',
  layout: 'right',
  unit: 'CNY',
  showAsset: false,
  valuationUnit: 1,
  login: false,
  direction: 'ltr',
  terminalCode: undefined,
});

/** The preferences cookie of spec §S3. */
export interface PreferencesCookie {
  readonly language: string;
  readonly unit: string;
  readonly showAsset: boolean;
  readonly theme: string;
  readonly layout: string;
  readonly valuationUnit: number;
  readonly login: boolean;
}

// Spec §S3: preferences cookie defaults. They differ from the global settings on purpose
// (unit USD not CNY, showAsset true not false, theme black not dark).
export const PREFERENCES_COOKIE_DEFAULTS: PreferencesCookie = deepFreeze({
  language: 'en',
  unit: 'USD',
  showAsset: true,
  theme: 'black',
  layout: 'right',
  valuationUnit: 1,
  login: false,
});
