// The example's own services for its components, a hook to read one of its value stores, and one to put
// a hook's actor on the Diagrams page.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AppServices } from './services/app-services.js';
import type { ValueStore } from './services/store.js';

const AppContext = createContext<AppServices | null>(null);

/** Hands the app's services to its components. */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

/** The app's services. */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp needs <AppProvider>');
  return services;
}

/** The current value of a store, re-rendering on change. */
export function useStore<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Registers a hook's actor as the live actor of `machine` (a docs/machines name). It is not removed on
 * unmount: a stopped actor keeps its last snapshot, so the diagram still shows where it ended up.
 */
export function useLiveActor(machine: string, actor: AnyActorRef): void {
  const { live } = useApp();
  useEffect(() => {
    live.register(machine, actor);
  }, [live, machine, actor]);
}
