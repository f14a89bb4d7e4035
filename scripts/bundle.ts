// Bundles a snippet that imports from the built package, the way an app's bundler would, and measures it.
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

export interface BundleMeasure {
  /** Minified bytes. */
  minified: number;
  /** Gzipped bytes of the minified bundle. */
  gzip: number;
  /** The npm packages that ended up in the bundle. */
  packages: string[];
}

/** Budgets for single named imports: a user who imports one function pays for that function. */
export const SINGLE_IMPORT_BUDGETS: ReadonlyArray<{ name: string; from: string; gzipBytes: number }> = [
  { name: 'compareVersions', from: 'exkit', gzipBytes: 1024 },
  { name: 'isVersionAtLeast', from: 'exkit', gzipBytes: 1024 },
  { name: 'isBase64', from: 'exkit', gzipBytes: 1024 },
  { name: 'assertClassName', from: 'exkit', gzipBytes: 1024 },
  { name: 'isMobileWidth', from: 'exkit', gzipBytes: 1024 },
  { name: 'sanitizeAmount', from: 'exkit', gzipBytes: 1024 },
];

/** Heavy dependencies that no single pure helper may drag in. */
export const HEAVY_PACKAGES = ['xstate', 'rxjs', 'node-forge', 'decimal.js', 'dompurify', 'ky', 'react', 'react-dom'];

/** Bundles `source` (an ES module importing from 'exkit…') for the browser, minified, and measures it. */
export async function measureBundle(source: string): Promise<BundleMeasure> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const packages = new Set<string>();
  // Count only inputs that left bytes in the output: esbuild parses more than tree shaking keeps.
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (match && bytesInOutput > 0) packages.add(match[1]!);
    }
  }
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, packages: [...packages].sort() };
}
