import { describe, expect, it } from 'vitest';
import { sanitizeStyle } from '../../../core/content/index.js';

describe('sanitizeStyle (spec §S5 "unsafe style values removed")', () => {
  const rows: [string, string, string][] = [
    ['keeps plain allowed declarations', 'color: red; font-weight: bold', 'color: red; font-weight: bold'],
    ['normalises property case and spacing', 'COLOR:#F00;Text-Align :center', 'color: #F00; text-align: center'],
    ['keeps rgb() and calc()', 'color: rgb(1, 2, 3); width: calc(100% - 2px)', 'color: rgb(1, 2, 3); width: calc(100% - 2px)'],
    // docs/content-safety.md: `*` and `/` are comment characters and a bare bracket names no allowed function.
    ['drops a calc() that multiplies', 'width: calc(2 * 10px); color: red', 'color: red'],
    ['drops a calc() that divides', 'margin: calc(10px/2); color: red', 'color: red'],
    ['drops a calc() with a nested bare bracket', 'width: calc(100% - (2px + 3px)); color: red', 'color: red'],
    [
      'keeps quoted font families and !important',
      "font-family: 'PingFang SC', Arial; color: red !important",
      "font-family: 'PingFang SC', Arial; color: red !important",
    ],
    ['OWASP: expression()', 'width: expression(alert(1)); color: red', 'color: red'],
    ['OWASP: expression() split by a comment', 'width: expr/**/ession(alert(1))', ''],
    ['OWASP: expression() hidden by CSS escapes', 'width: \\65 xpression(alert(1))', ''],
    ['OWASP: url(javascript:)', 'background-color: url(javascript:alert(1))', ''],
    ['OWASP: background-image url()', 'background-image: url("javascript:alert(1)")', ''],
    ['IE behavior', 'behavior: url(xss.htc)', ''],
    ['Firefox -moz-binding', '-moz-binding: url(http://evil/xss.xml#xss)', ''],
    ['@import', '@import "http://evil/x.css"; color: red', 'color: red'],
    ['properties off the allow-list', 'position: fixed; z-index: 9999; top: 0', ''],
    ['unknown functions', 'width: var(--x); color: attr(title)', ''],
    ['a semicolon inside a string cannot smuggle in a second declaration', "font-family: 'x;position:fixed'", ''],
    ['an unbalanced quote drops the declaration', "font-family: 'abc", ''],
    ['angle brackets cannot close the attribute', 'color: red</style><script>', ''],
    ['empty', '', ''],
  ];
  it.each(rows)('%s', (_name, style, expected) => {
    expect(sanitizeStyle(style)).toBe(expected);
  });
});

describe('sanitizeStyle keeps no state between calls', () => {
  it('a refused function early in one value does not let a later value skip its own check', () => {
    for (const first of [
      'color: rgb(1, 2, 3) var(--long-custom-property)',
      'font-family: Ünïcode rgb(1, 2, 3) var(--long-custom-property)',
    ]) {
      expect(sanitizeStyle(first)).toBe('');
      expect(sanitizeStyle('color: attr(t)')).toBe('');
      expect(sanitizeStyle('font-family: Ü attr(t)')).toBe('');
      expect(sanitizeStyle('color: rgb(1, 2, 3)')).toBe('color: rgb(1, 2, 3)');
    }
  });
});

// The allow-list written out here, not read from the module: a property taken off it must fail a row.
const PROPERTIES = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'font-variant',
  'text-align',
  'text-decoration',
  'text-decoration-line',
  'text-decoration-color',
  'text-decoration-style',
  'text-indent',
  'text-transform',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'white-space',
  'word-break',
  'overflow-wrap',
  'vertical-align',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'width',
  'height',
  'max-width',
  'min-width',
  'float',
  'clear',
  'list-style-type',
  'list-style-position',
];

// A value each property takes as it is; properties not listed here take a small length (1px).
const PLAIN_VALUES: Record<string, string> = {
  color: 'red',
  'background-color': 'red',
  'font-size': '12px',
  'font-weight': 'bold',
  'font-style': 'italic',
  'font-family': 'Arial',
  'font-variant': 'small-caps',
  'text-align': 'center',
  'text-decoration': 'underline',
  'text-decoration-line': 'underline',
  'text-decoration-color': 'red',
  'text-decoration-style': 'dotted',
  'text-transform': 'uppercase',
  'white-space': 'nowrap',
  'word-break': 'break-all',
  'overflow-wrap': 'anywhere',
  'vertical-align': 'middle',
  'border-color': 'red',
  'border-style': 'solid',
  'border-collapse': 'collapse',
  float: 'left',
  clear: 'both',
  'list-style-type': 'disc',
  'list-style-position': 'inside',
};

describe('sanitizeStyle: the property and function allow-lists (spec §S5)', () => {
  it.each(PROPERTIES)('keeps %s with a plain value', (property) => {
    const value = PLAIN_VALUES[property] ?? '1px';
    expect(sanitizeStyle(`${property}: ${value}`)).toBe(`${property}: ${value}`);
    expect(sanitizeStyle(`${property.toUpperCase()} : ${value} `)).toBe(`${property}: ${value}`);
  });

  it.each([
    'position',
    'top',
    'z-index',
    'background',
    'background-image',
    'display',
    'content',
    'cursor',
    'max-height',
    'min-height',
    'list-style-image',
    'filter',
    'opacity',
    'transform',
  ])('drops %s, which is off the list', (property) => {
    expect(sanitizeStyle(`${property}: 1px`)).toBe('');
  });

  it('keeps the allowed function call calc(1px + 2px) where a length is due', () => {
    expect(sanitizeStyle('width: calc(1px + 2px)')).toBe('width: calc(1px + 2px)');
    expect(sanitizeStyle('width: CALC(1px + 2px) !important')).toBe('width: CALC(1px + 2px) !important');
  });

  it.each(['rgb(1, 2, 3)', 'rgba(1, 2, 3, 0.5)', 'hsl(1, 2%, 3%)', 'hsla(1, 2%, 3%, 0.5)', 'RGB(1, 2, 3)'])(
    'keeps the allowed function call %s, in an ASCII value and in one with non-ASCII letters',
    (call) => {
      expect(sanitizeStyle(`color: ${call}`)).toBe(`color: ${call}`);
      expect(sanitizeStyle(`font-family: Ü ${call}`)).toBe(`font-family: Ü ${call}`);
    },
  );

  it.each(['var(--x)', 'url(x.png)', 'expression(1)', 'attr(t)', 'image-set(1)', 'env(x)', 'rgb (1, 2, 3) url (x)', 'x-y_z(1)', '(1)'])(
    'drops a value calling %s, in an ASCII value and in one with non-ASCII letters',
    (call) => {
      expect(sanitizeStyle(`color: ${call}`)).toBe('');
      expect(sanitizeStyle(`font-family: Ü ${call}`)).toBe('');
      expect(sanitizeStyle(`font-family: Ü ${call}; color: red`)).toBe('color: red');
    },
  );

  it.each(['\\', '/', '*', ':', '<', '>', '&', '@', '{', '}', '[', ']', '=', '`', '$', '^', '|', '~', '?', '\u0000'])(
    'drops a value holding %j (escapes, comments, markup and at-rules start there)',
    (character) => {
      expect(sanitizeStyle(`color: red${character}`)).toBe('');
      expect(sanitizeStyle(`font-family: Ü${character}`)).toBe('');
    },
  );

  it('keeps values made of letters, digits, spaces and the plain punctuation, in any script', () => {
    const ascii = `font-family: "A b", 'C', "10%", d-e+f 10 #fff 1.5 !important`;
    expect(sanitizeStyle(ascii)).toBe(ascii);
    expect(sanitizeStyle('font-family: 微软雅黑, Ünï٣\u00a0x')).toBe('font-family: 微软雅黑, Ünï٣\u00a0x');
    expect(sanitizeStyle('color:\tred\n')).toBe('color: red');
    expect(sanitizeStyle('color: re\fd')).toBe('color: re\fd');
    expect(sanitizeStyle('color: r\re\nd')).toBe('color: r\re\nd');
  });

  it('drops a declaration with an empty value or without a colon, and keeps the rest', () => {
    expect(sanitizeStyle('color: ; width: 1px')).toBe('width: 1px');
    expect(sanitizeStyle('color red; width: 1px;')).toBe('width: 1px');
    expect(sanitizeStyle(':red; width: 1px')).toBe('width: 1px');
  });

  it('splits declarations only at a semicolon outside brackets and quotes', () => {
    expect(sanitizeStyle('color: rgb(1;2); width: 1px')).toBe('width: 1px');
    // A stray closing bracket ends nothing: the declaration is split off, then dropped (CSS reads no value there).
    expect(sanitizeStyle('color: red); width: 1px')).toBe('width: 1px');
    expect(sanitizeStyle(`font-family: "a;b"; width: 1px`)).toBe('width: 1px');
    expect(sanitizeStyle(`font-family: "it's"; width: 1px`)).toBe('width: 1px');
    expect(sanitizeStyle(`font-family: 'say "hi"'; width: 1px`)).toBe(`font-family: 'say "hi"'; width: 1px`);
  });

  it('drops a value whose quotes do not pair up, double or single', () => {
    expect(sanitizeStyle('font-family: "a')).toBe('');
    expect(sanitizeStyle("font-family: 'a")).toBe('');
    expect(sanitizeStyle(`font-family: "a" "b"`)).toBe(`font-family: "a" "b"`);
    expect(sanitizeStyle(`font-family: 'a' 'b'`)).toBe(`font-family: 'a' 'b'`);
    // One quote of the other kind inside a string is refused too: each kind must pair up on its own.
    expect(sanitizeStyle(`font-family: 'a"b'; width: 1px`)).toBe('width: 1px');
    expect(sanitizeStyle(`font-family: "a'b"; width: 1px`)).toBe('width: 1px');
  });

  it('reads a non-string style as its text, and refuses one whose text cannot be read', () => {
    expect(sanitizeStyle({ toString: () => 'color: red' } as unknown as string)).toBe('color: red');
    const hostile = {
      toString(): string {
        throw new Error('boom');
      },
    };
    expect(() => sanitizeStyle(hostile as unknown as string)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'sanitizeStyle: style must be a string, got an object',
        extra: { field: 'style', value: hostile },
      }),
    );
  });
});

describe('sanitizeStyle: how declarations are split and functions read', () => {
  it('a bracket inside quotes does not hold the next declaration', () => {
    expect(sanitizeStyle('font-family: "("; width: 1px')).toBe('width: 1px');
    expect(sanitizeStyle("font-family: '('; width: 1px")).toBe('width: 1px');
  });

  it('an unclosed bracket holds the rest of the style in one declaration, at any depth', () => {
    expect(sanitizeStyle('color: calc((1px); width: 1px')).toBe('');
    expect(sanitizeStyle('color: rgb(1; width: 1px')).toBe('');
  });

  it('a declaration without a colon is dropped, even one that starts with an allowed property', () => {
    expect(sanitizeStyle('colorx; width: 1px')).toBe('width: 1px');
  });

  it('reads a function name across spaces before its bracket, and drops a bracket that no name holds', () => {
    // CSS reads `rgb (…)` as a word and a bare bracket, not as a call: the declaration goes.
    expect(sanitizeStyle('color: rgb (1, 2, 3)')).toBe('');
    expect(sanitizeStyle('font-family: Ü rgb\t(1, 2, 3)')).toBe('');
    expect(sanitizeStyle('color: #a url (x)')).toBe('');
  });
});
