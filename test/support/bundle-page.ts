// A page for browser tests: some of exkit's source bundled for the browser and served on loopback with a
// page that loads it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');

export interface BundlePage {
  /** 'http://127.0.0.1:<port>': the page is at '/', the script at '/bundle.js'. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Bundles `source` (TypeScript, imports relative to the repository root) as a classic script and serves it. */
export async function serveBundle(
  source: string,
  html = '<!doctype html><html><head><script src="/bundle.js"></script></head><body></body></html>',
): Promise<BundlePage> {
  const bundle = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    if (req.url === '/bundle.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
