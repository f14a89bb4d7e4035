// The recipes in docs/recipes/: every file type-checks against the package's published types (no `paths`:
// 'exkit' resolves through package.json `exports` to dist/), the index lists each one, and the framework-free
// login runs against the reference gateway in Node: captcha, encrypted login carrying the captcha's bizId,
// signed calls the gateway verifies. The React recipes run in recipes-dom.test.ts and recipes-browser.test.ts.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJarHooks, createTestCaptchaWidget, headlessPlatform } from '../../core/index.js';
import { FIXTURES_DIR, startGateway } from '../../examples/gateway/gateway.js';
import type { Gateway } from '../../examples/gateway/gateway.js';
import { RECIPES, recipe, root, writeSnippets } from './snippets.js';

const run = promisify(execFile);

// What the test uses of the recipe's module (written at run time, so typed here by hand).
interface Session {
  logIn(loginName: string, pwd: string): Promise<{ status: string; userId?: string }>;
  userInfo(): Promise<{ code: string }>;
  placeOrder(order: object): Promise<{ code: string }>;
  dispose(): void;
}
type LoginCore = { openSession(options: Record<string, unknown>): Promise<Session> };
const loginCore = async () => (await import(/* @vite-ignore */ pathToFileURL(fileOf('login-core')).href)) as LoginCore;
const written = writeSnippets(RECIPES.map(recipe));
const fileOf = (name: string) => written.files[RECIPES.indexOf(name as (typeof RECIPES)[number])]!;
afterAll(() => rmSync(written.dir, { recursive: true, force: true }));

beforeAll(() => {
  for (const entry of ['dist/core/index.d.ts', 'dist/machines/index.d.ts', 'dist/react/index.d.ts', 'dist/styles.css']) {
    if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
});

describe('docs/recipes', () => {
  it('the index lists every recipe, and every recipe file in the folder is one the tests run', () => {
    const index = readFileSync(join(root, 'docs/recipes/README.md'), 'utf8');
    const linked = [...index.matchAll(/\]\(([\w-]+)\.md\)/g)].map((m) => m[1]);
    const files = readdirSync(join(root, 'docs/recipes'))
      .filter((f) => f !== 'README.md')
      .map((f) => f.replace(/\.md$/, ''));
    expect(linked.sort()).toEqual([...RECIPES].sort());
    expect(files.sort()).toEqual([...RECIPES].sort());
    expect(readFileSync(join(root, 'docs/README.md'), 'utf8')).toContain('](recipes/README.md)');
  });

  it('every recipe type-checks against the published types, with strict options', async () => {
    const result = await run(join(root, 'node_modules/.bin/tsc'), ['-p', join(written.dir, 'tsconfig.json')], { cwd: root }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
  }, 90_000);
});

describe('login-core.md against the reference gateway, in Node', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway({ port: 0 });
  });
  afterAll(() => gateway?.close());

  it('passes the captcha, logs in encrypted with the captcha bizId, and makes signed calls the gateway verifies', async () => {
    const { openSession } = await loginCore();
    const platform = headlessPlatform({ href: `${gateway.url}/` });
    const session = await openSession({
      platform,
      baseUrl: gateway.url,
      certificatePem: readFileSync(join(FIXTURES_DIR, 'signing.pem'), 'utf8'),
      widget: createTestCaptchaWidget(),
      hooks: cookieJarHooks(platform, gateway.url),
    });
    try {
      const outcome = await session.logIn('alice@example.com', 'correct horse battery staple');
      const login = gateway.logins.at(-1)!;
      const check = gateway.captchaChecks.at(-1)!;
      expect(outcome).toEqual({ status: 'logged-in', userId: login.userId });
      // The captcha was checked by the gateway, and the login carried that challenge's bizId in clear…
      expect(check.code).toBe('00000');
      expect(login.clear['bizId']).toBe(gateway.captchaChallenges.at(-1)!.bizId);
      // …while loginName and pwd left only inside the ciphertext, which the gateway decrypted.
      expect([login.encrypted, 'pwd' in login.clear, 'loginName' in login.clear]).toEqual([true, false, false]);
      expect(login.sensitive).toMatchObject({ loginName: 'alice@example.com', pwd: 'correct horse battery staple' });
      expect(gateway.riskTokenHeaders.some((h) => h.path === '/v1/user/login')).toBe(true);

      const info = await session.userInfo();
      const order = await session.placeOrder({ symbol: 'BTCUSDT_SPBL', side: 'buy', price: '63000.5', size: '0.01' });
      expect([info.code, order.code]).toEqual(['00000', '00000']);
      expect(gateway.signs.slice(-2).map((s) => [s.path, s.mode, s.result])).toEqual([
        ['/v1/user/overview/userinfo', 1, 'ok'],
        ['/v1/spot/order/place', 2, 'ok'],
      ]);
    } finally {
      session.dispose();
    }
  }, 40_000);

  it('a closed captcha ends the login as cancelled, and nothing is sent to /user/login', async () => {
    const { openSession } = await loginCore();
    const platform = headlessPlatform({ href: `${gateway.url}/` });
    const logins = gateway.logins.length;
    const session = await openSession({
      platform,
      baseUrl: gateway.url,
      certificatePem: readFileSync(join(FIXTURES_DIR, 'signing.pem'), 'utf8'),
      widget: createTestCaptchaWidget('close'),
      hooks: cookieJarHooks(platform, gateway.url),
    });
    try {
      expect(await session.logIn('bob@example.com', 'pw')).toEqual({ status: 'cancelled' });
      expect(gateway.logins.length).toBe(logins);
    } finally {
      session.dispose();
    }
  }, 40_000);

  it('a certificate that did not sign the gateway key fails signing init with a typed error, before any login', async () => {
    const { openSession } = await loginCore();
    const platform = headlessPlatform({ href: `${gateway.url}/` });
    const other = readFileSync(join(FIXTURES_DIR, 'rogue.pem'), 'utf8');
    const logins = gateway.logins.length;
    const error = await openSession({ platform, baseUrl: gateway.url, certificatePem: other, widget: createTestCaptchaWidget() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'SigningInitError', code: 'SERVER_KEY_SIGNATURE_INVALID' });
    expect(gateway.logins.length).toBe(logins);
  }, 40_000);
});
