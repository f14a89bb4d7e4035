// Serves the framework-free example from the sources: `npx vite examples/vanilla` (or
// `npx vite --config examples/vanilla/vite.config.ts`). `exkit` and `exkit/machines` resolve to core/ and machines/.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const packageRoot = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^exkit$/, replacement: resolve(packageRoot, 'core/index.ts') },
      { find: /^exkit\/machines$/, replacement: resolve(packageRoot, 'machines/index.ts') },
    ],
  },
  server: { fs: { allow: [packageRoot] } },
});
