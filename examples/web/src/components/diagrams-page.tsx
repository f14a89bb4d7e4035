import { useApp, useStore } from '../app-context.js';
import { MACHINE_DIAGRAMS } from '../services/diagrams.js';
import { MachineDiagram } from './machine-diagram.js';

/** Every machine's generated diagram, with the live state of the app's running actor of that machine. */
export function DiagramsPage() {
  const { live } = useApp();
  const actors = useStore(live.actors);
  return (
    <div className="diagrams">
      <p className="muted">
        The diagrams of docs/machines, rendered with Mermaid. A highlighted state is where the app's running actor of that machine is now: open
        a toast, queue message boxes, open the dialog, press the demo button, send requestAction in the app or log in, then come back.
      </p>
      {MACHINE_DIAGRAMS.map((d) => (
        <MachineDiagram key={d.name} diagram={d} actor={actors[d.name]} />
      ))}
    </div>
  );
}
