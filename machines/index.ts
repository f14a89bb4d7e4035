// exkit/machines: the XState v5 machines and the diagram exporter.
export * from './diagram/index.js';
export * from './button.machine.js';
export * from './captcha.machine.js';
export * from './captcha-service.js';
export * from './simulation.machine.js';
export * from './bridge-request.machine.js';
export * from './signing-init.machine.js';
