// The HTTP hooks of the security layer: one before-request hook (stamp tm/uhti, encrypt login payloads,
// add device-check fields, sign core calls, in that order) and one after-response hook (server time,
// gw-sign-error, sign error codes, key binding after a login).
import type { HttpAfterResponseHook, HttpBeforeRequestHook } from '../http/types.js';
import { requestBodyBytes } from '../http/body-text.js';
import { requestApiPath, requestContext } from '../http/request-context.js';
import { apiPathUnder } from '../http/wire-path.js';
import { safeLog } from '../errors/guard-callback.js';
import { isResultCode } from '../catalog/result-codes.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Platform } from '../platform/types.js';
import { fromBase64, toBase64 } from './bytes.js';
import type { ClientKeyPair, ClientKeyStore } from './client-keys.js';
import {
  DEVICE_CHECK_FIELDS,
  GATEWAY_SIGN_ERROR_HEADER,
  GATEWAY_SIGN_TEXT_HEADER,
  REQUEST_TIME_HEADER,
  SIGN_HEADERS,
} from './constants.js';
import type { KeyWrapAlgorithm } from './constants.js';
import { deviceCheckSignedText, isSignableTime, isSignableTraceId, signCoreCall, userIdHashOf } from './core-signing.js';
import { LoginEncryptionError } from './errors.js';
import { encryptLoginParams, isLoginUrl, isSubAccountSwitchUrl } from './login-encryption.js';
import { readParams, withParams } from './request-params.js';
import type { RsaEngine } from './rsa-engine.js';
import type { ServerClock } from './server-clock.js';
import type { VerifiedServerKey } from './server-key.js';
import { signModeFor } from './sign-config.js';
import type { GatewaySignConfig } from './sign-config.js';
import type { SessionBinder } from './session-binding.js';
import type { SignErrorHandler } from './sign-errors.js';
import { isSignErrorCode } from './sign-errors.js';
import { isRecord } from '../validate/describe-value.js';

/** What signing init has established so far. */
export interface SecuritySnapshot {
  config: GatewaySignConfig | undefined;
  serverKey: VerifiedServerKey | undefined;
  /** The key pair login calls carry (and that is bound to the session after a login). */
  clientKey: ClientKeyPair | undefined;
}

/** What the hooks need from the security service. */
export interface HookContext {
  platform: Platform;
  engine: RsaEngine;
  keys: ClientKeyStore;
  serverClock: ServerClock;
  /** Origin of the API base, for requests that do not come from an exkit HTTP client. */
  apiOrigin: string;
  /** Path of the API base ('' when the base is an origin), stripped to get the API path. */
  apiBasePath: string;
  keyWrap: KeyWrapAlgorithm;
  stampHeaders: boolean;
  snapshot(): SecuritySnapshot;
  token(): string | undefined;
  debug(): boolean;
  log(message: string, data: Record<string, unknown>): void;
  initSignFor(pair: { publicKey: string; privateKeyPem: string }): Promise<string>;
  errors: SignErrorHandler;
  /** Binds the login key pair to the session once its token is readable. */
  binder: SessionBinder;
  /** Signed texts of recent debug-mode requests, by trace id, to pair them with the gateway's. */
  debugTexts: Map<string, string>;
}

const TRACE_BYTES = 16;
const DEBUG_TEXTS_KEPT = 32;

/** Spec §S8: a login response succeeded (the gateway's '00000', or the HTTP result code 0). */
const isSuccessCode = (code: unknown): boolean => isResultCode(code, 'success') || isResultCode(code, 'httpSuccess');

/**
 * The API path of a request ('/v1/…'), or undefined when the request does not go to the API (the seed's
 * "URL starts with '/'"): always the pathname of the URL the request carries. For an exkit HTTP client's
 * call, under the client's base URL (see requestApiPath); for a plain ky request, under the API base.
 */
export function apiPathOf(
  request: Request,
  options: { readonly context?: Readonly<Record<string, unknown>> } | undefined,
  ctx: Pick<HookContext, 'apiOrigin' | 'apiBasePath'>,
): string | undefined {
  if (requestContext(options)) return requestApiPath(request, options);
  return apiPathUnder(request.url, ctx.apiOrigin, ctx.apiBasePath);
}

/** The user id of a login response (spec §S3): data.userInfo.userId or data.accessTokenResVO.userInfo.userId. */
export function loginUserId(body: unknown): string | undefined {
  try {
    return userIdOf(body);
  } catch {
    // A body whose fields cannot be read (a Proxy, a throwing getter) names no user.
    return undefined;
  }
}

function userIdOf(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.data)) return undefined;
  const data = body.data;
  const direct = isRecord(data.userInfo) ? data.userInfo.userId : undefined;
  const nested =
    isRecord(data.accessTokenResVO) && isRecord(data.accessTokenResVO.userInfo) ? data.accessTokenResVO.userInfo.userId : undefined;
  const id = direct ?? nested;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : undefined;
}

function rememberDebugText(debugTexts: Map<string, string>, traceId: string, text: string) {
  debugTexts.set(traceId, text);
  if (debugTexts.size > DEBUG_TEXTS_KEPT) debugTexts.delete(debugTexts.keys().next().value as string);
}

/** The before-request hook; it may return a replacement request, so it must be the last one. */
export function createBeforeRequestHook(ctx: HookContext): HttpBeforeRequestHook {
  const randomBytes = (length: number) => ctx.platform.crypto.getRandomValues(new Uint8Array(length));

  const encryptLogin = async (request: Request, path: string, token: string | undefined): Promise<Request> => {
    const { config, serverKey, clientKey } = ctx.snapshot();
    if (!config?.clientOpen || !serverKey || !clientKey) return request;
    if (token && ctx.keys.boundTo(token) && !isSubAccountSwitchUrl(path)) return request;
    const read = await readParams(request);
    if (!read) return request;
    try {
      // The initSign is not awaited here: its key import and signature run alongside the key wrap and the AES.
      const params = await encryptLoginParams(read.params, {
        engine: ctx.engine,
        serverKeyDer: serverKey.der,
        clientKey,
        algorithm: ctx.keyWrap,
        randomBytes,
        initSign: ctx.initSignFor(clientKey),
        subtle: ctx.platform.crypto.subtle,
      });
      return withParams(request, read.carrier, params);
    } catch (cause) {
      // Never fall back to sending the fields in the clear.
      throw new LoginEncryptionError('the login payload could not be encrypted', { cause });
    }
  };

  const addDeviceCheck = async (request: Request, path: string): Promise<Request> => {
    const bound = ctx.keys.bound();
    if (!bound) return request;
    const read = await readParams(request);
    if (!read) return request;
    const tm = request.headers.get(SIGN_HEADERS.time);
    const time = isSignableTime(tm) ? tm : String(ctx.serverClock.now());
    const userIdHash = userIdHashOf(bound.userId);
    const signature = await ctx.engine.sign(bound.pair.privateKeyPem, utf8ToBytes(deviceCheckSignedText(path, time, userIdHash)));
    return withParams(request, read.carrier, {
      ...read.params,
      [DEVICE_CHECK_FIELDS.userIdHash]: userIdHash,
      [DEVICE_CHECK_FIELDS.sign]: toBase64(signature),
      [DEVICE_CHECK_FIELDS.algorithm]: bound.pair.algorithm,
    });
  };

  const sign = async (request: Request, path: string, token: string): Promise<void> => {
    const { config } = ctx.snapshot();
    if (!config) return;
    const pair = ctx.keys.boundTo(token);
    if (!pair) return;
    const url = new URL(request.url);
    const mode = signModeFor(config, path);
    if (mode === undefined) return;
    const tm = request.headers.get(SIGN_HEADERS.time);
    const traceId = request.headers.get(SIGN_HEADERS.trace);
    if (!isSignableTime(tm) || !isSignableTraceId(traceId)) return;
    const body = mode === 0 || request.body === null ? new Uint8Array(0) : await requestBodyBytes(request);
    const { headers, text } = await signCoreCall(ctx.engine, pair, { path, tm, traceId, mode, query: url.search.slice(1), body });
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    if (ctx.debug()) {
      request.headers.set(SIGN_HEADERS.text, toBase64(utf8ToBytes(text)));
      rememberDebugText(ctx.debugTexts, traceId, text);
      safeLog(ctx.log, 'signed text', { url: request.url, text });
      ctx.errors.emit({ type: 'signDebug', url: request.url, text });
    }
  };

  return async (request, options, state) => {
    // A retry resends the request this hook already produced.
    if (state.retryCount > 0) return;
    const path = apiPathOf(request, options, ctx);
    if (path === undefined) return;
    if (ctx.stampHeaders) {
      if (!request.headers.has(SIGN_HEADERS.time)) request.headers.set(SIGN_HEADERS.time, String(ctx.serverClock.now()));
      if (!request.headers.has(SIGN_HEADERS.trace)) request.headers.set(SIGN_HEADERS.trace, bytesToHex(randomBytes(TRACE_BYTES)));
    }
    // A login's key pair still waiting for its session token is bound first, so this request sees the session.
    ctx.binder.settle();
    const token = ctx.token();
    let current: Request = request;
    if (isLoginUrl(path)) current = await encryptLogin(current, path, token);
    else if (!token && ctx.snapshot().config?.userCheckDeviceUrl === path) current = await addDeviceCheck(current, path);
    if (token) await sign(current, path, token);
    return current === request ? undefined : current;
  };
}

/** The after-response hook: server time, gw-sign-error, sign error codes and key binding after a login. */
function sameOrigin(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;
}

export function createAfterResponseHook(ctx: HookContext): HttpAfterResponseHook {
  return async (request, options, response) => {
    const path = apiPathOf(request, options, ctx);
    if (path === undefined) return;
    // An answer from another origin (a redirect the app allowed) is not the gateway's: it sets no server
    // time, raises no sign error and binds no key pair. A hook-built Response has no URL and is the call's own.
    if (response.url !== '' && !sameOrigin(response.url, request.url)) return;
    ctx.serverClock.observe(request.method, response.headers.get(REQUEST_TIME_HEADER));
    const gatewayError = response.headers.get(GATEWAY_SIGN_ERROR_HEADER);
    if (gatewayError) ctx.errors.logHeader(request.url, gatewayError);
    const serverText = response.headers.get(GATEWAY_SIGN_TEXT_HEADER);
    const traceId = request.headers.get(SIGN_HEADERS.trace);
    if (serverText && traceId && ctx.debugTexts.has(traceId)) {
      let decoded = serverText;
      try {
        decoded = new TextDecoder().decode(fromBase64(serverText));
      } catch {
        // keep the raw header
      }
      ctx.errors.emit({ type: 'signDebug', url: request.url, text: ctx.debugTexts.get(traceId)!, serverText: decoded });
    }
    if (!(response.headers.get('content-type') ?? '').includes('json')) return;
    let body: unknown;
    try {
      // The response is the hook's own copy (the client's hooks run under ky, which hands each hook a clone).
      body = await response.json();
    } catch {
      return;
    }
    if (!isRecord(body)) return;
    if (isSignErrorCode(body.code)) {
      ctx.errors.handle(body.code, typeof body.msg === 'string' ? body.msg : undefined, request.url, requestContext(options)?.locale);
      return;
    }
    if (!isLoginUrl(path) || !response.ok || !isSuccessCode(body.code)) return;
    const pair = ctx.snapshot().clientKey;
    if (pair) ctx.binder.afterLogin(pair, loginUserId(body));
  };
}
