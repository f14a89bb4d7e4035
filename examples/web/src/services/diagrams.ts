// The generated machine diagrams of docs/machines/*.md (the same files the docs show), and the helper
// that marks a rendered diagram's active states.

const pages = import.meta.glob<string>('../../../../docs/machines/*.md', { query: '?raw', import: 'default', eager: true });

export interface MachineDiagram {
  /** The machine's name, as in docs/machines/<name>.md. */
  name: string;
  /** The Mermaid source inside the page's fenced block. */
  mermaid: string;
}

/** Every machine diagram, by name. */
export const MACHINE_DIAGRAMS: readonly MachineDiagram[] = Object.entries(pages)
  .map(([path, text]) => ({
    name: path.replace(/^.*\/([^/]+)\.md$/, '$1'),
    mermaid: /```mermaid\n([\s\S]*?)```/.exec(text)?.[1] ?? '',
  }))
  .filter((d) => d.mermaid !== '')
  .sort((a, b) => a.name.localeCompare(b.name));

/** The Mermaid state id a rendered node stands for (`diagram-toast-state-visible_running-12` → `visible_running`). */
function stateIdOf(node: Element): string | undefined {
  const dataId = node.getAttribute('data-id');
  if (dataId) return dataId;
  return /^(?:.*?-)?state-(.+)-\d+$/.exec(node.id)?.[1];
}

/** Marks the nodes of `svg` whose state id is in `active` with the `live` class; returns how many. */
export function highlightStates(svg: Element, active: ReadonlySet<string>): number {
  let marked = 0;
  for (const node of svg.querySelectorAll('g.node, g.cluster, g.statediagram-state')) {
    const id = stateIdOf(node);
    const live = id !== undefined && active.has(id);
    node.classList.toggle('live', live);
    if (live) marked++;
  }
  return marked;
}
