// The client in real Chromium (browserPlatform, the browser's own fetch, AbortController and timers),
// served from the loopback fixture so page and API share an origin.
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Exkit from '../../../core/index.js';
import { gate, reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';

let server: TestServer;
let browser: Browser;
let page: Page;

const root = resolve(import.meta.dirname, '../../..');

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: "export { createHttpClient, browserPlatform } from './core/index.js';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'exkit',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  server = await startTestServer();
  server.route('GET', '/', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>exkit http</title>');
  });
  server.route('GET', '/exkit.js', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(script);
  });
  browser = await launchChromium();
  page = await browser.newPage({ locale: 'de-DE' });
  await page.goto(`${server.origin}/`);
  await page.addScriptTag({ url: '/exkit.js' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the HTTP client in Chromium', () => {
  it('sends the prefixed GET with languageType, _t and the standard headers, and resolves the envelope', async () => {
    server.route('GET', '/v1/echo', reply.echo());
    const result = await page.evaluate(async () => {
      const { createHttpClient, browserPlatform } = (window as unknown as { exkit: typeof Exkit }).exkit;
      const client = createHttpClient(browserPlatform(), {
        baseUrl: location.origin,
        providers: { locale: () => 'zh-CN', appTheme: () => 'standard', terminalCode: () => 'fp-1', beta: () => true },
      });
      const envelope = await client.get<{ query: Record<string, string>; headers: Record<string, string> }>('/echo', { q: ' x ' });
      return envelope.data;
    });
    expect(result.query).toMatchObject({ q: 'x', languageType: '1' });
    expect(Number(result.query._t)).toBeGreaterThan(1_600_000_000_000);
    expect(result.headers).toMatchObject({
      terminalcode: 'fp-1',
      terminaltype: '1',
      locale: 'zh-CN',
      language: 'zh_CN',
      apptheme: 'standard',
      devicelanguage: 'de-DE',
      beta: 'true',
    });
  });

  it('sends JSON and multipart bodies, and a hook-rebuilt body still gets the later hook', async () => {
    server.route('POST', '/v1/echo', reply.echo());
    const result = await page.evaluate(async () => {
      const { createHttpClient, browserPlatform } = (window as unknown as { exkit: typeof Exkit }).exkit;
      const client = createHttpClient(browserPlatform(), {
        baseUrl: location.origin,
        hooks: {
          beforeRequest: [
            async (request) => {
              const clear = (await request.clone().json()) as { pwd: string };
              return new Request(request, { body: JSON.stringify({ bodyCiphertext: `enc:${clear.pwd}` }) });
            },
            (request) => void request.headers.set('device-sign', 'signed'),
          ],
        },
      });
      type Echo = { body: string; headers: Record<string, string> };
      const json = await client.post<Echo>('/echo', { pwd: ' secret ' });
      const plain = createHttpClient(browserPlatform(), { baseUrl: location.origin });
      const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
      const upload = await plain.post<Echo>('/echo', { file, title: 'avatar' }, { contentType: 'multipart' });
      return { json: json.data, upload: upload.data };
    });
    expect(result.json.body).toBe('{"bodyCiphertext":"enc:secret"}');
    expect(result.json.headers['device-sign']).toBe('signed');
    expect(result.upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.upload.body).toContain('filename="a.png"');
  });

  it('times out with the browser timers, cancels duplicates, and maps statuses and expired sessions to events', async () => {
    server.route('GET', '/v1/slow', reply.hold());
    const held = gate(reply.ok('fresh'));
    server.route('GET', '/v1/dup', held.reply);
    server.route('GET', '/v1/forbidden', reply.status(403));
    server.route('GET', '/v1/expired', reply.code('20906'));
    const run = page.evaluate(async () => {
      const { createHttpClient, browserPlatform } = (window as unknown as { exkit: typeof Exkit }).exkit;
      const client = createHttpClient(browserPlatform(), { baseUrl: location.origin, cancelDuplicates: true, onLoginExpired: 'reject' });
      const events: string[] = [];
      client.events$.subscribe((event) => events.push(event.type === 'toast' ? `toast:${event.message}` : `logout:${event.reason}`));
      const settle = (p: Promise<unknown>) =>
        p.then(
          (v) => ({ ok: true, value: (v as { data: unknown }).data }),
          (e: { name: string; code: string; reason?: string; msg: string }) => ({
            ok: false,
            name: e.name,
            code: e.code,
            reason: e.reason,
            msg: e.msg,
          }),
        );
      const timedOut = settle(client.get('/slow', undefined, { timeout: 300 }));
      const older = settle(client.get('/dup'));
      const newer = settle(client.get('/dup'));
      const forbidden = await settle(client.get('/forbidden'));
      const expired = await settle(client.get('/expired'));
      return { timedOut: await timedOut, older: await older, newer: await newer, forbidden, expired, events };
    });
    await server.waitForRequests(2);
    held.release();
    const result = await run;
    expect(result.timedOut).toMatchObject({ ok: false, name: 'RequestTimeoutError', code: 'HTTP_TIMEOUT', msg: 'Request timed out!' });
    expect(result.older).toMatchObject({ ok: false, name: 'RequestCancelledError', reason: 'duplicate' });
    expect(result.newer).toMatchObject({ ok: true, value: 'fresh' });
    expect(result.forbidden).toMatchObject({ ok: false, name: 'HttpStatusError', msg: 'Request is forbidden' });
    expect(result.expired).toMatchObject({ ok: false, name: 'LoginExpiredError', code: 'HTTP_LOGIN_EXPIRED' });
    // Leading-edge debounce: three failures with toasts within 2 s give one toast; the expiry gives one logout.
    expect(result.events.filter((e) => e.startsWith('toast:'))).toHaveLength(1);
    expect(result.events.filter((e) => e.startsWith('logout:'))).toEqual(['logout:loginExpired']);
  });
});
