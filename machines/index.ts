// exkit/machines: the XState v5 machines and the diagram exporter.
export * from './diagram/index.js';
export * from './button.machine.js';
export * from './toast.machine.js';
export * from './toaster.machine.js';
export * from './toast-api.js';
export * from './popup.machine.js';
export * from './notification.machine.js';
export * from './notifier.machine.js';
export * from './message-box.machine.js';
export * from './message-box-queue.machine.js';
export * from './message-box-api.js';
export * from './loading-overlay.machine.js';
export * from './loading-api.js';
export * from './ui-kit.js';
export * from './app-host.js';
