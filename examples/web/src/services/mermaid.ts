// Mermaid, loaded from the package on first use (no CDN), rendering one diagram at a time.
import type MermaidApi from 'mermaid';

let ready: Promise<typeof MermaidApi> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function load() {
  ready ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, theme: 'neutral', securityLevel: 'strict' });
    return mermaid;
  });
  return ready;
}

/** Renders Mermaid source to an SVG string (calls are serialised: Mermaid renders one at a time). */
export function renderMermaid(name: string, source: string): Promise<string> {
  const run = queue.then(async () => {
    const mermaid = await load();
    const { svg } = await mermaid.render(`diagram-${name}`, source);
    return svg;
  });
  queue = run.catch(() => undefined);
  return run;
}
