import { assign, emit, fromPromise, setup } from 'xstate';
import { isBridgeTimeoutError } from '../core/bridge/index.js';
import type { Bridge, BridgeRequestResult, SkipInfo } from '../core/bridge/index.js';
import { takeErrorEvents } from './error-events.js';
import { STRING, fieldsOrUndefined, isRecord, readOnce, required } from './fields.js';

/** An answer the request ended with: the app's, or the fallback's when requestAction cannot run here. */
export type BridgeRequestAnswer = Exclude<BridgeRequestResult, { status: 'skipped' }>;

export interface BridgeRequestInput {
  /** The bridge whose transport owns correlation and the timeout (the machine keeps no timer of its own). */
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params?: Record<string, unknown>;
  /** Overrides the app request timeout (10000 ms by default, spec §B9). */
  timeoutMs?: number;
}

export interface BridgeRequestContext {
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params: Record<string, unknown> | undefined;
  timeoutMs: number | undefined;
  /** The answer (status 'answered' or 'fallback'), in `resolved`. */
  response: BridgeRequestAnswer | undefined;
  /** Why nothing was sent (outside the app, app too old), in `skipped`. */
  skip: SkipInfo | undefined;
  error: unknown;
  /** How many times the request was sent. */
  attempts: number;
}

export type BridgeRequestEvent =
  { type: 'RETRY' } | { type: 'REQUEST'; path: string; params?: Record<string, unknown> } | { type: 'CANCEL' };

export type BridgeRequestEmitted =
  | { type: 'resolved'; response: BridgeRequestAnswer }
  | { type: 'skipped'; skip: SkipInfo }
  | { type: 'rejected'; error: unknown; timedOut: boolean };

/** What the request actor is started with. */
export interface BridgeRequestActorInput {
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params: Record<string, unknown> | undefined;
  timeoutMs: number | undefined;
}

const outputOf = (event: unknown): BridgeRequestResult | undefined => (event as { output?: BridgeRequestResult }).output;

// Stryker disable next-line StringLiteral: fieldsOrUndefined drops the failed rule's wording, so 'an object' is never read
const REQUEST_FIELDS = { path: required(STRING), params: { check: isRecord, expect: 'an object' } };

// A REQUEST's fields are read once, checked, into plain data: one with an unreadable or wrong-typed field is ignored.
const requestOf = readOnce((event: BridgeRequestEvent) =>
  // Stryker disable next-line ConditionalExpression: requestOf runs only in the REQUEST transition's guard and action, so the type check
  // never sees another event
  event.type === 'REQUEST' ? fieldsOrUndefined<{ path: string; params?: Record<string, unknown> }>(event, REQUEST_FIELDS) : undefined,
);

/**
 * One bridge request (spec §B4): pending until the native callback arrives, then resolved; rejected on
 * timeout or on error. A timeout is the transport's own or an answer with a timeout code (00004, 110100,
 * spec §B8): both end in `timedOut`. Outside the app or below requestAction's minimum version nothing is
 * sent (spec §B5) and the request ends in `skipped`. The invoked actor is the core transport's request,
 * so correlation and the timeout live in one place; leaving `pending` aborts the call and frees its entry.
 */
export const bridgeRequestMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` carries TypeScript types only; XState ignores its value at run time
  types: {
    input: {} as BridgeRequestInput,
    context: {} as BridgeRequestContext,
    events: {} as BridgeRequestEvent,
    emitted: {} as BridgeRequestEmitted,
  },
  actors: {
    transportRequest: fromPromise<BridgeRequestResult, BridgeRequestActorInput>(({ input, signal }) =>
      input.bridge.request(input.path, input.params, input.timeoutMs === undefined ? { signal } : { signal, timeoutMs: input.timeoutMs }),
    ),
  },
  guards: {
    isTimeout: ({ event }) => isBridgeTimeoutError((event as { error?: unknown }).error),
    isSkipped: ({ event }) => outputOf(event)?.status === 'skipped',
    wellFormedRequest: ({ event }) => requestOf(event) !== undefined,
  },
  actions: {
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    storeResponse: assign({ response: ({ event }) => outputOf(event) as BridgeRequestAnswer, skip: undefined, error: undefined }),
    storeSkip: assign(({ event }) => {
      const { reason, minimumVersion, appVersion } = outputOf(event) as Extract<BridgeRequestResult, { status: 'skipped' }>;
      return { skip: { reason, minimumVersion, appVersion }, response: undefined, error: undefined };
    }),
    storeError: assign({ error: ({ event }) => (event as { error?: unknown }).error, response: undefined, skip: undefined }),
    storeTarget: assign(({ event }) => {
      const request = requestOf(event);
      return request ? { path: request.path, params: request.params, response: undefined, skip: undefined, error: undefined } : {};
    }),
    emitResolved: emit(({ context }) => ({ type: 'resolved' as const, response: context.response! })),
    emitSkipped: emit(({ context }) => ({ type: 'skipped' as const, skip: context.skip! })),
    emitRejected: emit(({ context }) => ({
      type: 'rejected' as const,
      error: context.error,
      timedOut: isBridgeTimeoutError(context.error),
    })),
  },
}).createMachine({
  id: 'bridgeRequest',
  context: ({ input }) => ({
    bridge: input.bridge,
    path: input.path,
    params: input.params,
    timeoutMs: input.timeoutMs,
    response: undefined,
    skip: undefined,
    error: undefined,
    attempts: 0,
  }),
  initial: 'pending',
  on: {
    // Stryker disable next-line BooleanLiteral: a root transition to its child re-enters the active child either way (XState v5 exits the
    // domain's active descendants), so reenter changes nothing here
    REQUEST: { guard: 'wellFormedRequest', target: '.pending', reenter: true, actions: 'storeTarget' },
    ...takeErrorEvents,
  },
  states: {
    pending: {
      entry: 'countAttempt',
      invoke: {
        id: 'request',
        src: 'transportRequest',
        input: ({ context }) => ({ bridge: context.bridge, path: context.path, params: context.params, timeoutMs: context.timeoutMs }),
        onDone: [
          { guard: 'isSkipped', target: 'skipped', actions: ['storeSkip', 'emitSkipped'] },
          { target: 'resolved', actions: ['storeResponse', 'emitResolved'] },
        ],
        onError: [
          { guard: 'isTimeout', target: 'timedOut', actions: ['storeError', 'emitRejected'] },
          { target: 'rejected', actions: ['storeError', 'emitRejected'] },
        ],
      },
      on: { CANCEL: 'cancelled' },
    },
    resolved: {
      on: { RETRY: 'pending' },
    },
    skipped: {
      on: { RETRY: 'pending' },
    },
    timedOut: {
      on: { RETRY: 'pending' },
    },
    rejected: {
      on: { RETRY: 'pending' },
    },
    cancelled: {
      on: { RETRY: 'pending' },
    },
  },
});
