// Session services in a real Chromium: the Image-element probe race against loopback image hosts, the
// theme reveal through the browser's own View Transitions API, and CSP reports from a real violation.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../../../core/index.js';
import { imageServer } from '../../core/image-hosts/loopback.js';
import type { ImageServer } from '../../core/image-hosts/loopback.js';

declare global {
  interface Window {
    exkit: typeof Core;
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CSP_PAGE_POLICY = "script-src 'self'; img-src 'self'";
let server: Server;
let origin: string;
let browser: Browser;
let page: Page;
const posts: { path: string; body: unknown }[] = [];
const images: ImageServer[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: `import * as exkit from './core/index.ts'; window.exkit = exkit;`, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  server = createServer((req, res) => {
    void (async () => {
      if (req.url === '/bundle.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      if (req.method === 'POST') {
        posts.push({ path: req.url ?? '', body: JSON.parse(await readBody(req)) as unknown });
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"00000"}');
      }
      const headers: Record<string, string> = { 'content-type': 'text/html' };
      if (req.url?.startsWith('/csp')) headers['content-security-policy'] = CSP_PAGE_POLICY;
      res
        .writeHead(200, headers)
        .end('<!doctype html><html><head><script src="/bundle.js"></script></head><body style="margin:0;height:100vh"></body></html>');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(images.splice(0).map((s) => s.close()));
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('image hosts in Chromium — probed with an Image element', () => {
  it('the fastest host that loads wins; a failing host and a slow one lose', async () => {
    const made = await Promise.all([
      imageServer({ kind: 'ok', delayMs: 600 }),
      imageServer({ kind: 'ok', delayMs: 30 }),
      imageServer({ kind: 'fail' }),
    ]);
    images.push(...made);
    await page.goto(`${origin}/images`);
    const winner = await page.evaluate(
      async (candidates) => {
        const { browserPlatform, createImageHostSelector } = window.exkit;
        const selector = createImageHostSelector(browserPlatform(), {
          candidates,
          defaultHost: 'https://default.invalid',
          probePath: '/probe.gif',
        });
        return selector.start();
      },
      made.map((s) => s.origin),
    );
    expect(winner).toBe(made[1]!.origin);
    for (const s of made) expect(s.requests[0]).toMatch(/^\/probe\.gif\?_t=\d+$/);
  });

  it('uses the default host when every image fails', async () => {
    const broken = await imageServer({ kind: 'fail' });
    images.push(broken);
    await page.goto(`${origin}/images`);
    const host = await page.evaluate(async (candidate) => {
      const { browserPlatform, createImageHostSelector } = window.exkit;
      return createImageHostSelector(browserPlatform(), {
        candidates: [candidate],
        defaultHost: 'https://default.invalid',
        probePath: '/probe.gif',
      }).start();
    }, broken.origin);
    expect(host).toBe('https://default.invalid');
  });
});

describe('theme reveal in Chromium — View Transitions API', () => {
  it('runs the circular reveal and applies the theme', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(`${origin}/theme`);
    const result = await page.evaluate(async () => {
      const { browserPlatform, changeTheme, rootThemePort } = window.exkit;
      const platform = browserPlatform();
      const port = rootThemePort(platform.dom!);
      port.apply('black');
      const hasApi = typeof (document as unknown as Record<string, unknown>).startViewTransition === 'function';
      const mode = await changeTheme(platform, port, 'white', { origin: { x: 10, y: 10 }, durationMs: 50 });
      return { hasApi, mode, theme: document.documentElement.getAttribute('data-theme') };
    });
    expect(result).toEqual({ hasApi: true, mode: 'reveal', theme: 'white' });
  });

  it('switches at once when the user prefers reduced motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${origin}/theme`);
    const result = await page.evaluate(async () => {
      const { browserPlatform, changeTheme, rootThemePort } = window.exkit;
      const platform = browserPlatform();
      const mode = await changeTheme(platform, rootThemePort(platform.dom!), 'white');
      return { mode, theme: document.documentElement.getAttribute('data-theme') };
    });
    expect(result).toEqual({ mode: 'instant', theme: 'white' });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });
});

describe('CSP reports in Chromium — a real securitypolicyviolation', () => {
  it('posts one report per distinct violation to /v1/buried/log/cspSecurity', async () => {
    posts.length = 0;
    await page.goto(`${origin}/csp/page?token=secret`);
    await page.evaluate(async () => {
      const { browserPlatform, createHttpClient, startCspReporting } = window.exkit;
      const platform = browserPlatform();
      startCspReporting(platform, { http: createHttpClient(platform, { baseUrl: location.origin }) });
      // The same blocked image three times, then another one: two distinct violations.
      for (const src of [
        'https://blocked.invalid/a.png',
        'https://blocked.invalid/a.png',
        'https://blocked.invalid/a.png',
        'https://blocked.invalid/b.png',
      ]) {
        const img = document.createElement('img');
        img.src = src;
        document.body.append(img);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await expect.poll(() => posts.length, { timeout: 5_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts).toHaveLength(2);
    const first = posts[0]!;
    expect(first.path).toBe('/v1/buried/log/cspSecurity');
    expect(first.body).toMatchObject({
      bizType: 'cspSecurity',
      data: {
        event: { blockedURI: 'https://blocked.invalid/a.png', effectiveDirective: 'img-src', disposition: 'enforce' },
        reason: 'img-src blocked https://blocked.invalid/a.png',
      },
      page: `${origin}/csp/page`,
    });
    expect(typeof (first.body as { timestamp: unknown }).timestamp).toBe('number');
  });
});
