// The example's interface texts: every section has every interface language, and a translation is a
// translation — not empty, not the English left in place. TypeScript already refuses a missing key; these
// checks catch what types cannot (an empty string, English pasted into the Arabic column).
import { describe, expect, it } from 'vitest';
import { SECTIONS, textsFor, uiLanguage } from '../../examples/web/src/i18n/catalogue.js';
import { UI_LANGUAGES } from '../../examples/web/src/i18n/text-types.js';
import type { Text, TextTree } from '../../examples/web/src/i18n/text-types.js';

/** Every leaf of a section as [path, text], functions called with sample values. */
function leaves(tree: TextTree, path = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]: [string, Text | TextTree]) => {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') return [[at, value] as [string, string]];
    if (typeof value === 'function') {
      const sample = (value as (...values: unknown[]) => string)(...Array.from({ length: value.length }, (_, i) => i + 2));
      return [[at, sample] as [string, string]];
    }
    return leaves(value, at);
  });
}

const LETTER = /\p{L}/u;
const ARABIC_LETTER = /\p{Script=Arabic}/u;

describe('interface texts', () => {
  it('every interface language fills the same keys as English in every section', () => {
    for (const [name, section] of Object.entries(SECTIONS)) {
      const english = leaves(section.en).map(([path]) => path);
      for (const language of UI_LANGUAGES)
        expect(
          leaves(section[language]).map(([path]) => path),
          `${name}.${language}`,
        ).toEqual(english);
    }
  });

  it('no text is empty, and every Arabic text that has letters in English has Arabic letters', () => {
    for (const [name, section] of Object.entries(SECTIONS)) {
      const english = new Map(leaves(section.en));
      for (const language of UI_LANGUAGES)
        for (const [path, text] of leaves(section[language])) expect(text.trim(), `${name}.${language}.${path}`).not.toBe('');
      for (const [path, text] of leaves(section.ar)) {
        if (LETTER.test(english.get(path)!)) expect(text, `${name}.ar.${path}`).toMatch(ARABIC_LETTER);
      }
    }
  });

  it('the interface language of a site locale is Arabic for ar and English for every other locale', () => {
    expect(uiLanguage('ar')).toBe('ar');
    expect(uiLanguage('AR')).toBe('ar');
    expect(uiLanguage('en')).toBe('en');
    expect(uiLanguage('en-GB')).toBe('en');
    expect(uiLanguage('zh-CN')).toBe('en');
    expect(textsFor('ar').messageBoxDemo.ok).toBe(SECTIONS.messageBoxDemo.ar.ok);
    expect(textsFor('fr').messageBoxDemo.ok).toBe('OK');
  });
});
