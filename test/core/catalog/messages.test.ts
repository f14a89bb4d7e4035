import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGES, formatStatusBusy, message, messagesFor } from '../../../core/catalog/index.js';
import type { MessageKey } from '../../../core/catalog/index.js';

// Spec §B8, §S2 and §S8: the English wording, verbatim.
const english: Record<MessageKey, string> = {
  tip: 'Tip',
  timeout: 'Request timed out!',
  expired: 'Login expired, please log in again',
  loginvalid: 'Please login to visit',
  unknow: 'The system is busy',
  notfound: 'Request error',
  forbidden: 'Request is forbidden',
  networkError: 'Network error. Try again later.',
  unknownError: 'unknown error',
  qrExpired: 'QR code expired',
  qrRefresh: 'Refresh',
  invalidData: 'invalid data',
};
const keys = Object.keys(english) as MessageKey[];
const locales = [...LANGUAGES.map((row) => row.locale), 'th'];

describe('request messages (spec §B8, §S8)', () => {
  it.each(keys)('English %s is the seed text', (key) => {
    expect(message('en', key)).toBe(english[key]);
  });

  it('covers every locale of the language table plus th, and nothing else', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...locales].sort());
  });

  it.each(locales)('%s has every key, non-empty', (locale) => {
    const texts = messagesFor(locale);
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(message(locale, key).trim()).not.toBe('');
  });

  it('real translations: every language other than English differs from English on the busy text', () => {
    const englishLocales = new Set(['en', 'en-GB', 'asia']);
    for (const locale of locales.filter((l) => !englishLocales.has(l))) {
      expect(message(locale, 'unknow')).not.toBe(english.unknow);
      expect(message(locale, 'timeout')).not.toBe(english.timeout);
    }
  });

  it('"Thai strings carry a placeholder prefix" is not reproduced: Thai is real Thai script', () => {
    for (const key of keys) expect(message('th', key)).toMatch(/[\u0E00-\u0E7F]/u);
  });

  it('locales sharing a language share texts', () => {
    expect(messagesFor('zh-TC')).toBe(messagesFor('zh-TW'));
    expect(messagesFor('es-AR')).toBe(messagesFor('es'));
    expect(messagesFor('asia')).toBe(messagesFor('en'));
    expect(messagesFor('en-GB')).toBe(messagesFor('en'));
  });

  it('spot checks of translations', () => {
    expect(message('zh-CN', 'timeout')).toBe('请求超时！');
    expect(message('ja', 'qrRefresh')).toBe('更新');
    expect(message('de', 'forbidden')).toBe('Anfrage nicht erlaubt');
    expect(message('ar', 'unknow')).toBe('النظام مشغول');
  });

  it('"unknown locale falls back to English"', () => {
    for (const key of keys) {
      expect(message('xx', key)).toBe(english[key]);
      expect(message('', key)).toBe(english[key]);
      expect(message('constructor', key)).toBe(english[key]);
    }
  });

  it('"other status: \'{status}:The system is busy\'"', () => {
    expect(formatStatusBusy(502, 'en')).toBe('502:The system is busy');
    expect(formatStatusBusy('418', 'xx')).toBe('418:The system is busy');
    expect(formatStatusBusy(503, 'zh-CN')).toBe('503:系统繁忙');
  });
});
