import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64 } from '../../../core/validate/base64.js';
import { assertClassName } from '../../../core/validate/class-name.js';
import { InvalidClassNameError } from '../../../core/validate/errors.js';
import { isMobileWidth, MOBILE_BREAKPOINT_PX } from '../../../core/validate/layout.js';
import { escapeRegExp } from '../../../core/validate/reg-exp.js';
import { base64PaddingClasses, inputClasses } from '../../support/input-classes.js';

describe('isBase64 — spec §B5: the standard base64 pattern', () => {
  it('accepts everything a reference encoder (node Buffer) produces', () => {
    // Every padding: no '=', one and two.
    const drawn = base64PaddingClasses();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        drawn.see(bytes.length);
        expect(isBase64(Buffer.from(bytes).toString('base64'))).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it.each([
    ['TWFu', true],
    ['TWE=', true],
    ['TQ==', true],
    ['', true],
    ['TQ=', false], // bad padding length
    ['TQ', false], // unpadded
    ['TW=u', false], // padding in the middle
    ['TWFu\n', false],
    ['TW-_', false], // the URL-safe alphabet is not the standard one
    ['T===', false],
    ['A+/=', false], // non-canonical: the unused low bits of '/' are not zero (RFC 4648 §3.5)
    ['AB==', false], // non-canonical: 'B' leaves a set bit behind the single byte
    ['AQ==', true],
    ['AAE=', true],
  ])('isBase64(%j) is %s', (text, expected) => {
    expect(isBase64(text)).toBe(expected);
  });

  it.each([
    ['a number whose digits are base64 characters', 1234],
    ['null', null],
    ['undefined', undefined],
    ['an array of base64 text', ['TWFu']],
    ['an object whose text is base64', { toString: () => 'TWFu' }],
  ])('is false, never a throw, for %s', (_what, value) => {
    expect(isBase64(value as unknown as string)).toBe(false);
  });

  it('rejects any string that the reference decoder does not round-trip', () => {
    const drawn = inputClasses<string>({ 'refused, not base64': (text) => !isBase64(text), 'the empty string': (text) => text === '' });
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        drawn.see(text);
        if (isBase64(text)) expect(Buffer.from(text, 'base64').toString('base64'), text).toBe(text);
        else expect(Buffer.from(text, 'base64').toString('base64'), text).not.toBe(text);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });

  it('rejects any string that the reference decoder does not round-trip, over the base64 alphabet itself', () => {
    const unit = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/='.split(''));
    // Both verdicts must be drawn: strings the pattern accepts (checked against the decoder) and ones it refuses.
    const drawn = inputClasses<string>({ accepted: isBase64, refused: (text) => !isBase64(text) });
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (text) => {
        drawn.see(text);
        if (isBase64(text)) expect(Buffer.from(text, 'base64').toString('base64'), text).toBe(text);
        else expect(Buffer.from(text, 'base64').toString('base64'), text).not.toBe(text);
      }),
      { numRuns: 5000 },
    );
    drawn.expectEachDrawn(100);
  });
});

describe('assertClassName — spec §B5: class names containing spaces are rejected', () => {
  it.each(['btn', 'btn-primary', 'a_b', 'x1'])('accepts %j', (name) => {
    expect(assertClassName(name)).toBe(name);
  });

  it.each(['two words', ' lead', 'trail ', 'tab\there', 'line\nbreak', 'nbsp\u00a0x', 'em\u2003space', 'ideographic\u3000space', ''])(
    'rejects %j with InvalidClassNameError',
    (name) => {
      expect(() => assertClassName(name)).toThrow(InvalidClassNameError);
      expect(() => assertClassName(name)).toThrow(expect.objectContaining({ name: 'InvalidClassNameError', code: 'INVALID_ARGUMENT' }));
    },
  );
});

describe('isMobileWidth — spec §B9: mobile layout applies below 768 px', () => {
  it('has the seed breakpoint', () => expect(MOBILE_BREAKPOINT_PX).toBe(768));
  it.each([
    [767, true],
    [767.5, true],
    [768, false],
    [1024, false],
    [320, true],
  ])('isMobileWidth(%d) is %s', (px, expected) => expect(isMobileWidth(px)).toBe(expected));
});

describe('assertClassName names what it refused', () => {
  it.each([
    ['a name with a space', 'a b', 'Class name must be one non-empty token without spaces: "a b"'],
    ['the empty string', '', 'Class name must be one non-empty token without spaces: ""'],
    ['a number', 1, 'Class name must be one non-empty token without spaces: 1'],
    ['undefined', undefined, 'Class name must be one non-empty token without spaces: undefined'],
  ])('%s', (_what, name, message) => {
    expect(() => assertClassName(name as string)).toThrow(
      expect.objectContaining({
        name: 'InvalidClassNameError',
        code: 'INVALID_ARGUMENT',
        message,
        extra: { field: 'className', value: name },
      }),
    );
  });
});

describe('isMobileWidth takes numbers only', () => {
  it('compares with a given breakpoint', () => {
    expect(isMobileWidth(999, 1000)).toBe(true);
    expect(isMobileWidth(1000, 1000)).toBe(false);
  });

  it.each([
    ['px', () => isMobileWidth('767' as unknown as number), 'isMobileWidth: px must be a number, got "767"', '767'],
    ['breakpoint', () => isMobileWidth(767, null as unknown as number), 'isMobileWidth: breakpoint must be a number, got null', null],
  ])('refuses a %s that is not a number, naming it', (field, call, message, value) => {
    expect(call).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', message, extra: { field, value } }));
  });
});

describe('escapeRegExp: the text matches itself', () => {
  const special = '.*+?^${}()|[]\\-';
  it.each([...special])('escapes %j', (c) => {
    expect(escapeRegExp(c)).toBe(`\\${c}`);
    expect(new RegExp(`^${escapeRegExp(`a${c}b`)}$`).test(`a${c}b`)).toBe(true);
  });

  it('leaves other characters alone and escapes every occurrence', () => {
    expect(escapeRegExp('abc/ _=:')).toBe('abc/ _=:');
    expect(escapeRegExp('a.b.c')).toBe('a\\.b\\.c');
    expect(new RegExp(`^[${escapeRegExp('a-c')}]$`).test('b')).toBe(false);
  });

  it('property: any text, escaped, matches itself (fast-check)', () => {
    // Any text, and text made of the characters a pattern reads specially.
    const special = fc.string({ unit: fc.constantFrom(...'.*+?^${}()|[]\\/-a'), maxLength: 12 });
    const drawn = inputClasses<string>({
      'a special character': (text) => /[.*+?^${}()|[\]\\]/.test(text),
      'plain text': (text) => !/[.*+?^${}()|[\]\\]/.test(text),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), special), (text) => {
        drawn.see(text);
        expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(20);
  });
});
