// exkit/react: a provider and hooks that subscribe to exkit's actors.
export * from './provider.js';
export * from './use-button.js';
export * from './safe-link.js';
export * from './use-amount-input.js';
export * from './use-captcha.js';
export * from './use-simulation-mode.js';
export * from './use-preferences.js';
export * from './use-bridge.js';
export * from './use-bridge-request.js';
export * from './use-native-event.js';
export * from './use-signing-init.js';
