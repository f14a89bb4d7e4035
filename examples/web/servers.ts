// The servers `npm start` runs and the end-to-end tests start: the reference gateway (the embedded
// default API) and a Vite dev server that serves the app from the package's source and proxies `/v1` to
// the gateway, so the page and the API share one origin (cookies, WebCrypto's secure context on loopback).
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { startGateway } from '../gateway/gateway.js';
import type { Gateway } from '../gateway/gateway.js';

const appRoot = import.meta.dirname;
export const PACKAGE_ROOT = resolve(appRoot, '../..');
const configFile = resolve(appRoot, 'vite.config.ts');

export interface ExampleServers {
  /** The app's URL (same origin as the API). */
  readonly url: string;
  /** The port asked for, when another program held it and a free one was taken instead. */
  readonly portTaken: number | undefined;
  readonly gateway: Gateway;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Port of the app; 0 (default) picks a free one. */
  port?: number;
  /** When the port is taken: 'next' serves on the next free one, 'fail' rejects with PortInUseError. */
  whenTaken?: 'next' | 'fail';
  host?: string;
}

/** The app's port is held by another program (only with `whenTaken: 'fail'`). */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  constructor(readonly port: number) {
    super(`port ${port} is in use`);
  }
}

/** Whether `port` on `host` can be listened on now. */
async function portFree(host: string, port: number): Promise<boolean> {
  const probe = createNetServer();
  const free = await new Promise<boolean>((done) => probe.once('error', () => done(false)).listen(port, host, () => done(true)));
  if (free) await new Promise<void>((done) => probe.close(() => done()));
  return free;
}

/** A port the system has free on `host` now (Vite reads port 0 as "the default, 5173", so 0 is resolved here). */
async function freePort(host: string): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done, fail) => probe.once('error', fail).listen(0, host, done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** Starts the gateway on a free loopback port and the app's dev server in front of it. */
export async function startExampleServers(options: StartOptions = {}): Promise<ExampleServers> {
  const host = options.host ?? '127.0.0.1';
  const asked = options.port ?? 0;
  const port = asked === 0 ? await freePort(host) : asked;
  // Vite's own strict-port failure is a plain Error with a message only: ask the system first.
  if (options.whenTaken === 'fail' && !(await portFree(host, port))) throw new PortInUseError(port);
  const gateway = await startGateway({ host });
  const server = await createServer({
    configFile,
    logLevel: 'warn',
    clearScreen: false,
    server: { host, port, strictPort: options.whenTaken === 'fail', proxy: { '/v1': { target: gateway.url } } },
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    await gateway.close();
    const taken =
      (error as { code?: unknown }).code === 'EADDRINUSE' || /already in use/.test(String((error as { message?: unknown }).message));
    throw taken ? new PortInUseError(port) : error;
  }
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no TCP address');
  return {
    url: `http://${host}:${address.port}`,
    portTaken: address.port !== port ? port : undefined,
    gateway,
    async close() {
      await server.close();
      await gateway.close();
    },
  };
}
