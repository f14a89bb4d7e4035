// exkit: the framework-free core. Every name here is importable from 'exkit'.
export * from './errors/index.js';
export * from './platform/index.js';
export * from './storage/index.js';
export * from './validate/index.js';
export * from './catalog/index.js';
export * from './http/index.js';
export * from './futures/index.js';
export * from './security/index.js';
