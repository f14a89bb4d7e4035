// exkit: the framework-free core. Every name here is importable from 'exkit'.
export * from './errors/index.js';
export * from './platform/index.js';
export * from './storage/index.js';
export * from './validate/index.js';
export * from './captcha/index.js';
export * from './simulation/index.js';
export * from './catalog/index.js';
export * from './http/index.js';
export * from './futures/index.js';
export * from './content/index.js';
export * from './referral/index.js';
export * from './image-hosts/index.js';
export * from './theme/index.js';
export * from './csp-report/index.js';
export * from './preferences/index.js';
export * from './locale-links/index.js';
export * from './bridge/index.js';
