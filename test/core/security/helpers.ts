// Shared set-up for the security tests: fixtures, the reference gateway and a ky client wired with the
// security hooks (plus a stand-in for the browser's cookie jar).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import forge from 'node-forge';
import ky from 'ky';
import type { KyInstance, Options } from 'ky';
import { startGateway } from '../../../examples/gateway/gateway.js';
import type { Gateway, GatewayOptions } from '../../../examples/gateway/gateway.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { MemoryPlatform, MemoryPlatformOptions } from '../../../core/platform/index.js';
import { createSecurity } from '../../../core/security/index.js';
import type { Security, SecurityEvent, SecurityOptions } from '../../../core/security/index.js';

export const FIXTURES = resolve(import.meta.dirname, '../../../examples/gateway/fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
export const SIGNING_CERT = fixture('signing.pem');
export const ROGUE_CERT = fixture('rogue.pem');

export interface Harness {
  gateway: Gateway;
  platform: MemoryPlatform;
  security: Security;
  api: KyInstance;
  events: SecurityEvent[];
  logs: Array<{ message: string; data: Record<string, unknown> }>;
  /** Runs signing init through the security service's own steps. */
  init(): Promise<void>;
  /** Logs in through an encrypted login call and returns the gateway's user id. */
  login(fields?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  gateway?: GatewayOptions;
  platform?: MemoryPlatformOptions;
  security?: Partial<SecurityOptions>;
  /** Replaces fetch: sees the request exactly as the hooks left it. */
  fetch?: (request: Request) => Promise<Response>;
  ky?: Options;
}

/** Starts a gateway and a client wired to it. */
export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const gateway = await startGateway(options.gateway);
  const platform = memoryPlatform({ now: Date.now(), ...options.platform });
  const logs: Harness['logs'] = [];
  const security = createSecurity(platform, {
    certificatePem: SIGNING_CERT,
    apiBase: gateway.url,
    log: (message, data) => logs.push({ message, data }),
    ...options.security,
  });
  const events: SecurityEvent[] = [];
  security.events$.subscribe((event) => events.push(event));
  const api = ky.create({
    prefixUrl: gateway.url,
    retry: 0,
    ...(options.fetch ? { fetch: (input: RequestInfo | URL) => options.fetch!(input as Request) } : {}),
    ...options.ky,
    hooks: {
      beforeRequest: [
        // The browser would send its session cookie; the gateway also reads a `token` header.
        (request) => {
          const token = platform.cookies.get('refreshToken');
          if (token) request.headers.set('token', token);
        },
        ...security.hooks.beforeRequest,
      ],
      afterResponse: [
        // The browser would store Set-Cookie; the memory platform's jar stands in for it.
        (_request, _options, response) => {
          for (const cookie of response.headers.getSetCookie()) {
            const [pair] = cookie.split(';');
            const [name, ...value] = pair!.split('=');
            platform.cookies.set(name!.trim(), value.join('='));
          }
        },
        ...security.hooks.afterResponse,
      ],
    },
  });
  const init = async () => {
    const config = await security.fetchConfig();
    security.setConfig(config);
    security.setServerKey(await security.verifyServerKey(config));
    security.setClientKey(await security.loadClientKeyPair(config));
  };
  const login = async (fields: Record<string, unknown> = { loginName: 'alice@example.com', pwd: 'correct horse', lang: 'en' }) => {
    const body = await api.post('v1/user/login', { json: fields }).json<{ data: { userInfo: { userId: string } } }>();
    return body.data.userInfo.userId;
  };
  return {
    gateway,
    platform,
    security,
    api,
    events,
    logs,
    init,
    login,
    close: async () => {
      security.dispose();
      await gateway.close();
    },
  };
}

/** node-forge's runtime options (missing from @types/node-forge). */
export const forgeOptions = (forge as unknown as { options: { usePureJavaScript: boolean } }).options;
