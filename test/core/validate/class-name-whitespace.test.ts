import { describe, expect, it } from 'vitest';
import { assertClassName, InvalidClassNameError } from '../../../core/validate/index.js';

// Every code point Unicode calls white space, plus U+FEFF, which JavaScript's \s also counts.
const spaces: number[] = [];
for (let c = 0; c <= 0xffff; c++) if (/[\p{White_Space}\uFEFF]/u.test(String.fromCodePoint(c))) spaces.push(c);

describe('assertClassName (spec §S8 "class name must not contain a space"; issue 10 "any Unicode space")', () => {
  it('knows the full white-space set it is checked against', () => {
    expect(spaces).toContain(0x85);
    expect(spaces).toContain(0x3000);
    expect(spaces).toContain(0xfeff);
    expect(spaces.length).toBe(26);
  });

  it.each(spaces.map((c) => [`U+${c.toString(16).toUpperCase().padStart(4, '0')}`, c] as const))(
    'rejects a name containing %s',
    (_label, c) => {
      expect(() => assertClassName(`btn${String.fromCodePoint(c)}primary`)).toThrow(InvalidClassNameError);
    },
  );

  it('accepts a single token, including non-ASCII letters and a zero-width joiner', () => {
    expect(assertClassName('btn-primary')).toBe('btn-primary');
    expect(assertClassName('按钮')).toBe('按钮');
    expect(assertClassName('a\u200Db')).toBe('a\u200Db');
  });
});
