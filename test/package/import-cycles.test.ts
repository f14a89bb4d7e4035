// No two modules of the package import each other, directly or round a longer loop (type-only imports
// included): a loop makes load order matter and hides which of two files owns a shared type.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(root, folder, file));
}

/** Each source file's relative imports, resolved to source paths (a '.js' specifier names its '.ts' file). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .flatMap((name) => {
        const base = resolve(dirname(file), name).replace(/\.js$/, '');
        return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((candidate) => known.has(candidate)).slice(0, 1);
      });
    graph.set(file, targets);
  }
  return graph;
}

/** Every import loop, each written as the files round it from its first-found member back to itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('no import loops in core/, machines/ and react/ (issue 18 §5)', () => {
  it('the graph is read: known imports are found', () => {
    const graph = importGraph(sources('core'));
    expect(graph.get(join(root, 'core/http/errors.ts'))).toContain(join(root, 'core/http/request-context.ts'));
  });

  it('the loop finder finds a loop when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('no module reaches itself through its imports', () => {
    const graph = importGraph([...sources('core'), ...sources('machines'), ...sources('react')]);
    expect(cycles(graph).map((loop) => loop.map((file) => relative(root, file)).join(' → '))).toEqual([]);
  });
});
