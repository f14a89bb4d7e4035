import { useBridge, useSimulationMode } from 'exkit/react';
import { useActorSelector } from 'exkit/react';
import { useApp } from '../app-context.js';

/** Where the page runs: in-app or web, simulation on or off, signing init state. */
export function StatusBar() {
  const bridge = useBridge();
  const { on } = useSimulationMode();
  const { signingInit } = useApp();
  const signing = useActorSelector(signingInit, (s) => String(s.value));
  return (
    <div className="status-bar" role="status">
      <span data-testid="host">{bridge.inApp ? `in app · ${bridge.host} ${bridge.appVersion ?? ''}` : 'web browser'}</span>
      <span data-testid="simulation-badge" className={on ? 'badge badge-sim' : 'badge'}>
        {on ? 'Simulation trading' : 'Live trading'}
      </span>
      <span data-testid="signing-status">signing: {signing}</span>
    </div>
  );
}
