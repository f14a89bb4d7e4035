// Spec §S7: the device service "returns a string token". A bare string body, a JSON string and the
// gateway envelope all give the token, read by the real HTTP client from a real loopback server (issue 19).
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../../core/http/index.js';
import { memoryPlatform } from '../../../../core/platform/index.js';
import { deviceServiceFetcher } from '../../../../core/security/risk-token/index.js';
import { createRiskTokenService } from '../../../../machines/risk-token.service.js';
import { reply, startTestServer } from '../../../support/http-server.js';
import type { Reply, TestServer } from '../../../support/http-server.js';
import { inputClasses } from '../../../support/input-classes.js';

const DEVICE_PATH = '/v1/constantid/udid/c1';
const TOKEN_40 = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A body sent as is, with the content type a plain-text service would use. */
const text =
  (body: string, contentType = 'text/plain;charset=UTF-8'): Reply =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };

function client() {
  const platform = memoryPlatform();
  const http = createHttpClient(platform, { baseUrl: server.origin });
  return { platform, http, fetch: deviceServiceFetcher(http) };
}

describe('the three answer forms give the same token', () => {
  it.each([
    ['a bare string body (text/plain)', text(TOKEN_40)],
    ['a bare string body with a trailing newline', text(`${TOKEN_40}\n`)],
    ['a bare string body sent as JSON content type', text(TOKEN_40, 'application/json')],
    ['a JSON string', text(JSON.stringify(TOKEN_40), 'application/json')],
    ['the gateway envelope', reply.ok(TOKEN_40)],
  ])('%s', async (_name, answer) => {
    server.route('GET', DEVICE_PATH, answer);
    const { fetch, platform, http } = client();
    expect(await fetch()).toBe(TOKEN_40);
    // A token is not a fault: nothing is reported, and the call's slot is free.
    expect(platform.reports).toEqual([]);
    expect(http.pendingCount).toBe(0);
  });

  it('property: any header-safe token reads the same bare, as a JSON string and in the envelope', async () => {
    // Any header-safe text, and texts that are JSON themselves: a string, a number, true.
    const tokenArb = fc
      .oneof(
        { weight: 2, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,80}$/) },
        fc.stringMatching(/^[\x21\x23-\x5b\x5d-\x7e]{1,40}$/).map((t) => JSON.stringify(t)),
        { weight: 2, arbitrary: fc.constantFrom('42', 'true', '{}', '"  "') },
      )
      .filter((t) => !/^\s|\s$/.test(t));
    const drawn = inputClasses<string>({
      'plain text': (t) => !t.startsWith('"') && !/^(\d+|true|\{\})$/.test(t),
      'a JSON string': (t) => /^".*"$/.test(t),
      'JSON that is no string': (t) => /^(\d+|true|\{\})$/.test(t),
    });
    await fc.assert(
      fc.asyncProperty(tokenArb, async (token) => {
        drawn.see(token);
        const { fetch } = client();
        // A bare body that happens to be valid JSON is that JSON: a string gives its value (when a header
        // can carry it), a number, true or an object gives no token; anything else is the token itself.
        let expected = token;
        try {
          const value: unknown = JSON.parse(token);
          expected = typeof value === 'string' && /^[\x20-\x7e]+$/.test(value.trim()) ? value.trim() : '';
        } catch {
          expected = token;
        }
        server.route('GET', DEVICE_PATH, text(token));
        expect(await fetch().catch(() => '')).toBe(expected);
        server.route('GET', DEVICE_PATH, text(JSON.stringify(token), 'application/json'));
        expect(await fetch()).toBe(token);
        server.route('GET', DEVICE_PATH, reply.ok(token));
        expect(await fetch()).toBe(token);
      }),
      { numRuns: 60 },
    );
    drawn.expectEachDrawn(1);
  }, 30_000);
});

describe('what is not a string token stays an error', () => {
  it.each([
    ['an HTML error page with status 200', text('<html><body>Service unavailable</body></html>', 'text/html')],
    ['a sentence', text('please try again later')],
    ['a JSON number', text('42', 'application/json')],
    ['a JSON array', text('["tok"]', 'application/json')],
    ['JSON null', text('null', 'application/json')],
    ['an envelope without data', reply.ok(null)],
    ['an envelope whose data is an object', reply.ok({ token: TOKEN_40 })],
  ])('%s: no token, the status is error', async (_name, answer) => {
    server.route('GET', DEVICE_PATH, answer);
    const platform = memoryPlatform();
    const device = createHttpClient(platform, { baseUrl: server.origin });
    const service = createRiskTokenService(platform, { device });
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    await vi.waitFor(() => expect(service.actor.getSnapshot().matches({ refresh: { pending: 'retryWait' } })).toBe(true));
    await platform.advanceAsync(1000);
    await vi.waitFor(() => expect(service.state().status).toBe('error'));
    expect(service.state().token).toBeUndefined();
    service.dispose();
  });

  it.each([
    ['CR/LF inside the token', `abc\r\nSet-Cookie: x=1`],
    ['a character outside the header range', 'tok€n'],
    ['a token longer than 4096 characters', 'x'.repeat(4097)],
  ])('an envelope whose data has %s gives no token (it could never travel as a header)', async (_name, data) => {
    server.route('GET', DEVICE_PATH, reply.ok(data));
    expect(await client().fetch()).toBe('');
  });
});

describe('the bare-body reading is the token call’s alone', () => {
  it('other calls of the same client still refuse a bare body, and no hook is added to the client', async () => {
    server.route('GET', DEVICE_PATH, text(TOKEN_40));
    server.route('GET', '/v1/other', text(TOKEN_40));
    const { fetch, http } = client();
    expect(await fetch()).toBe(TOKEN_40);
    await expect(http.get('/other', undefined, { silent: true })).rejects.toMatchObject({
      name: 'HttpInvalidResponseError',
      reason: 'malformed',
    });
    const use = vi.spyOn(http, 'use');
    expect(await fetch()).toBe(TOKEN_40);
    expect(use).not.toHaveBeenCalled();
  });

  it('a client with only get: its string or envelope answer is read the same way', async () => {
    expect(await deviceServiceFetcher({ get: async () => TOKEN_40 as never })()).toBe(TOKEN_40);
    expect(await deviceServiceFetcher({ get: async () => ({ code: '00000', data: ` ${TOKEN_40} ` }) as never })()).toBe(TOKEN_40);
  });
});
