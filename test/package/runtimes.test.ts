// The Node example's core steps (futures figures, deep links, a terminal code and risk token, signing init,
// an encrypted login and signed calls against the reference gateway) under Node, Bun and Deno, importing
// the packed package from an app's node_modules. Bun and Deno come from the npm registry: their packages
// carry the binaries (as optional platform packages), so no download step runs at install.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT_MS, cleanEnv, installApp, installedVersion, packTarball, root, sh } from './packed.js';

/** The runtime versions tested; docs/architecture.md's "Runtimes tested" names them. */
const VERSIONS = { bun: '1.4.5', deno: '2.9.6' };

let app = '';
let tarball: Awaited<ReturnType<typeof packTarball>> | undefined;

beforeAll(async () => {
  tarball = await packTarball();
  app = await installApp('runtimes', { dependencies: { bun: VERSIONS.bun, deno: VERSIONS.deno } }, tarball.path);
  // examples/node/main.ts with the reference gateway bundled in, and exkit, exkit/machines and xstate left
  // as imports, so they resolve to the installed tarball. The gateway reads its fixtures next to the bundle.
  await build({
    entryPoints: [join(root, 'examples/node/main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    external: ['exkit', 'exkit/machines', 'xstate'],
    outfile: join(app, 'node-example.mjs'),
    logLevel: 'silent',
  });
  cpSync(join(root, 'examples/gateway/fixtures'), join(app, 'fixtures'), { recursive: true });
}, INSTALL_TIMEOUT_MS);
afterAll(() => tarball?.remove());

const bin = (name: string) => join(app, 'node_modules/.bin', name);
// No update checks or telemetry: the network here reaches the registry only.
const env = { ...cleanEnv, DENO_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1', NO_COLOR: '1' };

const RUNTIMES: Array<{ name: string; version: () => Promise<string>; run: () => Promise<string> }> = [
  { name: 'node', version: async () => process.version, run: () => sh(process.execPath, ['node-example.mjs'], app, env, 60_000) },
  {
    name: 'bun',
    version: () => sh(bin('bun'), ['--version'], app, env, 30_000),
    run: () => sh(bin('bun'), ['node-example.mjs'], app, env, 60_000),
  },
  {
    name: 'deno',
    version: () => sh(bin('deno'), ['--version'], app, env, 30_000),
    // -A: the example listens on loopback, reads its fixtures and its environment. package.json beside
    // it makes Deno resolve bare names from node_modules, as Node does.
    run: () => sh(bin('deno'), ['run', '-A', '--no-lock', 'node-example.mjs'], app, env, 60_000),
  },
];

describe.each(RUNTIMES)('the Node example on $name, from the packed package', ({ name, version, run }) => {
  let stdout = '';
  beforeAll(async () => {
    stdout = await run();
  }, 70_000);

  it('is the runtime version the docs name', async () => {
    const expected = name === 'node' ? process.version : VERSIONS[name as keyof typeof VERSIONS];
    if (name !== 'node') expect(installedVersion(app, name)).toBe(expected);
    expect(await version()).toContain(expected.replace(/^v/, ''));
  }, 30_000);

  it('imports exkit and exkit/machines from the installed tarball', () => {
    expect(stdout).toContain(`exkit          → file://${app}/node_modules/exkit/dist/node/index.js`);
    expect(stdout).toContain(`exkit/machines → file://${app}/node_modules/exkit/dist/node/machines.js`);
  });

  it('computes the futures figures and builds and parses the deep links', () => {
    expect(stdout).toMatch(/long 0\.5 @ 60,000 ×10 +uPnL +1625\.25 USDT +ROE +\+54\.17% +liq\. price 54304\.1/);
    expect(stdout).toMatch(/short 1\.2 @ 64,000 ×20 +uPnL +899\.40 USDT +ROE +\+23\.42% +liq\. price 66825\.7/);
    expect(stdout).toContain(
      'myexchange-web://app/main/H5Router?url=https%3A%2F%2Fwww.example.com%2Fpromo%3Fref%3Da%26x%3D1&campaign=spring',
    );
    expect(stdout).toContain('parsed public main/H5Router  {"url":"https://www.example.com/promo?ref=a&x=1","campaign":"spring"}');
  });

  it('gets a terminal code and a risk token, logs in encrypted, and the gateway verifies both signed calls', () => {
    expect(stdout).toMatch(/terminal code [0-9a-f]{16}… from userAgent, timeZone, languages/);
    expect(stdout).toMatch(/risk token: success, 40 characters/);
    expect(stdout).toContain('signing init: ready');
    expect(stdout).toMatch(/login: succeeded, user u[0-9a-f]{10}; the gateway decrypted loginName, pwd/);
    expect(stdout.match(/signed call: verified by the gateway \(mode \d, code 00000\)/g)).toHaveLength(2);
    expect(stdout.trimEnd().endsWith('all done')).toBe(true);
  });
});
