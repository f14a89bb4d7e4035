// The bridge in every engine (Chromium, Firefox, WebKit; EXKIT_ENGINES picks). WebKit is the engine of the
// iOS app's WKWebView, whose transport is window.webkit.messageHandlers; Chromium is the Android WebView's.
// The browser platform's globals are window properties, the iOS handler is a window.webkit.messageHandlers
// object, and the "app" (this test, in Node) answers by evaluating a call of the page's callback function, as
// WKWebView's evaluateJavaScript and Android's evaluateJavascript do. The handler is installed after the
// page loads and before the bridge starts: the bridge reads the globals when it is created, not on load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBundle } from '../../support/bundle-page.js';
import type { BundlePage } from '../../support/bundle-page.js';
import { ENGINES, launchEngine } from '../../support/engines.js';
import type { Engine, EnginePage } from '../../support/engines.js';

const APP = 'EngineTestApp';
const IPHONE_UA = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${APP}/2.56.0`;

let served: BundlePage | undefined;
let origin: string;

beforeAll(async () => {
  served = await serveBundle(
    `import { browserPlatform, createBridge } from './core/index.ts';
      window.startBridge = (options) => { window.bridge = createBridge(browserPlatform(), options); return { inApp: window.bridge.inApp, host: window.bridge.host, appVersion: window.bridge.appVersion }; };`,
    '<!doctype html><title>bridge</title><script src="/bundle.js"></script>',
  );
  origin = served.origin;
});

afterAll(async () => {
  await served?.close();
});

interface Wire {
  id?: number;
  command: string;
  payload?: { path?: string };
}

type PageWindow = Window & {
  startBridge(options: unknown): { inApp: boolean; host: string; appVersion: string | null };
  bridge: {
    request(path: string, params?: unknown, options?: unknown): Promise<unknown>;
    pendingCount: number;
    stats: { late: number; succeeded: number; failed: number };
    events$: { subscribe(f: (e: { name: string }) => void): unknown };
  };
  webkit?: unknown;
  __received: string[];
  __errors: string[];
  __outcome?: Promise<unknown>;
  __exkitBridgeCallback(id: unknown, payload: unknown): void;
  __exkitBridgeEvent(name: string, payload: string): void;
};

/** Installs a recording iOS handler: every message the page posts is kept for the "app" to read. */
const installRecordingHandler = () => {
  const w = window as unknown as PageWindow;
  w.__received = [];
  w.webkit = { messageHandlers: { exkitBridge: { postMessage: (json: string) => w.__received.push(json) } } };
};

/** Records uncaught errors and unhandled rejections, as the engine would report them to the page. */
const recordPageErrors = () => {
  const w = window as unknown as PageWindow;
  w.__errors = [];
  window.addEventListener('error', (event) => w.__errors.push(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => w.__errors.push(String(event.reason)));
};

describe.each(ENGINES)('the bridge in %s', (name) => {
  let app: Engine;

  beforeAll(async () => {
    app = await launchEngine(name, { userAgent: IPHONE_UA });
  }, 90_000);

  afterAll(async () => {
    await app?.close();
  });

  /** A page inside the scripted "app": every message is recorded for the test to read and answer. */
  async function appPage(): Promise<EnginePage> {
    const page = await app.newPage();
    await page.goto(origin);
    await page.evaluate(installRecordingHandler);
    return page;
  }

  const received = async (page: EnginePage): Promise<Wire[]> =>
    (await page.evaluate(() => (window as unknown as PageWindow).__received)).map((json) => JSON.parse(json) as Wire);

  it('detects the app through the user agent and the WebKit handler, and reads its version', async () => {
    const page = await appPage();
    expect(await page.evaluate((appName) => (window as unknown as PageWindow).startBridge({ appName }), APP)).toEqual({
      inApp: true,
      host: 'ios',
      appVersion: '2.56.0',
    });
    await page.close();
  });

  it('a request round-trips through postMessage and the global callback', async () => {
    const page = await appPage();
    await page.evaluate((appName) => {
      const w = window as unknown as PageWindow;
      w.startBridge({ appName });
      w.__outcome = w.bridge.request('/v1/user', { id: 1 }).then((response) => ({ response, pending: w.bridge.pendingCount }));
    }, APP);
    const [message] = await received(page);
    expect(message).toMatchObject({
      command: 'requestAction',
      payload: { requestId: String(message!.id), path: '/v1/user', params: { id: 1 } },
    });
    // The app answers by evaluating the callback, as evaluateJavaScript does.
    await page.evaluate(([id, payload]) => (window as unknown as PageWindow).__exkitBridgeCallback(id, payload), [
      message!.id,
      JSON.stringify({ code: '00000', data: { path: message!.payload?.path } }),
    ] as const);
    expect(await page.evaluate(() => (window as unknown as PageWindow).__outcome)).toEqual({
      response: { status: 'answered', code: '00000', data: { path: '/v1/user' } },
      pending: 0,
    });
    await page.close();
  });

  it("an unanswered call times out on the page's real timers; the late answer is ignored and counted", async () => {
    const page = await appPage();
    const outcome = await page.evaluate(async (appName) => {
      const w = window as unknown as PageWindow;
      w.startBridge({ appName });
      const error = await w.bridge
        .request('/slow', undefined, { timeoutMs: 50 })
        .catch((e: { name: string; msg: string }) => ({ name: e.name, msg: e.msg }));
      return { error, pending: w.bridge.pendingCount };
    }, APP);
    expect(outcome).toEqual({ error: { name: 'AppRequestCallbackTimeout', msg: 'AppBridgeSend Timeout' }, pending: 0 });
    const [message] = await received(page);
    const late = await page.evaluate((id) => {
      const w = window as unknown as PageWindow;
      w.__exkitBridgeCallback(id, '{"code":"00000","data":"too late"}');
      return w.bridge.stats.late;
    }, message!.id);
    expect(late).toBe(1);
    await page.close();
  });

  it('native events reach the observable', async () => {
    const page = await appPage();
    const seen = await page.evaluate((appName) => {
      const w = window as unknown as PageWindow;
      w.startBridge({ appName });
      const events: unknown[] = [];
      w.bridge.events$.subscribe((e) => events.push(e));
      w.__exkitBridgeEvent('webVisible', '{"visible":true}');
      return events;
    }, APP);
    expect(seen).toEqual([{ name: 'webVisible', data: { visible: true } }]);
    await page.close();
  });

  it('an iOS handler that answers synchronously inside postMessage settles the call (registered before posting)', async () => {
    const page = await app.newPage();
    await page.goto(origin);
    const outcome = await page.evaluate(async (appName) => {
      const w = window as unknown as PageWindow;
      w.webkit = {
        messageHandlers: {
          exkitBridge: {
            postMessage: (json: string) => {
              const message = JSON.parse(json) as { id?: number; payload?: { path?: string } };
              if (message.id === undefined) return;
              // Answers before postMessage returns; '/hostile' answers with an object whose fields throw when read.
              const hostile = new Proxy(
                {},
                {
                  get: () => {
                    throw new Error('hostile');
                  },
                },
              );
              w.__exkitBridgeCallback(
                message.id,
                message.payload?.path === '/hostile' ? hostile : JSON.stringify({ code: '00000', data: 'sync' }),
              );
            },
          },
        },
      };
      w.startBridge({ appName });
      const answered = await w.bridge.request('/sync', undefined, { timeoutMs: 200 });
      const hostile = await w.bridge
        .request('/hostile', undefined, { timeoutMs: 200 })
        .catch((e: { name: string; extra: { reason: string } }) => ({ name: e.name, reason: e.extra.reason }));
      return {
        answered,
        hostile,
        pending: w.bridge.pendingCount,
        late: w.bridge.stats.late,
        succeeded: w.bridge.stats.succeeded,
        failed: w.bridge.stats.failed,
      };
    }, APP);
    expect(outcome).toEqual({
      answered: { status: 'answered', code: '00000', data: 'sync' },
      hostile: { name: 'AppResponseNetworkError', reason: 'unreadable' },
      pending: 0,
      late: 0,
      succeeded: 1,
      failed: 1,
    });
    await page.close();
  });

  it('a throwing event subscriber is no uncaught page error and the other subscribers still hear the event', async () => {
    const page = await appPage();
    await page.evaluate(recordPageErrors);
    const seen = await page.evaluate(async (appName) => {
      const w = window as unknown as PageWindow;
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
    expect(await page.evaluate(() => (window as unknown as PageWindow).__errors)).toEqual([]);
    // Control: an error thrown on a timer in this engine is recorded, so the empty list above means something.
    const control = await page.evaluate(async () => {
      setTimeout(() => {
        throw new Error('control');
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as PageWindow).__errors;
    });
    expect(control).toEqual([expect.stringContaining('control')]);
    await page.close();
  });

  // Outside the app: the engine's own desktop user agent and no handlers, as a user's browser has.
  describe(`outside the app (${name}'s own user agent)`, () => {
    let desktop: Engine;

    beforeAll(async () => {
      desktop = await launchEngine(name);
    }, 90_000);

    afterAll(async () => {
      await desktop?.close();
    });

    it('bridge.request resolves as skipped (spec §B5 "or nothing happens")', async () => {
      const page = await desktop.newPage();
      await page.goto(origin);
      const result = await page.evaluate(async (appName) => {
        const w = window as unknown as PageWindow;
        w.startBridge({ appName });
        return w.bridge.request('/v1/user');
      }, APP);
      expect(result).toEqual({ status: 'skipped', reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null });
      await page.close();
    });

    it('a desktop browser without handlers is not the app', async () => {
      const page = await desktop.newPage();
      await page.goto(origin);
      expect(await page.evaluate((appName) => (window as unknown as PageWindow).startBridge({ appName }), APP)).toEqual({
        inApp: false,
        host: 'web',
        appVersion: null,
      });
      await page.close();
    });
  });
});
