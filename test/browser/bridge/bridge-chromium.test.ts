// The bridge in real Chromium: the browser platform's globals are window properties, the iOS handler is a
// window.webkit.messageHandlers object, and the "app" answers by evaluating a call of the page's callback
// function, as WKWebView's evaluateJavaScript and Android's evaluateJavascript do.
import { launchChromium } from '../../../scripts/chromium.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBundle } from '../../support/bundle-page.js';
import type { BundlePage } from '../../support/bundle-page.js';

const APP = 'ChromiumTestApp';
const IPHONE_UA = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${APP}/2.56.0`;

let browser: Browser;
let served: BundlePage | undefined;
let origin: string;

beforeAll(async () => {
  served = await serveBundle(
    `import { browserPlatform, createBridge } from './core/index.ts';
      window.startBridge = (options) => { window.bridge = createBridge(browserPlatform(), options); return { inApp: window.bridge.inApp, host: window.bridge.host, appVersion: window.bridge.appVersion }; };`,
    '<!doctype html><title>bridge</title><script src="/bundle.js"></script>',
  );
  origin = served.origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

interface Wire {
  id?: number;
  command: string;
  payload?: { path?: string };
}

/** A page inside a scripted "app": every message is recorded; `answer` decides what the app replies. */
async function appPage(answer: (message: Wire) => string | undefined): Promise<{ page: Page; received: Wire[] }> {
  const context = await browser.newContext({ userAgent: IPHONE_UA });
  const page = await context.newPage();
  const received: Wire[] = [];
  await page.exposeFunction('nativePost', (json: string) => {
    const message = JSON.parse(json) as Wire;
    received.push(message);
    const reply = message.id === undefined ? undefined : answer(message);
    if (reply !== undefined) {
      // The test may close the page before this answer lands; a closed page simply never hears it.
      page
        .evaluate(([id, payload]) => (window as never as Record<string, (i: unknown, p: unknown) => void>).__exkitBridgeCallback!(id, payload), [message.id, reply] as const)
        .catch(() => undefined);
    }
  });
  await page.addInitScript(() => {
    (window as unknown as { webkit: unknown }).webkit = {
      messageHandlers: { exkitBridge: { postMessage: (json: string) => (window as unknown as { nativePost(j: string): void }).nativePost(json) } },
    };
  });
  await page.goto(origin);
  return { page, received };
}

describe('the bridge in Chromium', () => {
  it('detects the app through the user agent and the WebKit handler, and reads its version', async () => {
    const { page } = await appPage(() => undefined);
    expect(await page.evaluate((appName) => (window as never as { startBridge(o: unknown): unknown }).startBridge({ appName }), APP)).toEqual({
      inApp: true,
      host: 'ios',
      appVersion: '2.56.0',
    });
    await page.context().close();
  });

  it('a request round-trips through postMessage and the global callback', async () => {
    const { page, received } = await appPage((m) => JSON.stringify({ code: '00000', data: { path: m.payload?.path } }));
    const result = await page.evaluate(async (appName) => {
      const w = window as never as { startBridge(o: unknown): unknown; bridge: { request(p: string, q: unknown): Promise<unknown>; pendingCount: number } };
      w.startBridge({ appName });
      const response = await w.bridge.request('/v1/user', { id: 1 });
      return { response, pending: w.bridge.pendingCount };
    }, APP);
    expect(result).toEqual({ response: { status: 'answered', code: '00000', data: { path: '/v1/user' } }, pending: 0 });
    expect(received[0]).toMatchObject({ command: 'requestAction', payload: { requestId: String(received[0]!.id), path: '/v1/user', params: { id: 1 } } });
    await page.context().close();
  });

  it('an unanswered call times out on the page\'s real timers; the late answer is ignored and counted', async () => {
    const { page, received } = await appPage(() => undefined);
    const outcome = await page.evaluate(async (appName) => {
      const w = window as never as {
        startBridge(o: unknown): unknown;
        bridge: { request(p: string, q: unknown, o: unknown): Promise<unknown>; pendingCount: number; stats: { late: number } };
        __exkitBridgeCallback(id: unknown, payload: unknown): void;
      };
      w.startBridge({ appName });
      const error = await w.bridge.request('/slow', undefined, { timeoutMs: 50 }).catch((e: { name: string; msg: string }) => ({ name: e.name, msg: e.msg }));
      return { error, pending: w.bridge.pendingCount };
    }, APP);
    expect(outcome).toEqual({ error: { name: 'AppRequestCallbackTimeout', msg: 'AppBridgeSend Timeout' }, pending: 0 });
    const late = await page.evaluate((id) => {
      const w = window as never as { bridge: { stats: { late: number } }; __exkitBridgeCallback(id: unknown, payload: unknown): void };
      w.__exkitBridgeCallback(id, '{"code":"00000","data":"too late"}');
      return w.bridge.stats.late;
    }, received[0]!.id);
    expect(late).toBe(1);
    await page.context().close();
  });

  it('native events reach the observable', async () => {
    const { page } = await appPage(() => undefined);
    const seen = await page.evaluate((appName) => {
      const w = window as never as {
        startBridge(o: unknown): unknown;
        bridge: { events$: { subscribe(f: (e: unknown) => void): unknown } };
        __exkitBridgeEvent(name: string, payload: string): void;
      };
      w.startBridge({ appName });
      const events: unknown[] = [];
      w.bridge.events$.subscribe((e) => events.push(e));
      w.__exkitBridgeEvent('webVisible', '{"visible":true}');
      return events;
    }, APP);
    expect(seen).toEqual([{ name: 'webVisible', data: { visible: true } }]);
    await page.context().close();
  });

  it('an iOS handler that answers synchronously inside postMessage settles the call (registered before posting)', async () => {
    const context = await browser.newContext({ userAgent: IPHONE_UA });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { webkit: unknown; __exkitBridgeCallback(id: unknown, payload: unknown): void };
      w.webkit = {
        messageHandlers: {
          exkitBridge: {
            postMessage: (json: string) => {
              const message = JSON.parse(json) as { id?: number; payload?: { path?: string } };
              if (message.id === undefined) return;
              // Answers before postMessage returns; '/hostile' answers with an object whose fields throw when read.
              const hostile = new Proxy({}, { get: () => { throw new Error('hostile'); } });
              w.__exkitBridgeCallback(message.id, message.payload?.path === '/hostile' ? hostile : JSON.stringify({ code: '00000', data: 'sync' }));
            },
          },
        },
      };
    });
    await page.goto(origin);
    const outcome = await page.evaluate(async (appName) => {
      const w = window as never as {
        startBridge(o: unknown): unknown;
        bridge: { request(p: string, q?: unknown, o?: unknown): Promise<unknown>; pendingCount: number; stats: { late: number; succeeded: number; failed: number } };
      };
      w.startBridge({ appName });
      const answered = await w.bridge.request('/sync', undefined, { timeoutMs: 200 });
      const hostile = await w.bridge.request('/hostile', undefined, { timeoutMs: 200 }).catch((e: { name: string; extra: { reason: string } }) => ({ name: e.name, reason: e.extra.reason }));
      return { answered, hostile, pending: w.bridge.pendingCount, late: w.bridge.stats.late, succeeded: w.bridge.stats.succeeded, failed: w.bridge.stats.failed };
    }, APP);
    expect(outcome).toEqual({
      answered: { status: 'answered', code: '00000', data: 'sync' },
      hostile: { name: 'AppResponseNetworkError', reason: 'unreadable' },
      pending: 0,
      late: 0,
      succeeded: 1,
      failed: 1,
    });
    await context.close();
  });

  it('a throwing event subscriber is no uncaught page error and the other subscribers still hear the event', async () => {
    const { page } = await appPage(() => undefined);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const seen = await page.evaluate(async (appName) => {
      const w = window as never as {
        startBridge(o: unknown): unknown;
        bridge: { events$: { subscribe(f: (e: { name: string }) => void): unknown } };
        __exkitBridgeEvent(name: string, payload: string): void;
      };
      w.startBridge({ appName });
      const names: string[] = [];
      w.bridge.events$.subscribe(() => {
        throw new Error('subscriber broke');
      });
      w.bridge.events$.subscribe((e) => names.push(e.name));
      w.__exkitBridgeEvent('webVisible', '{"visible":true}');
      // RxJS would rethrow an unguarded subscriber's error on a timer; give it time to surface.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return names;
    }, APP);
    expect(seen).toEqual(['webVisible']);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('outside the app bridge.request resolves as skipped (seed 000 §5 "or nothing happens")', async () => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' });
    const page = await context.newPage();
    await page.goto(origin);
    const result = await page.evaluate(async (appName) => {
      const w = window as never as { startBridge(o: unknown): unknown; bridge: { request(p: string): Promise<unknown> } };
      w.startBridge({ appName });
      return w.bridge.request('/v1/user');
    }, APP);
    expect(result).toEqual({ status: 'skipped', reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null });
    await context.close();
  });

  it('a desktop browser without handlers is not the app', async () => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' });
    const page = await context.newPage();
    await page.goto(origin);
    expect(await page.evaluate((appName) => (window as never as { startBridge(o: unknown): unknown }).startBridge({ appName }), APP)).toEqual({
      inApp: false,
      host: 'web',
      appVersion: null,
    });
    await context.close();
  });
});
