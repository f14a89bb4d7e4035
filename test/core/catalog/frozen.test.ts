// ES modules run in strict mode, so writing to a frozen object throws a TypeError.
import { describe, expect, it } from 'vitest';
import {
  ALTERNATE_LINK_EXCEPTIONS,
  ASSET_TABS,
  BusinessLine,
  CAPTCHA_LANGUAGES,
  CAPTCHA_LANGUAGE_BY_LOCALE,
  CURRENCIES,
  DEFAULT_SYMBOLS,
  GLOBAL_SETTINGS_DEFAULTS,
  LANGUAGES,
  LOCALE_CURRENCIES,
  LOCALE_PATH_PREFIXES,
  MESSAGES,
  MarginMode,
  PREFERENCES_COOKIE_DEFAULTS,
  PositionMode,
  PositionSide,
  PositionType,
  REQUEST_LANGUAGES,
  RESULT_CODES,
  THEMES,
  TradeIndex,
  languageType,
  message,
} from '../../../core/catalog/index.js';
import {
  BOTTOM_ACTION_DEFAULTS,
  BRIDGE_COMMANDS,
  DEEP_LINK_TARGETS,
  DEFAULT_BRIDGE_TIMEOUTS,
  TITLE_BAR_THEME_COLORS,
  normalizePayload,
} from '../../../core/bridge/index.js';

const tables: Record<string, unknown> = {
  ALTERNATE_LINK_EXCEPTIONS,
  ASSET_TABS,
  BusinessLine,
  CAPTCHA_LANGUAGES,
  CAPTCHA_LANGUAGE_BY_LOCALE,
  CURRENCIES,
  DEFAULT_SYMBOLS,
  GLOBAL_SETTINGS_DEFAULTS,
  LANGUAGES,
  LOCALE_CURRENCIES,
  LOCALE_PATH_PREFIXES,
  MESSAGES,
  MarginMode,
  PREFERENCES_COOKIE_DEFAULTS,
  PositionMode,
  PositionSide,
  PositionType,
  REQUEST_LANGUAGES,
  RESULT_CODES,
  THEMES,
  TradeIndex,
};

// The bridge's tables (spec §B2, §B7, §B9) are catalogues too, frozen with the same helper.
const bridgeTables: Record<string, unknown> = {
  BOTTOM_ACTION_DEFAULTS,
  BRIDGE_COMMANDS,
  DEEP_LINK_TARGETS,
  DEFAULT_BRIDGE_TIMEOUTS,
  TITLE_BAR_THEME_COLORS,
};

function everyObject(value: unknown, out: object[] = []): object[] {
  if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const child of Object.values(value)) everyObject(child, out);
  }
  return out;
}

describe('catalogue tables are frozen all the way down', () => {
  it.each(Object.keys(tables))('%s and everything inside it is frozen', (name) => {
    for (const object of everyObject(tables[name])) expect(Object.isFrozen(object)).toBe(true);
  });

  it('mutation throws in strict mode and changes nothing', () => {
    const rows = LANGUAGES as unknown as { languageType: number }[];
    expect(() => {
      (rows[0] as { languageType: number }).languageType = 99;
    }).toThrow(TypeError);
    expect(() => {
      rows.push({ languageType: 1 });
    }).toThrow(TypeError);
    const settings = GLOBAL_SETTINGS_DEFAULTS as unknown as Record<string, unknown>;
    expect(() => {
      settings.unit = 'USD';
    }).toThrow(TypeError);
    const texts = MESSAGES as unknown as Record<string, Record<string, string>>;
    expect(() => {
      (texts.en as Record<string, string>).timeout = 'changed';
    }).toThrow(TypeError);
    const codes = RESULT_CODES as unknown as Record<string, string[]>;
    expect(() => {
      (codes.timeout as string[])[0] = 'x';
    }).toThrow(TypeError);
    expect(() => {
      (BusinessLine as unknown as Record<string, number>).spot = 2;
    }).toThrow(TypeError);
    expect(languageType('en')).toBe(0);
    expect(message('en', 'timeout')).toBe('Request timed out!');
    expect(GLOBAL_SETTINGS_DEFAULTS.unit).toBe('CNY');
    expect(BusinessLine.spot).toBe(1);
  });
});

describe('bridge tables are frozen all the way down, at run time and not only in TypeScript', () => {
  it.each(Object.keys(bridgeTables))('%s and everything inside it is frozen', (name) => {
    const objects = everyObject(bridgeTables[name]);
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) expect(Object.isFrozen(object)).toBe(true);
  });

  it('mutation throws in strict mode and changes nothing the bridge reads', () => {
    const commands = BRIDGE_COMMANDS as unknown as Record<string, { minVersion: string }>;
    expect(() => {
      (commands.openBrowser as { minVersion: string }).minVersion = '0.0.1';
    }).toThrow(TypeError);
    expect(() => {
      commands.newCommand = { minVersion: '1.0.0' };
    }).toThrow(TypeError);
    const targets = DEEP_LINK_TARGETS as unknown as Record<string, { params: string[] }>;
    expect(() => {
      (targets['home/contract'] as { params: string[] }).params.push('evil');
    }).toThrow(TypeError);
    expect(() => {
      (DEFAULT_BRIDGE_TIMEOUTS as Record<string, number>).callback = 1;
    }).toThrow(TypeError);
    expect(() => {
      (TITLE_BAR_THEME_COLORS.dark as { textColor: string }).textColor = '#FF0000';
    }).toThrow(TypeError);
    expect(() => {
      (BOTTOM_ACTION_DEFAULTS as { copy: boolean }).copy = false;
    }).toThrow(TypeError);
    expect(BRIDGE_COMMANDS.openBrowser.minVersion).toBe('2.11.0');
    expect(DEEP_LINK_TARGETS['home/contract'].params).toEqual(['symbolId', 'bizLine']);
    expect(DEFAULT_BRIDGE_TIMEOUTS.callback).toBe(3000);
    expect(normalizePayload('changeTitleBarTheme', { theme: 'dark' })).toEqual({
      theme: 'dark',
      backgroundColor: '#000000',
      textColor: '#FFFFFF',
    });
    expect(normalizePayload('setBottomActions', {})).toEqual({ copy: true, close: true, refresh: true });
  });
});
