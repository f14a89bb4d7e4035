import { firstItem } from './rules.js';
import type { ReferralCodes, RegistrationReferral } from './types.js';
import { readRecord } from '../validate/describe-value.js';

/** Spec §S3: the registration field each stored code is sent as. */
export const REGISTRATION_FIELD_MAP = {
  vipCode: 'registerVipNo',
  channelCode: 'registerChannel',
  clacCode: 'clacCode',
  commonCode: 'commonCode',
  groupId: 'groupId',
  actCode: 'actCode',
} as const satisfies Record<string, keyof RegistrationReferral>;

/** The registration parameters for stored codes: first item of each list, empty values left out. */
export function toRegistrationParams(codes: Partial<ReferralCodes> | undefined): RegistrationReferral {
  const out: RegistrationReferral = {};
  if (!codes) return out;
  codes = readRecord('codes', codes, 'toRegistrationParams');
  for (const [from, to] of Object.entries(REGISTRATION_FIELD_MAP) as [keyof typeof REGISTRATION_FIELD_MAP, keyof RegistrationReferral][]) {
    const value = firstItem(codes[from]);
    if (value !== undefined) out[to] = value;
  }
  return out;
}
