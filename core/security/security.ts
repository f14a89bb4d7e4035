// The security service: holds the signing-init results (config, verified server key, client key pair),
// performs the init steps the signing-init machine orchestrates, and gives the HTTP client its hooks.
import type { Observable } from 'rxjs';
import { checkDuration } from '../validate/duration.js';
import { safeReport } from '../errors/guard-callback.js';
import type { HttpAfterResponseHook, HttpBeforeRequestHook } from '../http/types.js';
import type { HttpClient } from '../http/client.js';
import { createStore } from '../storage/namespaced-store.js';
import type { Platform } from '../platform/types.js';
import { createClientKeyStore, obtainClientKeyPair } from './client-keys.js';
import { createSessionBinder } from './session-binding.js';
import type { ClientKeyPair, ClientKeyStore } from './client-keys.js';
import {
  DEFAULT_COOKIE_NAMES,
  DEFAULT_KEY_WRAP,
  LOGIN_ENCRYPT_FAILED_EVENT,
  SIGN_CONFIG_PATH,
  SIGN_DEBUG_QUERY,
  SIGN_INVALID_EVENT,
} from './constants.js';
import type { KeyWrapAlgorithm } from './constants.js';
import { HTTP_TIMEOUT_MS } from '../http/constants.js';
import { SigningInitError } from './errors.js';
import { computeInitSign } from './login-encryption.js';
import { createAfterResponseHook, createBeforeRequestHook } from './request-hooks.js';
import type { SecuritySnapshot } from './request-hooks.js';
import { selectRsaEngine } from './rsa-engine.js';
import type { RsaEngine, RsaEnginePreference } from './rsa-engine.js';
import type { SecurityEvent } from './security-events.js';
import { createServerClock } from './server-clock.js';
import type { ServerClock } from './server-clock.js';
import { isVerifiedServerKey, verifyServerPublicKey } from './server-key.js';
import type { VerifiedServerKey } from './server-key.js';
import { isSignConfig, signConfigFromResponse } from './sign-config.js';
import type { GatewaySignConfig } from './sign-config.js';
import { createSignErrorHandler } from './sign-errors.js';
import {
  describeValue,
  expectHttpUrl,
  expectObjectWith,
  expectString,
  invalidArgument,
  readGuarded,
  readRecord,
} from '../validate/describe-value.js';

/** InvalidArgumentError naming `config` unless it is a gateway sign config (what fetchConfig resolves with). */
function checkSignConfig(owner: string, config: unknown): void {
  if (!isSignConfig(config)) throw invalidArgument('config', 'a gateway sign config (from fetchConfig)', config, owner);
}

const CONFIG_CACHE_KEY = 'gatewaySignConfig';

export interface SecurityOptions {
  /** PEM of the X.509 certificate embedded in the build that vouches for the server key (spec §S5). */
  certificatePem: string;
  /**
   * The exkit HTTP client of the API. When given, the security hooks are installed on it (`use`), the
   * sign config is fetched through it, and toasts and logouts are also pushed through its `emit`.
   */
  http?: HttpClient;
  /** For plain ky clients: the API base URL (requests under it are the '/…' API calls). Default: the page's origin. */
  apiBase?: string;
  /** Login key wrap; RSA-OAEP-256 by default, RSA1_5 for servers that need PKCS#1 v1.5. */
  keyWrap?: KeyWrapAlgorithm;
  /** RSA implementation: WebCrypto when present ('auto'), or node-forge; or an engine instance. */
  engine?: RsaEnginePreference | RsaEngine;
  /** Fetches the JSON body of GET /v1/mix/config/gatewaySignConfig; default uses platform.fetch on apiBase. */
  fetchConfigBody?: () => Promise<unknown>;
  /** The current session token; default: the refresh-token cookie. */
  token?: () => string | undefined;
  /** Names of the refresh-token and uid cookies (spec §S3). */
  cookieNames?: { refreshToken?: string; uid?: string };
  /** Debug mode (spec §S7); default: on when the page URL has sign_debug=1. */
  debug?: boolean;
  /** Where gw-sign-error headers and debug texts are logged; default console.warn. */
  log?: (message: string, data: Record<string, unknown>) => void;
  /** Stamp tm and uhti on API requests that lack them (default true). */
  stampHeaders?: boolean;
  /** Spec §S9: key generation time-out, default 8000 ms. */
  keyGenerationTimeoutMs?: number;
  /** Spec §S9: toast/logout debounce, default 2000 ms. */
  debounceMs?: number;
  /** Spec §S8: config re-fetch debounce, default 2000 ms. */
  refetchDebounceMs?: number;
}

/** Hooks for the HTTP client; the before-request hook must run last (it may replace the request). */
export interface SecurityHooks {
  beforeRequest: HttpBeforeRequestHook[];
  afterResponse: HttpAfterResponseHook[];
}

/** The security service of one page. */
export interface Security {
  readonly events$: Observable<SecurityEvent>;
  readonly serverClock: ServerClock;
  readonly engine: RsaEngine;
  readonly keys: ClientKeyStore;
  readonly hooks: SecurityHooks;
  snapshot(): SecuritySnapshot;
  /** The session token now, if any. */
  token(): string | undefined;
  /** The sign config: the session-cached one unless forced, else fetched. */
  fetchConfig(options?: { force?: boolean }): Promise<GatewaySignConfig>;
  /** The config's server key when the embedded certificate vouches for it. */
  verifyServerKey(config: GatewaySignConfig): Promise<VerifiedServerKey>;
  /** The key pair for the session: the one bound to the token, else the backup, else a new one. */
  loadClientKeyPair(config: GatewaySignConfig): Promise<ClientKeyPair>;
  setConfig(config: GatewaySignConfig): void;
  setServerKey(key: VerifiedServerKey): void;
  setClientKey(pair: ClientKeyPair): void;
  /** Forgets the config (and its session cache), the server key and the login key pair. */
  reset(): void;
  /** Reports a signing-init failure to the error service as loginEncryptFailed. */
  reportInitFailure(error: unknown): void;
  /** The deterministic initSign of a key pair (cached). */
  initSignFor(pair: { publicKey: string; privateKeyPem: string }): Promise<string>;
  dispose(): void;
}

const consoleLog = (message: string, data: Record<string, unknown>) => console.warn(`[exkit/security] ${message}`, data);

/**
 * The page's own URL, the API base when none is given. A page outside http(s) (about:blank, file:) has an opaque
 * origin, under which no request counts as an API call; a location that is no URL at all is the platform's fault.
 */
function pageUrl(platform: Platform): URL {
  const field = 'platform.location.href';
  const expected = 'an absolute URL (or give apiBase)';
  const href = readGuarded(field, expected, platform.location, 'createSecurity', () => platform.location.href);
  if (typeof href === 'string' && URL.canParse(href)) return new URL(href);
  throw invalidArgument(field, expected, href, 'createSecurity');
}

/**
 * Creates the security service of a page.
 *
 * @example
 * ```ts
 * const http = createHttpClient(platform, { baseUrl: 'https://api.example.com' });
 * const security = createSecurity(platform, { certificatePem, http }); // its hooks go on the client
 * // Start the signing init (the signingInitMachine does the steps), then log in: the login body travels encrypted.
 * security.dispose();
 * ```
 */
export function createSecurity(platform: Platform, options: SecurityOptions): Security {
  options = readRecord('options', options, 'createSecurity');
  expectObjectWith('platform', platform, 'createSecurity', ['clock', 'cookies', 'crypto', 'errors', 'fetch', 'location', 'timers']);
  checkDuration('keyGenerationTimeoutMs', options.keyGenerationTimeoutMs, { owner: 'security' });
  const engine = typeof options.engine === 'object' ? options.engine : selectRsaEngine(platform.crypto.subtle, options.engine);
  const keys = createClientKeyStore(platform);
  const sessionStore = createStore(platform, 'mix', { backend: 'session' });
  const serverClock = createServerClock(platform.clock);
  const log = options.log ?? consoleLog;
  const cookieNames = { ...DEFAULT_COOKIE_NAMES, ...options.cookieNames };
  const apiBase = options.apiBase === undefined ? pageUrl(platform) : expectHttpUrl('apiBase', options.apiBase, 'createSecurity');
  const apiOrigin = apiBase.origin;
  const apiBasePath = options.apiBase === undefined ? '' : apiBase.pathname.replace(/\/+$/, '');
  const initSigns = new Map<string, Promise<string>>();
  let state: SecuritySnapshot = { config: undefined, serverKey: undefined, clientKey: undefined };

  const token = options.token ?? (() => platform.cookies.get(cookieNames.refreshToken) || undefined);

  const reset = () => {
    state = { config: undefined, serverKey: undefined, clientKey: undefined };
    sessionStore.remove(CONFIG_CACHE_KEY);
  };

  const errors = createSignErrorHandler(platform, {
    debounceMs: options.debounceMs,
    refetchDebounceMs: options.refetchDebounceMs,
    resetConfig: reset,
    log,
  });

  const http = options.http;
  const fetchConfigBody =
    options.fetchConfigBody ??
    // A login-expired answer must fail the init (the client's default, never settling, would leave signing
    // init fetching forever); the client still emits its logout.
    (http ? () => http.get(SIGN_CONFIG_PATH, undefined, { silent: true, onLoginExpired: 'reject' }) : undefined) ??
    (async () => {
      // Without a client, the platform's fetch under the client's own time-out: a gateway that holds the
      // answer fails the init after 10 s instead of leaving it fetching.
      const controller = new AbortController();
      const timer = platform.timers.setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
      try {
        const url = `${apiOrigin}${apiBasePath}${SIGN_CONFIG_PATH}`;
        const response = await platform.fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal: controller.signal });
        if (!response.ok) throw new SigningInitError('CONFIG_FETCH_FAILED', `the sign config answered HTTP ${response.status}`);
        return (await response.json()) as unknown;
      } finally {
        platform.timers.clearTimeout(timer);
      }
    });

  const initSignFor: Security['initSignFor'] = (given) => {
    let pair: { publicKey: string; privateKeyPem: string };
    try {
      pair = readRecord('pair', given, 'security.initSignFor');
      expectString('pair.publicKey', pair.publicKey, 'security.initSignFor');
      expectString('pair.privateKeyPem', pair.privateKeyPem, 'security.initSignFor');
    } catch (error) {
      return Promise.reject(error);
    }
    let sign = initSigns.get(pair.publicKey);
    if (!sign) {
      sign = computeInitSign(engine, pair.privateKeyPem);
      sign.catch(() => initSigns.delete(pair.publicKey));
      initSigns.set(pair.publicKey, sign);
    }
    return sign;
  };

  const debug = () => {
    if (options.debug !== undefined) return options.debug;
    try {
      return new URL(platform.location.href).searchParams.get(SIGN_DEBUG_QUERY) === '1';
    } catch {
      return false;
    }
  };

  const uidCookie = () => platform.cookies.get(cookieNames.uid) || undefined;
  const binder = createSessionBinder({
    keys,
    timers: platform.timers,
    clock: platform.clock,
    token,
    uidCookie,
    emit: (event) => errors.emit(event),
  });
  // A log-out (clearing the keys) also drops a login's bind still waiting for its token.
  const keyStore: ClientKeyStore = {
    ...keys,
    clear() {
      binder.cancel();
      keys.clear();
    },
  };

  const hookContext = {
    platform,
    engine,
    keys,
    serverClock,
    apiOrigin,
    apiBasePath,
    keyWrap: options.keyWrap ?? DEFAULT_KEY_WRAP,
    stampHeaders: options.stampHeaders ?? true,
    snapshot: () => state,
    token,
    debug,
    log,
    initSignFor,
    errors,
    binder,
    debugTexts: new Map<string, string>(),
  };

  const hooks: SecurityHooks = {
    beforeRequest: [createBeforeRequestHook(hookContext)],
    afterResponse: [createAfterResponseHook(hookContext)],
  };
  const removeHooks = http?.use(hooks);
  // One debounce for every toast and logout of the page: the HTTP client's.
  const forwarding = http
    ? errors.events$.subscribe((event) => {
        if (event.type === 'toast') http.emit({ type: 'toast', message: event.message, code: event.code });
        else if (event.type === 'logout') http.emit({ type: 'logout', reason: SIGN_INVALID_EVENT });
      })
    : undefined;

  return {
    events$: errors.events$,
    serverClock,
    engine,
    keys: keyStore,
    hooks,
    snapshot: () => state,
    token,
    async fetchConfig(given) {
      const fetchOptions = readRecord('options', given, 'security.fetchConfig', {});
      if (fetchOptions.force !== undefined && typeof fetchOptions.force !== 'boolean')
        throw invalidArgument('options.force', 'a boolean', fetchOptions.force, 'security.fetchConfig');
      if (!fetchOptions.force) {
        const cached = sessionStore.get<GatewaySignConfig | undefined>(
          CONFIG_CACHE_KEY,
          undefined,
          isSignConfig as (v: unknown) => v is GatewaySignConfig | undefined,
        );
        if (cached) return cached;
      }
      let body: unknown;
      try {
        body = await fetchConfigBody();
      } catch (cause) {
        throw new SigningInitError('CONFIG_FETCH_FAILED', 'the gateway sign config could not be fetched', { cause });
      }
      const config = signConfigFromResponse(body);
      sessionStore.set(CONFIG_CACHE_KEY, config);
      return config;
    },
    async verifyServerKey(config) {
      checkSignConfig('security.verifyServerKey', config);
      return verifyServerPublicKey(config, options.certificatePem, { subtle: platform.crypto.subtle });
    },
    async loadClientKeyPair(config) {
      checkSignConfig('security.loadClientKeyPair', config);
      const current = token();
      const bound = current ? keys.boundTo(current) : undefined;
      if (bound) return bound;
      return obtainClientKeyPair({
        platform,
        engine,
        store: keys,
        algorithm: config.defaultAlgorithm,
        timeoutMs: options.keyGenerationTimeoutMs,
        onBackupStored: (pair) => errors.emit({ type: 'backupKeyStored', algorithm: pair.algorithm }),
      });
    },
    // What is recorded is checked first: a refused value leaves the state as it was.
    setConfig(config) {
      checkSignConfig('security.setConfig', config);
      state = { ...state, config };
    },
    setServerKey(serverKey) {
      const key = readRecord('serverKey', serverKey, 'security.setServerKey');
      if (!isVerifiedServerKey(key))
        throw invalidArgument('serverKey', 'a verified server key (from verifyServerKey)', serverKey, 'security.setServerKey');
      state = { ...state, serverKey: key };
    },
    setClientKey(clientKey) {
      const pair = readRecord('clientKey', clientKey, 'security.setClientKey');
      if (typeof pair.publicKey !== 'string' || typeof pair.privateKeyPem !== 'string')
        throw invalidArgument('clientKey', 'a client key pair (from loadClientKeyPair)', clientKey, 'security.setClientKey');
      state = { ...state, clientKey: pair };
    },
    reset() {
      reset();
      errors.emit({ type: 'configReset' });
    },
    reportInitFailure(error) {
      // Any value is reported; one that cannot even be inspected (a revoked Proxy) is described, not thrown on.
      let code = 'UNKNOWN';
      let message: string;
      try {
        if (error instanceof SigningInitError) code = error.code;
        message = error instanceof Error ? String(error.message) : describeValue(error);
      } catch {
        message = describeValue(error);
      }
      safeReport(platform.errors, { event: LOGIN_ENCRYPT_FAILED_EVENT, message, data: { code } });
    },
    initSignFor,
    dispose() {
      binder.cancel();
      forwarding?.unsubscribe();
      removeHooks?.();
      errors.dispose();
    },
  };
}
