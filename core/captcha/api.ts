import { isResultCode } from '../catalog/result-codes.js';
import type { HttpClient } from '../http/client.js';
import { CaptchaRequestError } from './errors.js';
import type { CaptchaCheckPayload, CaptchaValidate, Challenge, ChallengeRequest } from './types.js';

// Seed 001 §7: the captcha endpoints (the HTTP client adds the /v1 prefix).
export const CAPTCHA_GET_ID_PATH = '/security/policy/captcha/get-captcha-id';
export const CAPTCHA_CHECK_PATH = '/security/policy/captcha/check-captcha';

// Seed 001 §5: captcha type 3 sends its validate object as base64 of its JSON.
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

/** Asks the server for a challenge (seed 001 §7); a non-success code is a CaptchaRequestError. */
export async function requestChallenge(http: CaptchaHttp, request: ChallengeRequest): Promise<Challenge> {
  const answer = await http.post<ChallengeData>(CAPTCHA_GET_ID_PATH, withoutEmpty({ ...request }));
  if (!succeeded(answer.code)) {
    throw new CaptchaRequestError(String(answer.code ?? ''), typeof answer.msg === 'string' ? answer.msg : 'captcha challenge refused', {
      appData: answer.data,
    });
  }
  const data: ChallengeData = answer.data ?? {};
  const captchaId = data.captchaId ?? data.geetestId;
  const status = Number(data.status);
  if (typeof captchaId !== 'string' || !Number.isFinite(status)) {
    throw new CaptchaRequestError('MALFORMED_CHALLENGE', 'captcha challenge without captchaId or status', { appData: data });
  }
  return { bizId: typeof data.bizId === 'string' ? data.bizId : undefined, captchaId, status };
}

/** Checks a solved challenge with the server and returns its data (seed 001 §7). */
export async function checkCaptcha(http: CaptchaHttp, payload: CaptchaCheckPayload): Promise<unknown> {
  const answer = await http.post(CAPTCHA_CHECK_PATH, withoutEmpty({ ...payload }));
  if (!succeeded(answer.code)) {
    throw new CaptchaRequestError(String(answer.code ?? ''), typeof answer.msg === 'string' ? answer.msg : 'captcha check failed', {
      appData: answer.data,
    });
  }
  return answer.data;
}

/** Encodes a widget's validate object for the server: base64 of its UTF-8 JSON for type 3, JSON otherwise. */
export function encodeCaptchaValidate(captchaType: number, validate: CaptchaValidate): string {
  if (captchaType === BASE64_JSON_CAPTCHA_TYPE) {
    const bytes = new TextEncoder().encode(JSON.stringify(validate));
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }
  return typeof validate === 'string' ? validate : JSON.stringify(validate);
}
