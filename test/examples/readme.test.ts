// The README's example for each entry point type-checks against the package's published types (no `paths`:
// 'exkit' resolves through package.json `exports` to dist/), so the first code a newcomer reads is code that
// compiles; and the README cites no issue numbers or specification sections.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root, writeSnippets } from './snippets.js';
import type { Snippet } from './snippets.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.split(/^## /m).find((s) => s.startsWith('Four entry points')) ?? '';
const examples: Snippet[] = [...section.matchAll(/^### `([^`]+)`[^\n]*\n+```(ts|tsx)\n([\s\S]*?)^```$/gm)].map((m) => ({
  guide: `readme-${m[1]!.replace(/\W+/g, '-')}.md`,
  language: m[2] as 'ts' | 'tsx',
  code: m[3]!,
  output: undefined,
}));
const written = writeSnippets(examples);
afterAll(() => rmSync(written.dir, { recursive: true, force: true }));

describe('README', () => {
  it('has one short example (at most 20 lines) for each entry point', () => {
    expect(examples.map((e) => e.guide)).toEqual([
      'readme-exkit.md',
      'readme-exkit-machines.md',
      'readme-exkit-react.md',
      'readme-exkit-inspector.md',
    ]);
    for (const example of examples) expect(example.code.trimEnd().split('\n').length, example.guide).toBeLessThanOrEqual(20);
  });

  it('every entry-point example type-checks against the published types', async () => {
    const result = await promisify(execFile)(join(root, 'node_modules/.bin/tsc'), ['-p', join(written.dir, 'tsconfig.json')], {
      cwd: root,
    }).catch((error: { stdout: string }) => error);
    expect(result.stdout).toBe('');
  }, 90_000);

  it('cites no issue numbers and no specification sections', () => {
    expect(readme.match(/\bissues? #?\d+|§/gi)).toBeNull();
  });
});
