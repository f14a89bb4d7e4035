// Account flows of the example: each one runs the captcha flow for its scene, then sends the call
// through the exkit HTTP client, whose security hooks encrypt login payloads and sign core calls.
import type { ApiEnvelope, CaptchaResult, HttpClient } from 'exkit';
import type { CaptchaService } from 'exkit/machines';

export type AccountOutcome =
  | { status: 'done'; envelope: ApiEnvelope<unknown> }
  | { status: 'captcha-closed' }
  | { status: 'failed'; error: unknown };

/** Captcha scenes of the two forms. */
export const LOGIN_SCENE = 'login';
export const REGISTER_SCENE = 'register';

function captchaFields(result: Extract<CaptchaResult, { status: 'passed' }>): Record<string, string> {
  return result.bizId ? { bizId: result.bizId } : {};
}

async function withCaptcha(captcha: CaptchaService, scene: string, send: (fields: Record<string, string>) => Promise<ApiEnvelope<unknown>>): Promise<AccountOutcome> {
  try {
    const result = await captcha.verify(scene);
    if (result.status === 'closed') return { status: 'captcha-closed' };
    if (result.status === 'failed') return { status: 'failed', error: result.error };
    return { status: 'done', envelope: await send(captchaFields(result)) };
  } catch (error) {
    return { status: 'failed', error };
  }
}

/** Logs in: captcha, then POST /v1/user/login (loginName and pwd leave the page encrypted). */
export function login(captcha: CaptchaService, http: HttpClient, form: { loginName: string; pwd: string }): Promise<AccountOutcome> {
  return withCaptcha(captcha, LOGIN_SCENE, (fields) => http.post('/user/login', { ...form, ...fields }));
}

/** Registers by e-mail: captcha, then POST /v1/user/register/email. */
export function register(captcha: CaptchaService, http: HttpClient, form: { email: string; pwd: string; rePwd: string; emailCode: string }): Promise<AccountOutcome> {
  return withCaptcha(captcha, REGISTER_SCENE, (fields) => http.post('/user/register/email', { ...form, ...fields }));
}

/** Two signed core calls: the user-info read (sign mode 1) and a spot order (sign mode 2). */
export async function signedCalls(http: HttpClient): Promise<AccountOutcome[]> {
  const run = async (call: () => Promise<ApiEnvelope<unknown>>): Promise<AccountOutcome> => {
    try {
      return { status: 'done', envelope: await call() };
    } catch (error) {
      return { status: 'failed', error };
    }
  };
  return [
    await run(() => http.get('/user/overview/userinfo')),
    await run(() => http.post('/spot/order/place', { symbol: 'BTCUSDT_SPBL', side: 'buy', price: '62000', size: '0.01' })),
  ];
}

/** A one-line description of an error for the page. */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; code?: unknown; message?: unknown };
    return [e.name, e.code, e.message].filter((part) => part !== undefined && part !== '').map(String).join(' · ');
  }
  return String(error);
}
