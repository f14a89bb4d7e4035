import { checkDuration } from '../../validate/duration.js';
import { LOGIN_URLS, SUB_ACCOUNT_SWITCH_URLS } from '../constants.js';
import { readRecord } from '../../validate/describe-value.js';

/** Spec §S7: the device service's risk-token call (the client adds the /v1 prefix). */
export const RISK_TOKEN_PATH = '/constantid/udid/c1';
/** Spec §S4: a result of exactly this many characters is a success token. */
export const SUCCESS_TOKEN_LENGTH = 40;
/** Spec §S5: a token shorter than this is usable as it is on the header path (docs/risk-token.md). */
export const USABLE_TOKEN_MAX_LENGTH = 50;
/** Spec §S9: the refresh interval, 1200 s. */
export const RISK_TOKEN_REFRESH_INTERVAL_MS = 1_200_000;
/** Spec §S9: a token's validity, 14400 s; the recorded expiry never lies further out than this. */
export const RISK_TOKEN_VALIDITY_MS = 14_400_000;
/** Spec §S9: the success-token cookie lives 7 days. */
export const RISK_TOKEN_COOKIE_DAYS = 7;
/** Spec §S4, §S9: one retry, 1 s after a failure. */
export const RISK_TOKEN_RETRY_DELAY_MS = 1000;
/** Spec §S4, §S9: a refresh gives up waiting after 10 s (status timeout). */
export const RISK_TOKEN_REFRESH_TIMEOUT_MS = 10_000;
/** Spec §S9: how long a caller waits for the first token by default. */
export const RISK_TOKEN_INIT_WAIT_MS = 5000;

/** The cookie holding the success token and the header carrying a token (our names: the seed does not spell them). */
export const DEFAULT_RISK_TOKEN_NAMES = { cookie: 'riskToken', header: 'riskToken' } as const;

/** Error-service events for a refresh that failed or timed out (spec §S8: reported, bots stay silent). */
export const RISK_TOKEN_FAILED_EVENT = 'riskTokenFailed';
export const RISK_TOKEN_TIMEOUT_EVENT = 'riskTokenTimeout';

const THIRD_PARTY_PREFIX = '/v1/user/public/third/';

/**
 * Spec §S7 "Risk-token header attached to": exactly these API paths. The third-party routes are the same
 * reading of the seed's names under /v1/user/public/third/ as the login-encryption list (docs/security-protocol.md §5.1).
 */
export const RISK_TOKEN_URLS = [
  '/v1/user/login',
  '/v1/user/login/verify-login',
  '/v1/user/register/mobile',
  '/v1/user/register/email',
  ...SUB_ACCOUNT_SWITCH_URLS.filter(
    (url) => url === '/v1/user/sub/switLogin' || url === '/v1/user/sub/switchWeb' || url === '/v1/user/sub/switchApp',
  ),
  ...LOGIN_URLS.filter((url) => url.startsWith(THIRD_PARTY_PREFIX)),
  '/v1/user/agency/login',
  '/v1/user/security/withdraw/set-no-pwd-flag',
  '/v1/user/security/fido2/startRegister',
  '/v1/act/redPacket/createRed',
  '/v1/swap/new/web3/getSign',
  '/v1/swap/new/withDraw',
  '/v1/p2p/adv/editAdv',
  '/v1/p2p/order/confirmPutCoin',
  '/v1/p2p/adv/publishAdv',
  '/v1/p2p/user/addUserPaymethod',
  '/v1/spot/withdraw',
  '/v1/spot/query/batch/withdraw',
  '/v1/msg/verifyCode/send',
  '/v1/user/public/getQrKeyStatus',
  '/v1/user/public/pre-check',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/systemLogin',
] as const;

/** The risk token's durations, in ms. */
export interface RiskTokenDurations {
  intervalMs?: number;
  validityMs?: number;
  retryDelayMs?: number;
  refreshTimeoutMs?: number;
  initWaitMs?: number;
}

/** Throws InvalidArgumentError naming the option unless every given duration is a delay a timer honours. */
export function assertRiskTokenDurations(durations: RiskTokenDurations): void {
  durations = readRecord('durations', durations, 'assertRiskTokenDurations');
  for (const field of ['intervalMs', 'validityMs', 'retryDelayMs', 'refreshTimeoutMs', 'initWaitMs'] as const) {
    checkDuration(field, durations[field], { owner: 'risk token' });
  }
}
