/** A referral value as it arrives: one string, a comma list, or several values of one query name. */
export type ReferralValue = string | readonly string[];

/** The codes a visit can carry in its URL query (spec §S3). */
export const REFERRAL_CODE_FIELDS = ['channelCode', 'vipCode', 'clacCode', 'commonCode', 'groupId', 'actCode'] as const;

export type ReferralCodeField = (typeof REFERRAL_CODE_FIELDS)[number];

/** Spec §S3: the referral codes, stored together with the link they came from and when they lapse. */
export interface ReferralCodes {
  channelCode?: ReferralValue;
  vipCode?: ReferralValue;
  clacCode?: ReferralValue;
  commonCode?: ReferralValue;
  groupId?: ReferralValue;
  actCode?: ReferralValue;
  /** The page the codes were read from. */
  currentLink: string;
  /** When the cached codes are dropped, in ms since the epoch. */
  effectiveEndTime: number;
}

/** Spec §S3: the codes sent with a registration request. */
export interface RegistrationReferral {
  registerVipNo?: string;
  registerChannel?: string;
  clacCode?: string;
  commonCode?: string;
  groupId?: string;
  actCode?: string;
}

/** A time in a config: ms since the epoch, a numeric string, or a date string; empty means unbounded. */
export type ConfigTime = number | string | null | undefined;

/** Spec §S3: one channel allowed to cache its codes. */
export interface ChannelCodeEntry {
  channelCode: string;
  /** Days to keep the codes; the global value when absent. */
  cacheEffectiveTime?: number | string | null;
  channelCodeBeginTime?: ConfigTime;
  channelCodeEndTime?: ConfigTime;
}

/** Spec §S3: one landing page whose visitors' codes are cached. */
export interface ActiveLinkEntry {
  activeLink: string;
  /** Days to keep the codes; the global value when absent. */
  cacheEffectiveTime?: number | string | null;
  activeLinkBeginTime?: ConfigTime;
  activeLinkEndTime?: ConfigTime;
}

/** Spec §S3: the referral-cache config served to the page. */
export interface ReferralCacheConfig {
  /** The global cache: when on, any code in the URL query is stored (within the cache window). */
  open: boolean;
  /** Days to keep cached codes. */
  cacheEffectiveTime?: number | string | null;
  cacheBeginTime?: ConfigTime;
  cacheEndTime?: ConfigTime;
  channelCodeList?: readonly ChannelCodeEntry[] | null;
  activeLinkList?: readonly ActiveLinkEntry[] | null;
}

/** Why a visit's codes were cached or not. */
export type ReferralDecision =
  | { store: true; rule: 'global' | 'channel' | 'active-link'; effectiveEndTime: number }
  | {
      store: false;
      reason: 'no-codes' | 'window-not-started' | 'window-ended' | 'channel-needs-vip-code' | 'not-listed' | 'no-effective-time';
    };
