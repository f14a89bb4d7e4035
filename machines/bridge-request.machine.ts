import { assign, emit, fromPromise, setup } from 'xstate';
import type { Bridge } from '../core/bridge/index.js';
import type { AppResponse } from '../core/catalog/index.js';

export interface BridgeRequestInput {
  /** The bridge whose transport owns correlation and the timeout (the machine keeps no timer of its own). */
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params?: Record<string, unknown>;
  /** Overrides the app request timeout (10000 ms by default, seed 000 §9). */
  timeoutMs?: number;
}

export interface BridgeRequestContext {
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params: Record<string, unknown> | undefined;
  timeoutMs: number | undefined;
  response: AppResponse | undefined;
  error: unknown;
  /** How many times the request was sent. */
  attempts: number;
}

export type BridgeRequestEvent =
  | { type: 'RETRY' }
  | { type: 'REQUEST'; path: string; params?: Record<string, unknown> }
  | { type: 'CANCEL' };

export type BridgeRequestEmitted =
  | { type: 'resolved'; response: AppResponse }
  | { type: 'rejected'; error: unknown; timedOut: boolean };

/** What the request actor is started with. */
export interface BridgeRequestActorInput {
  bridge: Pick<Bridge, 'request'>;
  path: string;
  params: Record<string, unknown> | undefined;
  timeoutMs: number | undefined;
}

const isTimeoutError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AppRequestCallbackTimeout';

/**
 * One bridge request (seed 000 §4): pending until the native callback arrives, then resolved; rejected on
 * timeout or on error. The invoked actor is the core transport's request, so correlation and the timeout
 * live in one place; leaving `pending` aborts the call and frees its entry.
 */
export const bridgeRequestMachine = setup({
  types: {
    input: {} as BridgeRequestInput,
    context: {} as BridgeRequestContext,
    events: {} as BridgeRequestEvent,
    emitted: {} as BridgeRequestEmitted,
  },
  actors: {
    transportRequest: fromPromise<AppResponse, BridgeRequestActorInput>(({ input, signal }) =>
      input.bridge.request(input.path, input.params, input.timeoutMs === undefined ? { signal } : { signal, timeoutMs: input.timeoutMs }),
    ),
  },
  guards: {
    isTimeout: ({ event }) => isTimeoutError((event as { error?: unknown }).error),
  },
  actions: {
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    storeResponse: assign({ response: ({ event }) => (event as { output?: AppResponse }).output, error: undefined }),
    storeError: assign({ error: ({ event }) => (event as { error?: unknown }).error, response: undefined }),
    storeTarget: assign(({ event }) =>
      event.type === 'REQUEST' ? { path: event.path, params: event.params, response: undefined, error: undefined } : {},
    ),
    emitResolved: emit(({ context }) => ({ type: 'resolved' as const, response: context.response! })),
    emitRejected: emit(({ context }) => ({ type: 'rejected' as const, error: context.error, timedOut: isTimeoutError(context.error) })),
  },
}).createMachine({
  id: 'bridgeRequest',
  context: ({ input }) => ({
    bridge: input.bridge,
    path: input.path,
    params: input.params,
    timeoutMs: input.timeoutMs,
    response: undefined,
    error: undefined,
    attempts: 0,
  }),
  initial: 'pending',
  on: {
    REQUEST: { target: '.pending', reenter: true, actions: 'storeTarget' },
  },
  states: {
    pending: {
      entry: 'countAttempt',
      invoke: {
        id: 'request',
        src: 'transportRequest',
        input: ({ context }) => ({ bridge: context.bridge, path: context.path, params: context.params, timeoutMs: context.timeoutMs }),
        onDone: { target: 'resolved', actions: ['storeResponse', 'emitResolved'] },
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
