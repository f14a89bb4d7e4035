// One launcher for the three engines the browser tests run in: `launchEngine('chromium' | 'firefox' | 'webkit')`
// gives the same small page API whatever the engine. Chromium through playwright-core (as before), Firefox ESR
// through puppeteer-core over WebDriver BiDi, WebKitGTK through WebKitWebDriver + MiniBrowser under Xvfb over
// plain W3C WebDriver (./webdriver.ts). The launcher starts and stops its own processes, virtual display
// included, kills them when the test process exits, and bounds every start.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PlaywrightBrowser, BrowserContext, Page as PlaywrightPage } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.js';
import { enginePaths, ensureEngines, selectedEngines } from '../../scripts/engines.js';
import type { EngineName } from '../../scripts/engines.js';
import { WEBDRIVER_KEYS, WebDriverSession } from './webdriver.js';

export type { EngineName } from '../../scripts/engines.js';
export { selectedEngines } from '../../scripts/engines.js';

/** The engines selected for this run (EXKIT_ENGINES, else all three), for `describe.each`. */
export const ENGINES: readonly EngineName[] = selectedEngines();

/** How long an engine may take to start (a WebDriver new-session request without a display never answers). */
export const ENGINE_START_TIMEOUT_MS = 45_000;

export interface EngineOptions {
  /** The user agent every page reports (launch-wide: WebKit's MiniBrowser takes it on its command line). */
  userAgent?: string;
  /** The prefers-reduced-motion value every page sees; the engine's default ('no-preference') otherwise. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** Classic (space-taking) scrollbars instead of overlay or hidden ones, for tests that measure their width. */
  classicScrollbars?: boolean;
}

export interface PageOptions {
  /** The size of the page's viewport in CSS pixels; 1024 × 700 by default. */
  viewport?: { width: number; height: number };
  /**
   * When the engine's window cannot be made as narrow as `viewport` (WebKitGTK's MiniBrowser keeps its window
   * at least 447 px wide), show every page of this one in an iframe of exactly the viewport's size at the
   * window's top-left corner, and run scripts, waits, cookies and URLs in that frame: the page lays out, and
   * its media queries match, as in a window of that size (a screenshot shows the whole window, the frame at its
   * left). Off by default: the page gets the narrowest window.
   */
  frameNarrowViewport?: boolean;
}

export interface EngineCookie {
  name: string;
  value: string;
  path: string;
  /** Seconds since the epoch; undefined for a session cookie. */
  expires: number | undefined;
}

export type EngineKey = 'Escape' | 'Enter' | 'Tab' | 'Shift+Tab';

/** The page API the browser tests use, the same in every engine. Each page has its own cookies and storage. */
export interface EnginePage {
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Shows `html` as a page served from loopback (a real http: origin) and waits for its load event. */
  setContent(html: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn(arg)` in the page and returns its (awaited, JSON-like) result. `fn` must not close over anything. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /** Waits until `fn(arg)` is truthy in the page; fails after `timeout` ms (5 s by default). */
  waitForFunction<A = undefined>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<void>;
  /** A PNG of the viewport, taken after two animation frames (WebKit can show a blank frame right after load). */
  screenshot(): Promise<Buffer>;
  /** A real pointer click at the centre of the first element matching `selector`, once it is the one hit there. */
  click(selector: string): Promise<void>;
  /** Moves the real pointer to the centre of the first element matching `selector`. */
  hover(selector: string): Promise<void>;
  mouseClick(x: number, y: number): Promise<void>;
  mouseMove(x: number, y: number): Promise<void>;
  /** Presses a key (with Shift for 'Shift+Tab') through the engine's real keyboard input. */
  press(key: EngineKey): Promise<void>;
  /** Types `text` key by key. */
  type(text: string): Promise<void>;
  /** The cookies the browser holds for the page's current URL. */
  cookies(): Promise<EngineCookie[]>;
  /** Stores a cookie for the page's current origin, path '/', as a server would set it. */
  addCookie(cookie: { name: string; value: string }): Promise<void>;
  /**
   * Changes prefers-reduced-motion on the open page. Only where the engine's protocol can: Chromium (CDP).
   * Firefox reads it from a pref and WebKitGTK from a GTK setting, both at start (EngineOptions.reducedMotion),
   * and neither WebDriver BiDi as Firefox ships it nor classic WebDriver has a command to change it later.
   */
  setReducedMotion?: (value: 'reduce' | 'no-preference') => Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** The engine's real version (WebKit's user agent is frozen, so it is read from the session). */
  readonly version: string;
  /**
   * The processes the engine started (process-group leaders for WebKit: Xvfb and WebKitWebDriver, whose group
   * holds MiniBrowser and WebKit's own processes), so a test can check that none is left behind.
   */
  readonly pids: readonly number[];
  /** A new page with its own cookies and storage (in WebKit, which drives one window, it replaces the last one). */
  newPage(options?: PageOptions): Promise<EnginePage>;
  /** Closes every page and stops every process the engine started. */
  close(): Promise<void>;
}

const DEFAULT_VIEWPORT = { width: 1024, height: 700 };

// ---------- pieces every engine shares ----------

/** An expression that calls `fn` with `arg` (passed as JSON) in the page. */
function callExpression(fn: (arg: never) => unknown, arg: unknown): string {
  return `(${String(fn)})(${arg === undefined ? '' : JSON.stringify(arg)})`;
}

/** A page-side poll: resolves true once `fn(arg)` is truthy, false when `ms` have passed. */
function pollFunction(fn: (arg: never) => unknown, arg: unknown, ms: number): string {
  return `(async () => { const deadline = Date.now() + ${ms}; for (;;) { if (await ${callExpression(fn, arg)}) return true; if (Date.now() > deadline) return false; await new Promise((r) => setTimeout(r, 20)); } })()`;
}

const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/**
 * The point to click for `selector`: the centre of its first match, scrolled into view, once the element
 * exists, has a size and is what the pointer would hit there (or contains it), as a user would see it.
 * No named functions inside: tsx (the benches) would wrap them in a helper the page does not have.
 */
const hitPoint = (selector: string) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    // Out of the viewport or clipped by a scrolling container: scroll it into view, as a user would.
    if (attempt === 1) el.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const x = Math.round(rect.left + rect.width / 2);
    const y = Math.round(rect.top + rect.height / 2);
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return { x, y };
  }
  return null;
};

/** Serves each setContent page on loopback; everything else answers 404, so markup requests stay local. */
async function contentServer() {
  const pages = new Map<string, string>();
  let next = 0;
  const server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (html === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The URL of a new page showing `html`. */
    add(html: string): string {
      const path = `/content/${++next}`;
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

type ContentServer = Awaited<ReturnType<typeof contentServer>>;

/** Rejects after `ms` with a message naming what did not finish. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Builds the shared parts of a page from the engine-specific primitives. */
function enginePage(parts: {
  run(expression: string): Promise<unknown>;
  navigate(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  screenshot(): Promise<Buffer>;
  mouseClick(x: number, y: number): Promise<void>;
  mouseMove(x: number, y: number): Promise<void>;
  press(key: EngineKey): Promise<void>;
  type(text: string): Promise<void>;
  cookies(url: string): Promise<EngineCookie[]>;
  addCookie(cookie: { name: string; value: string }, url: string): Promise<void>;
  close(): Promise<void>;
  content: ContentServer;
}): EnginePage {
  const evaluate = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>> =>
    (await parts.run(callExpression(fn as (arg: never) => unknown, arg))) as Awaited<R>;
  const waitForFunction = async <A>(fn: (arg: A) => unknown, arg?: A, options: { timeout?: number } = {}) => {
    const timeout = options.timeout ?? 5000;
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    // The page may navigate while we wait; a poll cut off by that is tried again on the new document. Polls
    // run in slices of at most 2 s, each bounded from here too: an evaluation caught by a navigation can stay
    // unanswered (seen with Firefox over BiDi), and must not hold the wait past its deadline.
    while (Date.now() <= deadline) {
      const slice = Math.min(2000, Math.max(0, deadline - Date.now()));
      try {
        if (await within(parts.run(pollFunction(fn as (arg: never) => unknown, arg, slice)), slice + 3000, 'a page poll')) return;
        lastError = undefined;
      } catch (error) {
        lastError = error;
        await new Promise((done) => setTimeout(done, 50));
      }
    }
    throw new Error(
      `waitForFunction timed out after ${timeout} ms: ${String(fn).slice(0, 200)}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
    );
  };
  const pointAt = async (selector: string) => {
    await waitForFunction(hitPoint, selector).catch((error: unknown) => {
      throw new Error(`no clickable element for ${selector}: ${String(error)}`);
    });
    const point = await evaluate(hitPoint, selector);
    if (point === null) throw new Error(`element ${selector} moved away before the click`);
    return point;
  };
  return {
    goto: parts.navigate,
    setContent: (html) => parts.navigate(parts.content.add(html)),
    reload: parts.reload,
    url: parts.url,
    evaluate,
    waitForFunction,
    async screenshot() {
      await evaluate(twoFrames);
      return parts.screenshot();
    },
    async click(selector) {
      const { x, y } = await pointAt(selector);
      await parts.mouseClick(x, y);
    },
    async hover(selector) {
      const { x, y } = await pointAt(selector);
      await parts.mouseMove(x, y);
    },
    mouseClick: parts.mouseClick,
    mouseMove: parts.mouseMove,
    press: parts.press,
    type: parts.type,
    async cookies() {
      return parts.cookies(await parts.url());
    },
    async addCookie(cookie) {
      await parts.addCookie(cookie, await parts.url());
    },
    close: parts.close,
  };
}

// ---------- Chromium (playwright-core) ----------

/** This process's Chromium children (playwright-core does not tell its browser's process id). */
function childPids(): Set<number> {
  try {
    const rows = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    return new Set(
      rows
        .filter((row) => /chrom/i.test(row))
        .map((row) => Number.parseInt(row, 10))
        .filter((pid) => pid > 0),
    );
  } catch {
    // ps exits 1 when there are none.
    return new Set();
  }
}

async function launchChromiumEngine(options: EngineOptions): Promise<Engine> {
  const before = childPids();
  const browser: PlaywrightBrowser = await within(
    // Playwright hides scrollbars by default; tests that measure one need it shown.
    launchChromium({
      timeout: ENGINE_START_TIMEOUT_MS,
      ...(options.classicScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    }),
    ENGINE_START_TIMEOUT_MS + 5000,
    'starting Chromium',
  );
  const content = await contentServer();
  return {
    name: 'chromium',
    version: browser.version(),
    pids: [...childPids()].filter((pid) => !before.has(pid)),
    async newPage(pageOptions = {}) {
      const context: BrowserContext = await browser.newContext({
        viewport: pageOptions.viewport ?? DEFAULT_VIEWPORT,
        ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
        ...(options.reducedMotion === undefined ? {} : { reducedMotion: options.reducedMotion }),
      });
      const page: PlaywrightPage = await context.newPage();
      const shared = enginePage({
        content,
        run: (expression) => page.evaluate(expression),
        navigate: async (url) => {
          await page.goto(url);
        },
        reload: async () => {
          await page.reload();
        },
        url: async () => page.url(),
        screenshot: () => page.screenshot(),
        mouseClick: (x, y) => page.mouse.click(x, y),
        mouseMove: (x, y) => page.mouse.move(x, y),
        press: (key) => page.keyboard.press(key),
        type: (text) => page.keyboard.type(text),
        cookies: async (url) =>
          (await context.cookies(url)).map((c) => ({
            name: c.name,
            value: c.value,
            path: c.path,
            expires: c.expires === -1 ? undefined : c.expires,
          })),
        addCookie: async (cookie, url) => {
          await context.addCookies([{ name: cookie.name, value: cookie.value, domain: new URL(url).hostname, path: '/' }]);
        },
        close: () => context.close(),
      });
      return { ...shared, setReducedMotion: (value) => page.emulateMedia({ reducedMotion: value }) };
    },
    async close() {
      await browser.close();
      await content.close();
    },
  };
}

// ---------- Firefox ESR (puppeteer-core over WebDriver BiDi) ----------

async function launchFirefoxEngine(options: EngineOptions): Promise<Engine> {
  const { default: puppeteer } = await import('puppeteer-core');
  const prefs: Record<string, unknown> = {};
  if (options.userAgent !== undefined) prefs['general.useragent.override'] = options.userAgent;
  if (options.reducedMotion !== undefined) prefs['ui.prefersReducedMotion'] = options.reducedMotion === 'reduce' ? 1 : 0;
  // GTK's overlay scrollbars take no space; the classic ones do, as on most desktops.
  if (options.classicScrollbars) prefs['widget.gtk.overlay-scrollbars.enabled'] = false;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: enginePaths().firefox!,
    headless: true,
    timeout: ENGINE_START_TIMEOUT_MS,
    protocolTimeout: 60_000,
    extraPrefsFirefox: prefs,
  });
  const content = await contentServer();
  return {
    name: 'firefox',
    version: (await browser.version()).replace(/^firefox\//i, ''),
    pids: browser.process()?.pid === undefined ? [] : [browser.process()!.pid!],
    async newPage(pageOptions = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(pageOptions.viewport ?? DEFAULT_VIEWPORT);
      return enginePage({
        content,
        run: (expression) => page.evaluate(expression),
        navigate: async (url) => {
          await page.goto(url, { waitUntil: 'load' });
        },
        reload: async () => {
          await page.reload({ waitUntil: 'load' });
        },
        url: async () => page.url(),
        screenshot: async () => Buffer.from(await page.screenshot()),
        mouseClick: (x, y) => page.mouse.click(x, y),
        mouseMove: (x, y) => page.mouse.move(x, y),
        async press(key) {
          if (key === 'Shift+Tab') {
            await page.keyboard.down('Shift');
            await page.keyboard.press('Tab');
            await page.keyboard.up('Shift');
          } else {
            await page.keyboard.press(key);
          }
        },
        type: (text) => page.keyboard.type(text),
        cookies: async (url) =>
          (await context.cookies())
            .filter((c) => c.domain.replace(/^\./, '') === new URL(url).hostname)
            .map((c) => ({ name: c.name, value: c.value, path: c.path, expires: c.expires === -1 || c.session ? undefined : c.expires })),
        addCookie: async (cookie, url) => {
          await context.setCookie({ name: cookie.name, value: cookie.value, domain: new URL(url).hostname, path: '/' });
        },
        close: () => context.close(),
      });
    },
    async close() {
      await browser.close();
      await content.close();
    },
  };
}

// ---------- WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb, W3C WebDriver over HTTP) ----------

/** Process groups we started, killed when the test process exits, however it exits. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  if (child.pid === undefined) return;
  liveGroups.add(child.pid);
  child.once('exit', () => liveGroups.delete(child.pid!));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const pgid of liveGroups) {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    });
  }
}

/** Stops a process group we started: SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(child: ChildProcess | undefined, graceMs = 3000): Promise<void> {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Anything left in the group (WebKit's web and network processes) goes too.
  signal('SIGKILL');
}

/** Starts Xvfb on a free display (it writes the display number to the pipe it is given) and returns it. */
async function startXvfb(xvfb: string): Promise<{ child: ChildProcess; display: string }> {
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp', '-nolisten', 'unix-abstract'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: true,
  });
  track(child);
  const pipe = child.stdio[3] as NodeJS.ReadableStream;
  try {
    const display = await within(
      new Promise<string>((resolve, reject) => {
        let text = '';
        pipe.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('\n')) resolve(`:${text.trim()}`);
        });
        child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before reporting a display`)));
        child.once('error', reject);
      }),
      10_000,
      'starting Xvfb',
    );
    return { child, display };
  } catch (error) {
    await stopGroup(child, 500);
    throw error;
  }
}

/** A free loopback port for the driver (the driver takes a port number, not 0). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

async function startWebKitDriver(driver: string, display: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(driver, [`--port=${port}`, '--host=local'], { stdio: 'ignore', detached: true, env: { ...env, DISPLAY: display } });
    track(child);
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const status = (await (await fetch(`${base}/status`, { signal: AbortSignal.timeout(1000) })).json()) as {
          value?: { ready?: boolean };
        };
        if (status.value?.ready) return { child, base };
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    await stopGroup(child, 500);
    // The port may have been taken between our probe and the driver's bind: try another one.
    if (attempt >= 3) throw new Error(`WebKitWebDriver did not become ready (${attempt} attempts)`);
  }
}

async function launchWebKitEngine(options: EngineOptions): Promise<Engine> {
  const paths = enginePaths();
  const home = mkdtempSync(join(tmpdir(), 'exkit-webkit-'));
  // GTK settings for MiniBrowser: WebKitGTK answers prefers-reduced-motion from gtk-enable-animations.
  mkdirSync(join(home, 'config', 'gtk-3.0'), { recursive: true });
  // gtk-overlay-scrolling decides whether WebKitGTK's scrollbars overlay the page or take space.
  const settings = [
    `gtk-enable-animations=${options.reducedMotion === 'reduce' ? 'false' : 'true'}`,
    `gtk-overlay-scrolling=${options.classicScrollbars ? 'false' : 'true'}`,
  ];
  writeFileSync(join(home, 'config', 'gtk-3.0', 'settings.ini'), `[Settings]\n${settings.join('\n')}\n`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_RUNTIME_DIR: home,
    // No accessibility bus or dconf on this machine; without these GTK waits on them and warns.
    NO_AT_BRIDGE: '1',
    GSETTINGS_BACKEND: 'memory',
  };
  let xvfb: ChildProcess | undefined;
  let driver: ChildProcess | undefined;
  let session: WebDriverSession | undefined;
  const stopAll = async () => {
    await session?.delete().catch(() => undefined);
    await stopGroup(driver);
    await stopGroup(xvfb);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const screen = await startXvfb(paths.xvfb!);
    xvfb = screen.child;
    const started = await startWebKitDriver(paths.webkitDriver!, screen.display, env);
    driver = started.child;
    const args = ['--automation', ...(options.userAgent === undefined ? [] : [`--user-agent=${options.userAgent}`])];
    session = await WebDriverSession.start(
      started.base,
      { 'webkitgtk:browserOptions': { binary: paths.miniBrowser!, args } },
      ENGINE_START_TIMEOUT_MS,
    );
    await session.setTimeouts({ script: 60_000, pageLoad: 30_000, implicit: 0 });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const wd = session;
  const content = await contentServer();
  let open: EnginePage | undefined;
  const version = String(wd.capabilities.browserVersion ?? 'unknown');

  const run = async (expression: string) => {
    const answer = (await wd.executeAsync(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => ${expression}).then(
         (value) => done({ ok: true, undef: value === undefined, value: value === undefined ? null : value }),
         (error) => done({ ok: false, thrown: error instanceof Error ? error.name + ': ' + error.message : String(error) }));`,
    )) as { ok: boolean; undef?: boolean; value?: unknown; thrown?: string };
    // Not named "error": WebDriver reads a value with an "error" field as a failed command.
    if (!answer.ok) throw new Error(`page error: ${answer.thrown}`);
    return answer.undef ? undefined : answer.value;
  };
  const pointer = (steps: unknown[]) =>
    wd.performActions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: steps }]);
  const keys = (values: string[]) =>
    wd.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          ...values.map((value) => ({ type: 'keyDown', value })),
          ...[...values].reverse().map((value) => ({ type: 'keyUp', value })),
        ],
      },
    ]);

  return {
    name: 'webkit',
    version,
    pids: [xvfb!.pid!, driver!.pid!],
    async newPage(pageOptions = {}) {
      // One WebDriver session drives one window: pages take turns, each starting with no cookies. A page a
      // failed test left open is closed here, so one failure does not fail every test after it.
      if (open !== undefined) await open.close();
      await wd.navigate('about:blank');
      const viewport = pageOptions.viewport ?? DEFAULT_VIEWPORT;
      // The window rect includes MiniBrowser's toolbar: size it, then correct by what the viewport came out as.
      await wd.setWindowRect({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      const innerSize = async () => (await run('({ w: window.innerWidth, h: window.innerHeight })')) as { w: number; h: number };
      const inner = await innerSize();
      if (inner.w !== viewport.width || inner.h !== viewport.height) {
        await wd.setWindowRect({ x: 0, y: 0, width: 2 * viewport.width - inner.w, height: 2 * viewport.height - inner.h });
      }
      // Narrower than the window can be: the page runs in a frame of the asked size (see PageOptions).
      const framed = pageOptions.frameNarrowViewport === true && (await innerSize()).w > viewport.width;
      const enterFrame = async () => {
        if (framed) await wd.switchToFrame(0);
      };
      const page = enginePage({
        content,
        run,
        navigate: async (url) => {
          if (!framed) {
            await wd.navigate(url);
            return;
          }
          // The window's load event waits for the frame's, so the frame's page has loaded when this returns.
          await wd.navigate(
            content.add(
              `<!doctype html><html><body style="margin:0;overflow:hidden"><iframe src="${url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" style="display:block;border:0;width:${viewport.width}px;height:${viewport.height}px"></iframe></body></html>`,
            ),
          );
          await enterFrame();
        },
        reload: async () => {
          await wd.refresh();
          await enterFrame();
        },
        url: async () => (framed ? String(await run('location.href')) : wd.currentUrl()),
        screenshot: () => wd.screenshot(),
        mouseClick: (x, y) =>
          pointer([
            { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ]),
        mouseMove: (x, y) => pointer([{ type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' }]),
        press: (key) => keys(key === 'Shift+Tab' ? [WEBDRIVER_KEYS.Shift, WEBDRIVER_KEYS.Tab] : [WEBDRIVER_KEYS[key]]),
        async type(text) {
          await wd.performActions([
            {
              type: 'key',
              id: 'keyboard',
              actions: [...text].flatMap((value) => [
                { type: 'keyDown', value },
                { type: 'keyUp', value },
              ]),
            },
          ]);
        },
        // WebDriver's cookie commands act on the current document's domain, which is the page's URL here.
        cookies: async () => (await wd.cookies()).map((c) => ({ name: c.name, value: c.value, path: c.path ?? '/', expires: c.expiry })),
        addCookie: async (cookie) => {
          await wd.addCookie({ name: cookie.name, value: cookie.value, path: '/' });
        },
        async close() {
          open = undefined;
          // Cookies ignore ports, so every loopback server shares them: clear them for the next page.
          await wd.deleteCookies().catch(() => undefined);
          await run('localStorage.clear(), sessionStorage.clear()').catch(() => undefined);
          await wd.navigate('about:blank').catch(() => undefined);
        },
      });
      open = page;
      return page;
    },
    async close() {
      await stopAll();
      await content.close();
    },
  };
}

/**
 * Starts an engine. Installs it first when it is missing and we are root (one apt call); fails naming the
 * install command otherwise. Bounded by ENGINE_START_TIMEOUT_MS.
 */
export async function launchEngine(name: EngineName, options: EngineOptions = {}): Promise<Engine> {
  ensureEngines([name]);
  switch (name) {
    case 'chromium':
      return launchChromiumEngine(options);
    case 'firefox':
      // puppeteer bounds the start itself (its `timeout`) and kills Firefox when the test process exits.
      return launchFirefoxEngine(options);
    case 'webkit':
      return launchWebKitEngine(options);
  }
}
