export {
  SIGN_CONFIG_PATH,
  KEY_PAIR_CHECK,
  AES_KEY_BYTES,
  AES_IV_BYTES,
  KEY_GENERATION_TIMEOUT_MS,
  KEY_BIND_WAIT_MS,
  KEY_BIND_POLL_MS,
  SIGN_ERROR_DEBOUNCE_MS,
  CONFIG_REFETCH_DEBOUNCE_MS,
  KEY_ALGORITHM_BITS,
  DEFAULT_KEY_ALGORITHM,
  KEY_WRAP_ALGORITHMS,
  DEFAULT_KEY_WRAP,
  SENSITIVE_FIELDS,
  SUB_ACCOUNT_SWITCH_URLS,
  LOGIN_URLS,
  ENCRYPTED_MEMBERS,
  SIGN_HEADERS,
  GATEWAY_SIGN_ERROR_HEADER,
  GATEWAY_SIGN_TEXT_HEADER,
  REQUEST_TIME_HEADER,
  SIGN_DEBUG_QUERY,
  DEVICE_CHECK_FIELDS,
  SIGN_ERROR_CODES,
  LOGIN_ENCRYPT_FAILED_EVENT,
  SIGN_INVALID_EVENT,
  DEFAULT_COOKIE_NAMES,
} from './constants.js';
export type { KeyAlgorithm, KeyWrapAlgorithm, SignErrorCode } from './constants.js';
export { toBase64, fromBase64, toPem, fromPem, sha256Hex } from './bytes.js';
export { SigningInitError, LoginEncryptionError } from './errors.js';
export type { SigningInitFailure } from './errors.js';
export { webCryptoEngine, forgeEngine, selectRsaEngine } from './rsa-engine.js';
export type { RsaEngine, RsaEnginePreference, GeneratedKeyPair } from './rsa-engine.js';
export {
  isLoginUrl,
  isSubAccountSwitchUrl,
  isSensitiveField,
  partitionSensitive,
  computeInitSign,
  encryptSensitiveFields,
  encryptLoginParams,
} from './login-encryption.js';
export type { EncryptOptions, EncryptedMembers, LoginClientKey } from './login-encryption.js';
export { parseSignConfig, signConfigFromResponse, isSignConfig, signModeFor, DEFAULT_SIGN_MODE } from './sign-config.js';
export type { GatewaySignConfig, SignMode } from './sign-config.js';
export { verifyServerPublicKey, certificatePublicKey } from './server-key.js';
export type { VerifiedServerKey, VerifyServerKeyOptions } from './server-key.js';
export {
  SIGNED_TIME_LENGTH,
  isSignableTime,
  isSignableTraceId,
  keyIdOf,
  userIdHashOf,
  signedPayload,
  coreSignedText,
  signCoreCall,
  deviceCheckSignedText,
} from './core-signing.js';
export type { CoreCallParts, SigningKey } from './core-signing.js';
export { createClientKeyStore, obtainClientKeyPair, tokenHashOf } from './client-keys.js';
export type { ClientKeyPair, BoundKeyPair, ClientKeyStore, ObtainKeyPairOptions } from './client-keys.js';
export { createServerClock } from './server-clock.js';
export type { ServerClock } from './server-clock.js';
export { createSignErrorHandler, isSignErrorCode } from './sign-errors.js';
export type { SignErrorHandler, SignErrorHandlerOptions } from './sign-errors.js';
export type { SecurityEvent } from './security-events.js';
export { loginUserId } from './request-hooks.js';
export { createSecurity } from './security.js';
export type { Security, SecurityOptions, SecurityHooks } from './security.js';
export type { SecuritySnapshot } from './request-hooks.js';
export * from './risk-token/index.js';
export * from './fingerprint/index.js';
