// CommonJS consumers (docs/server-rendering.md, "CommonJS"): Node 20.19+ loads the ES-module package with
// require(), and TypeScript models that only under `module: nodenext`; under `node16` a CommonJS file that
// imports exkit is an error (TS1479), which the docs tell users to meet with nodenext or an .mts file.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

beforeAll(() => {
  if (!existsSync(join(root, 'dist/node/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
});

describe('require() of exkit on Node', () => {
  it('require("exkit"), "exkit/machines" and "exkit/react" return the entry points, one class shared between them', async () => {
    // A -e script is CommonJS; run at the package root, `exkit` resolves as a self-reference through `exports`.
    const script = `
      const core = require('exkit');
      const machines = require('exkit/machines');
      const react = require('exkit/react');
      let sameClass = false;
      try { machines.createRiskTokenService(core.memoryPlatform(), { autoStart: 'no' }); } catch (e) { sameClass = e instanceof core.InvalidArgumentError; }
      console.log(JSON.stringify({
        order: core.compareVersions('2.8', '2.8.0'),
        machine: machines.buttonMachine.id,
        hook: typeof react.useToast,
        sameClass,
      }));`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({ order: 0, machine: 'button', hook: 'function', sameClass: true });
  });
});

/** The diagnostics of a CommonJS file (.cts at the package root) importing exkit, under a module setting. */
function checkCommonJsFile(module: ts.ModuleKind, moduleResolution: ts.ModuleResolutionKind): string[] {
  const probe = join(root, '__commonjs-probe__.cts');
  const source = "import { compareVersions } from 'exkit';\nexport const order: number = compareVersions('1', '2');\n";
  const options: ts.CompilerOptions = {
    module,
    moduleResolution,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probe ? source : readFile(file));
  host.fileExists = (file) => file === probe || fileExists(file);
  host.getSourceFile = (file, version, onError) =>
    file === probe ? ts.createSourceFile(file, source, version, true) : getSourceFile(file, version, onError);
  const program = ts.createProgram({ rootNames: [probe], options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code}`);
}

describe('TypeScript and a CommonJS file importing exkit', () => {
  it('module node16 refuses it (TS1479: an ES module cannot be required)', () => {
    expect(checkCommonJsFile(ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16)).toContain('TS1479');
  });

  it('module nodenext accepts it (TypeScript models require(esm) there)', () => {
    expect(checkCommonJsFile(ts.ModuleKind.NodeNext, ts.ModuleResolutionKind.NodeNext)).toEqual([]);
  }, 60_000);
});
