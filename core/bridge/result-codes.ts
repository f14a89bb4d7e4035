import { NETWORK_ERROR_CODE, RESULT_CODES } from '../catalog/result-codes.js';

/** Native app requests count as successful only with one of these codes (spec §B5): the catalogue's success code and 200. */
export const APP_SUCCESS_CODES: readonly string[] = [RESULT_CODES.success, '200'];

/** The answer code whose message is replaced with the networkError text (spec §B8), as text. */
export const NETWORK_ERROR_CODE_TEXT = String(NETWORK_ERROR_CODE);

/** Whether an answer code counts as success (spec §B5): '00000' or 200, compared as text. */
export function isAppSuccessCode(code: unknown): boolean {
  return (typeof code === 'string' || typeof code === 'number') && APP_SUCCESS_CODES.includes(String(code));
}
