export {
  RISK_TOKEN_PATH,
  SUCCESS_TOKEN_LENGTH,
  USABLE_TOKEN_MAX_LENGTH,
  RISK_TOKEN_REFRESH_INTERVAL_MS,
  RISK_TOKEN_VALIDITY_MS,
  RISK_TOKEN_COOKIE_DAYS,
  RISK_TOKEN_RETRY_DELAY_MS,
  RISK_TOKEN_REFRESH_TIMEOUT_MS,
  RISK_TOKEN_INIT_WAIT_MS,
  DEFAULT_RISK_TOKEN_NAMES,
  RISK_TOKEN_FAILED_EVENT,
  RISK_TOKEN_TIMEOUT_EVENT,
  RISK_TOKEN_URLS,
  assertRiskTokenDurations,
} from './constants.js';
export type { RiskTokenDurations } from './constants.js';
export { classifyRiskToken, isRiskTokenDue, createRiskTokenStore } from './risk-token-store.js';
export type { RiskTokenKind, StoredRiskToken, RiskTokenStore, RiskTokenStoreOptions } from './risk-token-store.js';
export { riskTokenSchedule$ } from './schedule.js';
export type { RiskTokenTick } from './schedule.js';
export { deviceServiceFetcher, deviceAnswerToken, bareDeviceAnswer } from './fetch-token.js';
export type { RiskTokenFetcher, DeviceServiceClient } from './fetch-token.js';
export { riskTokenHeaderHook, isUsableRiskToken } from './header-hook.js';
export type { RiskTokenSource, RiskTokenHeaderOptions } from './header-hook.js';
