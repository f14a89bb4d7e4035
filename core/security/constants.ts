// Constants of the gateway security protocol (docs/security-protocol.md). Each names its seed section.
import { RESULT_CODES } from '../catalog/result-codes.js';
import { ERROR_EVENT_DEBOUNCE_MS } from '../http/constants.js';

/** Spec §S7: the config endpoint of signing init. */
export const SIGN_CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';

/** Spec §S7: the fixed text the client key signs as `initSign`. */
export const KEY_PAIR_CHECK = 'KEY_PAIR_CHECK';

/** Spec §S7: AES key length in bytes (AES-256). */
export const AES_KEY_BYTES = 32;

/** Spec §S7: AES-CBC IV length in bytes. */
export const AES_IV_BYTES = 16;

/** Spec §S9: key generation gives up after 8 s. */
export const KEY_GENERATION_TIMEOUT_MS = 8000;

/** How long a login's key pair waits for the session token cookie to become readable (our choice; the seed is silent). */
export const KEY_BIND_WAIT_MS = 2000;

/** How often the waiting bind looks for the token. */
export const KEY_BIND_POLL_MS = 50;

/** Spec §S9: error toasts and logouts are debounced 2000 ms: the HTTP client's own debounce. */
export const SIGN_ERROR_DEBOUNCE_MS = ERROR_EVENT_DEBOUNCE_MS;

/** Spec §S8: config re-fetch after sign errors 00020/00021 waits 2 s after the last one. */
export const CONFIG_REFETCH_DEBOUNCE_MS = 2000;

/** Spec §S3, §S9: client key algorithms and their modulus sizes; rsa1024 is the default. */
export const KEY_ALGORITHM_BITS = { rsa1024: 1024, rsa2048: 2048 } as const;
export type KeyAlgorithm = keyof typeof KEY_ALGORITHM_BITS;
/** Spec §S9: default client key algorithm. */
export const DEFAULT_KEY_ALGORITHM: KeyAlgorithm = 'rsa1024';

/** Key-wrap algorithms, named as in JOSE (RFC 7518 §4.1); OAEP-SHA256 is the default (docs/security-protocol.md §5.3). */
export const KEY_WRAP_ALGORITHMS = ['RSA-OAEP-256', 'RSA1_5'] as const;
export type KeyWrapAlgorithm = (typeof KEY_WRAP_ALGORITHMS)[number];
export const DEFAULT_KEY_WRAP: KeyWrapAlgorithm = 'RSA-OAEP-256';

/** Spec §S3: login/register payload fields that move into `bodyCiphertext`. */
export const SENSITIVE_FIELDS = [
  'loginName',
  'pwd',
  'areaCode',
  'mobile',
  'email',
  'verifyCode',
  'rePwd',
  'emailVerifyCode',
  'emailCode',
  'mobileCode',
  'googleCode',
  'fidoVerifyCode',
  'serialNO',
  'userId',
  'token',
  'publicAddress',
  'signature',
  'initData',
  'id',
  'qrcodeKey',
  'sign',
] as const;

/** Spec §S7: the sub-account switch calls, encrypted even when a token and key pair exist. */
export const SUB_ACCOUNT_SWITCH_URLS = [
  '/v1/user/sub/switchLoginDemo',
  '/v1/user/sub/switchTradeDemo',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
] as const;

/** Spec §S7: the login-type URLs whose sensitive fields are encrypted (third-party paths as read in docs/security-protocol.md §5.1). */
export const LOGIN_URLS = [
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
  ...SUB_ACCOUNT_SWITCH_URLS,
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
] as const;

/** Spec §S7: the members added next to the clear fields of an encrypted login call. */
export const ENCRYPTED_MEMBERS = ['bodyCiphertext', 'algorithm', 'publicKey', 'initSign'] as const;

/** Spec §S7: core-call signing headers, plus the request headers signing reads. */
export const SIGN_HEADERS = {
  sign: 'device-sign',
  mode: 'device-sign-mode',
  dataMd5: 'device-sign-data-md5',
  key: 'device-sign-key',
  /** Debug mode only: base64 of the signed text (docs/security-protocol.md §6.5). */
  text: 'device-sign-text',
  time: 'tm',
  trace: 'uhti',
} as const;

/** Spec §S8: the response header the gateway explains sign errors in (logged). */
export const GATEWAY_SIGN_ERROR_HEADER = 'gw-sign-error';
/** Debug mode: the gateway's own signed text, base64 (docs/security-protocol.md §6.5). */
export const GATEWAY_SIGN_TEXT_HEADER = 'gw-sign-text';
/** Spec §S4: the server time header on POST responses. */
export const REQUEST_TIME_HEADER = 'request-time';
/** Spec §S7: the query that turns the debug mode on. */
export const SIGN_DEBUG_QUERY = 'sign_debug';

/** Spec §S3, §S7: device-check body fields. */
export const DEVICE_CHECK_FIELDS = {
  sign: 'userCheckDeviceSign',
  algorithm: 'lastAlgorithm',
  userIdHash: 'userCheckDeviceUserIdHash',
} as const;

/** Spec §S8: the gateway's sign error codes. */
export const SIGN_ERROR_CODES = {
  missing: RESULT_CODES.signMissing,
  modeMismatch: RESULT_CODES.signModeNotMatched,
  expired: RESULT_CODES.signExpired,
  invalid: RESULT_CODES.signInvalid,
} as const;
export type SignErrorCode = (typeof SIGN_ERROR_CODES)[keyof typeof SIGN_ERROR_CODES];

/** Spec §S8: the error-service event for signing-init failures. */
export const LOGIN_ENCRYPT_FAILED_EVENT = 'loginEncryptFailed';
/** The error-service event for sign error 00023 (spec §S8 "event reported"). */
export const SIGN_INVALID_EVENT = 'gatewaySignInvalid';

/** Spec §S3: the cookies read after a login (names are configurable). */
export const DEFAULT_COOKIE_NAMES = { refreshToken: 'refreshToken', uid: 'uid' } as const;
