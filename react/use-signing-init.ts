import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SecurityEvent } from '../core/security/index.js';
import { signingInitMachine } from '../machines/signing-init.machine.js';
import { useExkit, useExkitService } from './provider.js';

export type SigningInitStatus = 'notInitialised' | 'fetchingConfig' | 'configFetched' | 'serverKeyVerified' | 'ready' | 'disabled';

export interface UseSigningInitResult {
  status: SigningInitStatus;
  /** The failure of the last attempt (a SigningInitError), until the next attempt starts. */
  error: unknown;
  /** Starts init again after a failure. */
  retry(): void;
  /** Fetches the sign config again, bypassing the session cache. */
  refetch(): void;
  /** The signing-init actor driving this hook, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof signingInitMachine>;
}

/** Runs signing init (spec §S4) for the provider's security service, starting on mount. */
export function useSigningInit(): UseSigningInitResult {
  const security = useExkitService('security');
  const { platform } = useExkit();
  const actor = useActorRef(signingInitMachine, { input: { security }, clock: platform.timers });
  const { status, error } = useSelector(actor, (s) => ({ status: s.value as SigningInitStatus, error: s.context.error }), shallowEqual);
  useEffect(() => {
    actor.send({ type: 'INIT' });
    // Stryker disable next-line ArrayDeclaration: useActorRef keeps one actor for the component's life, so [] runs this as often
  }, [actor]);
  return {
    status,
    error,
    retry: () => actor.send({ type: 'INIT' }),
    refetch: () => actor.send({ type: 'REFETCH' }),
    actor,
  };
}

/** Calls `onEvent` for each security event (toasts, logouts, config resets) while mounted. */
export function useSecurityEvents(onEvent: (event: SecurityEvent) => void): void {
  const security = useExkitService('security');
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const subscription = security.events$.subscribe((event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [security]);
}
