// The build Node loads (for start-up cost): the four entry points of tsc's per-module output in dist/,
// joined by esbuild into one file each under dist/node/, their shared code in chunks. Node reads and links
// every module of an import graph one by one: the ~160 modules of the core took 135-190 ms of a cold
// `import('exkit')` here, the joined files 33-46 ms. Bundlers keep the per-module files (the `import`
// condition), which they tree-shake module by module. Dependencies stay imports (node-forge stays a
// dynamic one), so the package's one copy of each is shared with the app's.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

/** The `node` build's entry points: the name of the file under dist/node/ → tsc's output it joins. */
export const NODE_ENTRY_POINTS = {
  index: 'dist/core/index.js',
  machines: 'dist/machines/index.js',
  react: 'dist/react/index.js',
  inspector: 'dist/react/inspector/index.js',
} as const;

export async function buildNode(): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: NODE_ENTRY_POINTS,
    outdir: 'dist/node',
    // One copy of each module across the entry points: an error class of the core is the same class whether it
    // is reached through exkit or through exkit/machines.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // No keepNames: it wraps every named function in a __name() call, which runs each time a closure is made.
    // esbuild renames only on a clash between modules, which no exported name has (test/package/node-build.test.ts
    // compares every exported function's and class's name with the per-module build's).
    keepNames: false,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildNode();
