// A real HTTP server on loopback for tests and benchmarks: scriptable routes (statuses, held and slow
// answers, dropped connections, empty and malformed bodies, large bodies) that records what it received.
// It is the seed of the reference gateway (examples/gateway/), so it depends on node:http only.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
  /** Resolves when the exchange is over: answered, or the client went away (an aborted fetch). */
  readonly closed: Promise<void>;
  /** True when the client closed the connection before the answer was complete. */
  readonly abandoned: boolean;
}

/** How the server answers a request. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** 'http://127.0.0.1:<port>' */
  readonly origin: string;
  /** Every request received, in arrival order. */
  readonly received: ReceivedRequest[];
  /** Answers `method path` (path without query; method '*' for any) with `reply`, replacing an earlier route. */
  route(method: string, path: string, reply: Reply): void;
  /** Resolves once at least `count` requests have arrived in total. */
  waitForRequests(count: number): Promise<void>;
  /** Forgets routes and received requests. */
  reset(): void;
  /** Drops open connections (held answers included) and stops listening. */
  close(): Promise<void>;
}

export interface JsonReplyOptions {
  status?: number;
  headers?: Record<string, string>;
}

function send(response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** Scripted answers. */
export const reply = {
  /** A JSON body with a status (default 200). */
  json(body: unknown, options: JsonReplyOptions = {}): Reply {
    const text = JSON.stringify(body);
    return (_request, response) => send(response, options.status ?? 200, text, options.headers);
  },
  /** The gateway's success envelope around `data`. */
  ok(data: unknown = null, extra: Record<string, unknown> = {}): Reply {
    return reply.json({ code: '00000', data, msg: 'success', requestTime: 1_700_000_000_000, ...extra });
  },
  /** An envelope with a business code (HTTP 200). */
  code(code: string | number, msg?: string, extra: Record<string, unknown> = {}): Reply {
    return reply.json({ code, data: null, msg, requestTime: 1_700_000_000_000, ...extra });
  },
  /** A bare HTTP status with an optional JSON body. */
  status(status: number, body: unknown = { code: String(status), msg: 'status' }): Reply {
    return reply.json(body, { status });
  },
  /** A raw text body, sent as JSON content type (for malformed JSON). */
  raw(text: string, status = 200): Reply {
    return (_request, response) => send(response, status, text);
  },
  /** A response with no body at all. */
  empty(status = 200): Reply {
    return (_request, response) => {
      response.writeHead(status, { 'content-length': 0 });
      response.end();
    };
  },
  /** Closes the connection without answering. */
  drop(): Reply {
    return (request, response) => {
      void request;
      response.socket?.destroy();
    };
  },
  /** Sends the head and the first bytes of a body, then stalls (a slow answer past any timeout). */
  stall(): Reply {
    return (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': 1000 });
      response.write('{"code":"00000","data":"');
    };
  },
  /** Never answers (the connection stays open until the server closes). */
  hold(): Reply {
    return () => undefined;
  },
  /** Echoes what was received: method, path, query, headers and body text. */
  echo(): Reply {
    return (request, response) =>
      send(
        response,
        200,
        JSON.stringify({
          code: '00000',
          msg: 'success',
          data: {
            method: request.method,
            path: request.path,
            query: Object.fromEntries(request.query),
            headers: request.headers,
            body: request.text(),
          },
        }),
      );
  },
  /** A success envelope whose body is at least `bytes` long (data is one long string). */
  large(bytes: number): Reply {
    const head = '{"code":"00000","msg":"success","data":"';
    const tail = '"}';
    const body = Buffer.alloc(Math.max(bytes, head.length + tail.length), 'x');
    body.write(head, 0, 'utf8');
    body.write(tail, body.length - tail.length, 'utf8');
    return (_request, response) => send(response, 200, body);
  },
};

/** A reply held until `release()`, for concurrency tests; `arrived` counts the requests it is holding. */
export function gate(then: Reply): { reply: Reply; release(): void; readonly arrived: number } {
  const waiting: Array<() => void> = [];
  let open = false;
  let arrived = 0;
  return {
    reply: (request, response) => {
      arrived++;
      if (open) return then(request, response);
      return new Promise<void>((resolve) => {
        waiting.push(() => resolve(then(request, response) as undefined));
      });
    },
    release() {
      open = true;
      for (const run of waiting.splice(0)) run();
    },
    get arrived() {
      return arrived;
    },
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Starts a server on 127.0.0.1 with an ephemeral port. Unrouted requests get 404 with a JSON body. */
export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Reply>();
  const received: ReceivedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = request.url ?? '/';
      const parsed = new URL(url, 'http://127.0.0.1');
      let abandoned = false;
      const closed = new Promise<void>((resolve) =>
        response.once('close', () => {
          abandoned = !response.writableFinished;
          resolve();
        }),
      );
      const entry: ReceivedRequest = {
        method: request.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: request.headers,
        body,
        text: () => body.toString('utf8'),
        json: <T>() => JSON.parse(body.toString('utf8')) as T,
        closed,
        get abandoned() {
          return abandoned;
        },
      };
      received.push(entry);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const handler = routes.get(`${entry.method} ${entry.path}`) ?? routes.get(`* ${entry.path}`);
      if (!handler) {
        send(response, 404, JSON.stringify({ code: '404', msg: 'no route' }));
        return;
      }
      await handler(entry, response);
    })().catch(() => {
      if (!response.headersSent) send(response, 500, JSON.stringify({ code: '500', msg: 'fixture failure' }));
    });
  });
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    route(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
    },
    waitForRequests(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    reset() {
      routes.clear();
      received.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
