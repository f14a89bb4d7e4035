import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { MissingSecurityError } from './errors.js';
import type { ClientKeyPair, GatewaySignConfig, Security, SecurityEvent, VerifiedServerKey } from '../core/security/index.js';
import { SigningInitError, isSignConfig } from '../core/security/index.js';
import { isClientKeyPair } from '../core/security/client-keys.js';
import { isVerifiedServerKey } from '../core/security/server-key.js';
import type { SigningInitFailure } from '../core/security/index.js';
import { describeValue } from '../core/validate/describe-value.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import { takeErrorEvents } from './error-events.js';
import { prop } from './fields.js';

export interface SigningInitInput {
  /** The page's security service; the default actors and actions work through it. */
  security?: Security;
}

export interface SigningInitContext {
  security: Security | undefined;
  /** Whether the next config fetch bypasses the session cache. */
  force: boolean;
  config: GatewaySignConfig | undefined;
  serverKey: VerifiedServerKey | undefined;
  clientKey: ClientKeyPair | undefined;
  /** The failure of the last attempt, until the next one starts. */
  error: unknown;
}

export type SigningInitEvent =
  /** Start signing init (ignored once started). */
  | { type: 'INIT' }
  /** Fetch the config again, bypassing the cache (spec §S8 re-fetch after 00020/00021). */
  | { type: 'REFETCH' }
  /** Drop everything, including the security service's state. */
  | { type: 'RESET' }
  /** The security service already dropped its config (a sign error): forget ours. */
  | { type: 'CONFIG_RESET' };

export type SigningInitEmitted =
  { type: 'ready'; config: GatewaySignConfig } | { type: 'disabled'; config: GatewaySignConfig } | { type: 'failed'; error: unknown };

function need(security: Security | undefined): Security {
  if (!security) throw new MissingSecurityError();
  return security;
}

/**
 * What each step must answer, and the failure when it answers something else (a provided step, or a security
 * service of the caller's, that resolves with nothing or with the wrong shape): the init fails as it would on
 * that step's own error, instead of going on without a config, a server key or a client key.
 */
const ANSWERS: Record<string, { check: (value: unknown) => boolean; code: SigningInitFailure; expected: string }> = {
  'xstate.done.actor.fetchConfig': { check: isSignConfig, code: 'CONFIG_INVALID', expected: 'a sign config' },
  'xstate.done.actor.verifyServerKey': { check: isVerifiedServerKey, code: 'SERVER_KEY_INVALID', expected: 'a verified server key' },
  'xstate.done.actor.loadClientKey': { check: isClientKeyPair, code: 'KEY_GENERATION_FAILED', expected: 'a client key pair' },
};
const answerOf = (event: { type: string }) => ANSWERS[event.type];
// Read guarded: an answer whose getters throw is malformed too, never a throw inside a guard.
const wellFormedAnswer = (event: { type: string }) => {
  let wellFormed = false;
  try {
    // Stryker disable next-line OptionalChaining: without it an event with no answer rule throws, and the catch leaves the same false.
    wellFormed = answerOf(event)?.check(prop(event, 'output')) === true;
  } catch {
    // A getter that throws: the answer stays malformed.
  }
  return wellFormed;
};

/**
 * Signing init (spec §S4): not initialised → config fetched → server public key verified → ready.
 * Any failure reports loginEncryptFailed and resets to not initialised, so INIT or REFETCH can retry.
 * A config with clientOpen off ends in `disabled` (nothing to verify, nothing to encrypt).
 */
const onSecurity = (method: string, run: () => unknown): void => void guardCallback(`security.${method}`, run);

export const signingInitMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as SigningInitInput,
    context: {} as SigningInitContext,
    events: {} as SigningInitEvent,
    emitted: {} as SigningInitEmitted,
  },
  actors: {
    fetchConfig: fromPromise<GatewaySignConfig, { security: Security | undefined; force: boolean }>(({ input }) =>
      need(input.security).fetchConfig({ force: input.force }),
    ),
    verifyServerKey: fromPromise<VerifiedServerKey, { security: Security | undefined; config: GatewaySignConfig }>(({ input }) =>
      need(input.security).verifyServerKey(input.config),
    ),
    loadClientKey: fromPromise<ClientKeyPair, { security: Security | undefined; config: GatewaySignConfig }>(({ input }) =>
      need(input.security).loadClientKeyPair(input.config),
    ),
    watchSecurity: fromCallback<SigningInitEvent, { security: Security | undefined }>(({ input, sendBack }) => {
      if (!input.security) return undefined;
      const subscription = input.security.events$.subscribe((event: SecurityEvent) => {
        // Read guarded: whatever the service emits, this subscriber never throws.
        const type = prop(event, 'type');
        if (type === 'refetchConfig') sendBack({ type: 'REFETCH' });
        // A reset the service made itself after a sign error; our own RESET emits one without a code.
        else if (type === 'configReset' && prop(event, 'code') !== undefined) sendBack({ type: 'CONFIG_RESET' });
      });
      return () => subscription.unsubscribe();
    }),
  },
  guards: {
    clientClosed: ({ context }) => prop(context.config, 'clientOpen') !== true,
    wellFormedAnswer: ({ event }) => wellFormedAnswer(event),
  },
  actions: {
    // The service is the caller's: a method that throws is logged (a UserCallbackError) and the machine goes on.
    // Each runs right after its step's well-formed answer was assigned, so the value is always there.
    publishConfig: ({ context }) => onSecurity('setConfig', () => context.security?.setConfig(context.config!)),
    publishServerKey: ({ context }) => onSecurity('setServerKey', () => context.security?.setServerKey(context.serverKey!)),
    publishClientKey: ({ context }) => onSecurity('setClientKey', () => context.security?.setClientKey(context.clientKey!)),
    resetSecurity: ({ context }) => onSecurity('reset', () => context.security?.reset()),
    reportFailure: ({ context }) => onSecurity('reportInitFailure', () => context.security?.reportInitFailure(context.error)),
    clearResults: assign({ config: undefined, serverKey: undefined, clientKey: undefined }),
    useCache: assign({ force: false }),
    forceFetch: assign({ force: true }),
    clearError: assign({ error: undefined }),
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
    recordMalformedAnswer: assign({
      error: ({ event }) => {
        const answer = answerOf(event)!;
        const step = event.type.slice('xstate.done.actor.'.length);
        return new SigningInitError(
          answer.code,
          `the ${step} step answered ${describeValue(prop(event, 'output'))}, not ${answer.expected}`,
        );
      },
    }),
    emitReady: emit(({ context }) => ({ type: 'ready', config: context.config! }) as const),
    emitDisabled: emit(({ context }) => ({ type: 'disabled', config: context.config! }) as const),
    emitFailed: emit(({ context }) => ({ type: 'failed', error: context.error }) as const),
  },
}).createMachine({
  id: 'signingInit',
  context: ({ input }) => ({
    security: input.security,
    force: false,
    config: undefined,
    serverKey: undefined,
    clientKey: undefined,
    error: undefined,
  }),
  invoke: { id: 'watchSecurity', src: 'watchSecurity', input: ({ context }) => ({ security: context.security }) },
  initial: 'notInitialised',
  on: {
    RESET: { target: '.notInitialised', actions: ['resetSecurity', 'clearResults'] },
    CONFIG_RESET: { target: '.notInitialised', actions: 'clearResults' },
    ...takeErrorEvents,
  },
  states: {
    notInitialised: {
      on: {
        INIT: { target: 'fetchingConfig', actions: 'useCache' },
        REFETCH: { target: 'fetchingConfig', actions: 'forceFetch' },
      },
    },
    fetchingConfig: {
      entry: 'clearError',
      invoke: {
        id: 'fetchConfig',
        src: 'fetchConfig',
        input: ({ context }) => ({ security: context.security, force: context.force }),
        onDone: [
          {
            guard: 'wellFormedAnswer',
            target: 'configFetched',
            actions: [assign({ config: ({ event }) => event.output }), 'publishConfig'],
          },
          { target: 'notInitialised', actions: ['recordMalformedAnswer', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
        ],
        onError: { target: 'notInitialised', actions: ['recordError', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
      },
    },
    configFetched: {
      always: { guard: 'clientClosed', target: 'disabled' },
      invoke: {
        id: 'verifyServerKey',
        src: 'verifyServerKey',
        input: ({ context }) => ({ security: context.security, config: context.config! }),
        onDone: [
          {
            guard: 'wellFormedAnswer',
            target: 'serverKeyVerified',
            actions: [assign({ serverKey: ({ event }) => event.output }), 'publishServerKey'],
          },
          { target: 'notInitialised', actions: ['recordMalformedAnswer', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
        ],
        onError: { target: 'notInitialised', actions: ['recordError', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
      },
    },
    serverKeyVerified: {
      invoke: {
        id: 'loadClientKey',
        src: 'loadClientKey',
        input: ({ context }) => ({ security: context.security, config: context.config! }),
        onDone: [
          {
            guard: 'wellFormedAnswer',
            target: 'ready',
            actions: [assign({ clientKey: ({ event }) => event.output }), 'publishClientKey', 'emitReady'],
          },
          { target: 'notInitialised', actions: ['recordMalformedAnswer', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
        ],
        onError: { target: 'notInitialised', actions: ['recordError', 'reportFailure', 'resetSecurity', 'clearResults', 'emitFailed'] },
      },
    },
    ready: {
      on: { REFETCH: { target: 'fetchingConfig', actions: 'forceFetch' } },
    },
    disabled: {
      entry: 'emitDisabled',
      on: {
        INIT: { target: 'fetchingConfig', actions: 'useCache' },
        REFETCH: { target: 'fetchingConfig', actions: 'forceFetch' },
      },
    },
  },
});
