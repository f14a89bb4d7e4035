// Account flows of the example: each one runs the captcha flow for its scene, then sends the call
// through the exkit HTTP client, whose security hooks encrypt login payloads and sign core calls.
import type { ApiEnvelope, CaptchaResult, HttpClient, Platform, Security } from 'exkit';
import type { CaptchaService } from 'exkit/machines';
import { asciiDigits } from './forms.js';
import { valueStore } from './store.js';

export type AccountOutcome =
  { status: 'done'; envelope: ApiEnvelope<unknown> } | { status: 'captcha-closed' } | { status: 'failed'; error: unknown };

/** Captcha scenes of the two forms. */
export const LOGIN_SCENE = 'login';
export const REGISTER_SCENE = 'register';

function captchaFields(result: Extract<CaptchaResult, { status: 'passed' }>): Record<string, string> {
  return result.bizId ? { bizId: result.bizId } : {};
}

async function withCaptcha(
  captcha: CaptchaService,
  scene: string,
  send: (fields: Record<string, string>) => Promise<ApiEnvelope<unknown>>,
): Promise<AccountOutcome> {
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
export function register(
  captcha: CaptchaService,
  http: HttpClient,
  form: { email: string; pwd: string; rePwd: string; emailCode: string },
): Promise<AccountOutcome> {
  // A code typed with full-width or Arabic-Indic digits is the same code: the gateway gets ASCII digits.
  const sent = { ...form, emailCode: asciiDigits(form.emailCode.trim()) };
  return withCaptcha(captcha, REGISTER_SCENE, (fields) => http.post('/user/register/email', { ...sent, ...fields }));
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

/**
 * An error split for the page: `id` names it (class and code, identifiers shown as data) and `message` says
 * what went wrong (exkit's HTTP errors word it in the request's language).
 */
export function errorParts(error: unknown): { id: string; message: string } {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; code?: unknown; message?: unknown };
    const present = (part: unknown) => part !== undefined && part !== null && part !== '';
    return {
      id: [e.name, e.code].filter(present).map(String).join(' · '),
      message: present(e.message) ? String(e.message) : '',
    };
  }
  return { id: '', message: String(error) };
}

/** A one-line description of an error for the page: its class, code and message. */
export function describeError(error: unknown): string {
  const { id, message } = errorParts(error);
  return [id, message].filter((part) => part !== '').join(' · ');
}

/** The cookies the gateway sets on a login (the page reads both). */
export const SESSION_COOKIES = { token: 'refreshToken', uid: 'uid' } as const;

/** Why a login would go out in clear; the session panel words each reason from the catalogue. */
export type LoginInClearReason = 'signing-not-ready' | 'client-open-off' | 'session-exists';

/** Whether the next login goes out encrypted, and if not, why. */
export type LoginEncryptionOutlook = { encrypted: true } | { encrypted: false; reason: LoginInClearReason };

/**
 * Reads the rule the security hooks apply to a login call (core/security/request-hooks.ts): encrypted only
 * when the server's client-open flag is on and a verified server key and a client key pair are loaded, and
 * not when a session token and the key pair bound to it already exist.
 */
export function loginEncryptionOutlook(security: Pick<Security, 'snapshot' | 'token' | 'keys'>): LoginEncryptionOutlook {
  const { config, serverKey, clientKey } = security.snapshot();
  if (!config || !serverKey || !clientKey) return { encrypted: false, reason: 'signing-not-ready' };
  if (!config.clientOpen) return { encrypted: false, reason: 'client-open-off' };
  const token = security.token();
  if (token !== undefined && security.keys.boundTo(token)) return { encrypted: false, reason: 'session-exists' };
  return { encrypted: true };
}

/**
 * Logs out on this page: the session cookies are deleted and the key pair bound to the session is
 * forgotten, so the next login is a fresh one (new key pair, encrypted). The reference gateway keeps no
 * server-side session list to clear.
 */
export function logout(platform: Pick<Platform, 'cookies'>, security: Pick<Security, 'keys'>): void {
  platform.cookies.remove(SESSION_COOKIES.token, { path: '/' });
  platform.cookies.remove(SESSION_COOKIES.uid, { path: '/' });
  security.keys.clear();
  loggedOut.set(loggedOut.get() + 1);
}

/** How many log-outs this tab has seen: the parts of the page that show the session re-read it on each. */
export const loggedOut = valueStore(0);
