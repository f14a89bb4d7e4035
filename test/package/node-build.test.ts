// The build Node loads (scripts/build-node.ts): each entry point's `node` condition names one joined file under
// dist/node/, with the same exports as the per-module file bundlers read, one copy of each class across the
// entry points, and no React below exkit/react. Each probe runs in a fresh Node process, as a user's would.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_ENTRY_POINTS } from '../../scripts/build-node.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface ExportTarget {
  types: string;
  module: string;
  node: string;
  import: string;
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget | string> };
const entries = Object.entries(manifest.exports).filter((entry): entry is [string, ExportTarget] => typeof entry[1] === 'object');
const specifier = (name: string) => (name === '.' ? 'exkit' : `exkit/${name.slice(2)}`);

/** Runs module source in a fresh Node process at the package root and parses the JSON it prints. */
async function probe<T>(source: string): Promise<T> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', source], { cwd: root, timeout: 30_000 });
  return JSON.parse(stdout) as T;
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/node/index.js'))) throw new Error('dist/node/ is missing: run `npm run build` first');
});

describe('the Node build', () => {
  it('every entry point names its joined file under the node condition, before the import condition, and the file exists', () => {
    expect(entries.map(([name]) => name)).toEqual(['.', './machines', './react', './inspector']);
    for (const [name, target] of entries) {
      // The order of the keys is the order Node tries the conditions in. `module`, which bundlers set and Node does
      // not, comes first: a bundler building a server (Next.js, Vite SSR) takes the per-module files as its browser
      // build does, so a client component referenced from the server and one imported on the client are one module.
      expect(Object.keys(target), name).toEqual(['types', 'module', 'node', 'import']);
      expect(target.module, name).toBe(target.import);
      expect(target.node, name).toMatch(/^\.\/dist\/node\/[a-z]+\.js$/);
      expect(existsSync(join(root, target.node)), target.node).toBe(true);
    }
    // scripts/build-node.ts builds one file per entry point and joins the per-module file the import condition names.
    expect(entries.map(([, t]) => [t.node, t.import])).toEqual(
      Object.entries(NODE_ENTRY_POINTS).map(([file, from]) => [`./dist/node/${file}.js`, `./${from}`]),
    );
  });

  it('Node resolves each entry point to its joined file', async () => {
    const resolved = await probe<string[]>(
      `console.log(JSON.stringify(${JSON.stringify(entries.map(([name]) => specifier(name)))}.map((s) => import.meta.resolve(s))))`,
    );
    expect(resolved).toEqual(entries.map(([, t]) => new URL(t.node, `file://${root}/`).href));
  });

  it.each(entries)(
    '%s exports the same names, of the same kinds and with the same function and class names, from both builds',
    async (_name, target) => {
      const [joined, perModule] = await probe<Array<Record<string, string>>>(
        `const shape = (m) => Object.fromEntries(Object.keys(m).sort().map((k) => [k, typeof m[k] === 'function' ? 'function ' + m[k].name : typeof m[k]]));
       const [a, b] = await Promise.all([import(${JSON.stringify(join(root, target.node))}), import(${JSON.stringify(join(root, target.import))})]);
       console.log(JSON.stringify([shape(a), shape(b)]));`,
      );
      expect(Object.keys(joined!).length).toBeGreaterThan(5);
      expect(joined).toEqual(perModule);
    },
  );

  it('keeps one copy of each class across the entry points: an error from exkit/machines is an instance of exkit’s class', async () => {
    const result = await probe<Record<string, unknown>>(
      `const core = await import('exkit');
       const machines = await import('exkit/machines');
       const perModuleCore = await import(${JSON.stringify(join(root, 'dist/core/index.js'))});
       let error;
       try { machines.createRiskTokenService(core.memoryPlatform(), { intervalMs: -1 }); } catch (e) { error = e; }
       console.log(JSON.stringify({
         name: error?.name,
         code: error?.code,
         sameClass: error instanceof core.InvalidArgumentError,
         sameBase: error instanceof core.ExkitError,
         // The check can fail: the per-module build is another copy of the classes.
         otherCopy: error instanceof perModuleCore.InvalidArgumentError,
       }));`,
    );
    expect(result).toEqual({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      sameClass: true,
      sameBase: true,
      otherCopy: false,
    });
  });

  it('exkit and exkit/machines load no React: only the React entry points import it', () => {
    const bare = (file: string) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\bfrom\s*"([^".][^"]*)"|\bimport\s*"([^".][^"]*)"/g)].map((m) => m[1] ?? m[2]);
    const local = (file: string) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\bfrom\s*"(\.[^"]+)"|\bimport\s*"(\.[^"]+)"/g)].map((m) =>
        join(file, '..', (m[1] ?? m[2])!),
      );
    /** The files an entry loads, itself included, following relative imports. */
    const closure = (entry: string) => {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        local(file).forEach(visit);
      };
      visit(entry);
      return [...seen];
    };
    const reactIn = (entry: string) => closure(entry).filter((f) => bare(f).some((s) => /^react(-dom)?(\/|$)/.test(s!)));
    expect(reactIn('dist/node/index.js')).toEqual([]);
    expect(reactIn('dist/node/machines.js')).toEqual([]);
    // The check can fail: the React bindings do import it.
    expect(reactIn('dist/node/react.js')).toContain('dist/node/react.js');
  });
});
