// Pages for browser tests: some of exkit's source (a script, or an app's entry file with its JSX) bundled for
// the browser by esbuild, served on loopback with the page that loads it and any other files it needs, and the
// engine a suite opens it in, started before the suite's tests and stopped after them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { launchEngine } from './engines.js';
import type { Engine, EngineName, EngineOptions } from './engines.js';

const root = resolve(import.meta.dirname, '../..');

/** What to bundle: an entry file (absolute, or relative to the repository root), or source whose imports are relative to the root. */
export type BundleInput = { entry: string } | { source: string; loader?: 'ts' | 'tsx' };

export interface BundleOptions {
  /** 'esm' for a `<script type="module">` (the default), 'iife' for a classic script. */
  format?: 'esm' | 'iife';
  /** With 'iife': the global the entry's exports are assigned to. */
  globalName?: string;
  /** process.env.NODE_ENV in the bundle: React's development build prints warnings its production build does not. */
  nodeEnv?: 'development' | 'production';
  /** Import names mapped to files, as a bundler set up for the package would map them. */
  alias?: Record<string, string>;
  minify?: boolean;
}

/** Bundles `input` for the browser (TypeScript, JSX with the automatic runtime) and returns the script's text. */
export async function bundleScript(input: BundleInput, options: BundleOptions = {}): Promise<string> {
  const result = await build({
    ...('entry' in input
      ? { entryPoints: [resolve(root, input.entry)] }
      : { stdin: { contents: input.source, resolveDir: root, loader: input.loader ?? 'ts' } }),
    bundle: true,
    format: options.format ?? 'esm',
    ...(options.globalName === undefined ? {} : { globalName: options.globalName }),
    platform: 'browser',
    jsx: 'automatic',
    ...(options.nodeEnv === undefined ? {} : { define: { 'process.env.NODE_ENV': JSON.stringify(options.nodeEnv) } }),
    ...(options.alias === undefined ? {} : { alias: options.alias }),
    minify: options.minify ?? false,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export interface BundlePage {
  /** 'http://127.0.0.1:<port>', no trailing slash. */
  readonly origin: string;
  close(): Promise<void>;
}

/** A file served as it is, with its content type. */
export interface StaticFile {
  type: string;
  body: string;
}

export interface AppOptions extends BundleOptions {
  /** The app's entry file (absolute, or relative to the repository root); served at '/app.js'. */
  entry: string;
  /**
   * The page: one page for every path no file is served at, or a function of the request's path (without its
   * query) that gives the page, or undefined for a 404. Called on each request, so it may render then.
   */
  page: string | ((path: string) => string | undefined);
  /** More files, by path: a stylesheet, say. */
  files?: Record<string, StaticFile>;
}

/** The path the app's bundle is served at. */
export const APP_SCRIPT = '/app.js';

/** Serves `files` and, at every other path, what `page` gives for it; everything on loopback. */
async function serve(files: Record<string, StaticFile>, page: AppOptions['page']): Promise<BundlePage> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = files[path];
    const html = file ? undefined : typeof page === 'string' ? page : page(path);
    if (file) res.writeHead(200, { 'content-type': file.type }).end(file.body);
    else if (html !== undefined) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Bundles `source` (TypeScript, imports relative to the repository root) as a classic script and serves it at '/bundle.js'. */
export async function serveBundle(
  source: string,
  html = '<!doctype html><html><head><script src="/bundle.js"></script></head><body></body></html>',
): Promise<BundlePage> {
  const script = await bundleScript({ source }, { format: 'iife' });
  return serve({ '/bundle.js': { type: 'text/javascript', body: script } }, html);
}

/** Bundles an app from its entry file (ESM unless told) and serves it at APP_SCRIPT, with its page and files. */
export async function serveApp(options: AppOptions): Promise<BundlePage> {
  const { entry, page, files = {}, ...bundle } = options;
  const script = await bundleScript({ entry }, bundle);
  return serve({ ...files, [APP_SCRIPT]: { type: 'text/javascript', body: script } }, page);
}

export interface AppPageOptions {
  /** The viewport meta tag's content ('width=device-width', say); none when unset. */
  viewport?: string;
  /** What the page records in `window.__errors` from the start (see errorRecorder); nothing when unset. */
  recordErrors?: 'errors' | 'errors and rejections';
  /** More of the head, after those two. */
  head?: string;
  /** The body's style attribute. */
  bodyStyle?: string;
  /** Markup already in the root (a server render). */
  root?: string;
}

/**
 * A script for the top of a page's head that records, from the start, in `window.__errors`, every uncaught
 * error's message, and with 'errors and rejections' every unhandled rejection's reason too.
 */
export function errorRecorder(what: 'errors' | 'errors and rejections'): string {
  const rejections =
    what === 'errors and rejections' ? " addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));" : '';
  return `<script>window.__errors = []; addEventListener('error', (e) => window.__errors.push(String(e.message)));${rejections}</script>`;
}

/** A page that loads the app (APP_SCRIPT as a module) into `<div id="root">`. */
export function appPage(options: AppPageOptions = {}): string {
  const viewport = options.viewport === undefined ? '' : `<meta name="viewport" content="${options.viewport}">`;
  const record = options.recordErrors === undefined ? '' : errorRecorder(options.recordErrors);
  const style = options.bodyStyle === undefined ? '' : ` style="${options.bodyStyle}"`;
  return `<!doctype html><html><head><meta charset="utf-8">${viewport}${record}${options.head ?? ''}</head><body${style}><div id="root">${options.root ?? ''}</div><script type="module" src="${APP_SCRIPT}"></script></body></html>`;
}

/** How long a suite's app may take to bundle (esbuild on a loaded 2-core machine). */
const BUNDLE_TIMEOUT_MS = 180_000;
/** How long a suite's engine may take to start (a WebKit start bounded by the launcher, and installing it). */
const LAUNCH_TIMEOUT_MS = 90_000;

/**
 * The app served for the tests of this file (or of the describe block it is called in): started before they
 * run, stopped after them. `origin` reads the running server's origin.
 */
export function serveAppForSuite(options: AppOptions): BundlePage {
  let served: BundlePage | undefined;
  beforeAll(async () => {
    served = await serveApp(options);
  }, BUNDLE_TIMEOUT_MS);
  afterAll(async () => {
    await served?.close();
  });
  return {
    get origin() {
      if (served === undefined) throw new Error('the app is not served: its bundle or server failed to start');
      return served.origin;
    },
    close: async () => {
      await served?.close();
    },
  };
}

/**
 * The engine `name` for the tests of the describe block this is called in: launched (with `options`) before
 * they run, closed after them. The engine returned hands every call to the running one.
 */
export function engineForSuite(name: EngineName, options: EngineOptions = {}): Engine {
  let launched: Engine | undefined;
  beforeAll(async () => {
    launched = await launchEngine(name, options);
  }, LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    await launched?.close();
  });
  const running = () => {
    if (launched === undefined) throw new Error(`${name} is not running: it failed to start`);
    return launched;
  };
  return {
    name,
    get version() {
      return running().version;
    },
    get pids() {
      return running().pids;
    },
    newPage: (pageOptions) => running().newPage(pageOptions),
    close: () => running().close(),
  };
}
