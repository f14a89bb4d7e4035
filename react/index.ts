// exkit/react: a provider and hooks that subscribe to exkit's actors.
export * from './use-button.js';
