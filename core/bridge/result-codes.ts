// The result codes the bridge needs to judge a native answer. Seed 000 §8 owns the full table; once
// core/catalog carries it, these names re-export its constants instead of repeating them.

/** The success result code (seed 000 §8). */
export const SUCCESS_CODE = '00000';
/** Native app requests count as successful only with one of these codes (seed 000 §5). */
export const APP_SUCCESS_CODES: readonly string[] = [SUCCESS_CODE, '200'];
/** The answer code whose message is replaced with NETWORK_ERROR_MESSAGE (seed 000 §8). */
export const NETWORK_ERROR_CODE = '-1';

/** Whether an answer code counts as success (seed 000 §5): '00000' or 200, compared as text. */
export function isAppSuccessCode(code: unknown): boolean {
  return (typeof code === 'string' || typeof code === 'number') && APP_SUCCESS_CODES.includes(String(code));
}
