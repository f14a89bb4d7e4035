// The page the inspector browser tests drive: MachineInspector over real machines of exkit, their services
// replaced by ones that never answer so the actors stay where the test sends them. By default signing init and
// bridge request (the two largest diagrams), the button and a toast; with `?set=all`, one actor of every
// machine the library ships. Bundled by esbuild in the tests.
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createSimulationMode } from '../../../core/simulation/simulation-mode.js';
import * as machines from '../../../machines/index.js';
import { MachineInspector } from '../../../react/inspector/index.js';

const never = () => new Promise<never>(() => undefined);
const start = (machine: AnyStateMachine, input: unknown): AnyActorRef => {
  const actor = createActor(machine, { input });
  actor.subscribe({ error: () => undefined });
  return actor.start();
};
const signingInit = machines.signingInitMachine.provide({ actors: { fetchConfig: fromPromise(never) as never } });
const bridgeInput = { bridge: { request: never }, path: '/user' };

const params = new URLSearchParams(location.search);
const actors: Record<string, AnyActorRef> =
  params.get('set') === 'all'
    ? {
        'bridge-request': start(machines.bridgeRequestMachine, bridgeInput),
        button: start(machines.buttonMachine, {}),
        captcha: start(machines.captchaMachine, {}),
        'loading-overlay': start(machines.loadingOverlayMachine, { target: 'diagram' }),
        'message-box': start(machines.messageBoxMachine, { id: 'box', kind: 'confirm', message: 'Sure?' }),
        'message-box-queue': start(machines.messageBoxQueueMachine, {}),
        notification: start(machines.notificationMachine, { id: 'n1', message: 'Order filled' }),
        notifier: start(machines.notifierMachine, {}),
        popup: start(machines.popupMachine, {}),
        'risk-token': start(machines.riskTokenMachine, {}),
        'signing-init': start(signingInit, {}),
        simulation: start(machines.simulationMachine, { simulation: createSimulationMode(memoryPlatform()) }),
        toast: start(machines.toastMachine, { id: 't1', message: 'hello' }),
        toaster: start(machines.toasterMachine, {}),
      }
    : {
        'signing-init': start(signingInit, {}),
        'bridge-request': start(machines.bridgeRequestMachine, bridgeInput),
        button: start(machines.buttonMachine, {}),
        toast: start(machines.toastMachine, { id: 't1', message: 'hello' }),
      };

const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.style.background = theme === 'dark' ? '#000' : '#fff';
(window as unknown as { exkit: unknown }).exkit = { actors };
createRoot(document.getElementById('root')!).render(
  <MachineInspector actors={actors} theme={theme} initialActor={params.get('actor') ?? undefined} />,
);
