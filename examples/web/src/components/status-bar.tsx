import { useSelector } from '@xstate/react';
import { useBridge, useSimulationMode } from 'exkit/react';
import { useApp } from '../app-context.js';
import { ActionButton } from './action-button.js';

/**
 * Where the page runs: in-app or web, simulation on or off, signing init state. While simulation trading is
 * on, the way back to live trading sits here, on every page, since simulation keeps the visitor on its
 * allowed pages (the settings page is not one of them).
 */
export function StatusBar() {
  const bridge = useBridge();
  const { on, turnOff } = useSimulationMode();
  const { signingInit } = useApp();
  const signing = useSelector(signingInit, (s) => String(s.value));
  return (
    <div className="status-bar" role="status">
      <span data-testid="host">{bridge.inApp ? `in app · ${bridge.host} ${bridge.appVersion ?? ''}` : 'web browser'}</span>
      <span data-testid="simulation-badge" className={on ? 'badge badge-sim' : 'badge'}>
        {on ? 'Simulation trading' : 'Live trading'}
      </span>
      {on ? (
        <ActionButton className="status-action" data-testid="simulation-exit" action={() => turnOff()}>
          Back to live trading
        </ActionButton>
      ) : null}
      <span data-testid="signing-status">signing: {signing}</span>
    </div>
  );
}
