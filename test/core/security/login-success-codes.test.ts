// Issue 19: which login answers count as successful, so that the client binds its key pair to the session.
// Spec §S8 "Result codes: success 0 (captcha success 00000), error 1, timeout 401": a login succeeded
// when its code is 0 (number or text) or the gateway envelope's success "00000". 200 is an HTTP status
// (and, in spec §B8, a code of native app requests), not a result code of this layer: no binding.
// The reference gateway on loopback answers the login; a pass-through fetch rewrites only the body's code.
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from './helpers.js';
import type { Harness } from './helpers.js';

let current: Harness | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** A gateway whose login answers carry `code` instead of its own "00000" (body otherwise as sent). */
async function gatewayAnswering(code: unknown, status?: number) {
  current = await harness({
    fetch: async (request) => {
      const response = await fetch(request);
      if (!new URL(request.url).pathname.endsWith('/v1/user/login')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify({ ...body, code }), { status: status ?? response.status, headers });
    },
  });
  await current.init();
  return current;
}

const bound = (h: Harness) => h.security.keys.bound();

describe('a login counts as successful only with the seed’s success codes', () => {
  it.each([
    ['"00000" (the gateway envelope)', '00000'],
    ['0 (spec §S8 success)', 0],
    ['"0" (the same code as text)', '0'],
  ])('%s: the key pair is bound to the token and the user id', async (_name, code) => {
    const h = await gatewayAnswering(code);
    const userId = await h.login();
    expect(bound(h)).toMatchObject({ userId, pair: { publicKey: h.security.snapshot().clientKey?.publicKey } });
    expect(h.security.keys.boundTo(h.platform.cookies.get('refreshToken')!)?.publicKey).toBe(h.security.snapshot().clientKey?.publicKey);
    expect(h.events).toContainEqual({ type: 'keyPairBound', userId, algorithm: 'rsa1024' });
  });

  it.each([
    ['200 (an HTTP status, not a result code)', 200],
    ['"200"', '200'],
    ['1 (spec §S8 error)', 1],
    ['401 (spec §S8 timeout)', 401],
    ['"00001"', '00001'],
    ['an absent code', undefined],
    ['null', null],
    ['"0000"', '0000'],
  ])('%s: nothing is bound', async (_name, code) => {
    const h = await gatewayAnswering(code);
    await h.login();
    expect(bound(h)).toBeUndefined();
    expect(h.events.some((e) => e.type === 'keyPairBound')).toBe(false);
  });

  it('a success code on a non-2xx answer binds nothing', async () => {
    const h = await gatewayAnswering('00000', 500);
    await h.login().catch(() => undefined);
    expect(bound(h)).toBeUndefined();
  });

  it('a success answer whose final URL is another origin (an allowed redirect) binds nothing', async () => {
    let foreignUrl = '';
    current = await harness({
      // The login is answered by the same gateway under another origin (localhost instead of 127.0.0.1), so
      // the answer's own URL is foreign, as after a redirect the app allowed.
      fetch: async (request) => {
        if (!new URL(request.url).pathname.endsWith('/v1/user/login')) return fetch(request);
        const elsewhere = new URL(request.url);
        elsewhere.hostname = 'localhost';
        const response = await fetch(new Request(elsewhere, request));
        foreignUrl = response.url;
        return response;
      },
    });
    await current.init();
    await current.login();
    expect(new URL(foreignUrl).hostname).toBe('localhost');
    expect(bound(current)).toBeUndefined();
    expect(current.events.some((e) => e.type === 'keyPairBound')).toBe(false);
  });
});
