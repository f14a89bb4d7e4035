export { toMermaid, diagramDocument } from './to-mermaid.js';
export type { ToMermaidOptions } from './to-mermaid.js';
