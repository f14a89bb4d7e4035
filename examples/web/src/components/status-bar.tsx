import { useSelector } from '@xstate/react';
import { useBridge, useSimulationMode } from 'exkit/react';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
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
  const t = useText().statusBar;
  return (
    <div className="status-bar" role="status">
      <span data-testid="host">
        {bridge.inApp ? (
          <>
            {t.inApp} · <bdi dir="ltr">{`${bridge.host} ${bridge.appVersion ?? ''}`.trim()}</bdi>
          </>
        ) : (
          t.web
        )}
      </span>
      <span data-testid="simulation-badge" className={on ? 'badge badge-sim' : 'badge'}>
        {on ? t.simulation : t.live}
      </span>
      {on ? (
        <ActionButton className="status-action" data-testid="simulation-exit" action={() => turnOff()}>
          {t.backToLive}
        </ActionButton>
      ) : null}
      <span data-testid="signing-status">
        {t.signing} <bdi dir="ltr">{signing}</bdi>
      </span>
    </div>
  );
}
