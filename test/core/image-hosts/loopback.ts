// Real image hosts on 127.0.0.1 for the probe race: each answers after its own delay, fails, or hangs.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = { kind: 'ok'; delayMs: number } | { kind: 'fail' } | { kind: 'hang' };

export interface ImageServer {
  readonly origin: string;
  behaviour: Behaviour;
  /** Paths requested, in order. */
  readonly requests: string[];
  /** Requests whose client went away before the answer was sent (cancelled probes). */
  aborted: number;
  /** Answers sent in full. */
  served: number;
  close(): Promise<void>;
}

// A 1×1 transparent GIF: a real image, so a browser probe would load it too.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function imageServer(behaviour: Behaviour): Promise<ImageServer> {
  const state = { behaviour, requests: [] as string[], aborted: 0, served: 0 };
  const server: Server = createServer((req, res) => {
    state.requests.push(req.url ?? '');
    const current = state.behaviour;
    const pending: { timer?: NodeJS.Timeout } = {};
    res.on('close', () => {
      if (pending.timer) clearTimeout(pending.timer);
      if (!res.writableFinished) state.aborted++;
    });
    if (current.kind === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
      return;
    }
    if (current.kind === 'hang') return;
    pending.timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
      res.end(GIF, () => {
        state.served++;
      });
    }, current.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next) {
      state.behaviour = next;
    },
    requests: state.requests,
    get aborted() {
      return state.aborted;
    },
    get served() {
      return state.served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } as ImageServer;
}
