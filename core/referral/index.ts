export { createReferralCache, REFERRAL_STORAGE_KEY } from './referral-cache.js';
export type { ReferralCache, ReferralCacheOptions } from './referral-cache.js';
export { decideReferralCache, readQueryCodes, REFERRAL_DAY_MS } from './rules.js';
export type { QueryCodes } from './rules.js';
export { toRegistrationParams, REGISTRATION_FIELD_MAP } from './registration.js';
export { REFERRAL_CODE_FIELDS } from './types.js';
export type {
  ActiveLinkEntry,
  ChannelCodeEntry,
  ConfigTime,
  ReferralCacheConfig,
  ReferralCodeField,
  ReferralCodes,
  ReferralDecision,
  ReferralValue,
  RegistrationReferral,
} from './types.js';
