// Grapheme counting for the prompt's maxLength: Intl.Segmenter where the host has it, code points where not.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphemeCount, graphemes, truncateGraphemes } from '../../../core/content/graphemes.js';
import { inputClasses } from '../../support/input-classes.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('graphemes', () => {
  it('an emoji with a skin tone, a flag, a family and a letter with a combining accent are one each', () => {
    expect(graphemes('👍🏽🇯🇵👨‍👩‍👧e\u0301a')).toEqual(['👍🏽', '🇯🇵', '👨‍👩‍👧', 'e\u0301', 'a']);
    expect(graphemeCount('')).toBe(0);
    expect(graphemeCount('12345678')).toBe(8);
  });

  it('truncateGraphemes cuts between graphemes and leaves a short text as it is', () => {
    expect(truncateGraphemes('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 2)).toBe('👨‍👩‍👧👨‍👩‍👧');
    expect(truncateGraphemes('abc', 3)).toBe('abc');
    expect(truncateGraphemes('abc', 0)).toBe('');
  });

  it('a truncated text is a prefix of the text, at most max graphemes long, and joins back to the text', () => {
    const drawn = inputClasses<{ text: string; cut: string }>({
      'a text cut short': ({ text, cut }) => cut.length < text.length,
      'a text left whole': ({ text, cut }) => text !== '' && cut === text,
      'a cut after a grapheme of several code units': ({ text, cut }) =>
        cut.length < text.length && graphemes(cut).some((g) => g.length > 1),
    });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(20), (text, max) => {
        const cut = truncateGraphemes(text, max);
        drawn.see({ text, cut });
        expect(text.startsWith(cut)).toBe(true);
        expect(graphemeCount(cut)).toBe(Math.min(max, graphemeCount(text)));
        expect(graphemes(text).join('')).toBe(text);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });

  it("the count is always the segmenter's, the fast path for plain text included", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('a', 'é', 'ʰ', ' ', '\u00AD', '\u0301', '\u200D', '👍', '\r', '\n', '🇯', '🇵') }),
    );
    const drawn = inputClasses<string>({
      'plain ASCII (the fast path)': (t) => t !== '' && /^[\x20-\x7e]*$/.test(t),
      'a combining mark or joiner': (t) => /[\u0301\u200D]/.test(t),
      'a regional-indicator pair': (t) => /\u{1F1EF}\u{1F1F5}/u.test(t),
      'a CR LF pair': (t) => t.includes('\r\n'),
    });
    fc.assert(
      fc.property(text, (t) => {
        drawn.see(t);
        expect(graphemeCount(t)).toBe(Array.from(segmenter.segment(t)).length);
        expect(graphemes(t)).toEqual(Array.from(segmenter.segment(t), (s) => s.segment));
      }),
      { numRuns: 3000 },
    );
    drawn.expectEachDrawn(3);
  });

  it('without Intl.Segmenter, code points stand in: an emoji outside the BMP is still one, never half a pair', async () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    vi.resetModules();
    const fallback = await import('../../../core/content/graphemes.js');
    expect(fallback.graphemeCount('😀😀')).toBe(2);
    expect(fallback.truncateGraphemes('😀😀😀', 2)).toBe('😀😀');
    expect(fallback.graphemes('e\u0301')).toEqual(['e', '\u0301']);
  });

  it('a host with no Intl at all counts code points too, and does not throw', async () => {
    vi.stubGlobal('Intl', undefined);
    vi.resetModules();
    const fallback = await import('../../../core/content/graphemes.js');
    expect(fallback.graphemes('😀e\u0301')).toEqual(['😀', 'e', '\u0301']);
    expect(fallback.graphemeCount('👨‍👩‍👧')).toBe(5);
  });
});
