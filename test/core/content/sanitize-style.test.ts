import { describe, expect, it } from 'vitest';
import { sanitizeStyle } from '../../../core/content/index.js';

describe('sanitizeStyle (seed 001 §5 "unsafe style values removed")', () => {
  const rows: [string, string, string][] = [
    ['keeps plain allowed declarations', 'color: red; font-weight: bold', 'color: red; font-weight: bold'],
    ['normalises property case and spacing', 'COLOR:#F00;Text-Align :center', 'color: #F00; text-align: center'],
    ['keeps rgb() and calc()', 'color: rgb(1, 2, 3); width: calc(100% - 2px)', 'color: rgb(1, 2, 3); width: calc(100% - 2px)'],
    ['keeps quoted font families and !important', "font-family: 'PingFang SC', Arial; color: red !important", "font-family: 'PingFang SC', Arial; color: red !important"],
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
    for (const first of ['color: rgb(1, 2, 3) var(--long-custom-property)', 'font-family: Ünïcode rgb(1, 2, 3) var(--long-custom-property)']) {
      expect(sanitizeStyle(first)).toBe('');
      expect(sanitizeStyle('color: attr(t)')).toBe('');
      expect(sanitizeStyle('font-family: Ü attr(t)')).toBe('');
      expect(sanitizeStyle('color: rgb(1, 2, 3)')).toBe('color: rgb(1, 2, 3)');
    }
  });
});
