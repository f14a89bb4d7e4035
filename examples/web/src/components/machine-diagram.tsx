import { useEffect, useRef, useState } from 'react';
import { useActorSelector } from 'exkit/react';
import type { AnyActorRef } from 'xstate';
import { activeStateIds } from '../services/live-actors.js';
import { highlightStates } from '../services/diagrams.js';
import type { MachineDiagram as Diagram } from '../services/diagrams.js';
import { renderMermaid } from '../services/mermaid.js';

// Stands in while no actor runs: hooks can't be called conditionally, and a snapshot is never undefined.
const NO_SNAPSHOT = { value: null };
const noActor = { getSnapshot: () => NO_SNAPSHOT, subscribe: () => ({ unsubscribe: () => undefined }) } as unknown as AnyActorRef;

/** One diagram: the SVG from Mermaid, with the live actor's states marked. */
export function MachineDiagram({ diagram, actor }: { diagram: Diagram; actor: AnyActorRef | undefined }) {
  const host = useRef<HTMLDivElement | null>(null);
  const [svg, setSvg] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const value = useActorSelector(actor ?? noActor, (s: { value?: unknown }) => JSON.stringify(s.value ?? null));
  const active = activeStateIds(JSON.parse(value) as unknown);
  useEffect(() => {
    let current = true;
    renderMermaid(diagram.name, diagram.mermaid).then(
      (out) => current && setSvg(out),
      (e: unknown) => current && setError(String(e)),
    );
    return () => {
      current = false;
    };
  }, [diagram]);
  useEffect(() => {
    if (host.current && svg !== undefined) highlightStates(host.current, new Set(active));
  });
  return (
    <section className="card diagram" data-machine={diagram.name} data-live={actor ? 'yes' : 'no'} data-active={active.join(' ')}>
      <h2>
        {diagram.name} <span className="muted">{actor ? `live: ${active.at(-1) ?? '—'}` : 'no running actor in this app'}</span>
      </h2>
      {error ? <p className="error">{error}</p> : null}
      <div ref={host} className="diagram-svg" dangerouslySetInnerHTML={svg === undefined ? undefined : { __html: svg }} />
    </section>
  );
}
