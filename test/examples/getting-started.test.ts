// The getting-started guides' first examples compile against the built package's types (public names only)
// and the core and machines ones print what the guides say they print.
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstExample, root, writeSnippets } from './snippets.js';

const run = promisify(execFile);
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const snippets = ['getting-started-core.md', 'getting-started-machines.md', 'getting-started-react.md'].map(firstExample);
let written: { dir: string; files: string[] };

beforeAll(() => {
  for (const entry of ['dist/core/index.d.ts', 'dist/machines/index.d.ts', 'dist/react/index.d.ts']) {
    if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
  written = writeSnippets(snippets);
});
afterAll(() => rmSync(written.dir, { recursive: true, force: true }));

describe('getting-started guides', () => {
  it('every first example type-checks against the published types', async () => {
    const result = await run(bin('tsc'), ['-p', join(written.dir, 'tsconfig.json')], { cwd: root }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
  }, 60_000);

  it.each(snippets.filter((s) => s.language === 'ts').map((s) => [s.guide, s] as const))(
    '%s prints what it says',
    async (_guide, snippet) => {
      expect(snippet.output).toBeDefined();
      const file = written.files[snippets.indexOf(snippet)]!;
      const { stdout } = await run(bin('tsx'), ['--tsconfig', join(written.dir, 'tsconfig.json'), file], { cwd: root, timeout: 30_000 });
      expect(stdout.trim()).toBe(snippet.output!.trim());
    },
    40_000,
  );
});
