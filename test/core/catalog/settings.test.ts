import { describe, expect, it } from 'vitest';
import { GLOBAL_SETTINGS_DEFAULTS, PREFERENCES_COOKIE_DEFAULTS } from '../../../core/catalog/index.js';

describe('global settings defaults (spec §B3)', () => {
  it.each([
    ['locale', 'en'],
    ['theme', 'dark'],
    ['layout', 'right'],
    ['unit', 'CNY'],
    ['showAsset', false],
    ['valuationUnit', 1],
    ['login', false],
    ['direction', 'ltr'],
    ['terminalCode', undefined],
  ] as const)('%s defaults to %s', (key, value) => {
    expect(GLOBAL_SETTINGS_DEFAULTS[key]).toBe(value);
  });

  it('has exactly the seed keys', () => {
    expect(Object.keys(GLOBAL_SETTINGS_DEFAULTS).sort()).toEqual([
      'direction',
      'layout',
      'locale',
      'login',
      'showAsset',
      'terminalCode',
      'theme',
      'unit',
      'valuationUnit',
    ]);
  });
});

describe('preferences cookie defaults (spec §S3)', () => {
  it.each([
    ['language', 'en'],
    ['unit', 'USD'],
    ['showAsset', true],
    ['theme', 'black'],
    ['layout', 'right'],
    ['valuationUnit', 1],
    ['login', false],
  ] as const)('%s defaults to %s', (key, value) => {
    expect(PREFERENCES_COOKIE_DEFAULTS[key]).toBe(value);
  });

  it('has exactly the seed keys', () => {
    expect(Object.keys(PREFERENCES_COOKIE_DEFAULTS).sort()).toEqual([
      'language',
      'layout',
      'login',
      'showAsset',
      'theme',
      'unit',
      'valuationUnit',
    ]);
  });
});

describe('the two defaults tables differ as the seeds say', () => {
  it('unit CNY vs USD, show asset false vs true, theme dark vs black', () => {
    expect([GLOBAL_SETTINGS_DEFAULTS.unit, PREFERENCES_COOKIE_DEFAULTS.unit]).toEqual(['CNY', 'USD']);
    expect([GLOBAL_SETTINGS_DEFAULTS.showAsset, PREFERENCES_COOKIE_DEFAULTS.showAsset]).toEqual([false, true]);
    expect([GLOBAL_SETTINGS_DEFAULTS.theme, PREFERENCES_COOKIE_DEFAULTS.theme]).toEqual(['dark', 'black']);
  });

  it('agree on layout, valuation unit, login and language', () => {
    expect(GLOBAL_SETTINGS_DEFAULTS.layout).toBe(PREFERENCES_COOKIE_DEFAULTS.layout);
    expect(GLOBAL_SETTINGS_DEFAULTS.valuationUnit).toBe(PREFERENCES_COOKIE_DEFAULTS.valuationUnit);
    expect(GLOBAL_SETTINGS_DEFAULTS.login).toBe(PREFERENCES_COOKIE_DEFAULTS.login);
    expect(GLOBAL_SETTINGS_DEFAULTS.locale).toBe(PREFERENCES_COOKIE_DEFAULTS.language);
  });
});
