// What `npm pack` puts in the tarball (issue 22): the licence, declarations that need no dev dependency,
// source maps that carry their sources, docs whose links resolve inside the package, and React left to
// optional peers. Reads `npm pack --dry-run` and the built dist/ it lists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedFiles, root } from './packed.js';

interface Manifest {
  license: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

let files: string[] = [];
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'core', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  files = await packedFiles();
}, 60_000);

/** The package name of a bare import specifier ('@scope/name/sub' → '@scope/name'). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Bare specifiers a module or declaration file imports (static, dynamic and `import('x')` types). */
function bareImports(text: string): string[] {
  const pattern =
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  const found = [...text.matchAll(pattern)].map((m) => (m[1] ?? m[2] ?? m[3])!);
  return found.filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
}

/** Whether an installed package carries its own declarations. */
function shipsTypes(name: string): boolean {
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: unknown };
  return Boolean(pkg.types ?? pkg.typings) || JSON.stringify(pkg.exports ?? {}).includes('"types"') || existsSync(join(dir, 'index.d.ts'));
}

describe('the tarball', () => {
  it('ships the MIT licence with the project copyright line, the README and package.json', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/core/index.js',
        'dist/core/index.d.ts',
        'dist/node/index.js',
        'dist/styles.css',
        'docs/recipes/login-core.md',
      ]),
    );
    expect(manifest.license).toBe('MIT');
    const licence = read('LICENSE');
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The exkit authors\n/);
    expect(licence).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('ships no sources, tests or generated API site: only dist/, the guides and the licence', () => {
    const outside = files.filter((f) => !f.startsWith('dist/') && !/^docs\/((machines|recipes)\/)?[^/]+\.md$/.test(f));
    expect(outside.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    expect(files.filter((f) => /\.test\.|^dist\/(test|bench|scripts|examples)\//.test(f))).toEqual([]);
  });

  // No maps (README, "Install"): dist/ is tsc's unminified ES2022 output with its comments, the TypeScript
  // less its types, so a stack trace into it reads as it is; maps with their sources would double the size.
  it('ships no source maps or declaration maps that would point at unshipped .ts files', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(100);
    expect(js.filter((f) => read(f).includes('sourceMappingURL'))).toEqual([]);
  });

  // A peer's types are the app's to install with it (React's are @types/react); a dependency's must come with it.
  it('declarations import only dependencies that ship their own types (no @types dev dependency), or peers', () => {
    const allowed = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const problems: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.d.ts'))) {
      for (const name of new Set(bareImports(read(file)).map(packageOf))) {
        if (!allowed.has(name)) problems.push(`${file}: ${name} is not a dependency or peer`);
        else if (name in manifest.dependencies && !shipsTypes(name)) problems.push(`${file}: ${name} has no types of its own`);
      }
    }
    expect(problems).toEqual([]);
    // The check can fail: node-forge is a dependency whose types live in a dev dependency.
    expect(shipsTypes('node-forge')).toBe(false);
  });

  it('React, react-dom and @xstate/react are optional peers, and the React bindings import @xstate/react', () => {
    for (const name of ['react', 'react-dom', '@xstate/react']) {
      expect(manifest.peerDependencies[name], name).toBeDefined();
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
      expect(manifest.dependencies[name], name).toBeUndefined();
    }
    // Every binding of the hooks goes through @xstate/react: no copy of its hooks ships in dist/react.
    const xstateReact = files
      .filter((f) => /^dist\/react\/.*\.js$/.test(f))
      .filter((f) => bareImports(read(f)).some((s) => packageOf(s) === '@xstate/react'));
    expect(xstateReact).toEqual(
      expect.arrayContaining(['dist/react/use-button.js', 'dist/react/use-dialog.js', 'dist/react/hydration.js']),
    );
    expect(files.filter((f) => /use-(actor-selector|owned-actor)/.test(f))).toEqual([]);
    const reactImports = files
      .filter((f) => /^dist\/(core|machines)\/.*\.(js|d\.ts)$/.test(f))
      .filter((f) => bareImports(read(f)).some((s) => ['react', 'react-dom', '@xstate/react'].includes(packageOf(s))));
    expect(reactImports).toEqual([]);
    // The check can fail: the React bindings do import them.
    expect(
      bareImports(read('dist/react/index.d.ts'))
        .concat(bareImports(read('dist/react/provider.js')))
        .map(packageOf),
    ).toContain('react');
  });

  it('no shipped module loads node-forge eagerly: only a dynamic import() in the RSA engine', () => {
    const eager = files
      .filter((f) => f.endsWith('.js'))
      .filter((f) => /\bfrom\s*['"]node-forge['"]|\bimport\s+['"]node-forge['"]/.test(read(f)));
    expect(eager).toEqual([]);
    expect(read('dist/core/security/rsa-engine.js')).toMatch(/import\(['"]node-forge['"]\)/);
  });

  it('every relative link in the shipped README and guides resolves to a shipped file', () => {
    const shipped = new Set(files);
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const prose = read(file)
        .replace(/^(```|~~~)[\s\S]*?^\1/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
        const path = posix.normalize(posix.join(dirname(file), decodeURI(target!.replace(/[#?].*$/, ''))));
        if (!shipped.has(path)) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
