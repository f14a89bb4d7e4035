// The reference gateway: a small node:http server implementing the server side of
// docs/security-protocol.md with node:crypto only. Tests start it on 127.0.0.1 (port 0) and run the
// exkit client against it; `npx tsx examples/gateway/main.ts` runs it on its own.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import {
  coreSignedText,
  decodeBase64,
  decryptLogin,
  keyIdOf,
  loadPrivateKey,
  publicKeyFromSpkiBase64,
  sha256Hex,
  signServerKey,
  spkiDer,
  verifyText,
} from './protocol.js';
import type { SignMode } from './protocol.js';

export const FIXTURES_DIR = join(import.meta.dirname, 'fixtures');
export const CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';
/** The device service's risk-token call (spec §S7), served here so one process stands in for both. */
export const RISK_TOKEN_DEVICE_PATH = '/v1/constantid/udid/c1';
/** The header the exkit client carries the risk token in (docs/risk-token.md). */
export const RISK_TOKEN_HEADER = 'risktoken';
export const LOGIN_PATHS = new Set([
  '/v1/user/agency/login',
  '/v1/user/agency/login/verify-login',
  '/v1/user/login',
  '/v1/user/login/verify-login',
  '/v1/user/login/verify-login-v2',
  '/v1/user/login/verify-auth-login',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
  '/v1/user/register/mobile',
  '/v1/user/register/email',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/sub/switchLoginDemo',
  '/v1/user/sub/switchTradeDemo',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/user/public/third/apple/register',
  '/v1/user/public/third/google/register',
  '/v1/user/public/third/wallet/register',
  '/v1/user/public/third/tg/register',
  '/v1/user/public/third/check',
  '/v1/user/public/third/bind/check',
  '/v1/user/public/third/bind/choose',
  '/v1/user/public/third/tg/sign',
  '/v1/user/public/third/tg/signV2',
  '/v1/user/public/third/tg/generateVirtual',
  '/v1/user/public/third/tg/checkUserExit',
  '/v1/user/public/third/oauth/sign',
  '/v1/user/public/third/wallet/sign',
  '/v1/user/public/third/wallet/check',
  '/v1/user/public/third/securityVerify',
  '/v1/user/public/getQrKeyStatus',
]);
const SWITCH_PREFIX = '/v1/user/sub/';
export const SIGN_ERRORS = {
  missing: { code: '00020', msg: 'Signature missing', header: 'missing' },
  modeMismatch: { code: '00021', msg: 'Signature mode not matched', header: 'mode-mismatch' },
  expired: { code: '00022', msg: 'Signature expired', header: 'expired' },
  invalid: { code: '00023', msg: 'Signature invalid, please log in again', header: 'invalid' },
} as const;

// Spec §S7: the captcha endpoints, and spec §S8: the captcha success code.
export const CAPTCHA_GET_ID_PATH = '/v1/security/policy/captcha/get-captcha-id';
export const CAPTCHA_CHECK_PATH = '/v1/security/policy/captcha/check-captcha';
export const CAPTCHA_SUCCESS_CODE = '00000';
// Spec §S5: captcha type 3 sends its validate object as base64 of its JSON.
export const CAPTCHA_TYPE_BASE64_JSON = 3;
/** The GeeTest v4 validate fields a type-3 check must carry. */
export const GEETEST_V4_FIELDS = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const;
/** The gateway's own captcha failure codes (the seed names none; docs/captcha.md lists them). */
export const CAPTCHA_ERRORS = {
  badRequest: { code: '40000', msg: 'captcha request malformed' },
  invalidValidate: { code: '40002', msg: 'captcha validate invalid' },
  unknownChallenge: { code: '40003', msg: 'captcha challenge unknown or already used' },
} as const;

/** How the gateway answers get-captcha-id for one scene. */
export interface CaptchaSceneOptions {
  /** The challenge status; 0 means the widget must be shown. Default 0. */
  status?: number;
  /** The captcha id handed out. Default 'gateway-captcha'. */
  captchaId?: string;
  /** Refuse the scene with this code (and `errorMsg`) instead of handing out a challenge. */
  errorCode?: string;
  errorMsg?: string;
}

/** What get-captcha-id received and answered. */
export interface CaptchaChallengeRecord {
  /** The body as received. */
  params: Record<string, unknown>;
  code: string;
  bizId?: string;
  captchaId?: string;
  status?: number;
}

/** What check-captcha received and answered. */
export interface CaptchaCheckRecord {
  /** The body as received. */
  params: Record<string, unknown>;
  code: string;
  /** The decoded validate object of a type-3 check (when it decoded). */
  validate?: Record<string, unknown>;
  /** The scene of the challenge the check answered (when the bizId was known). */
  scene?: string;
}

export interface SignConfigJson {
  clientOpen: boolean;
  serverPublicKey: string;
  serverPublicKeySign: string;
  defaultAlgorithm: string;
  exactUrls: string[];
  prefixUrls: string[];
  signModes: Record<string, number>;
  userCheckDeviceUrl: string;
}

export interface GatewayOptions {
  host?: string;
  port?: number;
  /** Server clock; default Date.now. */
  now?: () => number;
  /** Overrides of the served sign config (e.g. clientOpen: false, a tampered signature). */
  config?: Partial<SignConfigJson>;
  /** PEM of the key that signs the server key; default fixtures/signing.key. */
  signingKeyPem?: string;
  /** PEM of the gateway key; default fixtures/server.key. */
  serverKeyPem?: string;
  /** tm tolerance, default 300 000 ms. */
  toleranceMs?: number;
  /** Static documents served on GET by path (a test page and its script, so page and API share an origin). */
  pages?: Record<string, { contentType: string; body: string }>;
  /** The device service's answer to each risk-token call; default a fresh 40-character (success) token. */
  riskToken?: () => string;
  /** get-captcha-id answers per scene; a scene not listed gets status 0. */
  captchaScenes?: Record<string, CaptchaSceneOptions>;
}

export interface LoginRecord {
  path: string;
  encrypted: boolean;
  algorithm?: string;
  /** The clear members as received. */
  clear: Record<string, unknown>;
  /** The decrypted sensitive members (empty when not encrypted). */
  sensitive: Record<string, unknown>;
  userId?: string;
  token?: string;
}

/** One request as it arrived: the method, the raw path (before `?`), the risk-token header and the params read. */
export interface RequestRecord {
  method: string;
  path: string;
  riskToken?: string;
  params?: Record<string, unknown>;
}

export interface SignRecord {
  path: string;
  mode?: number;
  result: 'ok' | 'unsigned' | (typeof SIGN_ERRORS)[keyof typeof SIGN_ERRORS]['code'];
  /** The text the gateway computed (when it got that far). */
  text?: string;
}

interface KeyRecord {
  key: KeyObject;
  userId: string;
  token: string;
  algorithm: string;
}

export interface Gateway {
  readonly url: string;
  readonly config: SignConfigJson;
  /** Every request received, in arrival order. */
  readonly requests: RequestRecord[];
  readonly logins: LoginRecord[];
  readonly signs: SignRecord[];
  readonly deviceChecks: Array<{ known: boolean; userIdHash: string }>;
  readonly captchaChallenges: CaptchaChallengeRecord[];
  readonly captchaChecks: CaptchaCheckRecord[];
  /** How many times the sign config was fetched. */
  readonly configFetches: number;
  /** How many risk tokens the device service handed out. */
  readonly riskTokenFetches: number;
  /** The risk-token header of every call that carried one. */
  readonly riskTokenHeaders: Array<{ path: string; token: string }>;
  /** Changes the served config (the key and its signature stay unless overridden). */
  setConfig(overrides: Partial<SignConfigJson>): void;
  close(): Promise<void>;
}

const DEFAULT_SIGN_CONFIG = {
  clientOpen: true,
  defaultAlgorithm: 'rsa1024',
  exactUrls: ['/v1/user/overview/userinfo', '/v1/mode0/exact', '/v1/mode2/exact'],
  prefixUrls: ['/v1/spot/', '/v1/spot/order/', '/v1/mode0/'],
  signModes: {
    '/v1/user/overview/userinfo': 1,
    '/v1/mode0/exact': 0,
    '/v1/mode2/exact': 2,
    '/v1/spot/': 1,
    '/v1/spot/order/': 2,
    '/v1/mode0/': 0,
  },
  userCheckDeviceUrl: '/v1/user/public/checkDevice',
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseParams(req: IncomingMessage, query: string, body: Buffer): Record<string, unknown> | undefined {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const fromSearch = (search: URLSearchParams) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of search) {
      const cur = out[k];
      out[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
    }
    return out;
  };
  if (body.length === 0) return req.method === 'GET' ? fromSearch(new URLSearchParams(query)) : {};
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return fromSearch(new URLSearchParams(body.toString('utf8')));
  return undefined;
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/** A type-3 validate: base64 of a JSON object carrying every GeeTest v4 field as a non-empty string. */
function decodeGeeTestValidate(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed = JSON.parse(decodeBase64(text).toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const fields = parsed as Record<string, unknown>;
    return GEETEST_V4_FIELDS.every((name) => typeof fields[name] === 'string' && fields[name] !== '') ? fields : undefined;
  } catch {
    return undefined;
  }
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Starts the reference gateway on loopback. */
export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const now = options.now ?? (() => Date.now());
  const tolerance = options.toleranceMs ?? 300_000;
  const serverKey = loadPrivateKey(options.serverKeyPem ?? readFileSync(join(FIXTURES_DIR, 'server.key'), 'utf8'));
  const signingKey = loadPrivateKey(options.signingKeyPem ?? readFileSync(join(FIXTURES_DIR, 'signing.key'), 'utf8'));
  const der = spkiDer(serverKey);
  let config: SignConfigJson = {
    ...DEFAULT_SIGN_CONFIG,
    serverPublicKey: der.toString('base64'),
    serverPublicKeySign: signServerKey(der, signingKey),
    ...options.config,
  };
  const keys = new Map<string, KeyRecord>();
  const sessions = new Map<string, string>(); // token → userId
  const lastKeyByUserHash = new Map<string, string>(); // sha256(userId) → keyId
  const requests: RequestRecord[] = [];
  const logins: LoginRecord[] = [];
  const signs: SignRecord[] = [];
  const deviceChecks: Array<{ known: boolean; userIdHash: string }> = [];
  const captchaChallenges: CaptchaChallengeRecord[] = [];
  const captchaChecks: CaptchaCheckRecord[] = [];
  // bizId → the open challenge it names; a successful check consumes it.
  const openChallenges = new Map<string, { scene: string; bizParam?: string; areaCode?: string }>();
  let configFetches = 0;
  let riskTokenFetches = 0;
  const riskTokenHeaders: Array<{ path: string; token: string }> = [];
  const nextRiskToken = options.riskToken ?? (() => randomBytes(20).toString('hex'));

  const modeFor = (path: string): SignMode | undefined => {
    const pick = (entry: string) => (config.signModes[entry] ?? 1) as SignMode;
    if (config.exactUrls.includes(path)) return pick(path);
    const prefix = config.prefixUrls.filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    return prefix === undefined ? undefined : pick(prefix);
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string | string[]> = {},
  ) => {
    if (req.method === 'POST') res.setHeader('request-time', String(now()));
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  /** §6.4: verifies a core call; returns the error to answer, or undefined when it may proceed. */
  const checkSignature = (
    req: IncomingMessage,
    path: string,
    query: string,
    body: Buffer,
  ): { error?: (typeof SIGN_ERRORS)[keyof typeof SIGN_ERRORS]; text?: string } => {
    const mode = modeFor(path);
    if (mode === undefined) return {};
    const session = header(req, 'token') ?? cookieOf(req, 'refreshToken');
    const sig = header(req, 'device-sign');
    const modeHeader = header(req, 'device-sign-mode');
    const keyId = header(req, 'device-sign-key');
    const dataMd5 = header(req, 'device-sign-data-md5');
    const tm = header(req, 'tm');
    const traceId = header(req, 'uhti');
    const anySign = sig !== undefined || modeHeader !== undefined || keyId !== undefined || dataMd5 !== undefined;
    if (!session && !anySign) {
      signs.push({ path, result: 'unsigned' });
      return {};
    }
    const fail = (error: (typeof SIGN_ERRORS)[keyof typeof SIGN_ERRORS], text?: string) => {
      signs.push({ path, mode, result: error.code, ...(text === undefined ? {} : { text }) });
      return { error, ...(text === undefined ? {} : { text }) };
    };
    if (!sig || !modeHeader || !keyId || !dataMd5 || !tm || !traceId) return fail(SIGN_ERRORS.missing);
    if (modeHeader !== String(mode)) return fail(SIGN_ERRORS.modeMismatch);
    if (!/^\d{8,}$/.test(tm) || Math.abs(Number(tm) - now()) > tolerance) return fail(SIGN_ERRORS.expired);
    const { text, dataMd5: expectedMd5 } = coreSignedText(path, tm, traceId, mode, query, body);
    const record = keys.get(keyId);
    if (!record || dataMd5 !== expectedMd5 || !verifyText(record.key, text, sig)) return fail(SIGN_ERRORS.invalid, text);
    signs.push({ path, mode, result: 'ok', text });
    return { text };
  };

  const handleLogin = (req: IncomingMessage, res: ServerResponse, path: string, params: Record<string, unknown>) => {
    const session = header(req, 'token') ?? cookieOf(req, 'refreshToken');
    const encrypted = typeof params.bodyCiphertext === 'string';
    const clear: Record<string, unknown> = { ...params };
    let sensitive: Record<string, unknown> = {};
    let publicKey: string | undefined;
    let algorithm: string | undefined;
    if (encrypted) {
      const decrypted = decryptLogin(serverKey, params);
      if (!decrypted) {
        send(req, res, 400, { code: '1', msg: 'login payload rejected', data: null });
        return;
      }
      for (const name of Object.keys(decrypted.sensitive)) {
        if (name in clear) {
          send(req, res, 400, { code: '1', msg: 'login payload rejected', data: null });
          return;
        }
      }
      sensitive = decrypted.sensitive;
      publicKey = decrypted.publicKey;
      algorithm = decrypted.algorithm;
    }
    const fields = { ...clear, ...sensitive };
    const isSwitch = path.startsWith(SWITCH_PREFIX);
    if (isSwitch && (!session || !sessions.has(session))) {
      send(req, res, 200, { code: '20906', msg: 'Login expired', data: null });
      return;
    }
    const name = String(fields.loginName ?? fields.email ?? fields.mobile ?? fields.userId ?? 'anonymous');
    const userId = isSwitch ? `sub-${sha256Hex(`${session}:${name}`).slice(0, 8)}` : `u${sha256Hex(name).slice(0, 10)}`;
    const token = randomBytes(16).toString('hex');
    sessions.set(token, userId);
    if (publicKey) {
      const keyId = keyIdOf(publicKey);
      keys.set(keyId, { key: publicKeyFromSpkiBase64(publicKey), userId, token, algorithm: String(fields.lastAlgorithm ?? '') });
      lastKeyByUserHash.set(sha256Hex(userId), keyId);
    }
    logins.push({ path, encrypted, clear, sensitive, userId, token, ...(algorithm ? { algorithm } : {}) });
    const data = isSwitch ? { accessTokenResVO: { userInfo: { userId } }, token } : { userInfo: { userId }, token };
    send(
      req,
      res,
      200,
      { code: '00000', msg: 'success', data },
      {
        // Readable by the page: the client reads both cookies after a login (spec §S3).
        'set-cookie': [`refreshToken=${token}; Path=/; SameSite=Lax`, `uid=${userId}; Path=/; SameSite=Lax`],
      },
    );
  };

  const handleDeviceCheck = (req: IncomingMessage, res: ServerResponse, path: string, params: Record<string, unknown>) => {
    const userIdHash = typeof params.userCheckDeviceUserIdHash === 'string' ? params.userCheckDeviceUserIdHash : '';
    const signature = typeof params.userCheckDeviceSign === 'string' ? params.userCheckDeviceSign : '';
    const tm = header(req, 'tm') ?? String(now());
    const keyId = lastKeyByUserHash.get(userIdHash);
    const record = keyId === undefined ? undefined : keys.get(keyId);
    const known = record !== undefined && verifyText(record.key, `${path}\n${tm.slice(0, 8)}\n${userIdHash}`, signature);
    deviceChecks.push({ known, userIdHash });
    send(req, res, 200, { code: '00000', msg: 'success', data: { known } });
  };

  const handleCaptchaChallenge = (req: IncomingMessage, res: ServerResponse, params: Record<string, unknown>) => {
    const { scene, bizParam, areaCode, bizId } = params;
    const refuse = (error: { code: string; msg: string }) => {
      captchaChallenges.push({ params, code: error.code });
      send(req, res, 200, { code: error.code, msg: error.msg, data: null });
    };
    if (typeof scene !== 'string' || scene === '' || ![bizParam, areaCode, bizId].every(optionalString)) {
      refuse(CAPTCHA_ERRORS.badRequest);
      return;
    }
    const sceneOptions = options.captchaScenes?.[scene] ?? {};
    if (sceneOptions.errorCode !== undefined) {
      refuse({ code: sceneOptions.errorCode, msg: sceneOptions.errorMsg ?? 'captcha scene refused' });
      return;
    }
    const issued = typeof bizId === 'string' && bizId !== '' ? bizId : randomBytes(8).toString('hex');
    const captchaId = sceneOptions.captchaId ?? 'gateway-captcha';
    const status = sceneOptions.status ?? 0;
    if (status === 0) {
      openChallenges.set(issued, {
        scene,
        ...(typeof bizParam === 'string' ? { bizParam } : {}),
        ...(typeof areaCode === 'string' ? { areaCode } : {}),
      });
    }
    captchaChallenges.push({ params, code: CAPTCHA_SUCCESS_CODE, bizId: issued, captchaId, status });
    send(req, res, 200, { code: CAPTCHA_SUCCESS_CODE, msg: 'success', data: { bizId: issued, captchaId, status } });
  };

  const handleCaptchaCheck = (req: IncomingMessage, res: ServerResponse, params: Record<string, unknown>) => {
    const { captchaType, captchaValidate, bizParam, areaCode, bizId } = params;
    const answer = (record: Omit<CaptchaCheckRecord, 'params'>, body: Record<string, unknown>) => {
      captchaChecks.push({ params, ...record });
      send(req, res, 200, body);
    };
    const refuse = (error: { code: string; msg: string }, record: Omit<CaptchaCheckRecord, 'params' | 'code'> = {}) =>
      answer({ code: error.code, ...record }, { code: error.code, msg: error.msg, data: null });
    if (typeof captchaType !== 'number' || typeof bizId !== 'string' || ![bizParam, areaCode].every(optionalString)) {
      refuse(CAPTCHA_ERRORS.badRequest);
      return;
    }
    const challenge = openChallenges.get(bizId);
    // The check must name an open challenge and repeat the context it was asked for.
    if (!challenge || challenge.bizParam !== bizParam || challenge.areaCode !== areaCode) {
      refuse(CAPTCHA_ERRORS.unknownChallenge, challenge ? { scene: challenge.scene } : {});
      return;
    }
    let validate: Record<string, unknown> | undefined;
    if (captchaType === CAPTCHA_TYPE_BASE64_JSON) {
      validate = decodeGeeTestValidate(captchaValidate);
      if (!validate) {
        refuse(CAPTCHA_ERRORS.invalidValidate, { scene: challenge.scene });
        return;
      }
    } else if (typeof captchaValidate !== 'string' || captchaValidate === '') {
      refuse(CAPTCHA_ERRORS.invalidValidate, { scene: challenge.scene });
      return;
    }
    openChallenges.delete(bizId);
    answer(
      { code: CAPTCHA_SUCCESS_CODE, scene: challenge.scene, ...(validate ? { validate } : {}) },
      { code: CAPTCHA_SUCCESS_CODE, msg: 'success', data: { bizId, scene: challenge.scene, captchaType } },
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const path = q === -1 ? raw : raw.slice(0, q);
      const query = q === -1 ? '' : raw.slice(q + 1);
      const body = await readBody(req);
      const received: RequestRecord = { method: req.method ?? '', path };
      requests.push(received);
      const page = req.method === 'GET' ? options.pages?.[path] : undefined;
      if (page) {
        res.writeHead(200, { 'content-type': page.contentType });
        res.end(page.body);
        return;
      }
      const riskToken = header(req, RISK_TOKEN_HEADER);
      if (riskToken) riskTokenHeaders.push({ path, token: riskToken });
      if (riskToken !== undefined) received.riskToken = riskToken;
      if (req.method === 'GET' && path === RISK_TOKEN_DEVICE_PATH) {
        riskTokenFetches++;
        send(req, res, 200, { code: '00000', msg: 'success', data: nextRiskToken() });
        return;
      }
      if (req.method === 'GET' && path === CONFIG_PATH) {
        configFetches++;
        send(req, res, 200, { code: '00000', msg: 'success', data: { gatewaySignConfig: config } });
        return;
      }
      const { error, text } = checkSignature(req, path, query, body);
      const debugHeaders: Record<string, string> =
        header(req, 'device-sign-text') && text ? { 'gw-sign-text': Buffer.from(text, 'utf8').toString('base64') } : {};
      if (error) {
        send(req, res, 200, { code: error.code, msg: error.msg, data: null }, { 'gw-sign-error': error.header, ...debugHeaders });
        return;
      }
      const params = parseParams(req, query, body);
      if (params) received.params = params;
      if (LOGIN_PATHS.has(path) && params) {
        handleLogin(req, res, path, params);
        return;
      }
      if (path === config.userCheckDeviceUrl && params) {
        handleDeviceCheck(req, res, path, params);
        return;
      }
      if (req.method === 'POST' && path === CAPTCHA_GET_ID_PATH) {
        handleCaptchaChallenge(req, res, params ?? {});
        return;
      }
      if (req.method === 'POST' && path === CAPTCHA_CHECK_PATH) {
        handleCaptchaCheck(req, res, params ?? {});
        return;
      }
      send(req, res, 200, { code: '00000', msg: 'success', data: { path, method: req.method, bodyBytes: body.length } }, debugHeaders);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    get config() {
      return config;
    },
    logins,
    signs,
    deviceChecks,
    captchaChallenges,
    captchaChecks,
    get configFetches() {
      return configFetches;
    },
    get riskTokenFetches() {
      return riskTokenFetches;
    },
    riskTokenHeaders,
    setConfig(overrides) {
      config = { ...config, ...overrides };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
