import { shallowEqual, useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

// Stryker disable next-line ArrowFunction: nothing is subscribed; a no-op unsubscribe and none (React skips an undefined cleanup) match.
const subscribeNothing = () => () => {};
const afterHydration = () => true;
const duringServerRender = () => false;

/**
 * Whether this render comes after hydration: false on the server and while the client hydrates the server's
 * HTML, true from the re-render React runs right after hydration (and at once in an app that does not hydrate).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, afterHydration, duringServerRender);
}

/**
 * One shallow-compared view of an app-wide actor (its toaster, notifier, risk token…) through @xstate/react's
 * `useSelector`. On the server and while the client hydrates, the view is `serverView`: the state before any
 * cookie, storage or answer was read, which is what the server rendered; the actor's own view follows right
 * after hydration, so a return visit's stored state never makes the client's first render differ from the
 * server's HTML.
 */
export function useAppActorView<A extends AnyActorRef, T>(actor: A, selector: (snapshot: SnapshotFrom<A>) => T, serverView: () => T): T {
  const hydrated = useHydrated();
  const select: (snapshot: SnapshotFrom<A>) => T = hydrated ? selector : serverView;
  return useSelector<AnyActorRef, T>(actor, select, shallowEqual);
}
