// scripts/mutation.ts: the summary it keeps of a Stryker report, and the areas it mutates.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AREAS,
  areaFiles,
  areaGaps,
  areaGapsOf,
  changedSinceMeasured,
  checkLoadFailures,
  isTeardown,
  LOAD_FAILURE_TEST,
  LoadFailureGuard,
  parsePattern,
  sourceModules,
  strykerPattern,
  summarise,
  type AreaSummary,
} from '../../scripts/mutation.js';

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

  it("lists an area's file that Stryker found nothing to mutate in, with no mutants, and keeps the score", () => {
    const withTables = summarise('area', report, 'abc1234', '2026-11-27', ['core/a.ts', 'core/tables.ts', 'core/z.ts']);
    expect(withTables.files.map((f) => f.path)).toEqual(['core/a.ts', 'core/tables.ts', 'core/z.ts']);
    expect(withTables.files[1]).toEqual({
      path: 'core/tables.ts',
      score: 100,
      killed: 0,
      timeout: 0,
      survived: 0,
      noCoverage: 0,
      ignored: 0,
    });
    expect(withTables.files[0]).toEqual(summary.files[0]);
    expect(withTables.score).toBe(summary.score);
  });
});

describe('the areas and their kept summaries', () => {
  it('every file an area mutates exists, and no file is in two areas', () => {
    const all = Object.values(AREAS).flatMap((patterns) => areaFiles(patterns));
    for (const path of all) expect(existsSync(resolve(root, path)), path).toBe(true);
    expect(areaGaps(all).inTwoAreas).toEqual([]);
    expect(areaFiles(AREAS.validate!)).not.toContain('core/validate/index.ts');
  });

  it('a line range names its file, and reaches Stryker with an open end closed at the largest line number', () => {
    expect(parsePattern('core/http/client.ts:1-294')).toEqual({ path: 'core/http/client.ts', lines: { first: 1, last: 294 } });
    expect(parsePattern('core/http/client.ts:532-')).toEqual({ path: 'core/http/client.ts', lines: { first: 532, last: Infinity } });
    expect(parsePattern('core/ui/*.ts')).toEqual({ path: 'core/ui/*.ts' });
    expect(areaFiles(['core/x.ts:10-20', 'core/y.ts'], [])).toEqual(['core/x.ts', 'core/y.ts']);
    expect(strykerPattern('core/x.ts:532-')).toBe(`core/x.ts:532-${Number.MAX_SAFE_INTEGER}`);
    expect(strykerPattern('core/x.ts:1-294')).toBe('core/x.ts:1-294');
    expect(strykerPattern('core/ui/*.ts')).toBe('core/ui/*.ts');
  });

  it('a file split into line ranges is held whole: a gap is unassigned, an overlap is in two areas', () => {
    const withRanges = (ranges: string[]) => {
      const areas = Object.fromEntries(ranges.map((range, i) => [`part-${i}`, [`core/x.ts:${range}`]]));
      return areaGapsOf(areas, ['core/x.ts']);
    };
    expect(withRanges(['1-10', '11-'])).toEqual({ unassigned: [], inTwoAreas: [] });
    expect(withRanges(['11-', '1-10'])).toEqual({ unassigned: [], inTwoAreas: [] });
    expect(withRanges(['1-10', '12-'])).toEqual({ unassigned: ['core/x.ts:11-11'], inTwoAreas: [] });
    expect(withRanges(['2-'])).toEqual({ unassigned: ['core/x.ts:1-1'], inTwoAreas: [] });
    expect(withRanges(['1-10', '11-20'])).toEqual({ unassigned: ['core/x.ts:21-'], inTwoAreas: [] });
    expect(withRanges(['1-10', '8-'])).toEqual({ unassigned: [], inTwoAreas: ['core/x.ts:8-10 (part-1 and the range before it)'] });
    // A whole-file pattern beside a range is two owners.
    expect(areaGapsOf({ a: ['core/x.ts'], b: ['core/x.ts:1-'] }, ['core/x.ts']).inTwoAreas).toEqual(['core/x.ts (a, b)']);
  });

  it('every module of core/, machines/ and react/ belongs to an area (index files only re-export)', () => {
    const modules = sourceModules();
    expect(modules).toContain('core/http/redirect.ts');
    expect(modules).toContain('react/provider.tsx');
    expect(modules).not.toContain('core/index.ts');
    expect(areaGaps(modules)).toEqual({ unassigned: [], inTwoAreas: [] });
  });

  it('a new module in no area, or a module in two, is reported', () => {
    const modules = [...sourceModules(), 'core/http/new-rule.ts', 'machines/new.machine.ts'];
    expect(areaGaps(modules).unassigned).toEqual(['core/http/new-rule.ts', 'machines/new.machine.ts']);
    // A file a one-folder pattern matches is claimed by that area, and by any other that names it too.
    expect(areaFiles(['core/ui/*.ts'], ['core/ui/a.ts', 'core/ui/deep/b.ts', 'core/uix/c.ts'])).toEqual(['core/ui/a.ts']);
    expect(areaFiles(['core/x/**/*.ts', '!core/x/b.ts'], ['core/x/a.ts', 'core/x/b.ts', 'core/x/d/c.ts'])).toEqual([
      'core/x/a.ts',
      'core/x/d/c.ts',
    ]);
    expect(areaFiles(['react/use-*.ts'], ['react/use-a.ts', 'react/user.ts', 'react/use-b.tsx'])).toEqual(['react/use-a.ts']);
  });

  it('every kept summary belongs to an area and scores the files of that area', () => {
    const dir = resolve(root, 'docs/test-strength');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const summary = JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as AreaSummary;
      expect(name).toBe(`${summary.area}.json`);
      expect(AREAS[summary.area], summary.area).toBeDefined();
      expect(summary.files.map((f) => f.path).sort()).toEqual(areaFiles(AREAS[summary.area]!));
    }
  });
});

describe('changedSinceMeasured: a summary whose code changed after its run is named', () => {
  /** Runs `body` in a new git repository (removed after); `commit` writes files, commits them and gives the short hash. */
  function inTempRepo(body: (dir: string, commit: (files: Record<string, string>) => string) => void): void {
    const dir = mkdtempSync(join(tmpdir(), 'exkit-stale-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' }).trim();
    try {
      git('init', '-q');
      body(dir, (files) => {
        for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
        git('add', '.');
        git('commit', '-qm', 'change');
        return git('rev-parse', '--short', 'HEAD');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('compares the files a summary scored at its commit with HEAD, and says when git cannot tell', () => {
    inTempRepo((dir, commit) => {
      const first = commit({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
      const measured = { area: 'a', commit: first, files: [{ path: 'a.ts' }] } as AreaSummary;
      expect(changedSinceMeasured(measured, dir)).toBe(false);
      commit({ 'b.ts': 'export const b = 2;\n' });
      expect(changedSinceMeasured(measured, dir)).toBe(false);
      commit({ 'a.ts': 'export const a = 2;\n' });
      expect(changedSinceMeasured(measured, dir)).toBe(true);
      expect(changedSinceMeasured({ ...measured, commit: '0000000' }, dir)).toBeUndefined();
    });
  });

  it('a line range is compared on its own lines: an edit outside that leaves them in place does not count, one that moves them does', () => {
    inTempRepo((dir, commit) => {
      const file = (lines: string[]) => ({ 'c.ts': `${lines.join('\n')}\n` });
      const first = commit(file(['// one', 'const a = 1;', 'const b = 2;', 'const c = 3;']));
      const measured = { area: 'c', commit: first, files: [{ path: 'c.ts' }] } as AreaSummary;
      const tail = ['c.ts:3-'];
      commit(file(['// one, reworded', 'const a = 10;', 'const b = 2;', 'const c = 3;']));
      expect(changedSinceMeasured(measured, dir, tail)).toBe(false);
      expect(changedSinceMeasured(measured, dir, ['c.ts:1-2'])).toBe(true);
      // Two ranges of one file: each is compared, so the changed one counts.
      expect(changedSinceMeasured(measured, dir, ['c.ts:3-3', 'c.ts:4-'])).toBe(false);
      expect(changedSinceMeasured(measured, dir, ['c.ts:4-', 'c.ts:2-2'])).toBe(true);
      expect(changedSinceMeasured(measured, dir, [])).toBe(true);
      commit(file(['// one', '// two', 'const a = 1;', 'const b = 2;', 'const c = 3;']));
      expect(changedSinceMeasured(measured, dir, tail)).toBe(true);
      expect(changedSinceMeasured({ ...measured, commit: '0000000' }, dir, tail)).toBeUndefined();
    });
  });
});

describe('a test file that fails to load kills the mutant, never lets it survive', () => {
  const report = (status: string) => ({ files: { 'core/a.ts': { mutants: [{ id: '7', status }] } } });
  const failure = { mode: 'mutant', mutant: '7', file: 'test/a.test.ts', message: 'table broken' };

  it('a load failure under a mutant the report counts killed is accepted, and its mutant listed', () => {
    expect(checkLoadFailures([failure, { ...failure, file: 'test/b.test.ts' }], report('Killed'))).toEqual(['7']);
    expect(checkLoadFailures([], report('Survived'))).toEqual([]);
  });

  it('a load failure under a mutant the report counts survived fails the run', () => {
    expect(() => checkLoadFailures([failure], report('Survived'))).toThrow(/under mutants 7, yet the report does not count them killed/);
  });

  it('a test file refused because its runner was closing (no mode known, Vite refusing the request) is not a failure', () => {
    const closing = { mode: 'unknown', file: 'test/a.test.ts', message: 'The server is being restarted or closed. Request is outdated' };
    expect(isTeardown(closing)).toBe(true);
    expect(checkLoadFailures([closing], report('Survived'))).toEqual([]);
    // With a mode known, or any other message, it is a failure as before.
    expect(isTeardown({ ...closing, mode: 'dry-run' })).toBe(false);
    expect(() => checkLoadFailures([{ ...closing, message: 'boom' }], report('Killed'))).toThrow('test/a.test.ts: boom');
  });

  it('a test file that fails to load with no mutant active (a broken test file) fails the run', () => {
    expect(() => checkLoadFailures([{ mode: 'dry-run', file: 'test/a.test.ts', message: 'boom' }], report('Killed'))).toThrow(
      'test files failed to load with no mutant active: test/a.test.ts: boom',
    );
  });

  it('the guard gives a file that failed to load one failed test carrying the error, as Stryker reads tests', async () => {
    const { createVitest } = await import('vitest/node');
    const dir = mkdtempSync(join(tmpdir(), 'exkit-load-guard-'));
    writeFileSync(join(dir, 'broken.test.ts'), "throw new Error('table broken');\n");
    writeFileSync(join(dir, 'fine.test.ts'), "import { expect, it } from 'vitest';\nit('passes', () => expect(1).toBe(1));\n");
    const log = join(dir, 'load.jsonl');
    process.env.EXKIT_MUTATION_LOAD_LOG = log;
    const vitest = await createVitest('test', { root: dir, watch: false, reporters: [new LoadFailureGuard()], include: ['*.test.ts'] });
    try {
      vitest.provide('mode' as never, 'mutant' as never);
      vitest.provide('activeMutant' as never, '12' as never);
      await vitest.start();
      const tests = Object.fromEntries(
        vitest.state
          .getFiles()
          .map((file) => [file.name, file.tasks.map((t) => [t.type, t.name, t.result?.state, t.result?.errors?.[0]?.message])]),
      );
      expect(tests).toEqual({
        'broken.test.ts': [['test', LOAD_FAILURE_TEST, 'fail', 'table broken']],
        'fine.test.ts': [['test', 'passes', 'pass', undefined]],
      });
      expect(
        readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown),
      ).toEqual([{ mode: 'mutant', mutant: '12', file: join(dir, 'broken.test.ts'), message: 'table broken' }]);
    } finally {
      delete process.env.EXKIT_MUTATION_LOAD_LOG;
      await vitest.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
