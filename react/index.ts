// exkit/react: a provider and hooks that subscribe to exkit's actors.
export * from './provider.js';
export * from './use-button.js';
export * from './use-signing-init.js';
