// Vite config of the example exchange shell. `exkit`, `exkit/machines` and `exkit/react` resolve through
// the package's own `exports` map to the built `dist/` (run `npm run build` first; `npm start` does),
// so the app sees exactly what a user of the published package sees.
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
function exportAliases(): Alias[] {
  const pkg = JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as PackageJson;
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'string' ? target : target.import;
    if (!file || !file.endsWith('.js')) return [];
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`;
    return [{ find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`), replacement: resolve(packageRoot, file) }];
  });
}

export default defineConfig({
  root: appRoot,
  base: '/',
  logLevel: 'warn',
  esbuild: { jsx: 'automatic' },
  resolve: { alias: exportAliases(), dedupe: ['react', 'react-dom', 'xstate', '@xstate/react'] },
  server: { fs: { allow: [packageRoot] } },
  build: { outDir: resolve(appRoot, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
