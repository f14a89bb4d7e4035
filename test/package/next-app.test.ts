// exkit/react in the Next.js App Router, from the packed tarball: a Next.js 16 app (test/package/next-app) whose
// Server Component layout renders exkit's <Toaster /> straight from 'exkit/react' (the entry's 'use client'
// directive) and whose client components use the hooks, built with `next build` and served with `next start`.
// Each request renders on the server and fetches no device token; a first and a return visit (the risk token
// and language stored) hydrate in Chromium without a hydration error or warning. The app's packages are the
// repository's own (symlinked), so nothing is downloaded; the build is the test's main cost.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, parse, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.js';
import { CACHE, cleanEnv, packTarball, root, sh } from './packed.js';

const BUILD_TIMEOUT_MS = 420_000;
const app = join(CACHE, 'apps', 'next');
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const tokenLog = join(app, 'device-token.log');

/** The deepest folder holding both paths (Turbopack resolves nothing outside its root). */
function commonRoot(a: string, b: string): string {
  const left = a.split(sep);
  const right = b.split(sep);
  let i = 0;
  while (i < left.length && left[i] === right[i]) i += 1;
  return left.slice(0, i).join(sep) || parse(a).root;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

let server: ChildProcess | undefined;
let origin = '';
let browser: Browser | undefined;

beforeAll(async () => {
  const tarball = await packTarball();
  try {
    rmSync(app, { recursive: true, force: true });
    mkdirSync(join(app, 'node_modules', 'exkit'), { recursive: true });
    cpSync(join(import.meta.dirname, 'next-app'), app, { recursive: true });
    await sh('tar', ['-xzf', tarball.path, '-C', join(app, 'node_modules', 'exkit'), '--strip-components=1'], app);
  } finally {
    tarball.remove();
  }
  // The repository's installed packages (next, react, xstate, @xstate/react, exkit's dependencies) beside the
  // packed exkit, as an install would put them.
  const modules = join(root, 'node_modules');
  for (const entry of readdirSync(modules)) {
    if (entry === 'exkit' || entry === '.bin' || entry.startsWith('.')) continue;
    symlinkSync(join(modules, entry), join(app, 'node_modules', entry));
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'exkit-consumer-next', private: true }));
  const env = {
    ...cleanEnv,
    NEXT_TELEMETRY_DISABLED: '1',
    EXKIT_TURBOPACK_ROOT: commonRoot(realpathSync(app), realpathSync(modules)),
    NODE_ENV: 'production',
  };
  await sh(process.execPath, [nextBin, 'build'], app, env, BUILD_TIMEOUT_MS);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app,
    env: { ...env, PORT: String(port), EXKIT_TOKEN_LOG: tokenLog },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('next start did not answer within 30 s');
    await new Promise((wait) => setTimeout(wait, 100));
  }
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS + 90_000);

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

const tokenCalls = () => (existsSync(tokenLog) ? readFileSync(tokenLog, 'utf8').split('\n').filter(Boolean) : []);

describe('a Next.js App Router app on the packed package', () => {
  it("ships the 'use client' directive at the top of both builds of exkit/react and exkit/inspector", () => {
    for (const file of ['dist/react/index.js', 'dist/node/react.js', 'dist/react/inspector/index.js', 'dist/node/inspector.js']) {
      expect(readFileSync(join(app, 'node_modules', 'exkit', file), 'utf8'), file).toMatch(/^["']use client["'];/);
    }
  });

  it('renders on the server at each request without fetching a device token', async () => {
    const before = tokenCalls().length;
    const html = await (await fetch(`${origin}/`, { headers: { 'user-agent': 'node' } })).text();
    expect(html).toContain('data-testid="risk">notInitialised none<');
    expect(html).toContain('data-testid="language">en<');
    expect(tokenCalls().slice(before)).toEqual([]);
  });

  it('a first and a return visit hydrate in Chromium without an error or a warning; the hooks then show the stored state', async () => {
    const context = await browser!.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    const text = (id: string) => page.locator(`[data-testid="${id}"]`).textContent();
    try {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => document.documentElement.dataset['mounted'] === 'true');
      // After mount: the provider started the risk token, which fetched one from the browser and stored it.
      await page.waitForFunction(() => document.querySelector('[data-testid="risk"]')?.textContent === 'success success');
      expect(await text('motion')).toBe('reduced');
      await page.getByText('Arabic').click();
      await page.getByText('Save').click();
      await page.locator('[data-exkit-toast]').waitFor();
      expect(tokenCalls().filter((agent) => agent === 'node')).toEqual([]);
      expect(tokenCalls().at(-1)).toContain('Chrome');

      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset['mounted'] === 'true');
      await page.waitForFunction(() => document.querySelector('[data-testid="language"]')?.textContent === 'ar');
      expect(await text('risk')).toBe('success success');
      expect(await page.locator('main').getAttribute('dir')).toBe('rtl');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
