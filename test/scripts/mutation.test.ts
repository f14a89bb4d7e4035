// scripts/mutation.ts: the summary it keeps of a Stryker report, and the areas it mutates.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, summarise, type AreaSummary } from '../../scripts/mutation.js';

const root = resolve(import.meta.dirname, '../..');

const mutant = (status: string, line: number, extra: { replacement?: string; statusReason?: string } = {}) => ({
  id: `${status}-${line}`,
  mutatorName: 'ConditionalExpression',
  status,
  location: { start: { line, column: 1 } },
  ...extra,
});

describe('summarise: a Stryker report as the kept summary', () => {
  const report = {
    files: {
      'core/z.ts': { mutants: [mutant('Killed', 1), mutant('Survived', 2, { replacement: 'true' })] },
      'core/a.ts': {
        mutants: [
          mutant('Killed', 3),
          mutant('Timeout', 4),
          mutant('NoCoverage', 5, { replacement: '{}' }),
          mutant('Ignored', 6, { statusReason: 'a cache: the same value either way' }),
          mutant('CompileError', 7),
        ],
      },
    },
  };
  const summary = summarise('area', report, 'abc1234', '2026-11-27');

  it('the score is killed and timed-out mutants over those plus survivors and uncovered ones, to one decimal', () => {
    // Killed 2 + timeout 1 of 3 + 1 survived + 1 not covered.
    expect(summary.score).toBe(60);
    expect(summary.files.map((f) => [f.path, f.score])).toEqual([
      ['core/a.ts', 66.7],
      ['core/z.ts', 50],
    ]);
  });

  it('counts each status per file; ignored and compile errors do not count towards the score', () => {
    expect(summary.files[0]).toEqual({ path: 'core/a.ts', score: 66.7, killed: 1, timeout: 1, survived: 0, noCoverage: 1, ignored: 1 });
  });

  it('keeps the equivalent mutants with their written reason, and the survivors with their replacement', () => {
    expect(summary.equivalent).toEqual([
      { path: 'core/a.ts', line: 6, mutator: 'ConditionalExpression', reason: 'a cache: the same value either way' },
    ]);
    expect(summary.survivors).toEqual([
      { path: 'core/a.ts', line: 5, mutator: 'ConditionalExpression', replacement: '{}' },
      { path: 'core/z.ts', line: 2, mutator: 'ConditionalExpression', replacement: 'true' },
    ]);
    expect([summary.area, summary.commit, summary.date]).toEqual(['area', 'abc1234', '2026-11-27']);
  });

  it('an area with nothing to score counts as 100 %', () => {
    const empty = summarise('none', { files: { 'core/x.ts': { mutants: [mutant('Ignored', 1)] } } }, 'c', 'd');
    expect(empty.score).toBe(100);
    expect(empty.files[0]!.score).toBe(100);
  });
});

/** The files an area's patterns name: plain paths, `dir/**\/*.ts` globs, and `!path` exclusions (the forms AREAS uses). */
function filesOf(patterns: readonly string[]): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    const glob = /^([\w/-]+)\/\*\*\/\*\.ts$/.exec(pattern);
    if (pattern.startsWith('!')) files.delete(pattern.slice(1));
    else if (glob) {
      for (const entry of readdirSync(resolve(root, glob[1]!), { recursive: true, encoding: 'utf8' }))
        if (entry.endsWith('.ts')) files.add(`${glob[1]}/${entry}`);
    } else {
      expect(pattern, 'a plain path, a dir/**/*.ts glob or a !path exclusion').toMatch(/^[\w/.-]+\.ts$/);
      files.add(pattern);
    }
  }
  return [...files].sort();
}

describe('the areas and their kept summaries', () => {
  it('every file an area mutates exists, and no file is in two areas', () => {
    const all = Object.values(AREAS).flatMap(filesOf);
    for (const path of all) expect(existsSync(resolve(root, path)), path).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(filesOf(AREAS.validate!)).not.toContain('core/validate/index.ts');
  });

  it('every kept summary belongs to an area and scores the files of that area', () => {
    const dir = resolve(root, 'docs/test-strength');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const summary = JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as AreaSummary;
      expect(name).toBe(`${summary.area}.json`);
      expect(AREAS[summary.area], summary.area).toBeDefined();
      expect(summary.files.map((f) => f.path).sort()).toEqual(filesOf(AREAS[summary.area]!));
    }
  });
});
