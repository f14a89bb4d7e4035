export { ExkitError, InvalidArgumentError, isExkitError } from './exkit-error.js';
export type { ErrorObject, ExkitErrorOptions } from './exkit-error.js';
