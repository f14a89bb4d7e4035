// One page rendered on the server (renderToString over a headless platform) and hydrated in a browser: its
// components use the hooks that read stored state (risk token, preferences, reduced motion) and the overlays
// (toaster, notifications, message box, dialog, loading), so a return visit's stored state shows where the
// client's first render could differ from the server's HTML.
import { useEffect } from 'react';
import { createActor } from 'xstate';
import { createPreferences, createSimulationMode } from '../../../core/index.js';
import type { Platform, RiskTokenFetcher } from '../../../core/index.js';
import { createRiskTokenService, createUiKit, simulationMachine } from '../../../machines/index.js';
import {
  ExkitProvider,
  MessageBoxHost,
  Notifications,
  Toaster,
  useButton,
  useCurrentMessageBox,
  useDialog,
  useLoading,
  usePreferences,
  useReducedMotion,
  useRiskToken,
  useSimulationMode,
} from '../../../react/index.js';
import type { ExkitServices } from '../../../react/index.js';

/** The services the page makes on either side: the risk token waits for the provider to start it after mount. */
export function makeServices(platform: Platform, fetchToken: RiskTokenFetcher): ExkitServices {
  const preferences = createPreferences(platform);
  return {
    platform,
    preferences,
    riskToken: createRiskTokenService(platform, { fetchToken, autoStart: false }),
    simulation: createActor(simulationMachine, { input: { simulation: createSimulationMode(platform) }, clock: platform.timers }),
    ui: createUiKit(platform, { locale: () => preferences.get().language }),
  };
}

function Status() {
  const risk = useRiskToken();
  const { preferences } = usePreferences();
  const reduced = useReducedMotion();
  const simulation = useSimulationMode();
  const box = useCurrentMessageBox();
  const loading = useLoading('panel');
  return (
    <dl dir={preferences.direction}>
      <dt>risk token</dt>
      <dd data-testid="risk">{`${risk.status} ${risk.kind ?? 'none'} ${risk.pending ? 'pending' : 'idle'}`}</dd>
      <dt>language</dt>
      <dd data-testid="language">{preferences.language}</dd>
      <dt>motion</dt>
      <dd data-testid="motion">{reduced ? 'reduced' : 'full'}</dd>
      <dt>simulation</dt>
      <dd data-testid="simulation">{simulation.on ? 'on' : 'off'}</dd>
      <dt>message box</dt>
      <dd data-testid="box">{box ? 'shown' : 'none'}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{loading.state}</dd>
    </dl>
  );
}

function Dialog() {
  const dialog = useDialog();
  const save = useButton(() => dialog.setOpen(true));
  return (
    <>
      <button {...save.getButtonProps()}>Open</button>
      {dialog.open ? (
        <div {...dialog.getContentProps()}>
          <h2 {...dialog.getTitleProps()}>Dialog</h2>
        </div>
      ) : null}
      <span data-testid="dialog">{dialog.state}</span>
    </>
  );
}

/** Marks the document once effects run, so the test knows hydration is over. */
function Mounted() {
  useEffect(() => {
    document.documentElement.dataset['mounted'] = 'true';
  }, []);
  return null;
}

export function App({ services }: { services: ExkitServices }) {
  return (
    <ExkitProvider value={services}>
      <main>
        <Status />
        <Dialog />
      </main>
      <Toaster />
      <Notifications />
      <MessageBoxHost />
      <Mounted />
    </ExkitProvider>
  );
}
