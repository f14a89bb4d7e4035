import { deepFreeze } from './freeze.js';
import { invalidArgument } from '../validate/describe-value.js';

// Spec §B8 (app bridge result codes) and spec §S8 (web HTTP, login, message and sign codes).
// Spec part B names are kept bare; spec part S names carry their context (http, captcha, sign).
export const RESULT_CODES = deepFreeze({
  /** Spec §B8: success. */
  success: '00000',
  /** Spec §B8: timeout. */
  timeout: ['00004', '110100'],
  /** Spec §B8: token missing. */
  tokenMissing: '00005',
  /** Spec §B8: illegal token. */
  illegalToken: '22001',
  /** Spec §B8: generic error. */
  genericError: '1',
  /** Spec §B8: web timeout. */
  webTimeout: '401',
  /** Spec §S8: HTTP result success. */
  httpSuccess: 0,
  /** Spec §S8: captcha success. */
  captchaSuccess: '00000',
  /** Spec §S8: HTTP result error. */
  httpError: 1,
  /** Spec §S8: HTTP result timeout. */
  httpTimeout: 401,
  /** Spec §S8: login expired; the call is not resolved. */
  loginExpired: ['20906', '20205'],
  /** Spec §S8: codes whose msg is shown as a toast. */
  messageCodes: ['00004', '00005', '00006'],
  /** Spec §S8: gateway sign missing. */
  signMissing: '00020',
  /** Spec §S8: gateway sign mode not matched. */
  signModeNotMatched: '00021',
  /** Spec §S8: gateway sign expired. */
  signExpired: '00022',
  /** Spec §S8: gateway sign invalid. */
  signInvalid: '00023',
} as const);

/** Name of a result code entry. */
export type ResultCodeName = keyof typeof RESULT_CODES;

// Spec §B8: a bridge response code of -1 has its message replaced by the networkError text.
export const NETWORK_ERROR_CODE = -1;

// Each name's codes as text, built once: the HTTP client asks on every response, and a code matches
// whether it is spelt as a string or a number.
const CODE_TEXTS = new Map<string, ReadonlySet<string>>();
for (const [name, codes] of Object.entries(RESULT_CODES)) {
  const expected: string | number | readonly (string | number)[] = codes;
  const list: readonly (string | number)[] = Array.isArray(expected) ? expected : [expected as string | number];
  CODE_TEXTS.set(name, new Set(list.map(String)));
}

/** Whether a response code (string or number) equals the named code or one of its list. */
export function isResultCode(code: unknown, name: ResultCodeName): boolean {
  if (typeof name !== 'string' || !Object.hasOwn(RESULT_CODES, name))
    throw invalidArgument('name', 'a result code name', name, 'isResultCode');
  if (typeof code !== 'string' && typeof code !== 'number') return false;
  return CODE_TEXTS.get(name)!.has(String(code));
}
