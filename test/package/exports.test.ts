// Imports the built package by its public names, so a broken `exports` map fails CI: the `import` half at
// run time, the `types` half with the TypeScript compiler resolving `exkit` through package.json (not the
// tsconfig `paths`, which point at the sources).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface ExportTarget {
  types?: string;
  import?: string;
}

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget | string> };
const entryPoints = Object.entries(packageJson.exports).filter((entry): entry is [string, ExportTarget] => typeof entry[1] === 'object');

// The probe sits at the package root, so `exkit` resolves as a self-reference through `exports`.
const PROBE = join(root, '__exports-types-probe__.ts');

// A consumer's view of the three entry points: named values and types, used so their types must be right.
const CONSUMER = `
import { compareVersions, memoryPlatform, type Platform } from 'exkit';
import { buttonMachine, toMermaid } from 'exkit/machines';
import { useButton, type UseButtonResult } from 'exkit/react';
import { createInspector, MachineInspector, type InspectedActor } from 'exkit/inspector';

const order: -1 | 0 | 1 = compareVersions('2.8', '2.8.0');
const platform: Platform = memoryPlatform();
const diagram: string = toMermaid(buttonMachine);
const hook: (onClick: () => void) => UseButtonResult = useButton;
const views: readonly InspectedActor[] = createInspector().views();
const inspector: typeof MachineInspector = MachineInspector;
export { order, platform, diagram, hook, views, inspector };
`;

// Each resolution mode a consumer may use; both must read the `types` condition of `exports`.
const MODES: Record<string, ts.CompilerOptions> = {
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
  node16: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
};

// Parsed declaration files are shared between the programs, so the second mode costs little.
const sourceCache = new Map<string, ts.SourceFile | undefined>();

function typeCheck(source: string, mode: ts.CompilerOptions) {
  const options: ts.CompilerOptions = {
    ...mode,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === PROBE ? source : readFile(file));
  host.fileExists = (file) => file === PROBE || fileExists(file);
  host.getSourceFile = (file, languageVersion, onError) => {
    if (file === PROBE) return ts.createSourceFile(file, source, languageVersion, true);
    if (!sourceCache.has(file)) sourceCache.set(file, getSourceFile(file, languageVersion, onError));
    return sourceCache.get(file);
  };
  const program = ts.createProgram({ rootNames: [PROBE], options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const files = program.getSourceFiles().map((f) => f.fileName);
  return { diagnostics, files };
}

describe('package exports', () => {
  it('exkit resolves to the built core', async () => {
    const core = await import('exkit');
    expect(core.compareVersions('2.8', '2.8.0')).toBe(0);
    expect(typeof core.memoryPlatform).toBe('function');
  });

  it('exkit/machines resolves to the built machines', async () => {
    const machines = await import('exkit/machines');
    expect(machines.buttonMachine.id).toBe('button');
    expect(machines.toMermaid(machines.buttonMachine)).toMatch(/^stateDiagram-v2/);
  });

  it('exkit/react resolves to the built hooks', async () => {
    const react = await import('exkit/react');
    expect(typeof react.useButton).toBe('function');
  });

  it('exkit/inspector resolves to the built inspector', async () => {
    const inspector = await import('exkit/inspector');
    expect(typeof inspector.MachineInspector).toBe('function');
    expect(inspector.createInspector().views()).toEqual([]);
  });

  it('the built entry points are plain JavaScript under dist/: Node takes the joined build (test/package/node-build.test.ts)', async () => {
    const url = import.meta.resolve('exkit');
    expect(url).toMatch(/\/dist\/node\/index\.js$/);
  });
});

describe('package exports: types', () => {
  it('every entry point names a types file and an import file', () => {
    expect(entryPoints.map(([name]) => name)).toEqual(['.', './machines', './react', './inspector']);
    for (const [, target] of entryPoints) {
      expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/);
      expect(target.import).toMatch(/^\.\/dist\/.+\.js$/);
    }
  });

  it.each(entryPoints)('exports[%j].types exists in dist/ after the build', (_name, target) => {
    expect(existsSync(join(root, target.types!)), target.types).toBe(true);
  });

  it.each(Object.keys(MODES))(
    'a consumer resolving exkit, exkit/machines and exkit/react with moduleResolution %s type-checks named imports against dist/',
    (mode) => {
      const { diagnostics, files } = typeCheck(CONSUMER, MODES[mode]!);
      expect(diagnostics).toEqual([]);
      for (const [, target] of entryPoints) expect(files).toContain(join(root, target.types!));
      // Resolved through `exports`, not through the tsconfig paths into the sources.
      expect(files.filter((f) => f.startsWith(root) && !f.startsWith(join(root, 'dist')) && !f.includes('node_modules'))).toEqual([PROBE]);
    },
  );

  it('the type check can fail: a name the package does not export and a wrong type are reported', () => {
    const { diagnostics } = typeCheck(
      `import { notExported } from 'exkit';\nimport { toMermaid } from 'exkit/machines';\nconst n: number = toMermaid;\nexport { notExported, n };\n`,
      MODES.bundler!,
    );
    expect(diagnostics.some((d) => d.includes("has no exported member 'notExported'"))).toBe(true);
    expect(diagnostics.some((d) => d.includes('is not assignable to type'))).toBe(true);
  });
});
