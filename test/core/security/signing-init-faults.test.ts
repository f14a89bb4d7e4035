// Issue 17: the background calls of the security layer end on every answer. A login-expired answer to the
// sign-config fetch or to the device service (which the HTTP client by default never settles) fails that
// attempt typed; a config fetch without a client gives up after the client's 10 s time-out.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpEvent } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { RISK_TOKEN_FAILED_EVENT, createSecurity } from '../../../core/security/index.js';
import { createRiskTokenService } from '../../../machines/risk-token.service.js';
import { signingInitMachine } from '../../../machines/signing-init.machine.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { SIGNING_CERT } from './helpers.js';

const CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';
const DEVICE_PATH = '/v1/constantid/udid/c1';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('signing init ends on a login-expired config answer', () => {
  it.each(['20906', '20205'])(
    '%s: fetchConfig rejects typed, the machine is back to notInitialised, reported, logout emitted',
    async (code) => {
      server.route('GET', CONFIG_PATH, reply.code(code, 'expired'));
      const platform = memoryPlatform({ href: `${server.origin}/en/` });
      const http = createHttpClient(platform, { baseUrl: server.origin });
      const events: HttpEvent[] = [];
      http.events$.subscribe((event) => events.push(event));
      const security = createSecurity(platform, { certificatePem: SIGNING_CERT, http });
      const actor = createActor(signingInitMachine, { input: { security }, clock: platform.timers }).start();
      const failed: unknown[] = [];
      actor.on('failed', (event) => failed.push(event.error));
      actor.send({ type: 'INIT' });
      const snapshot = await waitFor(actor, (s) => s.matches('notInitialised') && s.context.error !== undefined, { timeout: 3000 });
      expect(snapshot.context.error).toMatchObject({
        name: 'SigningInitError',
        code: 'CONFIG_FETCH_FAILED',
        cause: expect.objectContaining({ name: 'LoginExpiredError' }),
      });
      expect(failed).toHaveLength(1);
      expect(platform.reports).toEqual([expect.objectContaining({ event: 'loginEncryptFailed', data: { code: 'CONFIG_FETCH_FAILED' } })]);
      expect(events).toContainEqual(expect.objectContaining({ type: 'logout', reason: 'loginExpired' }));
      expect(http.pendingCount).toBe(0);
      actor.stop();
      security.dispose();
    },
  );
});

describe('signing init without an HTTP client', () => {
  it('a gateway that holds the config answer fails the fetch after 10 s, typed, with the request aborted', async () => {
    server.route('GET', CONFIG_PATH, reply.hold());
    const platform = memoryPlatform();
    const security = createSecurity(platform, { certificatePem: SIGNING_CERT, apiBase: server.origin });
    let outcome: unknown = 'waiting';
    void security.fetchConfig().then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    );
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    await platform.advanceAsync(9_999);
    expect(outcome).toBe('waiting');
    await platform.advanceAsync(1);
    await vi.waitFor(() => expect(outcome).toMatchObject({ name: 'SigningInitError', code: 'CONFIG_FETCH_FAILED' }));
    await server.received[0]!.closed;
    expect(server.received[0]!.abandoned).toBe(true);
    expect(platform.timers.pendingCount).toBe(0);
    security.dispose();
  });

  it('an HTTP error status is a typed failure naming the status', async () => {
    server.route('GET', CONFIG_PATH, reply.status(503));
    const platform = memoryPlatform();
    const security = createSecurity(platform, { certificatePem: SIGNING_CERT, apiBase: server.origin });
    await expect(security.fetchConfig()).rejects.toMatchObject({
      name: 'SigningInitError',
      code: 'CONFIG_FETCH_FAILED',
      cause: expect.objectContaining({ name: 'SigningInitError', msg: 'the sign config answered HTTP 503' }),
    });
    expect(platform.timers.pendingCount).toBe(0);
    security.dispose();
  });
});

describe('the risk token ends on a login-expired device answer', () => {
  it('the attempt fails at once, retries after 1 s, then the status is error (not the 10 s time-out)', async () => {
    server.route('GET', DEVICE_PATH, reply.code('20906', 'expired'));
    const platform = memoryPlatform();
    const device = createHttpClient(platform, { baseUrl: server.origin });
    const service = createRiskTokenService(platform, { device });
    await vi.waitFor(() => expect(service.actor.getSnapshot().matches({ refresh: { pending: 'retryWait' } })).toBe(true));
    await platform.advanceAsync(1000);
    await vi.waitFor(() => expect(service.state().status).toBe('error'));
    expect(service.state().error).toMatchObject({ name: 'LoginExpiredError' });
    expect(platform.reports.map((r) => r.event)).toEqual([RISK_TOKEN_FAILED_EVENT]);
    expect(server.received.filter((r) => r.path === DEVICE_PATH)).toHaveLength(2);
    service.dispose();
  });
});
