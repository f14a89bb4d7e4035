// Redirects against hostile loopback servers: the gateway answers with a redirect, a second origin on
// another port records what reaches it. Fetch's own `follow` mode would hand it the body and every header.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { CROSS_ORIGIN_HEADERS, cookieJarHooks, HttpRedirectError, HttpStatusError, MAX_REDIRECTS } from '../../../core/http/index.js';
import type { HttpClientOptions, HttpHooks, HttpMethod } from '../../../core/http/index.js';
import type { MemoryPlatform } from '../../../core/platform/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';
import { knownBodyText, withBodyText } from '../../../core/http/body-text.js';
import { fetchFollowingRedirects } from '../../../core/http/redirect.js';
import { rig } from './harness.js';

let gateway: TestServer;
let evil: TestServer;
beforeAll(async () => {
  gateway = await startTestServer();
  evil = await startTestServer();
});
afterAll(async () => {
  await gateway.close();
  await evil.close();
});
beforeEach(() => {
  gateway.reset();
  evil.reset();
});

const STATUSES = [301, 302, 303, 307, 308] as const;
const METHODS: HttpMethod[] = ['GET', 'POST'];
/** Every header a secret travels in: the session token, risk token, fingerprint, signing headers, cookies. */
const SECRET_HEADERS = ['token', 'risktoken', 'terminalcode', 'device-sign', 'device-sign-key', 'tm', 'uhti', 'cookie', 'x-caller'];

const redirectTo =
  (status: number, location: string): Reply =>
  (_request, response: ServerResponse) => {
    response.writeHead(status, { location, 'content-type': 'text/plain' });
    response.end('moved');
  };

/** The hooks a real session installs: risk token and signing headers, an encrypted login body, the cookie jar. */
function sessionHooks(platform: MemoryPlatform, origin: string): HttpHooks[] {
  return [
    {
      beforeRequest: [
        async (request) => {
          request.headers.set('riskToken', 'risk-secret');
          request.headers.set('device-sign', 'sig-secret');
          request.headers.set('device-sign-key', 'key-secret');
          request.headers.set('tm', '1700000000000');
          request.headers.set('uhti', 'a'.repeat(32));
          if (request.method === 'GET') return undefined;
          const clear = (await request.clone().json()) as { pwd: string };
          return new Request(request, { body: JSON.stringify({ bodyCiphertext: `enc:${clear.pwd}` }) });
        },
      ],
    },
    cookieJarHooks({ cookies: platform.cookies, cookieStore: platform.browser.cookieStore, clock: platform.clock }, origin),
  ];
}

function session(options: Partial<HttpClientOptions> = {}) {
  const r = rig(gateway, { providers: { terminalCode: () => 'fp-secret' }, ...options });
  r.platform.cookies.set('sid', 'cookie-secret');
  for (const hooks of sessionHooks(r.platform, gateway.origin)) r.client.use(hooks);
  const call = (method: HttpMethod, path: string) =>
    r.client.request<{ method: string; body: string; headers: Record<string, string> }>(
      method,
      path,
      method === 'GET' ? { q: 1 } : { pwd: 'hunter2' },
      {
        headers: { token: 'session-secret', 'x-caller': 'caller-secret' },
      },
    );
  return { ...r, call };
}

describe('a redirect to another origin is refused by default: HttpRedirectError, and the other origin receives nothing', () => {
  for (const status of STATUSES) {
    for (const method of METHODS) {
      for (const form of ['absolute', 'scheme-relative'] as const) {
        it(`${status} ${form} Location on ${method}`, async () => {
          const target = `${evil.origin}/v1/land`;
          gateway.route('*', '/v1/go', redirectTo(status, form === 'absolute' ? target : target.replace(/^http:/, '')));
          evil.route('*', '/v1/land', reply.echo());
          const { call, client, platform, toasts } = session();
          const error = await call(method, '/go').catch((e: unknown) => e);
          expect(error).toBeInstanceOf(HttpRedirectError);
          expect(error).toMatchObject({
            name: 'HttpRedirectError',
            code: 'HTTP_REDIRECT',
            reason: 'cross-origin',
            status,
            location: target,
            msg: 'unknown error',
          });
          expect(evil.received).toHaveLength(0);
          expect(gateway.received).toHaveLength(1);
          expect(client.pendingCount).toBe(0);
          expect(toasts()).toEqual(['unknown error']);
          expect(platform.reports).toMatchObject([
            { event: 'httpError', data: { code: 'HTTP_REDIRECT', reason: 'cross-origin', status, location: target } },
          ]);
        });
      }
    }
  }

  it('a silent refused call leaves no timer at all', async () => {
    gateway.route('GET', '/v1/go', redirectTo(302, `${evil.origin}/x`));
    const { call, platform, client } = session();
    await expect(client.get('/go', undefined, { silent: true })).rejects.toMatchObject({ reason: 'cross-origin' });
    void call;
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('another scheme or port on the same host is another origin', async () => {
    const https = `https://${new URL(gateway.origin).host}/v1/land`;
    gateway.route('GET', '/v1/a', redirectTo(302, https));
    const { client } = session();
    await expect(client.get('/a')).rejects.toMatchObject({ reason: 'cross-origin', location: https });
  });
});

describe('a redirect within the gateway origin is followed as fetch would', () => {
  for (const status of STATUSES) {
    for (const method of METHODS) {
      for (const form of ['relative', 'absolute'] as const) {
        const keepsMethod = status === 307 || status === 308 || method === 'GET';
        it(`${status} ${form} Location on ${method}: ${keepsMethod ? `${method} again, same body` : 'becomes a GET without body'}`, async () => {
          gateway.route('*', '/v1/go', redirectTo(status, form === 'relative' ? '/v1/land' : `${gateway.origin}/v1/land`));
          gateway.route('*', '/v1/land', reply.echo());
          const { call } = session();
          const { data } = await call(method, '/go');
          const [first, second] = gateway.received;
          expect(second?.path).toBe('/v1/land');
          expect(data.method).toBe(keepsMethod ? method : 'GET');
          expect(data.body).toBe(keepsMethod ? first!.text() : '');
          if (method === 'POST')
            expect(data.body === '' ? undefined : JSON.parse(data.body)).toEqual(
              keepsMethod ? { bodyCiphertext: 'enc:hunter2' } : undefined,
            );
          if (!keepsMethod) expect(data.headers['content-type']).toBeUndefined();
          // Same origin, same trust: the session's headers go along.
          for (const name of SECRET_HEADERS) expect(second!.headers[name]).toBe(first!.headers[name]);
          expect(second!.headers.cookie).toBe('sid=cookie-secret');
        });
      }
    }
  }

  it(`follows at most ${MAX_REDIRECTS} redirects, then rejects with reason 'too-many'`, async () => {
    gateway.route('GET', '/v1/loop', redirectTo(302, '/v1/loop'));
    const { client } = session();
    await expect(client.get('/loop')).rejects.toMatchObject({
      name: 'HttpRedirectError',
      reason: 'too-many',
      location: `${gateway.origin}/v1/loop`,
    });
    expect(gateway.received).toHaveLength(MAX_REDIRECTS + 1);
  });

  it.each([
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/plain,x', 'data:text/plain,x'],
    // Userinfo is stripped: the error is reported, and a password must not be.
    ['http://user:pw@127.0.0.1/v1/land', 'http://127.0.0.1/v1/land'],
    ['http://[::1', 'http://[::1'],
  ])("a Location %j that fetch could not follow rejects with reason 'location'", async (location, expected) => {
    gateway.route('GET', '/v1/go', redirectTo(302, location));
    const { client } = session();
    await expect(client.get('/go')).rejects.toMatchObject({
      name: 'HttpRedirectError',
      reason: 'location',
      status: 302,
      location: expected,
    });
    expect(gateway.received).toHaveLength(1);
  });

  it('a 3xx without Location, or a 304, is an answer: HttpStatusError with its status', async () => {
    gateway.route('GET', '/v1/a', reply.status(302));
    gateway.route('GET', '/v1/b', reply.empty(304));
    const { client } = session();
    await expect(client.get('/a')).rejects.toBeInstanceOf(HttpStatusError);
    await expect(client.get('/b')).rejects.toMatchObject({ name: 'HttpStatusError', status: 304 });
  });
});

describe('allowedRedirectOrigins: followed, but no secret and no body ever crosses', () => {
  const allowed = () => session({ allowedRedirectOrigins: [`${evil.origin}/any/path`] });

  for (const status of STATUSES) {
    for (const method of METHODS) {
      for (const form of ['absolute', 'scheme-relative'] as const) {
        const resends = (status === 307 || status === 308) && method === 'POST';
        it(`${status} ${form} Location on ${method}: ${resends ? "refused (reason 'body'), nothing sent" : 'only non-secret headers arrive'}`, async () => {
          const target = `${evil.origin}/v1/land`;
          gateway.route('*', '/v1/go', redirectTo(status, form === 'absolute' ? target : target.replace(/^http:/, '')));
          evil.route('*', '/v1/land', reply.echo());
          const { call, client } = allowed();
          const outcome = await call(method, '/go').catch((e: unknown) => e);
          if (resends) {
            expect(outcome).toMatchObject({ name: 'HttpRedirectError', reason: 'body', status, location: target });
            expect(evil.received).toHaveLength(0);
            return;
          }
          expect(evil.received).toHaveLength(1);
          const landed = evil.received[0]!;
          expect(landed.method).toBe(status === 307 || status === 308 ? method : 'GET');
          expect(landed.body.length).toBe(0);
          for (const name of SECRET_HEADERS) expect(landed.headers[name], name).toBeUndefined();
          expect(landed.headers).toMatchObject({
            terminaltype: '1',
            locale: 'en',
            language: 'en_US',
            apptheme: 'dark',
            devicelanguage: 'fr-FR',
          });
          expect(landed.headers['content-type']).toBeUndefined();
          expect(client.pendingCount).toBe(0);
        });
      }
    }
  }

  it('the beta header, under a name of mixed case, crosses to an allowed origin like the other plain headers', async () => {
    gateway.route('GET', '/v1/go', redirectTo(302, `${evil.origin}/v1/land`));
    evil.route('GET', '/v1/land', reply.echo());
    const { call } = session({
      allowedRedirectOrigins: [evil.origin],
      betaHeader: { name: 'X-Beta-Build', value: 'yes' },
      providers: { terminalCode: () => 'fp-secret', beta: () => true },
    });
    await call('GET', '/go');
    expect(gateway.received[0]!.headers['x-beta-build']).toBe('yes');
    expect(evil.received[0]!.headers['x-beta-build']).toBe('yes');
    for (const name of SECRET_HEADERS) expect(evil.received[0]!.headers[name], name).toBeUndefined();
  });

  it('an origin not on the list is still refused, and a hop back to the gateway stays stripped', async () => {
    const third = await startTestServer();
    try {
      gateway.route('GET', '/v1/go', redirectTo(302, `${evil.origin}/bounce`));
      evil.route('GET', '/bounce', redirectTo(302, `${gateway.origin}/v1/land`));
      gateway.route('GET', '/v1/land', reply.echo());
      gateway.route('GET', '/v1/away', redirectTo(302, `${third.origin}/x`));
      const { call } = allowed();
      await call('GET', '/go');
      const back = gateway.received[1]!;
      expect(back.path).toBe('/v1/land');
      for (const name of SECRET_HEADERS) expect(back.headers[name], name).toBeUndefined();
      await expect(call('GET', '/away')).rejects.toMatchObject({ reason: 'cross-origin', location: `${third.origin}/x` });
      expect(third.received).toHaveLength(0);
    } finally {
      await third.close();
    }
  });

  it("the other origin's Set-Cookie never lands in the gateway's jar", async () => {
    gateway.route('GET', '/v1/go', redirectTo(302, `${evil.origin}/v1/land`));
    evil.route('GET', '/v1/land', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['sid=evil; Max-Age=86400', 'planted=1'] });
      response.end(JSON.stringify({ code: '00000', data: null }));
    });
    const { call, platform } = allowed();
    await call('GET', '/go');
    expect(platform.cookies.get('sid')).toBe('cookie-secret');
    expect(platform.cookies.get('planted')).toBeUndefined();
  });

  it.each([['not a url'], ['ftp://files.example'], [42]])(
    'an entry %j that is not an absolute http(s) URL fails when the client is made',
    (entry) => {
      expect(() => rig(gateway, { allowedRedirectOrigins: [entry as string] })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'allowedRedirectOrigins[0]', value: entry } }),
      );
    },
  );
});

describe('a 307/308 sends the body the client wrote again, byte for byte, from its recorded text (no copy of the stream)', () => {
  const params = { note: 'héllo € 𝄞', amount: '1' };
  for (const status of [307, 308] as const) {
    for (const contentType of ['json', 'form'] as const) {
      for (const hooked of [false, true]) {
        it(`${status}, ${contentType} body, ${hooked ? 'with a beforeRequest hook that keeps the request' : 'no hooks'}`, async () => {
          gateway.route('POST', '/v1/go', redirectTo(status, '/v1/land'));
          gateway.route('POST', '/v1/land', reply.echo());
          // What fetch is handed first: the request with its body text recorded, whoever built it.
          const atFetch: Array<string | undefined> = [];
          const fetchSpy: typeof fetch = (input, init) => {
            if (input instanceof Request) atFetch.push(knownBodyText(input));
            return globalThis.fetch(input, init);
          };
          const { client } = rig(gateway, {}, { fetch: fetchSpy });
          const seen: Array<string | undefined> = [];
          if (hooked) client.use({ beforeRequest: [(request) => void seen.push(knownBodyText(request))] });
          await client.post('/go', params, { contentType });
          const [first, second] = gateway.received;
          expect(second!.path).toBe('/v1/land');
          expect(second!.body).toStrictEqual(first!.body);
          expect(second!.headers['content-type']).toBe(first!.headers['content-type']);
          expect(atFetch[0]).toBe(first!.text());
          if (hooked) expect(seen).toStrictEqual([first!.text()]);
        });
      }
    }
  }

  for (const hooked of [false, true]) {
    it(`307, multipart body, ${hooked ? 'with a beforeRequest hook' : 'no hooks'}: sent again under the same boundary, with no text recorded`, async () => {
      gateway.route('POST', '/v1/go', redirectTo(307, '/v1/land'));
      gateway.route('POST', '/v1/land', reply.echo());
      const atFetch: unknown[] = [];
      const fetchSpy: typeof fetch = (input, init) => {
        if (input instanceof Request) atFetch.push(knownBodyText(input));
        return globalThis.fetch(input, init);
      };
      const { client } = rig(gateway, {}, { fetch: fetchSpy });
      const seen: unknown[] = [];
      if (hooked) client.use({ beforeRequest: [(request) => void seen.push(knownBodyText(request))] });
      await client.post('/go', params, { contentType: 'multipart' });
      const [first, second] = gateway.received;
      expect(first!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(first!.text()).toContain('héllo € 𝄞');
      expect(second!.body).toStrictEqual(first!.body);
      expect(second!.headers['content-type']).toBe(first!.headers['content-type']);
      expect(atFetch).toStrictEqual([undefined, undefined]);
      if (hooked) expect(seen).toStrictEqual([undefined]);
    });
  }

  it('a hook that replaces the request with a body of its own: that body is sent again, not the one the client wrote', async () => {
    gateway.route('POST', '/v1/go', redirectTo(307, '/v1/land'));
    gateway.route('POST', '/v1/land', reply.echo());
    const { client } = rig(gateway);
    client.use({ beforeRequest: [(request) => new Request(request, { body: '{"replaced":true}' })] });
    await client.post('/go', params);
    expect(gateway.received.map((r) => r.text())).toStrictEqual(['{"replaced":true}', '{"replaced":true}']);
  });

  it('a recorded body whose request lost its content type is sent again without one (not as text/plain)', async () => {
    const sent: Request[] = [];
    const send = async (request: Request) => {
      sent.push(request);
      return sent.length === 1
        ? new Response(null, { status: 307, headers: { location: '/v1/land' } })
        : new Response('{}', { status: 200 });
    };
    const request = new Request(`${gateway.origin}/v1/go`, { method: 'POST', body: 'raw' });
    request.headers.delete('content-type');
    const clone = vi.spyOn(request, 'clone');
    await fetchFollowingRedirects(send, withBodyText(request, 'raw'), {
      allowedOrigins: new Set(),
      crossOriginHeaders: new Set(),
      refuse: () => new Error('refused'),
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('content-type')).toBeNull();
    expect(await sent[1]!.text()).toBe('raw');
    expect(clone).not.toHaveBeenCalled();
  });
});

describe('method changes follow fetch (Fetch, "HTTP-redirect fetch" step 12) across several hops, on a real server', () => {
  const policy = { allowedOrigins: new Set<string>(), crossOriginHeaders: new Set<string>(), refuse: () => new Error('refused') };
  const send = (request: Request) => fetch(request, { redirect: 'manual' });
  const start = (method: string, body?: string) =>
    new Request(`${gateway.origin}/v1/go`, {
      method,
      headers: { 'content-type': 'application/json', 'content-language': 'en', token: 'session-secret' },
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
  const hops = () => gateway.received.map((r) => [r.method, r.path, r.text(), r.headers['content-type'] ?? null]);

  it.each([[false], [true]])(
    'after a 303 turns a POST into a GET, a later 307 sends that GET again without the old body (body text recorded: %s)',
    async (recorded) => {
      gateway.route('POST', '/v1/go', redirectTo(303, '/v1/middle'));
      gateway.route('GET', '/v1/middle', redirectTo(307, '/v1/land'));
      gateway.route('*', '/v1/land', reply.echo());
      const request = start('POST', '{"pwd":"hunter2"}');
      const response = await fetchFollowingRedirects(send, recorded ? withBodyText(request, '{"pwd":"hunter2"}') : request, policy);
      expect(response.status).toBe(200);
      expect(hops()).toEqual([
        ['POST', '/v1/go', '{"pwd":"hunter2"}', 'application/json'],
        ['GET', '/v1/middle', '', null],
        ['GET', '/v1/land', '', null],
      ]);
      // Body headers went with the body; the session header stays on the same origin.
      expect(gateway.received[2]!.headers['content-language']).toBeUndefined();
      expect(gateway.received[2]!.headers.token).toBe('session-secret');
    },
  );

  it('a 307 after a 307 sends the body each time, then a 303 drops it for good', async () => {
    gateway.route('PUT', '/v1/go', redirectTo(307, '/v1/second'));
    gateway.route('PUT', '/v1/second', redirectTo(308, '/v1/third'));
    gateway.route('PUT', '/v1/third', redirectTo(303, '/v1/land'));
    gateway.route('GET', '/v1/land', reply.echo());
    await fetchFollowingRedirects(send, start('PUT', 'v=1'), policy);
    expect(hops()).toEqual([
      ['PUT', '/v1/go', 'v=1', 'application/json'],
      ['PUT', '/v1/second', 'v=1', 'application/json'],
      ['PUT', '/v1/third', 'v=1', 'application/json'],
      ['GET', '/v1/land', '', null],
    ]);
  });

  it.each([[301], [302]])('a PUT answered %i stays a PUT with its body (only POST becomes GET)', async (status) => {
    gateway.route('PUT', '/v1/go', redirectTo(status, '/v1/land'));
    gateway.route('PUT', '/v1/land', reply.echo());
    await fetchFollowingRedirects(send, start('PUT', '{"a":1}'), policy);
    expect(hops()).toEqual([
      ['PUT', '/v1/go', '{"a":1}', 'application/json'],
      ['PUT', '/v1/land', '{"a":1}', 'application/json'],
    ]);
    expect(gateway.received[1]!.headers['content-language']).toBe('en');
  });

  it.each([[301], [302], [303], [307], [308]])('a HEAD answered %i stays a HEAD', async (status) => {
    gateway.route('HEAD', '/v1/go', redirectTo(status, '/v1/land'));
    gateway.route('HEAD', '/v1/land', reply.empty(204));
    const response = await fetchFollowingRedirects(send, start('HEAD'), policy);
    expect(response.status).toBe(204);
    expect(gateway.received.map((r) => [r.method, r.path])).toEqual([
      ['HEAD', '/v1/go'],
      ['HEAD', '/v1/land'],
    ]);
    // No body went, so no body header was dropped either.
    expect(gateway.received[1]!.headers['content-type']).toBe('application/json');
  });

  it.each([['PUT'], ['DELETE'], ['PATCH']])('a %s answered 303 becomes a GET without body or body headers', async (method) => {
    gateway.route(method, '/v1/go', redirectTo(303, '/v1/land'));
    gateway.route('GET', '/v1/land', reply.echo());
    await fetchFollowingRedirects(send, start(method, 'x=1'), policy);
    expect(hops()).toEqual([
      [method, '/v1/go', 'x=1', 'application/json'],
      ['GET', '/v1/land', '', null],
    ]);
  });

  it('a GET answered 303 stays a GET and keeps its headers', async () => {
    gateway.route('GET', '/v1/go', redirectTo(303, '/v1/land'));
    gateway.route('GET', '/v1/land', reply.echo());
    await fetchFollowingRedirects(send, start('GET'), policy);
    expect(gateway.received[1]!.headers).toMatchObject({ 'content-type': 'application/json', 'content-language': 'en' });
  });

  it('a Location is resolved against the URL that answered, not the first request', async () => {
    gateway.route('GET', '/v1/go', redirectTo(302, '/v1/deep/dir/'));
    gateway.route('GET', '/v1/deep/dir/', redirectTo(302, 'next'));
    gateway.route('GET', '/v1/deep/dir/next', reply.echo());
    await fetchFollowingRedirects(send, start('GET'), policy);
    expect(gateway.received.map((r) => r.path)).toEqual(['/v1/go', '/v1/deep/dir/', '/v1/deep/dir/next']);
  });
});

describe('what the follower drops, cancels and refuses, seen on the requests it sends', () => {
  const refusals: unknown[][] = [];
  const policy = (crossOriginHeaders: readonly string[] = []) => ({
    allowedOrigins: new Set(['https://partner.example']),
    crossOriginHeaders: new Set(crossOriginHeaders),
    refuse: (...args: unknown[]) => (refusals.push(args), new Error(`refused: ${String(args[0])}`)),
  });
  /** A send that answers from a script, recording each request it is handed. */
  const scripted = (...answers: Response[]) => {
    const sent: Request[] = [];
    return { sent, send: async (request: Request) => (sent.push(request), answers.shift()!) };
  };
  const redirect = (status: number, location: string, body?: BodyInit) => new Response(body ?? null, { status, headers: { location } });
  beforeEach(() => void refusals.splice(0));

  it('an opaque redirect (fetch followed nothing and shows nothing) is refused as opaque, with no status or location', async () => {
    const opaque = new Response(null, { status: 200 });
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    const { send } = scripted(opaque);
    const request = new Request('https://gateway.example/v1/go', { method: 'POST', body: 'x' });
    await expect(fetchFollowingRedirects(send, request, policy())).rejects.toThrow('refused: opaque');
    expect(refusals).toEqual([['opaque', undefined, undefined]]);
  });

  it.each([['https://user@gateway.example/v1/land'], ['https://:secret@gateway.example/v1/land']])(
    'a Location with a user name or a password alone (%s) is refused: a Request would not take it',
    async (location) => {
      const { send, sent } = scripted(redirect(302, location));
      await expect(fetchFollowingRedirects(send, new Request('https://gateway.example/v1/go'), policy())).rejects.toThrow(
        'refused: location',
      );
      expect(refusals).toEqual([['location', 302, location]]);
      expect(sent).toHaveLength(1);
    },
  );

  it('a 303 drops every header that describes the body, and only those', async () => {
    const { send, sent } = scripted(redirect(303, '/v1/land'), new Response('{}'));
    const headers = {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-language': 'en',
      'content-location': '/v1/doc',
      accept: 'application/json',
      token: 'session',
    };
    await fetchFollowingRedirects(send, new Request('https://gateway.example/v1/go', { method: 'POST', headers, body: '{}' }), policy());
    expect(Object.fromEntries(sent[1]!.headers)).toEqual({ accept: 'application/json', token: 'session' });
    expect(sent[1]!.method).toBe('GET');
  });

  it('to another allowed origin only the cross-origin headers travel: accept and accept-language among them', async () => {
    const { send, sent } = scripted(redirect(302, 'https://partner.example/land'), new Response('{}'));
    const headers = { accept: 'application/json', 'accept-language': 'fr-FR', locale: 'fr', token: 'session', cookie: 'sid=1' };
    await fetchFollowingRedirects(send, new Request('https://gateway.example/v1/go', { headers }), policy(CROSS_ORIGIN_HEADERS));
    expect(Object.fromEntries(sent[1]!.headers)).toEqual({ accept: 'application/json', 'accept-language': 'fr-FR', locale: 'fr' });
    expect(sent[1]!.credentials).toBe('omit');
  });

  it("each redirect answer's body is cancelled rather than left unread", async () => {
    const cancelled: string[] = [];
    const stream = (name: string) => new ReadableStream({ cancel: () => void cancelled.push(name) });
    const { send } = scripted(redirect(302, '/v1/b', stream('first')), redirect(307, '/v1/c', stream('second')), new Response('{}'));
    const response = await fetchFollowingRedirects(send, new Request('https://gateway.example/v1/go'), policy());
    expect(await response.text()).toBe('{}');
    expect(cancelled).toEqual(['first', 'second']);
  });
});
