// Spec §S4: after a login-type call succeeds with a user id and a token present, the key pair is saved bound to
// the token and the user id. The session cookies may become readable a little after the answer (WebKit hands
// them to the page's process asynchronously): the bind waits for them (KEY_BIND_WAIT_MS, polling every
// KEY_BIND_POLL_MS, and at once before the next request), and says why when it cannot be done.
// The reference gateway on loopback answers; a pass-through fetch holds back the login's cookies.
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_BIND_POLL_MS, KEY_BIND_WAIT_MS } from '../../../core/security/index.js';
import { harness } from './helpers.js';
import type { Harness } from './helpers.js';

let current: Harness | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

interface HeldCookies {
  /** The cookies the last login set, held back from the page. */
  held: Array<[string, string]>;
  /** Lets the page read them now (as the browser would, late). */
  release(): void;
}

/** A page whose login answers set their cookies only when `release()` is called; `dropUserId` removes the body's user id. */
async function lateCookies(options: { dropUserId?: boolean } = {}): Promise<Harness & HeldCookies> {
  const cookies: HeldCookies = { held: [], release: () => undefined };
  const h = await harness({
    fetch: async (request) => {
      const response = await fetch(request);
      if (!new URL(request.url).pathname.endsWith('/v1/user/login')) return response;
      const set = response.headers.getSetCookie().map((cookie): [string, string] => {
        const [name, ...value] = cookie.split(';')[0]!.split('=');
        return [name!, value.join('=')];
      });
      cookies.held.splice(0, cookies.held.length, ...set);
      const body = (await response.json()) as { data: Record<string, unknown> };
      if (options.dropUserId) delete body.data.userInfo;
      const headers = new Headers(response.headers);
      headers.delete('set-cookie');
      headers.delete('content-length');
      return new Response(JSON.stringify(body), { status: response.status, headers });
    },
  });
  current = h;
  cookies.release = () => {
    for (const [name, value] of cookies.held) h.platform.cookies.set(name, value);
  };
  await h.init();
  return Object.assign(h, cookies);
}

const kinds = (h: Harness) => h.events.filter((e) => e.type === 'keyPairBound' || e.type === 'keyPairNotBound');
const logIn = (h: Harness) => h.login();

describe('the login key pair is bound once the session token is readable (spec §S4)', () => {
  it('a token readable a few polls after the answer: the pair is bound then, and keyPairBound says so once', async () => {
    const h = await lateCookies();
    const userId = await logIn(h);
    expect(h.security.keys.bound()).toBeUndefined();
    h.platform.advance(3 * KEY_BIND_POLL_MS);
    expect(h.security.keys.bound()).toBeUndefined();
    h.release();
    h.platform.advance(KEY_BIND_POLL_MS);
    const token = h.platform.cookies.get('refreshToken')!;
    expect(h.security.keys.boundTo(token)?.publicKey).toBe(h.security.snapshot().clientKey!.publicKey);
    expect(h.security.keys.bound()?.userId).toBe(userId);
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairBound', userId, algorithm: 'rsa1024' }]);
    expect(h.platform.timers.pendingCount).toBe(0);
  });

  it('the next request binds a waiting pair before it goes out, so a core call after the login is signed', async () => {
    const h = await lateCookies();
    await logIn(h);
    h.release();
    // No timer has run: the request itself finds the token and binds first.
    const response = await h.api.get('v1/user/overview/userinfo');
    expect(response.ok).toBe(true);
    expect(h.gateway.signs.at(-1)).toMatchObject({ path: '/v1/user/overview/userinfo', result: 'ok' });
    expect(kinds(h).map((e) => e.type)).toStrictEqual(['keyPairBound']);
    expect(h.platform.timers.pendingCount).toBe(0);
  });

  it('no token within KEY_BIND_WAIT_MS: nothing is bound, keyPairNotBound names no-token, and the polling stops', async () => {
    const h = await lateCookies();
    await logIn(h);
    h.platform.advance(KEY_BIND_WAIT_MS - KEY_BIND_POLL_MS);
    expect(kinds(h)).toStrictEqual([]);
    h.platform.advance(KEY_BIND_POLL_MS);
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairNotBound', reason: 'no-token', algorithm: 'rsa1024' }]);
    expect(h.platform.timers.pendingCount).toBe(0);
    h.release();
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(h.security.keys.bound()).toBeUndefined();
  });

  it('a token but no user id in the answer or the uid cookie: keyPairNotBound names no-user-id', async () => {
    const h = await lateCookies({ dropUserId: true });
    await h.api.post('v1/user/login', { json: { loginName: 'bob@example.com', pwd: 'pw', lang: 'en' } });
    h.platform.cookies.set('refreshToken', h.held.find(([name]) => name === 'refreshToken')![1]);
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairNotBound', reason: 'no-user-id', algorithm: 'rsa1024' }]);
    expect(h.security.keys.bound()).toBeUndefined();
  });

  it('the uid cookie stands in for a user id missing from the answer', async () => {
    const h = await lateCookies({ dropUserId: true });
    await h.api.post('v1/user/login', { json: { loginName: 'bob@example.com', pwd: 'pw', lang: 'en' } });
    h.release();
    h.platform.advance(KEY_BIND_POLL_MS);
    const uid = h.held.find(([name]) => name === 'uid')![1];
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairBound', userId: uid, algorithm: 'rsa1024' }]);
  });

  it('storage refusing the pair: keyPairNotBound names storage-failed', async () => {
    const h = await lateCookies();
    h.platform.browser.localStorage.failWrites = new Error('QuotaExceededError');
    await logIn(h);
    h.release();
    h.platform.advance(KEY_BIND_POLL_MS);
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairNotBound', reason: 'storage-failed', algorithm: 'rsa1024' }]);
  });

  it('a log-out (keys.clear) while the bind waits drops it: the token arriving later binds nothing', async () => {
    const h = await lateCookies();
    await logIn(h);
    h.security.keys.clear();
    expect(h.platform.timers.pendingCount).toBe(0);
    h.release();
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(h.security.keys.bound()).toBeUndefined();
    expect(kinds(h)).toStrictEqual([]);
  });

  it('dispose while the bind waits stops it', async () => {
    const h = await lateCookies();
    await logIn(h);
    h.security.dispose();
    expect(h.platform.timers.pendingCount).toBe(0);
    h.release();
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(h.security.keys.bound()).toBeUndefined();
  });

  it('a second login while the first waits replaces it: one bind, to the second session', async () => {
    const h = await lateCookies();
    await logIn(h);
    const first = [...h.held];
    const userId = await logIn(h);
    expect(h.held).not.toStrictEqual(first);
    h.release();
    h.platform.advance(KEY_BIND_POLL_MS);
    expect(h.security.keys.bound()?.userId).toBe(userId);
    expect(h.security.keys.boundTo(h.platform.cookies.get('refreshToken')!)).toBeDefined();
    h.platform.advance(KEY_BIND_WAIT_MS);
    expect(kinds(h)).toStrictEqual([{ type: 'keyPairBound', userId, algorithm: 'rsa1024' }]);
  });
});
