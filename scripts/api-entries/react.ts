/**
 * The provider and thin hooks that subscribe React components to exkit's services and actors.
 *
 * ```tsx
 * import { ExkitProvider, useButton } from 'exkit/react';
 * ```
 *
 * @module exkit/react
 */
export * from '../../react/index.js';
