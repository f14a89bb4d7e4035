/**
 * The XState v5 machines (one per behaviour), the services built on them and the Mermaid diagram exporter.
 *
 * ```ts
 * import { signingInitMachine, toMermaid } from 'exkit/machines';
 * ```
 *
 * @module exkit/machines
 */
export * from '../../machines/index.js';
