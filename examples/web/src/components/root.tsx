import { useMemo } from 'react';
import { ExkitProvider } from 'exkit/react';
import { AppProvider, useStore } from '../app-context.js';
import type { AppServices } from '../services/app-services.js';
import { Shell } from './shell.js';

/** Provides exkit's services (rebuilt when the in-app switch swaps the bridge) and the app's own. */
export function Root({ services }: { services: AppServices }) {
  const inApp = useStore(services.inApp.state);
  const value = useMemo(() => ({ ...services.exkitServices(), bridge: inApp.bridge }), [services, inApp.bridge]);
  return (
    <AppProvider services={services}>
      <ExkitProvider value={value}>
        <Shell />
      </ExkitProvider>
    </AppProvider>
  );
}
