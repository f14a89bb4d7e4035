// Vite config of the example exchange shell. The dev server (`npm start`, the e2e tests) resolves `exkit`,
// `exkit/machines` and `exkit/react` to the package's TypeScript source, so it starts without building
// dist/ and shows edits at once. `vite build` resolves them through the package's `exports` map to the
// built dist/ (run `npm run build` first), so a production build sees what an npm user sees.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import type { Alias } from 'vite';

const appRoot = import.meta.dirname;
const packageRoot = resolve(appRoot, '../..');

interface PackageJson {
  name: string;
  exports: Record<string, string | { import?: string }>;
}

/** One exact alias per entry of the package's exports map (`.`, `./machines`, `./react`). */
function exportAliases(from: 'source' | 'dist'): Alias[] {
  const pkg = JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as PackageJson;
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.import;
    if (!file || !file.endsWith('.js')) return [];
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`;
    // dist/core/index.js is built from core/index.ts: the source twin of each entry.
    const replacement =
      from === 'dist' ? resolve(packageRoot, file) : resolve(packageRoot, file.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
    return [{ find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`), replacement }];
  });
}

export default defineConfig(({ command }) => ({
  root: appRoot,
  base: '/',
  logLevel: 'warn',
  // Outside node_modules (a shared folder in some checkouts): the pre-bundled dependencies, keyed by Vite
  // on the lockfile and this config, so a second start reuses them.
  cacheDir: resolve(packageRoot, '.vite/example-web'),
  esbuild: { jsx: 'automatic' },
  resolve: { alias: exportAliases(command === 'build' ? 'dist' : 'source'), dedupe: ['react', 'react-dom', 'xstate', '@xstate/react'] },
  // Warm-up: the dev server transforms the app's module graph as soon as it listens, while the visitor is still
  // opening the URL, instead of one request at a time on the first page load.
  server: { fs: { allow: [packageRoot] }, warmup: { clientFiles: ['./src/main.tsx'] } },
  build: { outDir: resolve(appRoot, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
}));
