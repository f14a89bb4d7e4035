import type { HttpRequestContext } from './types.js';

/** The key under ky's `context` option where the client puts the call's HttpRequestContext. */
export const REQUEST_CONTEXT_KEY = 'exkit';

/** ky's `context` option carrying a call's context (what the client passes to ky). */
export function withRequestContext(context: HttpRequestContext): Record<string, unknown> {
  return { [REQUEST_CONTEXT_KEY]: context };
}

/**
 * The exkit context of the call a ky hook is running for: pass the hook's `options` (or an HTTPError's
 * `options`). Undefined when the request did not come from an exkit client.
 */
export function requestContext(options: { readonly context?: Readonly<Record<string, unknown>> } | undefined): HttpRequestContext | undefined {
  try {
    const value = options?.context?.[REQUEST_CONTEXT_KEY];
    return typeof value === 'object' && value !== null && 'apiPath' in value ? (value as HttpRequestContext) : undefined;
  } catch {
    // Options that cannot be read (a throwing getter, a Proxy) did not come from an exkit client.
    return undefined;
  }
}
