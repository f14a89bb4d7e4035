import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/index.js';
import { createStore } from '../../../../core/storage/index.js';
import {
  RISK_TOKEN_COOKIE_DAYS,
  RISK_TOKEN_REFRESH_INTERVAL_MS,
  SUCCESS_TOKEN_LENGTH,
  classifyRiskToken,
  createRiskTokenStore,
  isRiskTokenDue,
} from '../../../../core/security/risk-token/index.js';
import { inputClasses } from '../../../support/input-classes.js';

const DAY_MS = 86_400_000;
const SUCCESS = 'a'.repeat(40);

describe('risk-token answer classification (spec §S4)', () => {
  it('the seed constants: a success token has 40 characters, its cookie lives 7 days, the interval is 1200 s', () => {
    expect(SUCCESS_TOKEN_LENGTH).toBe(40);
    expect(RISK_TOKEN_COOKIE_DAYS).toBe(7);
    expect(RISK_TOKEN_REFRESH_INTERVAL_MS).toBe(1_200_000);
  });

  it.each([
    ['a 40-character result is a success token', 'x'.repeat(40), 'success'],
    ['39 characters is demoted', 'x'.repeat(39), 'demoted'],
    ['41 characters is demoted', 'x'.repeat(41), 'demoted'],
    ['a short token is demoted', 'abc', 'demoted'],
    ['an empty result is empty', '', 'empty'],
    ['a blank result is empty', '  \n', 'empty'],
    ['surrounding whitespace does not count', ` ${'x'.repeat(40)}\n`, 'success'],
  ])('%s', (_rule, raw, kind) => {
    expect(classifyRiskToken(raw)).toBe(kind);
  });

  it('property: every non-blank answer is success exactly when its trimmed length is 40', () => {
    // Answers around 40 characters, padded with the whitespace trim() removes, as well as any string.
    const space = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\ufeff'), maxLength: 3 });
    const near40 = fc.tuple(space, fc.string({ minLength: 38, maxLength: 42 }), space).map((parts) => parts.join(''));
    const drawn = inputClasses<string>({
      blank: (raw) => raw.trim() === '',
      'a success token': (raw) => raw.trim().length === 40,
      'a success token with whitespace around it': (raw) => raw.trim().length === 40 && raw !== raw.trim(),
      'one character short of a success token': (raw) => raw.trim().length === 39,
      'one character over': (raw) => raw.trim().length === 41,
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), near40), (raw) => {
        drawn.see(raw);
        const kind = classifyRiskToken(raw);
        const trimmed = raw.trim();
        if (trimmed === '') expect(kind).toBe('empty');
        else expect(kind).toBe(trimmed.length === 40 ? 'success' : 'demoted');
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('refresh is due when absent, expired or within one interval of expiry (spec §S4)', () => {
  const interval = 1000;
  const held = (expiresAt: number | undefined) => ({ token: SUCCESS, kind: 'success' as const, expiresAt });
  it.each([
    ['absent', undefined, 0, true],
    ['no recorded expiry', held(undefined), 0, true],
    ['expired', held(5000), 6000, true],
    ['exactly at expiry', held(5000), 5000, true],
    ['exactly one interval before expiry', held(5000), 4000, true],
    ['just over one interval before expiry', held(5000), 3999, false],
    ['fresh', held(5000), 0, false],
  ])('%s', (_rule, stored, now, due) => {
    expect(isRiskTokenDue(stored, now, interval)).toBe(due);
  });
});

describe('risk-token store', () => {
  it('a success token goes to a cookie for 7 days with its expiry recorded, and any demoted token is removed', () => {
    const platform = memoryPlatform({ now: 1_000 });
    const store = createRiskTokenStore(platform);
    store.saveDemoted('demoted-token', 50_000);
    store.saveSuccess(SUCCESS, 99_000);
    expect(store.read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: 99_000 });
    const cookie = platform.browser.cookieStore.get('riskToken');
    expect(cookie?.value).toBe(SUCCESS);
    expect(cookie?.expires).toBe(1_000 + 7 * DAY_MS);
    expect(createStore(platform, 'common').get('riskTokenDemoted', 'none')).toBe('none');
  });

  it('the success cookie is gone after 7 days, and the token with it', () => {
    const platform = memoryPlatform();
    const store = createRiskTokenStore(platform);
    store.saveSuccess(SUCCESS, 10);
    platform.advance(7 * DAY_MS - 1);
    expect(store.read()?.token).toBe(SUCCESS);
    platform.advance(1);
    expect(store.read()).toBeUndefined();
  });

  it('a demoted token is kept in local storage and replaces a success cookie', () => {
    const platform = memoryPlatform();
    const store = createRiskTokenStore(platform);
    store.saveSuccess(SUCCESS, 10);
    store.saveDemoted('short-demoted', 20);
    expect(store.read()).toEqual({ token: 'short-demoted', kind: 'demoted', expiresAt: 20 });
    expect(platform.cookies.get('riskToken')).toBeUndefined();
    expect(createStore(platform, 'common').get('riskTokenDemoted', null)).toEqual({ token: 'short-demoted', expiresAt: 20 });
  });

  it('a cookie that is not a 40-character token is not read as a success token', () => {
    const platform = memoryPlatform();
    platform.cookies.set('riskToken', 'short');
    expect(createRiskTokenStore(platform).read()).toBeUndefined();
  });

  it('corrupted or wrongly shaped stored values read as nothing', () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    const store = createRiskTokenStore(platform);
    platform.localStorage.setItem(common.storageKey('riskTokenDemoted'), '{not json');
    expect(store.read()).toBeUndefined();
    common.set('riskTokenDemoted', { token: 5, expiresAt: 'x' });
    expect(store.read()).toBeUndefined();
    platform.cookies.set('riskToken', SUCCESS);
    common.set('riskTokenExpiry', 'soon');
    expect(store.read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: undefined });
  });

  it('a storage that throws never throws at the caller', () => {
    const platform = memoryPlatform();
    platform.browser.localStorage.failWrites = new DOMException('quota exceeded', 'QuotaExceededError');
    const store = createRiskTokenStore(platform);
    expect(() => store.saveDemoted('demoted', 5)).not.toThrow();
    expect(store.read()).toBeUndefined();
    expect(() => store.saveSuccess(SUCCESS, 5)).not.toThrow();
    expect(store.read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: undefined });
  });

  it('the cookie name and lifetime are options', () => {
    const platform = memoryPlatform();
    createRiskTokenStore(platform, { cookieName: 'rt', cookieDays: 1 }).saveSuccess(SUCCESS, 5);
    expect(platform.browser.cookieStore.get('rt')?.expires).toBe(DAY_MS);
  });
});
