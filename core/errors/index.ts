export { ExkitError, InvalidArgumentError, isExkitError } from './exkit-error.js';
export type { ErrorObject, ExkitErrorOptions } from './exkit-error.js';
export { CALLBACK_FAILED_EVENT, UserCallbackError, guardCallback, reportCallbackError, safeLog, safeReport } from './guard-callback.js';
export type { Guarded } from './guard-callback.js';
export { guardedStream } from './guarded-observable.js';
