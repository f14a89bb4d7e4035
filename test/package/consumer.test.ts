// The packed package in the apps a user writes (issue 22): `npm pack`, then the tarball installed into a
// Node-only app (no React anywhere) and into React 18 and React 19 apps. Each app is type-checked with
// `skipLibCheck: false` and strict options, the React ones are built with esbuild and run in Chromium, and
// the Node one runs the getting-started guides' scripts. Installs come from the npm registry into a cache
// under the temp dir (test/package/packed.ts), so only a machine's first run downloads.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.js';
import { firstExample } from '../examples/snippets.js';
import { INSTALL_TIMEOUT_MS, cleanEnv, installApp, installedVersion, packTarball, root, sh } from './packed.js';

const tsc = join(root, 'node_modules/typescript/bin/tsc');

// Strict options an integrator may turn on, beyond `strict`; the library's own declarations are checked too.
// Not exactOptionalPropertyTypes: xstate 5's own declarations (setup.d.ts) fail under it, whatever we ship.
const STRICT = {
  strict: true,
  skipLibCheck: false,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  isolatedModules: true,
  noEmit: true,
};

/** Type-checks an app with the repository's TypeScript; resolves to the diagnostics ('' when clean). */
async function typeCheck(appDir: string): Promise<string> {
  return sh(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json')], appDir).then(
    (stdout) => stdout.trim(),
    (error: Error) => error.message,
  );
}

let tarball: Awaited<ReturnType<typeof packTarball>>;
beforeAll(async () => {
  tarball = await packTarball();
}, INSTALL_TIMEOUT_MS);
afterAll(() => tarball?.remove());

describe('a Node-only app: exkit and exkit/machines with no React installed', () => {
  let app = '';
  const guides = ['getting-started-core.md', 'getting-started-machines.md'].map(firstExample);

  beforeAll(async () => {
    app = await installApp('node', { dependencies: { xstate: '^5.33.3' } }, tarball.path);
    for (const [index, snippet] of guides.entries()) writeFileSync(join(app, `guide-${index}.ts`), snippet.code);
    // Whether node-forge is loaded, read from the CommonJS cache (forge is CommonJS): after importing
    // exkit it must not be; after the forge engine's first use it must be.
    writeFileSync(
      join(app, 'forge-probe.ts'),
      `import { createRequire } from 'node:module';
const forgeLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/node-forge/'));
const exkit = await import('exkit');
await import('exkit/machines');
const afterImport = forgeLoaded();
const pair = await exkit.forgeEngine().generateKeyPair(512);
console.log(JSON.stringify({ afterImport, afterForgeUse: forgeLoaded(), publicKey: pair.publicKey.length > 0 }));
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        // DOM in lib: the declarations name DOM types (the core also runs in pages), as ky's and DOMPurify's do.
        compilerOptions: {
          ...STRICT,
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        include: ['*.ts'],
      }),
    );
  }, INSTALL_TIMEOUT_MS);

  it('installs no React, react-dom or @xstate/react (optional peers of exkit/react)', () => {
    expect(installedVersion(app, 'exkit')).toBe('0.1.0');
    expect(installedVersion(app, 'xstate')).toMatch(/^5\./);
    expect(installedVersion(app, 'react')).toBeUndefined();
    expect(installedVersion(app, 'react-dom')).toBeUndefined();
    expect(installedVersion(app, '@xstate/react')).toBeUndefined();
  });

  it('type-checks with skipLibCheck off and strict options (NodeNext resolution), with no error from the shipped declarations', async () => {
    expect(await typeCheck(app)).toBe('');
  }, 120_000);

  it.each(guides.map((g, index) => [g.guide, index] as const))(
    '%s: the first script prints what the guide says',
    async (guide, index) => {
      const snippet = guides[index]!;
      const { code } = await transform(snippet.code, { loader: 'ts', format: 'esm', target: 'es2022' });
      writeFileSync(join(app, `guide-${index}.mjs`), code);
      const stdout = await sh(process.execPath, [`guide-${index}.mjs`], app, cleanEnv, 30_000);
      expect(stdout.trim(), guide).toBe(snippet.output!.trim());
    },
    40_000,
  );

  it('exkit/styles.css resolves through the exports map to the stylesheet the build copied into dist/', async () => {
    writeFileSync(join(app, 'styles-probe.mjs'), "console.log(import.meta.resolve('exkit/styles.css'));\n");
    const resolved = (await sh(process.execPath, ['styles-probe.mjs'], app, cleanEnv, 30_000)).trim();
    expect(resolved).toBe(pathToFileURL(join(app, 'node_modules/exkit/dist/styles.css')).href);
    expect(readFileSync(fileURLToPath(resolved), 'utf8')).toBe(readFileSync(join(root, 'react/styles.css'), 'utf8'));
  }, 40_000);

  it('import("exkit") does not load node-forge; the forge engine loads it on first use', async () => {
    const { code } = await transform(readFileSync(join(app, 'forge-probe.ts'), 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' });
    writeFileSync(join(app, 'forge-probe.mjs'), code);
    const stdout = await sh(process.execPath, ['forge-probe.mjs'], app, cleanEnv, 60_000);
    expect(JSON.parse(stdout)).toEqual({ afterImport: false, afterForgeUse: true, publicKey: true });
  }, 70_000);
});

const REACT_APPS = [
  {
    major: 18,
    dependencies: {
      react: '^18.3.1',
      'react-dom': '^18.3.1',
      '@xstate/react': '^6.1.0',
      '@types/react': '^18.3.0',
      '@types/react-dom': '^18.3.0',
    },
  },
  {
    major: 19,
    dependencies: {
      react: '^19.0.0',
      'react-dom': '^19.0.0',
      '@xstate/react': '^6.1.0',
      '@types/react': '^19.0.0',
      '@types/react-dom': '^19.0.0',
    },
  },
];

describe.each(REACT_APPS)('a React $major app built on the packed package', ({ major, dependencies }) => {
  let app = '';
  let server: Server | undefined;

  beforeAll(async () => {
    app = await installApp(`react-${major}`, { dependencies }, tarball.path);
    // The React guide's first app, as the entry's import; main.tsx records which React it ran on.
    writeFileSync(join(app, 'guide.tsx'), firstExample('getting-started-react.md').code);
    writeFileSync(
      join(app, 'main.tsx'),
      `import { version } from 'react';\nimport './guide';\n\ndocument.documentElement.dataset['react'] = version;\n`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...STRICT,
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          types: [],
          verbatimModuleSyntax: true,
        },
        include: ['*.tsx'],
      }),
    );
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it(`installs React ${major} next to the package`, () => {
    expect(installedVersion(app, 'exkit')).toBe('0.1.0');
    expect(installedVersion(app, 'react')).toMatch(new RegExp(`^${major}\\.`));
    expect(installedVersion(app, '@types/react')).toMatch(new RegExp(`^${major}\\.`));
  });

  it('type-checks with skipLibCheck off and strict options (bundler resolution)', async () => {
    expect(await typeCheck(app)).toBe('');
  }, 120_000);

  it('builds for the browser and runs in Chromium: the guide app mounts, and clicking Save shows its toast', async () => {
    mkdirSync(join(app, 'dist'), { recursive: true });
    await build({
      entryPoints: [join(app, 'main.tsx')],
      absWorkingDir: app,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      outfile: join(app, 'dist', 'app.js'),
      logLevel: 'silent',
    });
    const files: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>exkit</title></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>',
      ],
      '/app.js': ['text/javascript', readFileSync(join(app, 'dist', 'app.js'), 'utf8')],
      '/favicon.ico': ['image/x-icon', ''],
    };
    server = createServer((request, response) => {
      const file = files[request.url ?? ''];
      response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' }).end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Messages' }).textContent()).toContain('Saved (en)');
      expect(await page.evaluate(() => document.documentElement.dataset['react'])).toMatch(new RegExp(`^${major}\\.`));
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
