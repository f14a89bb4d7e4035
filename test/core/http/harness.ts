// Shared setup for the HTTP client tests: a memory platform (manual clock, real fetch) and a client
// pointed at the loopback fixture server, with its events collected.
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpClient, HttpClientOptions, HttpEvent } from '../../../core/http/index.js';
import { flushMicrotasks, memoryPlatform } from '../../../core/platform/index.js';
import type { MemoryPlatform, MemoryPlatformOptions } from '../../../core/platform/index.js';
import type { TestServer } from '../../support/http-server.js';

/** 2026-01-02 03:04:05 UTC: the manual clock's start, so `_t` is predictable. */
export const START_TIME = Date.UTC(2026, 0, 2, 3, 4, 5);

/** What the loopback server's echo route answers: the request as it arrived. */
export interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

export interface ClientRig {
  platform: MemoryPlatform;
  client: HttpClient;
  events: HttpEvent[];
  toasts(): string[];
  logouts(): number;
}

export function rig(server: TestServer, options: Partial<HttpClientOptions> = {}, platformOptions: MemoryPlatformOptions = {}): ClientRig {
  const platform = memoryPlatform({ now: START_TIME, languages: ['fr-FR', 'fr'], ...platformOptions });
  const client = createHttpClient(platform, { baseUrl: server.origin, ...options });
  const events: HttpEvent[] = [];
  client.events$.subscribe((event) => events.push(event));
  return {
    platform,
    client,
    events,
    toasts: () => events.flatMap((e) => (e.type === 'toast' ? [e.message] : [])),
    logouts: () => events.filter((e) => e.type === 'logout').length,
  };
}

/** Settles when the promise settles, telling which way (for promises that may stay pending). */
export function settleState<T>(promise: Promise<T>): { readonly state: 'pending' | 'resolved' | 'rejected'; readonly value: unknown } {
  const box: { state: 'pending' | 'resolved' | 'rejected'; value: unknown } = { state: 'pending', value: undefined };
  promise.then(
    (value) => Object.assign(box, { state: 'resolved', value }),
    (error: unknown) => Object.assign(box, { state: 'rejected', value: error }),
  );
  return box;
}

/** Polls (real time, bounded) until the condition holds: events follow the server's answer asynchronously. */
export async function waitUntil(condition: () => boolean, limitMs = 5_000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > limitMs) throw new Error('condition not met in time');
    await flushMicrotasks();
    await new Promise((resolve) => setImmediate(resolve));
  }
}
