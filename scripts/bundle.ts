// Bundles a snippet that imports from the built package, the way an app's bundler would, and measures it.
import { gzipSync } from 'node:zlib';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

export interface BundleMeasure {
  /** Minified bytes an app loads first: the entry chunk and the chunks it imports statically. */
  minified: number;
  /** Gzipped bytes of those chunks. */
  gzip: number;
  /** The npm packages in those chunks. */
  packages: string[];
  /** exkit's own modules in those chunks, without the extension ('core/ui/focus-trap'). */
  modules: string[];
  /** What the app loads only when a dynamic import() is reached (code-split chunks). */
  lazy: { gzip: number; packages: string[] };
}

/** Budgets for single named imports: a user who imports one function pays for that function. */
export const SINGLE_IMPORT_BUDGETS: ReadonlyArray<{ name: string; from: string; gzipBytes: number }> = [
  { name: 'compareVersions', from: 'exkit', gzipBytes: 1024 },
  { name: 'isVersionAtLeast', from: 'exkit', gzipBytes: 1024 },
  { name: 'isBase64', from: 'exkit', gzipBytes: 1024 },
  { name: 'assertClassName', from: 'exkit', gzipBytes: 1024 },
  { name: 'isMobileWidth', from: 'exkit', gzipBytes: 1024 },
  // 1.95 KB: the digits of every script (\p{Nd}), the decimal separator of each catalogue locale, unambiguous
  // grouping and the refusal with its reason and error class cost about 800 bytes over the 1.1 KB of the
  // strip-only version; writing out a number in exponent form about 130.
  { name: 'sanitizeAmount', from: 'exkit', gzipBytes: 2000 },
];

/** The entry of a React app that imports only the toast hook, bundled from the TypeScript sources. */
export const TOAST_HOOK_ENTRY = "export { useToast } from './react/index.js';";

/**
 * Budget (KB gzip, as `sourceGzipKb` measures) of that app: 21 KB with xstate, and @xstate/react when the entry
 * uses it, inside (only React is left out). It measures 20.15 KB, of which exkit's own code is 7.57 KB.
 */
export const TOAST_HOOK_GZIP_KB = 21;

/** The entry of an app that renders the toasts too (`<Toaster />`, through @xstate/react's useSelector). */
export const TOASTER_ENTRY = "export { useToast, useToaster, Toaster } from './react/index.js';";

/** Heavy dependencies that no single pure helper may drag in. */
export const HEAVY_PACKAGES = ['xstate', 'rxjs', 'node-forge', 'decimal.js', 'dompurify', 'ky', 'react', 'react-dom'];

/**
 * Bundles `source` (an ES module importing from 'exkit…') for the browser as an app's bundler does:
 * minified, code split at dynamic imports. Measures what loads first apart from what loads on demand.
 */
export async function measureBundle(source: string): Promise<BundleMeasure> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: resolve(root, 'test-results', 'bundle'),
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  // The app's own chunk: code-split chunks of dynamic imports carry an entryPoint too (their module's path).
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'app.ts')!;
  // The first load: the entry and, transitively, the chunks it imports statically.
  const eager = new Set<string>([entry]);
  for (const path of eager) {
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement' && imported.path in outputs) eager.add(imported.path);
  }
  const bytes = new Map(result.outputFiles.map((file) => [relative(root, file.path), file.contents]));
  const measure = (paths: string[]) => {
    const packages = new Set<string>();
    const modules = new Set<string>();
    let minified = 0;
    let gzip = 0;
    for (const path of paths) {
      const code = bytes.get(path)!;
      minified += code.byteLength;
      gzip += gzipSync(code, { level: 9 }).byteLength;
      // Count only inputs that left bytes in the output: esbuild parses more than tree shaking keeps.
      for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
        if (match && bytesInOutput > 0) packages.add(match[1]!);
        const own = match ? null : /^(?:dist\/)?((?:core|machines|react)\/.+)\.(?:js|tsx?)$/.exec(input);
        if (own && bytesInOutput > 0) modules.add(own[1]!);
      }
    }
    return { minified, gzip, packages: [...packages].sort(), modules: [...modules].sort() };
  };
  const first = measure([...eager]);
  const later = measure(Object.keys(outputs).filter((path) => !eager.has(path) && path.endsWith('.js')));
  return { ...first, lazy: { gzip: later.gzip, packages: later.packages.filter((p) => !first.packages.includes(p)) } };
}

/** What `sourceFigures` measures of an entry built from the sources: KB gzip (1 KB = 1000 bytes). */
export interface SourceFigures {
  /** The whole bundle, every package in it but React (xstate, @xstate/react… when the entry uses them). */
  gzipKb: number;
  /** exkit's own part: the same bundle with every package left out. */
  ownGzipKb: number;
  /** The packages inside the whole bundle. */
  packages: string[];
}

const sourceBuild = (contents: string, external: { packages?: 'external'; external?: string[] }) =>
  build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    treeShaking: true,
    metafile: true,
    ...external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });

/**
 * `contents`, an ES module importing exkit's TypeScript sources by relative path, bundled into one file for the
 * browser (minified, in production mode): its KB gzip (gzip's default level) with every package but React inside,
 * and exkit's own part beside it. The toast hook's figures in bench/ui.bench.ts and docs/bundle-size.md.
 */
export async function sourceFigures(contents: string): Promise<SourceFigures> {
  const whole = await sourceBuild(contents, { external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'] });
  const own = await sourceBuild(contents, { packages: 'external' });
  const kb = (out: typeof whole) => gzipSync(out.outputFiles[0]!.contents).length / 1000;
  const packages = new Set<string>();
  for (const output of Object.values(whole.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (match && bytesInOutput > 0) packages.add(match[1]!);
    }
  }
  return { gzipKb: kb(whole), ownGzipKb: kb(own), packages: [...packages].sort() };
}

/** KB gzip of `contents` with every package but React inside (`sourceFigures(contents).gzipKb`). */
export async function sourceGzipKb(contents: string): Promise<number> {
  return (await sourceFigures(contents)).gzipKb;
}
