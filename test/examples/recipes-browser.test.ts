// docs/recipes/login-react.md as written, in Chromium: the recipe's file bundled with the built package and
// served from the reference gateway's origin (as an app behind its own gateway is), on the browser platform,
// WebCrypto and the browser's own cookies. A user fills the form, the captcha passes, the login goes out
// encrypted with the captcha's bizId, and the order is a signed call the gateway verifies.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.js';
import { FIXTURES_DIR, startGateway } from '../../examples/gateway/gateway.js';
import type { Gateway } from '../../examples/gateway/gateway.js';
import { recipe, root, writeSnippets } from './snippets.js';

const written = writeSnippets([recipe('login-react')]);
let gateway: Gateway;
let browser: Browser;

// The entry a page of the app would have: the recipe's services on the browser platform, mounted into #root.
// The captcha widget is the test one (the gateway checks its GeeTest-shaped answer); an app passes geeTestWidget.
const entry = (certificatePem: string) => `
import { createRoot } from 'react-dom/client';
import { createElement } from 'react';
import { browserPlatform, createTestCaptchaWidget } from 'exkit';
import { ExchangeApp, createExchangeServices } from './login-react.tsx';
const services = createExchangeServices(browserPlatform(), ${JSON.stringify(certificatePem)}, createTestCaptchaWidget());
createRoot(document.getElementById('root')).render(createElement(ExchangeApp, { services }));
`;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: entry(readFileSync(join(FIXTURES_DIR, 'signing.pem'), 'utf8')), resolveDir: written.dir, loader: 'tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [join(root, 'node_modules')],
    // The package as an app gets it: each entry point from its built files in dist/.
    plugins: [
      {
        name: 'exkit',
        setup(b) {
          const entries: Record<string, string> = {
            exkit: 'dist/core/index.js',
            'exkit/machines': 'dist/machines/index.js',
            'exkit/react': 'dist/react/index.js',
          };
          b.onResolve({ filter: /^exkit(\/machines|\/react)?$/ }, (args) => ({ path: join(root, entries[args.path]!) }));
        },
      },
    ],
  });
  gateway = await startGateway({
    port: 0,
    pages: {
      '/': {
        contentType: 'text/html',
        body: '<!doctype html><title>exchange</title><div id="root"></div><script type="module" src="/app.js"></script>',
      },
      '/app.js': { contentType: 'text/javascript', body: bundle.outputFiles[0]!.text },
    },
  });
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  rmSync(written.dir, { recursive: true, force: true });
});

describe('login-react.md in Chromium against the reference gateway', () => {
  it('the form logs in through the captcha (encrypted, with its bizId), then the order is a verified signed call', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${gateway.url}/`);
    // The form shows once signing init is ready (config fetched, server key verified, client key made).
    const form = page.getByRole('form', { name: 'Log in' });
    await form.waitFor({ timeout: 20_000 });
    await page.getByLabel('E-mail').fill('carol@example.com');
    await page.getByLabel('Password').fill('browser secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Signed in as').waitFor({ timeout: 15_000 });

    const login = gateway.logins.at(-1)!;
    expect([login.encrypted, login.sensitive['loginName'], login.sensitive['pwd']]).toEqual([true, 'carol@example.com', 'browser secret']);
    expect(login.clear['bizId']).toBe(gateway.captchaChecks.at(-1)!.params['bizId']);
    expect(gateway.captchaChecks.at(-1)!.code).toBe('00000');
    expect(await page.getByText('Signed in as').textContent()).toBe(`Signed in as ${login.userId}`);
    expect(await page.getByRole('region', { name: 'Messages' }).textContent()).toContain('Logged in');

    await page.getByRole('button', { name: 'Buy 0.01 BTC' }).click();
    await page.getByText('Order placed (00000)').waitFor({ timeout: 15_000 });
    expect(gateway.signs.at(-1)).toMatchObject({ path: '/v1/spot/order/place', mode: 2, result: 'ok' });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
