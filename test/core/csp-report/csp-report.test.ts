// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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

const dom: DomPort = { window, document };
const T0 = 1_750_000_000_000;

/** Fires a securitypolicyviolation event as the browser would (jsdom has no constructor for it). */
function violate(fields: Record<string, unknown>) {
  const event = new window.Event('securitypolicyviolation', { bubbles: true, composed: true });
  Object.assign(event, { effectiveDirective: 'script-src-elem', violatedDirective: 'script-src-elem', blockedURI: 'https://evil.test/x.js', sourceFile: 'https://app.test/main.js', lineNumber: 10, columnNumber: 4, disposition: 'enforce', statusCode: 200, sample: '', ...fields });
  document.dispatchEvent(event);
}

function setup(options: { maxPerWindow?: number; windowMs?: number; post?: (path: string, body: CspReportBody) => Promise<unknown> } = {}) {
  const platform = memoryPlatform({ dom, now: T0, href: 'https://app.test/en/spot/BTCUSDT?token=secret#depth' });
  const sent: { path: string; body: CspReportBody }[] = [];
  const post = options.post ?? (async (path: string, body: CspReportBody) => void sent.push({ path, body }));
  const stop = startCspReporting(platform, { ...options, post });
  running.push(stop);
  return { platform, sent, stop };
}

const running: (() => void)[] = [];
afterEach(() => running.splice(0).forEach((stop) => stop()));

describe('CSP reports — seed 001 §7: POST /v1/buried/log/cspSecurity with bizType, data{event, reason}, timestamp, page', () => {
  it('posts one report per violation with the seed’s fields', () => {
    const { sent, stop } = setup();
    violate({});
    stop();
    expect(CSP_REPORT_PATH).toBe('/v1/buried/log/cspSecurity');
    expect(sent).toEqual([
      {
        path: '/v1/buried/log/cspSecurity',
        body: {
          bizType: 'cspSecurity',
          data: {
            event: { blockedURI: 'https://evil.test/x.js', violatedDirective: 'script-src-elem', effectiveDirective: 'script-src-elem', sourceFile: 'https://app.test/main.js', lineNumber: 10, columnNumber: 4, disposition: 'enforce', statusCode: 200, sample: '' },
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
    expect(cspReason(toCspViolation(Object.assign(new window.Event('securitypolicyviolation'), { violatedDirective: 'style-src', blockedURI: '' })))).toBe('style-src blocked inline');
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
    const rejecting = setup({ post: async () => { calls++; throw new Error('offline'); } });
    violate({ blockedURI: 'https://a.test/1.js' });
    rejecting.stop();
    setup({ post: () => { calls++; throw new Error('sync'); } });
    violate({ blockedURI: 'https://a.test/2.js' });
    violate({ blockedURI: 'https://a.test/3.js' });
    await Promise.resolve();
    expect(calls).toBe(3);
  });

  it('does nothing without a DOM', () => {
    const stop = startCspReporting(memoryPlatform(), { post: async () => undefined });
    expect(stop()).toBeUndefined();
  });
});
