import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_LANGUAGES,
  CAPTCHA_LANGUAGE_BY_LOCALE,
  DEFAULT_CAPTCHA_LANGUAGE,
  LANGUAGES,
  captchaLanguage,
} from '../../../core/catalog/index.js';

describe('captcha language map (spec §S9)', () => {
  it('lists the seed codes "zho, jpn, kor, rus, spa, fra, deu, pon, ind, tha, nld, pol, ukr, por, swe, uzb, fil"', () => {
    expect([...CAPTCHA_LANGUAGES]).toEqual([
      'zho',
      'jpn',
      'kor',
      'rus',
      'spa',
      'fra',
      'deu',
      'pon',
      'ind',
      'tha',
      'nld',
      'pol',
      'ukr',
      'por',
      'swe',
      'uzb',
      'fil',
    ]);
  });

  it('"default eng"', () => {
    expect(DEFAULT_CAPTCHA_LANGUAGE).toBe('eng');
    expect(captchaLanguage('xx')).toBe('eng');
  });

  it.each([
    ['zh-CN', 'zho'],
    ['zh-TW', 'zho'],
    ['zh-TC', 'zho'],
    ['ja', 'jpn'],
    ['ko', 'kor'],
    ['ru', 'rus'],
    ['es', 'spa'],
    ['es-ES', 'spa'],
    ['es-AR', 'spa'],
    ['fr', 'fra'],
    ['de', 'deu'],
    ['pt', 'pon'],
    ['pt-PT', 'por'],
    ['id', 'ind'],
    ['th', 'tha'],
    ['nl', 'nld'],
    ['pl', 'pol'],
    ['uk', 'ukr'],
    ['sv', 'swe'],
    ['uz', 'uzb'],
    ['ph', 'fil'],
    ['en', 'eng'],
    ['en-GB', 'eng'],
    ['asia', 'eng'],
    ['vi', 'eng'],
    ['tr', 'eng'],
    ['it', 'eng'],
    ['ar', 'eng'],
  ])('%s → %s', (locale, code) => {
    expect(captchaLanguage(locale)).toBe(code);
  });

  it('every seed code is used by some locale, and every mapped code is a seed code', () => {
    const used = new Set(Object.values(CAPTCHA_LANGUAGE_BY_LOCALE));
    for (const code of CAPTCHA_LANGUAGES) expect(used.has(code)).toBe(true);
    for (const code of used) expect(CAPTCHA_LANGUAGES).toContain(code);
  });

  it('every locale of the language table gets a seed code or eng', () => {
    for (const row of LANGUAGES) {
      expect([...CAPTCHA_LANGUAGES, 'eng']).toContain(captchaLanguage(row.locale));
    }
  });
});
