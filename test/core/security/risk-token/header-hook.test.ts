// The risk-token header through the HTTP client's beforeRequest seam, on a real loopback server (spec §S5, §S7).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../../core/http/index.js';
import { memoryPlatform } from '../../../../core/platform/index.js';
import {
  RISK_TOKEN_URLS,
  USABLE_TOKEN_MAX_LENGTH,
  createRiskTokenStore,
  isUsableRiskToken,
  riskTokenHeaderHook,
} from '../../../../core/security/risk-token/index.js';
import type { RiskTokenSource } from '../../../../core/security/risk-token/index.js';
import { createRiskTokenService } from '../../../../machines/risk-token.service.js';
import { reply, startTestServer } from '../../../support/http-server.js';
import type { TestServer } from '../../../support/http-server.js';

const TOKEN = 't'.repeat(40);

// Spec §S7 "Risk-token header attached to", written out; the third-party names are read as in docs/security-protocol.md §5.1.
const SEED_LIST = [
  '/v1/user/login',
  '/v1/user/login/verify-login',
  '/v1/user/register/mobile',
  '/v1/user/register/email',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/user/public/third/apple/register',
  '/v1/user/public/third/google/register',
  '/v1/user/public/third/wallet/register',
  '/v1/user/public/third/tg/register',
  '/v1/user/public/third/check',
  '/v1/user/public/third/bind/check',
  '/v1/user/public/third/bind/choose',
  '/v1/user/public/third/tg/sign',
  '/v1/user/public/third/tg/signV2',
  '/v1/user/public/third/tg/generateVirtual',
  '/v1/user/public/third/tg/checkUserExit',
  '/v1/user/public/third/oauth/sign',
  '/v1/user/public/third/wallet/sign',
  '/v1/user/public/third/wallet/check',
  '/v1/user/public/third/securityVerify',
  '/v1/user/agency/login',
  '/v1/user/security/withdraw/set-no-pwd-flag',
  '/v1/user/security/fido2/startRegister',
  '/v1/act/redPacket/createRed',
  '/v1/swap/new/web3/getSign',
  '/v1/swap/new/withDraw',
  '/v1/p2p/adv/editAdv',
  '/v1/p2p/order/confirmPutCoin',
  '/v1/p2p/adv/publishAdv',
  '/v1/p2p/user/addUserPaymethod',
  '/v1/spot/withdraw',
  '/v1/spot/query/batch/withdraw',
  '/v1/msg/verifyCode/send',
  '/v1/user/public/getQrKeyStatus',
  '/v1/user/public/pre-check',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/systemLogin',
];

const NOT_LISTED = [
  '/v1/user/overview/userinfo',
  '/v1/user/login/verify-login-v2',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/sub/switchLoginDemo',
  '/v1/user/loginx',
  '/v1/user/login/extra',
  '/v1/spot/withdraws',
  '/v1/spot/order/place',
  '/v1/user/public/third/apple',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  for (const path of [...SEED_LIST, ...NOT_LISTED]) server.route('*', path, reply.ok());
});

/** A token source that holds `held` and, when asked to settle, holds `fresh` from then on. */
function source(held: string | undefined, fresh?: string) {
  let current = held;
  const calls = { refreshIfDue: 0, settle: [] as number[] };
  const value: RiskTokenSource = {
    current: () => current,
    refreshIfDue: () => void calls.refreshIfDue++,
    settle: async (waitMs) => {
      calls.settle.push(waitMs);
      if (fresh !== undefined) current = fresh;
      return current;
    },
  };
  return { value, calls };
}

function client(hookSource: RiskTokenSource) {
  const platform = memoryPlatform();
  const http = createHttpClient(platform, { baseUrl: server.origin, hooks: { beforeRequest: [riskTokenHeaderHook(hookSource)] } });
  return { platform, http };
}

const headerOf = (path: string) => server.received.find((r) => r.path === path)?.headers.risktoken;

describe('the risk-token header goes on exactly the spec §S7 list', () => {
  it('the list is the seed list, nothing more', () => {
    expect([...RISK_TOKEN_URLS].sort()).toEqual([...SEED_LIST].sort());
    expect(new Set(RISK_TOKEN_URLS).size).toBe(RISK_TOKEN_URLS.length);
  });

  it.each(SEED_LIST)('%s carries the header', async (path) => {
    const { http } = client(source(TOKEN).value);
    await http.post(path, { a: 1 });
    expect(headerOf(path)).toBe(TOKEN);
  });

  it.each(NOT_LISTED)('%s carries no header', async (path) => {
    const { http } = client(source(TOKEN).value);
    await http.post(path, { a: 1 });
    expect(server.received).toHaveLength(1);
    expect(headerOf(path)).toBeUndefined();
  });

  it('GET calls on the list carry it too (the path decides, not the method)', async () => {
    const { http } = client(source(TOKEN).value);
    await http.get('/user/public/getQrKeyStatus', { key: 'k' });
    expect(headerOf('/v1/user/public/getQrKeyStatus')).toBe(TOKEN);
  });
});

describe('a token shorter than 50 characters is usable as it is on the header path (spec §S5)', () => {
  it('the limit is 50', () => {
    expect(USABLE_TOKEN_MAX_LENGTH).toBe(50);
    expect(isUsableRiskToken('x'.repeat(49))).toBe(true);
    expect(isUsableRiskToken('x'.repeat(50))).toBe(false);
    expect(isUsableRiskToken('')).toBe(false);
    expect(isUsableRiskToken(undefined)).toBe(false);
  });

  it('a usable token is sent at once and only a due-check is started', async () => {
    const held = source('short-demoted');
    const { http } = client(held.value);
    await http.post('/user/login', {});
    expect(headerOf('/v1/user/login')).toBe('short-demoted');
    expect(held.calls).toEqual({ refreshIfDue: 1, settle: [] });
  });

  it('a token of 50 or more characters waits for a refresh (up to the 5 s init wait) and sends the new one', async () => {
    const held = source('d'.repeat(60), TOKEN);
    const { http } = client(held.value);
    await http.post('/user/login', {});
    expect(held.calls.settle).toEqual([5000]);
    expect(headerOf('/v1/user/login')).toBe(TOKEN);
  });

  it('no token after the wait: the call goes without the header', async () => {
    const { http } = client(source(undefined).value);
    await http.post('/user/login', {});
    expect(server.received).toHaveLength(1);
    expect(headerOf('/v1/user/login')).toBeUndefined();
  });
});

describe('the service installed on a client', () => {
  it('a login call with no token yet waits for the first refresh and carries its token', async () => {
    const platform = memoryPlatform();
    server.route('GET', '/v1/constantid/udid/c1', reply.ok(TOKEN));
    const device = createHttpClient(platform, { baseUrl: server.origin });
    const service = createRiskTokenService(platform, { device });
    const http = createHttpClient(platform, { baseUrl: server.origin });
    const remove = service.install(http);
    await http.post('/user/login', { loginName: 'a' });
    expect(headerOf('/v1/user/login')).toBe(TOKEN);
    remove();
    await http.post('/user/register/email', {});
    expect(headerOf('/v1/user/register/email')).toBeUndefined();
    service.dispose();
  });

  it('a device service that never answers holds a login call for the 5 s init wait, then lets it go without a header', async () => {
    const platform = memoryPlatform();
    server.route('GET', '/v1/constantid/udid/c1', reply.hold());
    const device = createHttpClient(platform, { baseUrl: server.origin });
    const service = createRiskTokenService(platform, { device });
    const http = createHttpClient(platform, { baseUrl: server.origin });
    service.install(http);
    const login = http.post('/user/login', {});
    await vi.waitFor(() => expect(server.received.some((r) => r.path === '/v1/constantid/udid/c1')).toBe(true));
    await platform.advanceAsync(4999);
    expect(server.received.some((r) => r.path === '/v1/user/login')).toBe(false);
    await platform.advanceAsync(1);
    await login;
    expect(headerOf('/v1/user/login')).toBeUndefined();
    service.dispose();
  });

  it('the header name is an option', async () => {
    const platform = memoryPlatform();
    createRiskTokenStore(platform).saveSuccess(TOKEN, Number.MAX_SAFE_INTEGER);
    const service = createRiskTokenService(platform, { headerName: 'x-risk', fetchToken: async () => TOKEN });
    const http = createHttpClient(platform, { baseUrl: server.origin });
    service.install(http);
    await http.post('/user/login', {});
    expect(server.received.find((r) => r.path === '/v1/user/login')?.headers['x-risk']).toBe(TOKEN);
    service.dispose();
  });
});
