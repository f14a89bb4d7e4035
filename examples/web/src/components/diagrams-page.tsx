import { useMemo } from 'react';
import { MachineInspector } from 'exkit/inspector';
import { usePreferences } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { MACHINE_DIAGRAMS } from '../services/diagrams.js';

// The committed docs/machines pages, so the viewer draws exactly what the docs show (delays resolved).
const DIAGRAM_SOURCES: Readonly<Record<string, string>> = Object.fromEntries(MACHINE_DIAGRAMS.map((d) => [d.name, d.mermaid]));

/** Every running actor of the app in exkit's machine inspector: its diagram, live state, event log and a send control. */
export function DiagramsPage() {
  const { live } = useApp();
  const actors = useStore(live.actors);
  const { preferences } = usePreferences();
  const running = useMemo(() => Object.fromEntries(Object.entries(actors).filter(([, actor]) => actor !== undefined)), [actors]);
  return (
    <div className="diagrams">
      <p className="muted">
        Every running actor of this app, in <code>MachineInspector</code> from <code>exkit/inspector</code>: the state diagram of
        docs/machines with the current state highlighted, the events it received with the transitions they took and what they changed, and
        the events its current state accepts, to send by hand. Actors that pages create (the button, the dialog, a bridge request) appear
        once you have used them. Drag or use the arrow keys to pan; ctrl + wheel, pinch, + and − zoom; 0 fits the width.
      </p>
      <MachineInspector
        actors={running}
        diagrams={DIAGRAM_SOURCES}
        theme={preferences.theme === 'black' ? 'dark' : 'light'}
        initialActor="signing-init"
      />
    </div>
  );
}
