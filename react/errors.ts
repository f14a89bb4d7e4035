import { ExkitError } from '../core/errors/exkit-error.js';

/** Raised when a hook runs outside <ExkitProvider> or needs a service the provider was not given. */
export class MissingProviderError extends ExkitError {
  override name = 'MissingProviderError';
  constructor(what: string) {
    super('MISSING_PROVIDER', `${what} is not available: wrap the tree in <ExkitProvider> and pass it.`);
  }
}
