import type {
  ActiveLinkEntry,
  ChannelCodeEntry,
  ConfigTime,
  ReferralCacheConfig,
  ReferralCodeField,
  ReferralDecision,
  ReferralValue,
} from './types.js';
import { REFERRAL_CODE_FIELDS } from './types.js';
import { expectString, readRecord } from '../validate/describe-value.js';

/** Spec §S9: referral cache days count 24 hours each. */
export const REFERRAL_DAY_MS = 24 * 60 * 60 * 1000;

export type QueryCodes = Partial<Record<ReferralCodeField, ReferralValue>>;

/** A config time as ms since the epoch; undefined when empty or unreadable (an unbounded side of the window). */
export function parseConfigTime(value: ConfigTime): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  // A blank text is no time: Date.parse('') is NaN.
  const trimmed = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** A day count from a config; undefined when missing, not a number, or not positive. */
export function parseDays(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  // Number() ignores surrounding spaces and reads a blank text as 0, which is not a day count.
  const days = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(days) && days > 0 ? days : undefined;
}

type WindowState = 'open' | 'not-started' | 'ended';

/** Whether a config time was given at all (null, undefined and blank mean "no bound"). */
const given = (value: ConfigTime): boolean =>
  !(value === null || value === undefined || (typeof value === 'string' && value.trim() === ''));

/**
 * Where `now` sits in a [begin, end) window; a missing side is unbounded. A side that is given but cannot
 * be read fails closed (not started, or ended): a window nobody can place is never taken as open.
 */
export function windowState(begin: ConfigTime, end: ConfigTime, now: number): WindowState {
  const from = parseConfigTime(begin);
  const to = parseConfigTime(end);
  if (from === undefined ? given(begin) : now < from) return 'not-started';
  if (to === undefined ? given(end) : now >= to) return 'ended';
  return 'open';
}

/** The first item of an array or comma list, trimmed; undefined when that item is empty. */
export function firstItem(value: ReferralValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const head = typeof value === 'string' ? value : value[0];
  const first = head?.split(',')[0]!.trim();
  return first ? first : undefined;
}

/** The referral codes present in a URL's query: a name given several times keeps all its values. */
export function readQueryCodes(url: string): QueryCodes {
  let params: URLSearchParams;
  try {
    params = new URL(url, 'http://localhost/').searchParams;
  } catch {
    return {};
  }
  const out: QueryCodes = {};
  for (const field of REFERRAL_CODE_FIELDS) {
    const values = params.getAll(field).filter((v) => v.trim() !== '');
    if (values.length === 1) out[field] = values[0] as string;
    else if (values.length > 1) out[field] = values;
  }
  return out;
}

/** Whether a visit carries at least one referral code. */
export function hasCodes(codes: QueryCodes): boolean {
  return REFERRAL_CODE_FIELDS.some((field) => firstItem(codes[field]) !== undefined);
}

/** A URL's path without trailing slashes (the root is ''), for comparing one with another. */
function pathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

/**
 * Whether the current link is the entry's landing page: the same path (trailing slash ignored, query and
 * fragment ignored) and, when the entry names a host, the same host.
 */
export function linkMatches(currentLink: string, activeLink: string): boolean {
  const entry = activeLink.trim();
  if (entry === '') return false;
  let current: URL;
  try {
    current = new URL(currentLink, 'http://localhost/');
  } catch {
    return false;
  }
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.startsWith('//');
  let target: URL;
  try {
    target = new URL(entry.startsWith('/') || absolute ? entry : `/${entry}`, current);
  } catch {
    return false;
  }
  if (absolute && target.host !== current.host) return false;
  return pathOf(target) === pathOf(current);
}

/** The end time from the first day count given; undefined when none is given or it rounds to no time at all. */
function endTime(now: number, ...days: (number | string | null | undefined)[]): number | undefined {
  for (const d of days) {
    const parsed = parseDays(d);
    if (parsed === undefined) continue;
    const end = now + parsed * REFERRAL_DAY_MS;
    return end > now ? end : undefined;
  }
  return undefined;
}

function stored(rule: 'global' | 'channel' | 'active-link', effectiveEndTime: number | undefined): ReferralDecision {
  return effectiveEndTime === undefined ? { store: false, reason: 'no-effective-time' } : { store: true, rule, effectiveEndTime };
}

/**
 * Decides whether a visit's codes are cached, and until when (spec §S5): nothing outside the global cache
 * window; inside it, any code when the cache is open, otherwise a listed channel (with its vipCode) or a
 * listed landing page, each also within its own window, for its own days (the global days when it gives none).
 */
export function decideReferralCache(codes: QueryCodes, currentLink: string, config: ReferralCacheConfig, now: number): ReferralDecision {
  config = readRecord('config', config, 'decideReferralCache');
  codes = readRecord('codes', codes, 'decideReferralCache');
  expectString('currentLink', currentLink, 'decideReferralCache');
  if (!hasCodes(codes)) return { store: false, reason: 'no-codes' };
  // Spec §S5: "cached only if the cache window has started and not ended" — the global window bounds
  // every rule, the channel and link rules of a closed cache included.
  const global = windowState(config.cacheBeginTime, config.cacheEndTime, now);
  if (global === 'not-started') return { store: false, reason: 'window-not-started' };
  if (global === 'ended') return { store: false, reason: 'window-ended' };
  if (config.open) return stored('global', endTime(now, config.cacheEffectiveTime));
  let closed: 'window-not-started' | 'window-ended' | undefined;
  const channel = firstItem(codes.channelCode);
  const vip = firstItem(codes.vipCode);
  let missingVip = false;
  if (channel !== undefined) {
    // Stryker disable next-line ArrayDeclaration: a stand-in entry that is not an object has no channelCode and is filtered out.
    const entries = (config.channelCodeList ?? []).filter((e: ChannelCodeEntry) => e.channelCode?.trim() === channel);
    missingVip = entries.length > 0 && vip === undefined;
    for (const entry of missingVip ? [] : entries) {
      const state = windowState(entry.channelCodeBeginTime, entry.channelCodeEndTime, now);
      if (state === 'open') return stored('channel', endTime(now, entry.cacheEffectiveTime, config.cacheEffectiveTime));
      closed ??= state === 'not-started' ? 'window-not-started' : 'window-ended';
    }
  }
  // Stryker disable next-line ArrayDeclaration: a stand-in entry that is not an object has no activeLink and is filtered out.
  const links = (config.activeLinkList ?? []).filter(
    (e: ActiveLinkEntry) => typeof e.activeLink === 'string' && linkMatches(currentLink, e.activeLink),
  );
  for (const entry of links) {
    const state = windowState(entry.activeLinkBeginTime, entry.activeLinkEndTime, now);
    if (state === 'open') return stored('active-link', endTime(now, entry.cacheEffectiveTime, config.cacheEffectiveTime));
    closed ??= state === 'not-started' ? 'window-not-started' : 'window-ended';
  }
  if (closed) return { store: false, reason: closed };
  return { store: false, reason: missingVip ? 'channel-needs-vip-code' : 'not-listed' };
}
