// The page the inspector browser tests drive: MachineInspector over real machines of exkit (signing init and
// bridge request, the two largest diagrams, plus the button and a toast), their services replaced by ones that
// never answer so the actors stay where the test sends them. Bundled by esbuild in inspector.test.ts.
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { bridgeRequestMachine, buttonMachine, signingInitMachine, toastMachine } from '../../../machines/index.js';
import { MachineInspector } from '../../../react/inspector/index.js';

const never = () => new Promise<never>(() => undefined);
const actors: Record<string, AnyActorRef> = {
  'signing-init': createActor(signingInitMachine.provide({ actors: { fetchConfig: fromPromise(never) as never } }), { input: {} }).start(),
  'bridge-request': createActor(bridgeRequestMachine, { input: { bridge: { request: never }, path: '/user' } as never }).start(),
  button: createActor(buttonMachine, { input: {} }).start(),
  toast: createActor(toastMachine, { input: { id: 't1', message: 'hello' } }).start(),
};

const params = new URLSearchParams(location.search);
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.style.background = theme === 'dark' ? '#000' : '#fff';
(window as unknown as { exkit: unknown }).exkit = { actors };
createRoot(document.getElementById('root')!).render(
  <MachineInspector actors={actors} theme={theme} initialActor={params.get('actor') ?? undefined} />,
);
