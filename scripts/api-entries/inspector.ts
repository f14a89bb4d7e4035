/**
 * The machine inspector: live state diagrams of running actors, their event log with context diffs, and a
 * control sending the events their current state accepts. Mermaid and @mermaid-js/layout-elk are optional
 * peer dependencies, loaded on first render.
 *
 * ```tsx
 * import { MachineInspector } from 'exkit/inspector';
 * ```
 *
 * @module exkit/inspector
 */
export * from '../../react/inspector/index.js';
