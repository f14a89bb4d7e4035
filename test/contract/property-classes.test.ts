// Every property test states what it covers: a test that runs a fast-check property counts the classes of input
// it draws (`inputClasses`, or `stateCoverage` for a machine's hostile runs) and asserts each was drawn. A new
// property without them fails here, so no generator can quietly stop reaching what its name promises.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The tests of a file, cut at each `it(` or `it.each(...)(` that opens a line: each with its name and text. */
function testsOf(source: string): { name: string; text: string }[] {
  return source
    .split(/\n\s*(?=it(?:\.each\([^\n]*\))?\()/)
    .slice(1)
    .map((text) => ({ name: /^it(?:\.each\([^\n]*\))?\((['"`])(.*?)\1/.exec(text.trim())?.[2] ?? text.trim().slice(0, 60), text }));
}

/**
 * Whether a test runs a fast-check property without counting what it draws: it neither asserts a count nor feeds
 * a counter (`.see(…)`) that a later test or hook of its file asserts.
 */
function countsNothing(text: string): boolean {
  const runsProperty = /fc\.(?:async)?[pP]roperty\(/.test(text);
  const counts = /\.see\(|\.expectEachDrawn\(|\.expectEachReached\(/.test(text);
  return runsProperty && !counts;
}

describe('every property test counts the classes of input it draws', () => {
  it('finds a property that counts nothing, and accepts one that counts', () => {
    const source = [
      "it('feeds a counter', () => {",
      '  fc.assert(fc.property(fc.nat(), (n) => drawn.see(n)));',
      '});',
      "it('counts', () => {",
      '  fc.assert(fc.property(fc.nat(), (n) => drawn.see(n)));',
      '  drawn.expectEachDrawn(5);',
      '});',
      "it('counts nothing', () => {",
      '  fc.assert(fc.property(fc.nat(), () => undefined));',
      '});',
      "it('runs no property', () => {",
      '  expect(1).toBe(1);',
      '});',
    ].join('\n');
    expect(
      testsOf(`\n${source}`)
        .filter((test) => countsNothing(test.text))
        .map((test) => test.name),
    ).toEqual(['counts nothing']);
  });

  it('holds for every test file', () => {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) => /\.test\.tsx?$/.test(path));
    const uncounted = files.flatMap((path) =>
      testsOf(readFileSync(join(root, path), 'utf8'))
        .filter((test) => countsNothing(test.text))
        .map((test) => `${path}: ${test.name}`),
    );
    // A file that feeds a counter asserts it somewhere: in the same test, a later one, or a hook.
    const unasserted = files.filter((path) => {
      const source = readFileSync(join(root, path), 'utf8');
      return /\.see\(/.test(source) && !/\.expectEachDrawn\(|\.expectEachReached\(/.test(source);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(uncounted).toEqual([]);
    expect(unasserted).toEqual([]);
  });
});
