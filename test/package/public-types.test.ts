// The published declarations name no dependency's internals where we own the type (issue 23): the HTTP hook
// types are exkit's own, so a ky major that changes its hook signatures cannot change our public API.
// The declarations are emitted from tsconfig.build.json (what `npm run build` ships) into a temp folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
/** A whole-program declaration emit on a busy 2-core machine. */
const EMIT_TIMEOUT_MS = 300_000;

/** An import of the ky module in a declaration: `from 'ky'`, `import('ky')`, or a deep path under it. */
const KY_REFERENCE = /(?:from\s+|import\(\s*)['"]ky(?:\/[^'"]*)?['"]/;

let outDir = '';
const declarations = new Map<string, string>();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'exkit-dts-'));
  const args = [tsc, '-p', join(root, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', outDir];
  await promisify(execFile)(process.execPath, args, { cwd: root, timeout: EMIT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => {
      throw new Error(`the declaration emit failed:\n${error.stdout ?? ''}`, { cause: error });
    },
  );
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.d.ts')) declarations.set(file, readFileSync(join(outDir, file), 'utf8'));
  }
}, EMIT_TIMEOUT_MS);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the public declarations', () => {
  it('cover the three entry points', () => {
    expect([...declarations.keys()]).toEqual(
      expect.arrayContaining(['core/index.d.ts', 'machines/index.d.ts', 'react/index.d.ts', 'core/http/types.d.ts']),
    );
  });

  it('never import a type from ky: the hook types are our own', () => {
    const offenders = [...declarations].filter(([, text]) => KY_REFERENCE.test(text)).map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it('declare the hook lists with exkit hook types', () => {
    const types = declarations.get('core/http/types.d.ts')!;
    expect(types).toMatch(/beforeRequest\?: HttpBeforeRequestHook\[\]/);
    expect(types).toMatch(/afterResponse\?: HttpAfterResponseHook\[\]/);
  });
});
