// The servers `npm start` runs and the end-to-end tests start: the reference gateway (the embedded
// default API) and a Vite preview server that serves the built app and proxies `/v1` to the gateway,
// so the page and the API share one origin (cookies, WebCrypto's secure context on loopback).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { build, preview } from 'vite';
import { startGateway } from '../gateway/gateway.js';
import type { Gateway } from '../gateway/gateway.js';

const appRoot = import.meta.dirname;
export const PACKAGE_ROOT = resolve(appRoot, '../..');
const configFile = resolve(appRoot, 'vite.config.ts');

export interface ExampleServers {
  /** The app's URL (same origin as the API). */
  readonly url: string;
  readonly gateway: Gateway;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Port of the app; 0 (default) picks a free one. */
  port?: number;
  host?: string;
}

/** Builds the package into dist/ (tsc -p tsconfig.build.json, as `npm run build`). */
export async function buildPackage(): Promise<void> {
  await promisify(execFile)(process.execPath, [resolve(PACKAGE_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: PACKAGE_ROOT });
}

/** Whether dist/ holds every entry point the app imports. */
export function packageBuilt(): boolean {
  return ['core', 'machines', 'react'].every((entry) => existsSync(resolve(PACKAGE_ROOT, 'dist', entry, 'index.js')));
}

/** Builds the app into examples/web/dist. */
export async function buildApp(): Promise<void> {
  await build({ configFile, logLevel: 'warn' });
}

/** Starts the gateway on a free loopback port and the app's preview server in front of it. */
export async function startExampleServers(options: StartOptions = {}): Promise<ExampleServers> {
  const host = options.host ?? '127.0.0.1';
  const gateway = await startGateway({ host });
  const server = await preview({
    configFile,
    logLevel: 'warn',
    preview: { host, port: options.port ?? 0, strictPort: options.port !== undefined && options.port !== 0, proxy: { '/v1': { target: gateway.url } } },
  });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('the preview server has no TCP address');
  return {
    url: `http://${host}:${address.port}`,
    gateway,
    async close() {
      await server.close();
      await gateway.close();
    },
  };
}
