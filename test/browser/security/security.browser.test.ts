// The security service in real Chromium: WebCrypto key generation, RSA-OAEP key wrap and signing, the
// browser's cookies and fetch, against the reference gateway (node:crypto) on the same origin.
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Exkit from '../../../core/index.js';
import { startGateway } from '../../../examples/gateway/gateway.js';
import type { Gateway } from '../../../examples/gateway/gateway.js';
import { SIGNING_CERT } from '../../core/security/helpers.js';

let gateway: Gateway;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: "export { createHttpClient, browserPlatform, createSecurity } from './core/index.js';",
      resolveDir: resolve(import.meta.dirname, '../../..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'exkit',
    platform: 'browser',
    write: false,
  });
  gateway = await startGateway({
    pages: {
      '/': { contentType: 'text/html', body: '<!doctype html><title>exkit security</title>' },
      '/exkit.js': { contentType: 'text/javascript', body: bundle.outputFiles[0]!.text },
    },
  });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${gateway.url}/`);
  await page.addScriptTag({ url: '/exkit.js' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

/** Runs init, a login and two signed calls in the page; returns what the page saw. */
function runInPage(certificatePem: string, keyWrap: 'RSA-OAEP-256' | 'RSA1_5', loginName: string) {
  return page.evaluate(
    async ({ certificatePem, keyWrap, loginName }) => {
      const { createHttpClient, browserPlatform, createSecurity } = (window as unknown as { exkit: typeof Exkit }).exkit;
      const platform = browserPlatform();
      const http = createHttpClient(platform, { baseUrl: location.origin });
      const security = createSecurity(platform, { certificatePem, http, keyWrap, log: () => undefined });
      const config = await security.fetchConfig({ force: true });
      security.setConfig(config);
      security.setServerKey(await security.verifyServerKey(config));
      const pair = await security.loadClientKeyPair(config);
      security.setClientKey(pair);
      const login = await http.post<{ userInfo: { userId: string } }>('/user/login', { loginName, pwd: 'browser-secret', lang: 'de' });
      const signed = [await http.post('/spot/account', { amount: '2' }), await http.get('/spot/order/list', { page: 2 })];
      const bound = security.keys.bound();
      security.dispose();
      return {
        engine: security.engine.kind,
        secure: window.isSecureContext,
        userId: login.data.userInfo.userId,
        boundUserId: bound?.userId,
        codes: signed.map((s) => s.code),
        publicKey: pair.publicKey,
        storage: Object.keys(localStorage)
          .map((k) => localStorage.getItem(k))
          .join('\n'),
      };
    },
    { certificatePem, keyWrap, loginName },
  );
}

describe('security in Chromium against the node:crypto gateway', () => {
  it('WebCrypto keys, RSA-OAEP-256 login encryption and signed core calls interoperate', async () => {
    const result = await runInPage(SIGNING_CERT, 'RSA-OAEP-256', 'chromium@example.com');
    expect(result).toMatchObject({ engine: 'webcrypto', secure: true, codes: ['00000', '00000'] });
    expect(result.boundUserId).toBe(result.userId);
    const login = gateway.logins.find((l) => l.sensitive.loginName === 'chromium@example.com');
    expect(login).toMatchObject({
      encrypted: true,
      algorithm: 'RSA-OAEP-256',
      sensitive: { pwd: 'browser-secret' },
      clear: { publicKey: result.publicKey },
    });
    expect(gateway.signs.slice(-2).map((s) => [s.path, s.mode, s.result])).toEqual([
      ['/v1/spot/account', 1, 'ok'],
      ['/v1/spot/order/list', 2, 'ok'],
    ]);
    expect(result.storage).not.toContain('browser-secret');
  }, 30_000);

  it('PKCS#1 v1.5 key wrapping goes through node-forge in the browser and decrypts with node:crypto', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await runInPage(SIGNING_CERT, 'RSA1_5', 'forge@example.com');
    expect(gateway.logins.find((l) => l.sensitive.loginName === 'forge@example.com')).toMatchObject({
      encrypted: true,
      algorithm: 'RSA1_5',
    });
  }, 30_000);
});
