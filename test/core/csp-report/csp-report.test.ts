// @vitest-environment jsdom
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpEvent } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../core/platform/types.js';
import {
  cspReason,
  cspReportPage,
  startCspReporting,
  toCspViolation,
  CSP_REPORT_MAX_PER_WINDOW,
  CSP_REPORT_PATH,
  CSP_REPORT_WINDOW_MS,
} from '../../../core/csp-report/index.js';
import type { CspReportBody } from '../../../core/csp-report/index.js';
import type { HttpClient } from '../../../core/http/index.js';

const dom: DomPort = { window, document };
const T0 = 1_750_000_000_000;

/** Fires a securitypolicyviolation event as the browser would (jsdom has no constructor for it). */
function violate(fields: Record<string, unknown>) {
  const event = new window.Event('securitypolicyviolation', { bubbles: true, composed: true });
  Object.assign(event, {
    effectiveDirective: 'script-src-elem',
    violatedDirective: 'script-src-elem',
    blockedURI: 'https://evil.test/x.js',
    sourceFile: 'https://app.test/main.js',
    lineNumber: 10,
    columnNumber: 4,
    disposition: 'enforce',
    statusCode: 200,
    sample: '',
    ...fields,
  });
  document.dispatchEvent(event);
}

type Post = (path: string, params?: unknown, options?: unknown) => Promise<unknown>;

function setup(options: { maxPerWindow?: number; windowMs?: number; post?: Post } = {}) {
  const platform = memoryPlatform({ dom, now: T0, href: 'https://app.test/en/spot/BTCUSDT?token=secret#depth' });
  const sent: { path: string; body: CspReportBody; options: unknown }[] = [];
  const post: Post =
    options.post ?? (async (path, body, requestOptions) => void sent.push({ path, body: body as CspReportBody, options: requestOptions }));
  const stop = startCspReporting(platform, { ...options, http: { post } as unknown as Pick<HttpClient, 'post'> });
  running.push(stop);
  return { platform, sent, stop };
}

const running: (() => void)[] = [];
afterEach(() => running.splice(0).forEach((stop) => stop()));

describe('CSP reports — spec §S7: POST /v1/buried/log/cspSecurity with bizType, data{event, reason}, timestamp, page', () => {
  it('posts one report per violation with the seed’s fields', () => {
    const { sent, stop } = setup();
    violate({});
    stop();
    expect(CSP_REPORT_PATH).toBe('/v1/buried/log/cspSecurity');
    expect(sent).toEqual([
      {
        path: '/v1/buried/log/cspSecurity',
        options: { silent: true, cancelDuplicates: false },
        body: {
          bizType: 'cspSecurity',
          data: {
            event: {
              blockedURI: 'https://evil.test/x.js',
              violatedDirective: 'script-src-elem',
              effectiveDirective: 'script-src-elem',
              sourceFile: 'https://app.test/main.js',
              lineNumber: 10,
              columnNumber: 4,
              disposition: 'enforce',
              statusCode: 200,
              sample: '',
            },
            reason: 'script-src-elem blocked https://evil.test/x.js',
          },
          timestamp: T0,
          page: 'https://app.test/en/spot/BTCUSDT',
        },
      },
    ]);
  });

  it('names the page without its query or fragment', () => {
    expect(cspReportPage('https://app.test/a/b?token=1#x')).toBe('https://app.test/a/b');
    expect(cspReportPage('/relative?x=1')).toBe('/relative');
  });

  it('explains inline violations and falls back to the violated directive', () => {
    expect(
      cspReason(
        toCspViolation(Object.assign(new window.Event('securitypolicyviolation'), { violatedDirective: 'style-src', blockedURI: '' })),
      ),
    ).toBe('style-src blocked inline');
  });

  it('is deduplicated: the same violation repeated in a loop is reported once', () => {
    const { sent } = setup();
    for (let i = 0; i < 50; i++) violate({});
    expect(sent).toHaveLength(1);
  });

  it('reports distinct violations separately', () => {
    const { sent } = setup();
    violate({ blockedURI: 'https://a.test/1.js' });
    violate({ blockedURI: 'https://a.test/2.js' });
    violate({ lineNumber: 11 });
    expect(sent.map((s) => s.body.data.event.blockedURI)).toEqual(['https://a.test/1.js', 'https://a.test/2.js', 'https://evil.test/x.js']);
  });

  it(`is rate-limited: at most ${CSP_REPORT_MAX_PER_WINDOW} reports per ${CSP_REPORT_WINDOW_MS} ms, then more once the window has moved on`, () => {
    const { platform, sent } = setup();
    for (let i = 0; i < 20; i++) violate({ blockedURI: `https://a.test/${i}.js` });
    expect(sent).toHaveLength(CSP_REPORT_MAX_PER_WINDOW);
    platform.advance(CSP_REPORT_WINDOW_MS - 1);
    violate({ blockedURI: 'https://a.test/late.js' });
    expect(sent).toHaveLength(CSP_REPORT_MAX_PER_WINDOW);
    platform.advance(1);
    violate({ blockedURI: 'https://a.test/later.js' });
    expect(sent).toHaveLength(CSP_REPORT_MAX_PER_WINDOW + 1);
    expect(sent.at(-1)?.body.timestamp).toBe(T0 + CSP_REPORT_WINDOW_MS);
  });

  it('takes its own limits', () => {
    const { platform, sent } = setup({ maxPerWindow: 1, windowMs: 1_000 });
    violate({ blockedURI: 'https://a.test/1.js' });
    violate({ blockedURI: 'https://a.test/2.js' });
    platform.advance(1_000);
    violate({ blockedURI: 'https://a.test/3.js' });
    expect(sent.map((s) => s.body.data.event.blockedURI)).toEqual(['https://a.test/1.js', 'https://a.test/3.js']);
  });

  it('stops listening when stopped', () => {
    const { sent, stop } = setup();
    stop();
    violate({});
    expect(sent).toEqual([]);
  });

  it('swallows a failing post, so reporting cannot loop or crash the page', async () => {
    let calls = 0;
    const rejecting = setup({
      post: async () => {
        calls++;
        throw new Error('offline');
      },
    });
    violate({ blockedURI: 'https://a.test/1.js' });
    rejecting.stop();
    setup({
      post: () => {
        calls++;
        throw new Error('sync');
      },
    });
    violate({ blockedURI: 'https://a.test/2.js' });
    violate({ blockedURI: 'https://a.test/3.js' });
    await Promise.resolve();
    expect(calls).toBe(3);
  });

  it('does nothing without a DOM', () => {
    const stop = startCspReporting(memoryPlatform(), {
      http: { post: (async () => ({ code: '00000', data: null })) as unknown as HttpClient['post'] },
    });
    expect(stop()).toBeUndefined();
  });
});

describe('CSP reports through the real HTTP client, to a loopback gateway', () => {
  async function gateway(status: number) {
    const hits: { method: string; url: string; body: unknown; contentType: string | undefined }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        hits.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body: text ? (JSON.parse(text) as unknown) : undefined,
          contentType: req.headers['content-type'],
        });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: '00000', data: null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { hits, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('POSTs the report as JSON to /v1/buried/log/cspSecurity', async () => {
    const gw = await gateway(200);
    const platform = memoryPlatform({ dom, now: T0, href: 'https://app.test/en/asset?x=1' });
    const http = createHttpClient(platform, { baseUrl: gw.origin });
    running.push(startCspReporting(platform, { http }));
    violate({ blockedURI: 'https://cdn.bad/x.js' });
    await vi.waitFor(() => expect(gw.hits).toHaveLength(1));
    expect(gw.hits[0]).toMatchObject({
      method: 'POST',
      url: '/v1/buried/log/cspSecurity',
      body: {
        bizType: 'cspSecurity',
        data: { reason: 'script-src-elem blocked https://cdn.bad/x.js' },
        timestamp: T0,
        page: 'https://app.test/en/asset',
      },
    });
    expect(gw.hits[0]!.contentType).toMatch(/^application\/json/);
    http.dispose();
    await gw.close();
  });

  it('a failing report raises no toast: the client is asked to stay silent', async () => {
    const gw = await gateway(500);
    const platform = memoryPlatform({ dom, now: T0 });
    const http = createHttpClient(platform, { baseUrl: gw.origin });
    const events: HttpEvent[] = [];
    http.events$.subscribe((e) => events.push(e));
    running.push(startCspReporting(platform, { http }));
    violate({ blockedURI: 'https://cdn.bad/y.js' });
    await vi.waitFor(() => expect(gw.hits).toHaveLength(1));
    await vi.waitFor(() => expect(http.pendingCount).toBe(0));
    expect(events).toEqual([]);
    http.dispose();
    await gw.close();
  });
});
