// Redirects in real Chromium: the client asks fetch for `redirect: 'manual'`, and the browser answers a
// redirect with an opaque response that hides its status and Location. The client cannot tell where it
// leads, so it follows none: HttpRedirectError reason 'opaque', and no second request leaves the page.
import { resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { build } from 'esbuild';
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as Exkit from '../../../core/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';

let gateway: TestServer;
let evil: TestServer;
let browser: Browser;
let page: Page;
let script: string;

const root = resolve(import.meta.dirname, '../../..');

const redirectTo =
  (status: number, location: string): Reply =>
  (_request, response: ServerResponse) => {
    response.writeHead(status, { location, 'access-control-allow-origin': '*' });
    response.end();
  };

function routePage() {
  gateway.route('GET', '/', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>exkit redirects</title>');
  });
  gateway.route('GET', '/exkit.js', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(script);
  });
}

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "export { createHttpClient, browserPlatform } from './core/index.js';", resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'exkit',
    platform: 'browser',
    write: false,
  });
  script = bundle.outputFiles[0]!.text;
  gateway = await startTestServer();
  evil = await startTestServer();
  routePage();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${gateway.origin}/`);
  await page.addScriptTag({ url: '/exkit.js' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await evil?.close();
});

beforeEach(() => {
  gateway.reset();
  evil.reset();
  routePage();
});

interface Outcome {
  name: string;
  code: string;
  reason: string;
  hasLocation: boolean;
  status: number | null;
}

/** Runs one call in the page and returns how it failed. */
function callInPage(method: 'GET' | 'POST', path: string, allowed: string[]): Promise<Outcome> {
  return page.evaluate(
    async ({ method, path, allowed }) => {
      const { createHttpClient, browserPlatform } = (window as unknown as { exkit: typeof Exkit }).exkit;
      const client = createHttpClient(browserPlatform(), {
        baseUrl: location.origin,
        allowedRedirectOrigins: allowed,
        providers: { terminalCode: () => 'fp-secret' },
      });
      try {
        await client.request(method, path, method === 'POST' ? { pwd: 'hunter2' } : undefined, { headers: { token: 'session-secret' } });
        return { name: 'resolved', code: '', reason: '', hasLocation: false, status: null };
      } catch (error) {
        const e = error as { name: string; code: string; reason: string; location?: string; status?: number };
        return { name: e.name, code: e.code, reason: e.reason, hasLocation: e.location !== undefined, status: e.status ?? null };
      }
    },
    { method, path, allowed },
  );
}

describe("the HTTP client's redirects in Chromium (fetch redirect: 'manual' gives an opaque redirect)", () => {
  for (const status of [301, 302, 303, 307, 308]) {
    for (const method of ['GET', 'POST'] as const) {
      it(`${status} to another origin on ${method}: HttpRedirectError 'opaque', the other origin receives nothing`, async () => {
        gateway.route('*', '/v1/go', redirectTo(status, `${evil.origin}/v1/land`));
        evil.route('*', '/v1/land', reply.echo());
        const outcome = await callInPage(method, '/go', []);
        expect(outcome).toEqual({ name: 'HttpRedirectError', code: 'HTTP_REDIRECT', reason: 'opaque', hasLocation: false, status: null });
        expect(evil.received).toHaveLength(0);
      });
    }
  }

  it('even an allow-listed origin receives nothing: the browser hides where the redirect leads', async () => {
    gateway.route('*', '/v1/go', redirectTo(307, `${evil.origin}/v1/land`));
    evil.route('*', '/v1/land', reply.echo());
    const outcome = await callInPage('POST', '/go', [evil.origin]);
    expect(outcome).toMatchObject({ name: 'HttpRedirectError', reason: 'opaque', hasLocation: false });
    expect(evil.received).toHaveLength(0);
  });

  it('a same-origin redirect is not followed either (its target is hidden too)', async () => {
    gateway.route('GET', '/v1/go', redirectTo(302, '/v1/land'));
    gateway.route('GET', '/v1/land', reply.echo());
    const outcome = await callInPage('GET', '/go', []);
    expect(outcome).toMatchObject({ name: 'HttpRedirectError', reason: 'opaque' });
    expect(gateway.received.map((r) => r.path)).toEqual(['/v1/go']);
  });
});
