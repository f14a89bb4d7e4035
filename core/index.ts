// exkit: the framework-free core. Every name here is importable from 'exkit'.
export * from './errors/index.js';
export * from './platform/index.js';
export * from './storage/index.js';
export * from './validate/index.js';
export * from './ui/index.js';
