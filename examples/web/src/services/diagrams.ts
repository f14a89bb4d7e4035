// The generated machine diagrams of docs/machines/*.md (the same files the docs show), for the inspector.

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
