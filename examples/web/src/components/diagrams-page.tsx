import { useMemo } from 'react';
import { MachineInspector } from 'exkit/inspector';
import { usePreferences } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { MACHINE_DIAGRAMS } from '../services/diagrams.js';
import { Phrase } from './figure.js';

// The committed docs/machines pages, so the viewer draws exactly what the docs show (delays resolved).
const DIAGRAM_SOURCES: Readonly<Record<string, string>> = Object.fromEntries(MACHINE_DIAGRAMS.map((d) => [d.name, d.mermaid]));

/** Every running actor of the app in exkit's machine inspector: its diagram, live state, event log and a send control. */
export function DiagramsPage() {
  const { live } = useApp();
  const actors = useStore(live.actors);
  const { preferences } = usePreferences();
  const t = useText().diagramsPage;
  const running = useMemo(() => Object.fromEntries(Object.entries(actors).filter(([, actor]) => actor !== undefined)), [actors]);
  return (
    <div className="diagrams">
      <p className="muted">
        <Phrase text={t.intro} values={[<code>MachineInspector</code>, <code>exkit/inspector</code>, <code>docs/machines</code>]} />
      </p>
      <MachineInspector
        actors={running}
        diagrams={DIAGRAM_SOURCES}
        theme={preferences.theme === 'black' ? 'dark' : 'light'}
        initialActor="signing-init"
        texts={t.inspector}
      />
    </div>
  );
}
