import type { Observable } from 'rxjs';
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { MissingFetcherError, RiskTokenEmptyError } from './errors.js';
import type { ErrorReport } from '../core/platform/types.js';
import {
  RISK_TOKEN_FAILED_EVENT,
  RISK_TOKEN_REFRESH_INTERVAL_MS,
  RISK_TOKEN_REFRESH_TIMEOUT_MS,
  RISK_TOKEN_RETRY_DELAY_MS,
  RISK_TOKEN_TIMEOUT_EVENT,
  RISK_TOKEN_VALIDITY_MS,
  assertRiskTokenDurations,
  classifyRiskToken,
  isRiskTokenDue,
} from '../core/security/risk-token/index.js';
import type { RiskTokenFetcher, RiskTokenKind, RiskTokenStore, RiskTokenTick, StoredRiskToken } from '../core/security/risk-token/index.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import { takeErrorEvents } from './error-events.js';
import { prop } from './fields.js';

/** The five statuses of spec §S4. */
export type RiskTokenStatus = 'notInitialised' | 'success' | 'demoted' | 'error' | 'timeout';

export interface RiskTokenInput {
  /** Asks the device service for a token (deviceServiceFetcher over an HTTP client). */
  fetchToken?: RiskTokenFetcher;
  /** Where tokens are kept; the machine starts from what it holds. */
  store?: RiskTokenStore;
  /** Ticks that drive refreshes (riskTokenSchedule$); none when omitted. */
  schedule?: Observable<RiskTokenTick>;
  /** The clock expiries are computed with. Default: 0 (supply the platform's clock). */
  now?: () => number;
  /** The error service (platform.errors.report, which keeps bots silent). */
  report?: (report: ErrorReport) => void;
  /** Default 1200000 ms (spec §S9). */
  intervalMs?: number;
  /** Default 14400000 ms (spec §S9). */
  validityMs?: number;
  /** Default 1000 ms (spec §S9). */
  retryDelayMs?: number;
  /** Default 10000 ms (spec §S9). */
  refreshTimeoutMs?: number;
}

export interface RiskTokenContext {
  fetchToken: RiskTokenFetcher | undefined;
  store: RiskTokenStore | undefined;
  schedule: Observable<RiskTokenTick> | undefined;
  now: () => number;
  report: ((report: ErrorReport) => void) | undefined;
  intervalMs: number;
  validityMs: number;
  retryDelayMs: number;
  refreshTimeoutMs: number;
  /** The token held (also in the store). */
  token: StoredRiskToken | undefined;
  /** Why the last refresh failed, until the next one succeeds. */
  error: unknown;
  /** How many requests went to the device service. */
  requests: number;
  /**
   * The status a refresh or a sync settled on, until the `status` region takes it. Kept in the context, not sent
   * as an event, so no event from outside can move the status.
   */
  outcome: Exclude<RiskTokenStatus, 'notInitialised'> | undefined;
}

export type RiskTokenEvent =
  /** Refresh now, unless a refresh is pending (spec §S4 pending flag). */
  | { type: 'REFRESH' }
  /** Refresh when the token is absent, expired or within one interval of expiry. */
  | { type: 'REFRESH_IF_DUE' }
  /** Another tab wrote a token: read the store again. */
  | { type: 'SYNC' };

export type RiskTokenEmitted =
  { type: 'token'; token: string; kind: RiskTokenKind } | { type: 'failed'; error: unknown } | { type: 'timeout' };

/** What a finished fetch answered: 'success', 'demoted' or 'empty'. */
const answerOf = (event: unknown) => {
  const output = (event as { output?: unknown }).output;
  return classifyRiskToken(typeof output === 'string' ? output : '');
};
const tokenOf = (event: unknown) => String((event as { output?: unknown }).output).trim();

/** Stores an answered token with its expiry (now + twice the interval, capped by the validity) and holds it. */
function keep(context: RiskTokenContext, token: string, kind: RiskTokenKind): Pick<RiskTokenContext, 'token' | 'error'> {
  const expiresAt = context.now() + Math.min(2 * context.intervalMs, context.validityMs);
  if (kind === 'success') context.store?.saveSuccess(token, expiresAt);
  else context.store?.saveDemoted(token, expiresAt);
  return { token: { token, kind, expiresAt }, error: undefined };
}

type FailureAction = 'reportFailure' | 'announceFailure' | 'settleError';

/** One attempt at the device service: success and demoted end the refresh, a failure goes to `onFailure`. */
function attempt(id: string, onFailure: { target: string; actions: readonly FailureAction[] }) {
  return {
    entry: 'countRequest' as const,
    invoke: {
      id,
      src: 'fetchToken' as const,
      input: ({ context }: { context: RiskTokenContext }) => ({ fetchToken: context.fetchToken }),
      onDone: [
        {
          guard: 'successAnswer' as const,
          target: '#riskToken.refresh.idle',
          actions: ['keepSuccess', 'announceToken', 'settleSuccess'] as const,
        },
        {
          guard: 'demotedAnswer' as const,
          target: '#riskToken.refresh.idle',
          actions: ['keepDemoted', 'announceToken', 'settleDemoted'] as const,
        },
        { target: onFailure.target, actions: ['recordEmpty' as const, ...onFailure.actions] },
      ],
      onError: { target: onFailure.target, actions: ['recordError' as const, ...onFailure.actions] },
    },
  };
}

/** The machine's starting context from its (checked) input. */
function contextOf(input: RiskTokenInput): RiskTokenContext {
  return {
    fetchToken: input.fetchToken,
    store: input.store,
    schedule: input.schedule,
    now: input.now ?? (() => 0),
    report: input.report,
    intervalMs: input.intervalMs ?? RISK_TOKEN_REFRESH_INTERVAL_MS,
    validityMs: input.validityMs ?? RISK_TOKEN_VALIDITY_MS,
    retryDelayMs: input.retryDelayMs ?? RISK_TOKEN_RETRY_DELAY_MS,
    refreshTimeoutMs: input.refreshTimeoutMs ?? RISK_TOKEN_REFRESH_TIMEOUT_MS,
    token: input.store?.read(),
    error: undefined,
    requests: 0,
    outcome: undefined,
  };
}

/**
 * The risk token (spec §S4). Two regions: `status` holds the five statuses; `refresh` is the pending
 * flag — while it is not idle, further refresh requests are ignored, so any number of callers cause one
 * request. A refresh retries once after 1 s and gives up after 10 s in all (status timeout).
 */
export const riskTokenMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as RiskTokenInput,
    context: {} as RiskTokenContext,
    events: {} as RiskTokenEvent,
    emitted: {} as RiskTokenEmitted,
  },
  actors: {
    fetchToken: fromPromise<string, { fetchToken: RiskTokenFetcher | undefined }>(({ input, signal }) => {
      if (!input.fetchToken) throw new MissingFetcherError();
      return input.fetchToken(signal);
    }),
    schedule: fromCallback<RiskTokenEvent, { schedule: Observable<RiskTokenTick> | undefined }>(({ input, sendBack }) => {
      const subscription = input.schedule?.subscribe((tick) => {
        if (tick === 'interval') sendBack({ type: 'REFRESH' });
        else sendBack({ type: 'REFRESH_IF_DUE' });
      });
      // Stryker disable next-line OptionalChaining: without a schedule the teardown's TypeError is swallowed by XState as the actor stops
      return () => subscription?.unsubscribe();
    }),
  },
  delays: {
    retryDelay: ({ context }) => context.retryDelayMs,
    refreshTimeout: ({ context }) => context.refreshTimeoutMs,
  },
  guards: {
    due: ({ context }) => isRiskTokenDue(context.token, context.now(), context.intervalMs),
    successAnswer: ({ event }) => answerOf(event) === 'success',
    demotedAnswer: ({ event }) => answerOf(event) === 'demoted',
    heldSuccess: ({ context }) => context.token?.kind === 'success',
    heldDemoted: ({ context }) => context.token?.kind === 'demoted',
    settledSuccess: ({ context }) => context.outcome === 'success',
    settledDemoted: ({ context }) => context.outcome === 'demoted',
    settledError: ({ context }) => context.outcome === 'error',
    settledTimeout: ({ context }) => context.outcome === 'timeout',
  },
  actions: {
    countRequest: assign({ requests: ({ context }) => context.requests + 1 }),
    keepSuccess: assign(({ context, event }) => keep(context, tokenOf(event), 'success')),
    keepDemoted: assign(({ context, event }) => keep(context, tokenOf(event), 'demoted')),
    sync: assign({ token: ({ context }) => context.store?.read() ?? context.token }),
    recordEmpty: assign({ error: () => new RiskTokenEmptyError() }),
    recordError: assign({ error: ({ event }) => prop(event, 'error') }),
    // The reporter is the caller's: one that throws is logged as a UserCallbackError and the token goes on.
    reportFailure: ({ context }) =>
      void guardCallback('risk token report', () =>
        context.report?.({
          event: RISK_TOKEN_FAILED_EVENT,
          message: 'risk token refresh failed',
          error: context.error,
          data: { requests: context.requests },
        }),
      ),
    reportTimeout: ({ context }) =>
      void guardCallback('risk token report', () =>
        context.report?.({
          event: RISK_TOKEN_TIMEOUT_EVENT,
          message: 'risk token refresh timed out',
          data: { timeoutMs: context.refreshTimeoutMs },
        }),
      ),
    announceToken: emit(({ context }) => ({ type: 'token' as const, token: context.token!.token, kind: context.token!.kind })),
    announceFailure: emit(({ context }) => ({ type: 'failed' as const, error: context.error })),
    announceTimeout: emit({ type: 'timeout' as const }),
    settleSuccess: assign({ outcome: 'success' as const }),
    settleDemoted: assign({ outcome: 'demoted' as const }),
    settleError: assign({ outcome: 'error' as const }),
    settleTimeout: assign({ outcome: 'timeout' as const }),
    /** After a sync: the status follows the token now held. */
    settleHeld: assign({ outcome: ({ context }) => context.token?.kind }),
    /** The status region took the outcome. */
    takeOutcome: assign({ outcome: undefined }),
  },
}).createMachine({
  id: 'riskToken',
  // A bad duration fails the actor with InvalidArgumentError naming it, instead of a timer that fires at once.
  context: ({ input }) => {
    assertRiskTokenDurations(input);
    return contextOf(input);
  },
  invoke: { id: 'schedule', src: 'schedule', input: ({ context }) => ({ schedule: context.schedule }) },
  on: { SYNC: { actions: ['sync', 'settleHeld'] }, ...takeErrorEvents },
  type: 'parallel',
  states: {
    status: {
      initial: 'notInitialised',
      // The status follows what the refresh region (or a sync) settled on.
      always: [
        { guard: 'settledSuccess', target: '.success', actions: 'takeOutcome' },
        { guard: 'settledDemoted', target: '.demoted', actions: 'takeOutcome' },
        { guard: 'settledError', target: '.error', actions: 'takeOutcome' },
        { guard: 'settledTimeout', target: '.timeout', actions: 'takeOutcome' },
      ],
      states: {
        // A token kept from an earlier page (or another tab) counts from the start.
        notInitialised: {
          always: [
            { guard: 'heldSuccess', target: 'success' },
            { guard: 'heldDemoted', target: 'demoted' },
          ],
        },
        success: {},
        demoted: {},
        error: {},
        timeout: {},
      },
    },
    refresh: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REFRESH: 'pending',
            REFRESH_IF_DUE: { guard: 'due', target: 'pending' },
          },
        },
        pending: {
          initial: 'firstAttempt',
          after: {
            refreshTimeout: { target: 'idle', actions: ['reportTimeout', 'announceTimeout', 'settleTimeout'] },
          },
          states: {
            firstAttempt: attempt('fetchToken', { target: 'retryWait', actions: [] }),
            retryWait: { after: { retryDelay: 'retry' } },
            retry: attempt('fetchTokenAgain', {
              target: '#riskToken.refresh.idle',
              actions: ['reportFailure', 'announceFailure', 'settleError'],
            }),
          },
        },
      },
    },
  },
});
