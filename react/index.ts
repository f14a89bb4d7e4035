// exkit/react: a provider and hooks that subscribe to exkit's actors.
export * from './provider.js';
export * from './use-button.js';
export * from './use-ui.js';
export * from './use-ui-host.js';
export * from './portal.js';
export * from './use-dialog.js';
export * from './use-toaster.js';
export * from './toaster.js';
export * from './use-notifications.js';
export * from './notifications.js';
export * from './use-message-box.js';
export * from './message-box-host.js';
export * from './use-loading.js';
export * from './use-actor-selector.js';
