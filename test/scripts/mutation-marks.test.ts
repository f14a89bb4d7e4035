// Marks that exclude mutants from the score (`// Stryker disable …`) stay narrow and explained: each names the
// mutators it means (never `all`), covers one line (`next-line`) or a block closed by a matching restore a few
// lines on, and says why the mutants it hides are equivalent. A wide mark hides mutants the tests would kill.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceModules } from '../../scripts/mutation.js';

const root = resolve(import.meta.dirname, '../..');

/** StrykerJS's JavaScript mutators (https://stryker-mutator.io/docs/mutation-testing-elements/supported-mutators/). */
const MUTATORS = new Set([
  'ArithmeticOperator',
  'ArrayDeclaration',
  'ArrowFunction',
  'AssignmentOperator',
  'BlockStatement',
  'BooleanLiteral',
  'ConditionalExpression',
  'EqualityOperator',
  'LogicalOperator',
  'MethodExpression',
  'ObjectLiteral',
  'OptionalChaining',
  'Regex',
  'StringLiteral',
  'UnaryOperator',
  'UpdateOperator',
]);

/** A block may stay open this many lines before its restore: longer blocks are to be split into line marks. */
const MAX_BLOCK_LINES = 12;

interface Mark {
  at: string;
  line: number;
  text: string;
}

/** Every problem with the marks of one source text; `at` names the file in the messages. */
export function markProblems(at: string, source: string): string[] {
  const lines = source.split('\n');
  const problems: string[] = [];
  const marks: Mark[] = [];
  lines.forEach((text, index) => {
    if (/Stryker\s+disable/i.test(text)) marks.push({ at, line: index + 1, text: text.trim() });
  });
  for (const mark of marks) {
    const where = `${mark.at}:${mark.line}`;
    const parsed = /\/\/ Stryker disable (next-line )?([A-Za-z,]+): (.*)$/.exec(mark.text);
    if (!parsed) {
      problems.push(`${where}: not of the form "// Stryker disable [next-line] Mutator[,Mutator]: reason"`);
      continue;
    }
    const [, nextLine, names, reason] = parsed as unknown as [string, string | undefined, string, string];
    for (const name of names.split(',')) if (!MUTATORS.has(name)) problems.push(`${where}: "${name}" is not one mutator`);
    if (reason.trim().length < 12) problems.push(`${where}: the reason is missing or too short`);
    if (nextLine) continue;
    const restore = lines.findIndex((text, index) => index >= mark.line && text.includes(`Stryker restore ${names}`));
    if (restore === -1) problems.push(`${where}: a block mark without "Stryker restore ${names}"`);
    else if (restore + 1 - mark.line > MAX_BLOCK_LINES) problems.push(`${where}: a block mark over ${MAX_BLOCK_LINES} lines`);
  }
  return problems;
}

describe('mutation marks', () => {
  it('every mark in core/, machines/ and react/ names its mutators, its line or short block, and its reason', () => {
    const problems = sourceModules().flatMap((file) => markProblems(file, readFileSync(resolve(root, file), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('a mark of every mutator, one without a reason, and an open block are each refused', () => {
    const lines = [
      '// Stryker disable all: hides everything on the line below',
      '// Stryker disable next-line StringLiteral:',
      '// Stryker disable next-line Strings: a name Stryker does not have',
      '// Stryker disable EqualityOperator: a block that is never restored',
      '// Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; the loop below gives the same',
    ];
    expect(markProblems('f.ts', lines.join('\n'))).toEqual([
      'f.ts:1: "all" is not one mutator',
      'f.ts:1: a block mark without "Stryker restore all"',
      'f.ts:2: not of the form "// Stryker disable [next-line] Mutator[,Mutator]: reason"',
      'f.ts:3: "Strings" is not one mutator',
      'f.ts:4: a block mark without "Stryker restore EqualityOperator"',
    ]);
    const long = ['// Stryker disable Regex: a block of fourteen lines', ...Array(13).fill('x'), '// Stryker restore Regex'];
    expect(markProblems('g.ts', long.join('\n'))).toEqual(['g.ts:1: a block mark over 12 lines']);
  });
});
