import { isResultCode } from '../catalog/result-codes.js';
import type { HttpClient } from '../http/client.js';
import { CaptchaRequestError, typedCaptchaError } from './errors.js';
import type { CaptchaCheckPayload, CaptchaValidate, Challenge, ChallengeRequest } from './types.js';
import { isRecord, readGuarded, readRecord } from '../validate/describe-value.js';

// Spec §S7: the captcha endpoints (the HTTP client adds the /v1 prefix).
export const CAPTCHA_GET_ID_PATH = '/security/policy/captcha/get-captcha-id';
export const CAPTCHA_CHECK_PATH = '/security/policy/captcha/check-captcha';

// Spec §S5: captcha type 3 sends its validate object as base64 of its JSON.
export const BASE64_JSON_CAPTCHA_TYPE = 3;

/** The one call the captcha flow needs from the HTTP client. */
export type CaptchaHttp = Pick<HttpClient, 'post'>;

interface ChallengeData {
  bizId?: unknown;
  captchaId?: unknown;
  geetestId?: unknown;
  status?: unknown;
}

function succeeded(code: unknown): boolean {
  return isResultCode(code, 'captchaSuccess') || isResultCode(code, 'httpSuccess');
}

function withoutEmpty(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

// A login-expired answer must end the flow: the HTTP client's default for it is to never settle (spec §S8),
// which would leave the scene's flow requesting forever. It still emits its logout and toast.
const CAPTCHA_CALL_OPTIONS = { onLoginExpired: 'reject' } as const;

/**
 * Posts one captcha call and reads its envelope. Every fault ends as a typed error: the HTTP client's own
 * errors as they are, anything else a port throws as CaptchaRequestError CAPTCHA_CALL_FAILED, an answer that
 * is not an envelope as CAPTCHA_MALFORMED_ANSWER, a non-success code as CaptchaRequestError with that code.
 */
async function post(http: CaptchaHttp, path: string, params: Record<string, unknown>, refused: string): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await http.post(path, withoutEmpty(params), CAPTCHA_CALL_OPTIONS);
  } catch (error) {
    throw typedCaptchaError(error, 'CAPTCHA_CALL_FAILED', `captcha call failed: ${path}`);
  }
  let code: unknown;
  let msg: unknown;
  let data: unknown;
  try {
    if (!isRecord(answer)) throw new CaptchaRequestError('CAPTCHA_MALFORMED_ANSWER', `captcha answer is not an envelope: ${path}`);
    ({ code, msg, data } = answer);
  } catch (error) {
    throw typedCaptchaError(error, 'CAPTCHA_MALFORMED_ANSWER', `captcha answer cannot be read: ${path}`);
  }
  if (!succeeded(code)) {
    const text = typeof msg === 'string' && msg !== '' ? msg : refused;
    const codeText = typeof code === 'string' || typeof code === 'number' ? String(code) : '';
    throw new CaptchaRequestError(codeText === '' ? 'CAPTCHA_NO_CODE' : codeText, text, { appData: data });
  }
  return data;
}

/** Asks the server for a challenge (spec §S7); every fault rejects typed (see `post`). */
export async function requestChallenge(http: CaptchaHttp, request: ChallengeRequest): Promise<Challenge> {
  const answer = await post(
    http,
    CAPTCHA_GET_ID_PATH,
    { ...readRecord('request', request, 'requestChallenge') },
    'captcha challenge refused',
  );
  const data: ChallengeData = isRecord(answer) ? answer : {};
  const captchaId = data.captchaId ?? data.geetestId;
  const status = typeof data.status === 'number' || typeof data.status === 'string' ? Number(data.status) : Number.NaN;
  if (
    typeof captchaId !== 'string' ||
    captchaId === '' ||
    (typeof data.status === 'string' && data.status.trim() === '') ||
    !Number.isFinite(status)
  ) {
    throw new CaptchaRequestError('MALFORMED_CHALLENGE', 'captcha challenge without captchaId or status', { appData: answer });
  }
  return { bizId: typeof data.bizId === 'string' ? data.bizId : undefined, captchaId, status };
}

/** Checks a solved challenge with the server and returns its data (spec §S7); every fault rejects typed. */
export async function checkCaptcha(http: CaptchaHttp, payload: CaptchaCheckPayload): Promise<unknown> {
  return post(http, CAPTCHA_CHECK_PATH, { ...readRecord('payload', payload, 'checkCaptcha') }, 'captcha check failed');
}

/** Encodes a widget's validate object for the server: base64 of its UTF-8 JSON for type 3, JSON otherwise. */
export function encodeCaptchaValidate(captchaType: number, validate: CaptchaValidate): string {
  return readGuarded('validate', 'a string or an object JSON can encode', validate, 'encodeCaptchaValidate', () =>
    encodeValidate(captchaType, validate),
  );
}

function encodeValidate(captchaType: number, validate: CaptchaValidate): string {
  if (captchaType === BASE64_JSON_CAPTCHA_TYPE) {
    const bytes = new TextEncoder().encode(JSON.stringify(validate));
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }
  return typeof validate === 'string' ? validate : JSON.stringify(validate);
}
