import { describe, expect, it } from 'vitest';
import { ExkitError } from '../../core/errors/exkit-error.js';
import { MissingProviderError } from '../../react/errors.js';

describe('MissingProviderError', () => {
  it('is an ExkitError with code MISSING_PROVIDER, its own name, and a message naming what is missing', () => {
    const error = new MissingProviderError("The 'http' service");
    expect(error).toBeInstanceOf(ExkitError);
    expect(error.name).toBe('MissingProviderError');
    expect(error.code).toBe('MISSING_PROVIDER');
    expect(error.message).toBe("The 'http' service is not available: wrap the tree in <ExkitProvider> and pass it.");
    expect(String(error)).toBe("MissingProviderError: The 'http' service is not available: wrap the tree in <ExkitProvider> and pass it.");
  });
});
