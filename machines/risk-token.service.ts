import { filter, map } from 'rxjs';
import { createActor } from 'xstate';
import { safeReport } from '../core/errors/guard-callback.js';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { HttpClient } from '../core/http/client.js';
import type { Platform, TimerHandle } from '../core/platform/types.js';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { checkDuration } from '../core/validate/duration.js';
import {
  RISK_TOKEN_INIT_WAIT_MS,
  RISK_TOKEN_REFRESH_INTERVAL_MS,
  assertRiskTokenDurations,
  createRiskTokenStore,
  deviceServiceFetcher,
  riskTokenHeaderHook,
  riskTokenSchedule$,
} from '../core/security/risk-token/index.js';
import type {
  DeviceServiceClient,
  RiskTokenFetcher,
  RiskTokenHeaderOptions,
  RiskTokenKind,
  RiskTokenSource,
  RiskTokenStore,
  RiskTokenStoreOptions,
} from '../core/security/risk-token/index.js';
import { riskTokenMachine } from './risk-token.machine.js';
import type { RiskTokenInput, RiskTokenStatus } from './risk-token.machine.js';
import { expectObjectWith, invalidArgument, readGuarded } from '../core/validate/describe-value.js';

export type RiskTokenActor = ActorRefFrom<typeof riskTokenMachine>;

export interface RiskTokenServiceOptions
  extends
    Pick<RiskTokenInput, 'intervalMs' | 'validityMs' | 'retryDelayMs' | 'refreshTimeoutMs'>,
    RiskTokenStoreOptions,
    RiskTokenHeaderOptions {
  /**
   * An exkit HTTP client made for the device service's origin; its GET /v1/constantid/udid/c1 gives the token
   * (a bare string, a JSON string or the gateway envelope).
   */
  device?: DeviceServiceClient;
  /** Or a fetcher of your own (wins over `device`). */
  fetchToken?: RiskTokenFetcher;
  /** Default: cookies and the common storage area of the platform. */
  store?: RiskTokenStore;
  /**
   * Whether the service starts at once (default true): its first refresh, its schedule and its cross-tab
   * following. False leaves it idle, holding the stored token, until `start()`: what a page rendered on a
   * server does, so that no server render fetches a token; `ExkitProvider` starts it after mount.
   */
  autoStart?: boolean;
}

/** What a screen shows of the risk token. */
export interface RiskTokenState {
  status: RiskTokenStatus;
  token: string | undefined;
  kind: RiskTokenKind | undefined;
  /** When the held token counts as expired. */
  expiresAt: number | undefined;
  /** Whether a refresh is in flight (the seed's pending flag). */
  pending: boolean;
  /** Why the last refresh failed, until one succeeds. */
  error: unknown;
}

/** The page's risk token: the machine, its schedule, and the header hook for the HTTP client. */
export interface RiskTokenService extends RiskTokenSource {
  readonly actor: RiskTokenActor;
  /** The current state. */
  state(): RiskTokenState;
  /** Refreshes now (joining a refresh in flight) and resolves when it settles: within the refresh time-out (10 s), or at once when stopped.
   * */
  refresh(): Promise<RiskTokenState>;
  /**
   * Resolves with the token once the first refresh settles, or after `timeoutMs` (default 5000 ms, spec §S9);
   * rejects with InvalidArgumentError when `timeoutMs` is not a duration a timer honours.
   */
  whenReady(timeoutMs?: number): Promise<string | undefined>;
  /** Starts the service made with `autoStart: false`; does nothing when it runs already or was disposed. */
  start(): void;
  /** Puts the header hook on an HTTP client; returns a function that takes it off. */
  install(http: Pick<HttpClient, 'use'>): () => void;
  /** Stops the schedule and the machine; `refresh()` and `whenReady()` then resolve at once. */
  dispose(): void;
}

/** Reads the screen-facing state out of a machine snapshot. */
export function riskTokenState(snapshot: SnapshotFrom<typeof riskTokenMachine>): RiskTokenState {
  return readGuarded('snapshot', 'a risk-token machine snapshot', snapshot, 'riskTokenState', () => {
    const value = snapshot.value as { status: RiskTokenStatus; refresh: unknown };
    const held = snapshot.context.token;
    return {
      status: value.status,
      token: held?.token,
      kind: held?.kind,
      expiresAt: held?.expiresAt,
      pending: value.refresh !== 'idle',
      error: snapshot.context.error,
    };
  });
}

const isSettled = (snapshot: SnapshotFrom<typeof riskTokenMachine>) => snapshot.matches({ refresh: 'idle' });

/**
 * Creates and starts the risk token (spec §S4) on a platform: it refreshes at start, then every
 * interval while the page is visible, follows other tabs' tokens, and reports failures to `platform.errors`.
 *
 * @example
 * ```ts
 * const device = createHttpClient(platform, { baseUrl: 'https://device.example.com' });
 * const riskToken = createRiskTokenService(platform, { device });
 * riskToken.install(http); // the header goes on the sensitive calls of the API client
 * await riskToken.whenReady(); // the token, or undefined after 5 s
 * riskToken.dispose();
 * ```
 */
export function createRiskTokenService(platform: Platform, options: RiskTokenServiceOptions = {}): RiskTokenService {
  assertRiskTokenDurations(options);
  if (options.autoStart !== undefined && typeof options.autoStart !== 'boolean') {
    throw new InvalidArgumentError('createRiskTokenService: autoStart must be a boolean', { field: 'autoStart', value: options.autoStart });
  }
  const store = options.store ?? createRiskTokenStore(platform, options);
  const fetchToken = options.fetchToken ?? (options.device ? deviceServiceFetcher(options.device) : undefined);
  const intervalMs = options.intervalMs ?? RISK_TOKEN_REFRESH_INTERVAL_MS;
  const initWaitMs = options.initWaitMs ?? RISK_TOKEN_INIT_WAIT_MS;
  const actor = createActor(riskTokenMachine, {
    clock: platform.timers,
    input: {
      fetchToken,
      store,
      schedule: riskTokenSchedule$(platform.visibility, platform.timers, intervalMs),
      now: () => platform.clock.now(),
      report: (report) => safeReport(platform.errors, report),
      intervalMs,
      ...(options.validityMs === undefined ? {} : { validityMs: options.validityMs }),
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
      ...(options.refreshTimeoutMs === undefined ? {} : { refreshTimeoutMs: options.refreshTimeoutMs }),
    },
  });
  const keys = new Set(store.storageKeys);
  let crossTab: { unsubscribe(): void } | undefined;
  let disposed = false;
  const start = () => {
    if (crossTab || disposed) return;
    // Another tab's write to the token's storage keys: take its token instead of fetching one of our own.
    crossTab = platform.crossTab
      .pipe(
        filter((change) => change.key === null || keys.has(change.key)),
        map(() => ({ type: 'SYNC' }) as const),
      )
      .subscribe((event) => actor.send(event));
    actor.start();
  };
  if (options.autoStart ?? true) start();

  // Stryker disable next-line LogicalOperator: dispose() is the only way the actor stops, so the two tests always agree
  const stopped = () => disposed || actor.getSnapshot().status !== 'active';

  /**
   * Resolves with the state once no refresh is pending, or with the current state after `waitMs` when one
   * is given. Without `waitMs` no timer is set: the machine's own refresh time-out (10 s) ends every
   * refresh, and stopping the service completes the subscription, so the wait always ends.
   */
  const settled = (waitMs?: number) =>
    new Promise<RiskTokenState>((resolve) => {
      if (stopped() || isSettled(actor.getSnapshot())) {
        resolve(riskTokenState(actor.getSnapshot()));
        return;
      }
      let timer: TimerHandle | undefined;
      const finish = () => {
        subscription.unsubscribe();
        if (timer !== undefined) platform.timers.clearTimeout(timer);
        resolve(riskTokenState(actor.getSnapshot()));
      };
      const subscription = actor.subscribe({ next: (snapshot) => isSettled(snapshot) && finish(), error: finish, complete: finish });
      if (waitMs !== undefined) timer = platform.timers.setTimeout(finish, waitMs);
    });

  /** Starts a refresh unless the service was stopped (a stopped actor takes no events). */
  const startRefresh = () => {
    if (!stopped()) actor.send({ type: 'REFRESH' });
  };

  const dispose = () => {
    disposed = true;
    crossTab?.unsubscribe();
    actor.stop();
  };
  const service: RiskTokenService = {
    actor,
    state: () => riskTokenState(actor.getSnapshot()),
    current: () => actor.getSnapshot().context.token?.token,
    refreshIfDue: () => actor.send({ type: 'REFRESH_IF_DUE' }),
    async settle(waitMs) {
      checkDuration('waitMs', waitMs, { owner: 'risk token settle' });
      startRefresh();
      return (await settled(waitMs)).token;
    },
    refresh() {
      startRefresh();
      return settled();
    },
    async whenReady(timeoutMs = initWaitMs) {
      checkDuration('timeoutMs', timeoutMs, { owner: 'risk token whenReady' });
      const snapshot = actor.getSnapshot();
      if (stopped() || !snapshot.matches({ status: 'notInitialised' })) return snapshot.context.token?.token;
      return (await settled(timeoutMs)).token;
    },
    start,
    install(http) {
      expectObjectWith('http', http, 'riskToken.install', ['use']);
      const remove = readGuarded('http.use', "an HTTP client's use()", http, 'riskToken.install', () =>
        http.use({ beforeRequest: [riskTokenHeaderHook(service, options)] }),
      );
      if (typeof remove !== 'function') throw invalidArgument('http.use', 'a use() that returns its remover', remove, 'riskToken.install');
      return remove;
    },
    dispose,
  };
  return service;
}
