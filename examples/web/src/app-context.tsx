// The example's own services for its components, and a hook to read one of its value stores.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
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
