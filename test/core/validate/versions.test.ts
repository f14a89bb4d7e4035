import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionAtLeast } from '../../../core/validate/versions.js';
import { InvalidArgumentError } from '../../../core/errors/exkit-error.js';
import { inputClasses } from '../../support/input-classes.js';

const version = fc.array(fc.nat({ max: 300 }), { minLength: 1, maxLength: 5 }).map((p) => p.join('.'));

describe('compareVersions — spec §B5: dotted numeric, missing parts count as 0', () => {
  it.each([
    ['2.8', '2.8.0', 0],
    ['2.8.0', '2.8', 0],
    ['2.9.0', '2.8.0', 1],
    ['2.56.0', '2.9.0', 1], // numeric, not lexical
    ['1.2.51', '2.56.0', -1],
    ['2.11.0', '2.11.0.1', -1],
    ['10', '9.99.99', 1],
    ['0', '0.0.0.0', 0],
  ])('compareVersions(%s, %s) is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it.each([['2.x'], [''], ['1..2'], ['v2.8'], ['2.8-beta'], ['-1.0'], ['1x2'], ['1.'], ['.1'], ['2.8 .1'], ['2 8'], [' ']])(
    'rejects %j with an InvalidArgumentError',
    (bad) => {
      const typed = expect.objectContaining({
        name: 'InvalidArgumentError',
        code: 'INVALID_ARGUMENT',
        message: `Not a dotted numeric version: ${JSON.stringify(bad)}`,
        extra: { field: 'version', value: bad },
      });
      expect(() => compareVersions(bad, '1.0')).toThrow(InvalidArgumentError);
      expect(() => compareVersions(bad, '1.0')).toThrow(typed);
      expect(() => compareVersions('1.0', bad)).toThrow(InvalidArgumentError);
      expect(() => compareVersions('1.0', bad)).toThrow(typed);
    },
  );

  it.each([
    ['a number', 2],
    ['null', null],
    ['undefined', undefined],
    ['an array', ['2', '8']],
  ])('rejects a version that is %s with InvalidArgumentError naming the version field', (described, bad) => {
    const typed = expect.objectContaining({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      message: `Not a dotted numeric version: ${described === 'a number' ? '2' : described}`,
      extra: { field: 'version', value: bad },
    });
    expect(() => compareVersions(bad as unknown as string, '1.0')).toThrow(typed);
    expect(() => compareVersions('1.0', bad as unknown as string)).toThrow(typed);
    expect(() => isVersionAtLeast(bad as unknown as string, '1.0')).toThrow(typed);
  });

  it('reads a version with surrounding white space as the version itself', () => {
    expect(compareVersions(' 2.8 ', '2.8.0')).toBe(0);
    expect(compareVersions('\t2.9\n', '2.8')).toBe(1);
    expect(compareVersions('2.7', '\u00a02.8\u3000')).toBe(-1);
    expect(isVersionAtLeast(' 2.56 ', '2.9')).toBe(true);
  });

  /** The order of a pair, each way, with equal pairs among them. */
  const orderClasses = () =>
    inputClasses<readonly [string, string]>({
      before: ([a, b]) => compareVersions(a, b) < 0,
      after: ([a, b]) => compareVersions(a, b) > 0,
      equal: ([a, b]) => compareVersions(a, b) === 0,
    });
  const pairs = fc.oneof(
    fc.tuple(version, version),
    version.map((v) => [v, `${v}.0`] as const),
  );

  it('is antisymmetric', () => {
    const drawn = orderClasses();
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        drawn.see([a, b]);
        expect(compareVersions(a, b) + compareVersions(b, a)).toBe(0);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(20);
  });

  it('is transitive', () => {
    // About one draw in six is a chain a ≤ b ≤ c, the case the rule speaks of.
    const drawn = inputClasses<boolean>({ 'a chain a ≤ b ≤ c': (chained) => chained, 'no chain': (chained) => !chained });
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const chained = compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0;
        drawn.see(chained);
        if (chained) expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(20);
  });

  it('"x" equals "x.0"', () => {
    const drawn = inputClasses<string>({
      'one part': (v) => !v.includes('.'),
      'several parts': (v) => v.includes('.'),
      'a part of several digits': (v) => /\d\d/.test(v),
    });
    fc.assert(
      fc.property(version, (v) => {
        drawn.see(v);
        expect([compareVersions(v, `${v}.0`), compareVersions(`${v}.0.0`, v)]).toEqual([0, 0]);
      }),
    );
    drawn.expectEachDrawn(3);
  });

  it('agrees with a reference comparison of zero-padded parts', () => {
    // Two versions drawn apart, and pairs built to be close: the same version, with zeros added, and with one part moved.
    const near = version.chain((a) =>
      fc.oneof(
        fc.constant([a, a] as const),
        fc.constant([a, `${a}.0`] as const),
        fc.tuple(fc.nat({ max: a.split('.').length - 1 }), fc.integer({ min: -12, max: 12 })).map(([at, by]) => {
          const parts = a.split('.').map(Number);
          parts[at] = Math.max(0, parts[at]! + by);
          return [a, parts.join('.')] as const;
        }),
      ),
    );
    const drawn = inputClasses<readonly [string, string]>({
      'equal texts': ([a, b]) => a === b,
      'equal, written with more parts': ([a, b]) => a !== b && compareVersions(a, b) === 0,
      'ordered otherwise than as text': ([a, b]) => a !== b && Math.sign(compareVersions(a, b)) !== Math.sign(a.localeCompare(b, 'en')),
      'first different in a later part': ([a, b]) => a.split('.')[0] === b.split('.')[0] && compareVersions(a, b) !== 0,
    });
    fc.assert(
      fc.property(fc.oneof(fc.tuple(version, version), near), ([a, b]) => {
        drawn.see([a, b]);
        const pad = (v: string) =>
          v
            .split('.')
            .concat(['0', '0', '0', '0', '0'])
            .slice(0, 5)
            .map((n) => n.padStart(4, '0'))
            .join('.');
        const expected = pad(a) < pad(b) ? -1 : pad(a) > pad(b) ? 1 : 0;
        expect(compareVersions(a, b), `${a} vs ${b}`).toBe(expected);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('isVersionAtLeast — spec §B5: a command runs only at or above its minimum version', () => {
  it.each([
    ['2.8.0', '2.8.0', true],
    ['2.7.9', '2.8.0', false],
    ['2.56', '2.56.0', true],
    ['3.0.0', '2.56.0', true],
  ])('isVersionAtLeast(%s, %s) is %s', (v, min, expected) => {
    expect(isVersionAtLeast(v, min)).toBe(expected);
  });
});
