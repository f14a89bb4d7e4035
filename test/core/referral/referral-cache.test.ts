import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createStore } from '../../../core/storage/namespaced-store.js';
import {
  createReferralCache,
  decideReferralCache,
  readQueryCodes,
  REFERRAL_DAY_MS,
  REFERRAL_STORAGE_KEY,
  toRegistrationParams,
} from '../../../core/referral/index.js';
import { firstItem, linkMatches, parseConfigTime } from '../../../core/referral/rules.js';
import type { ReferralCacheConfig, ReferralDecision } from '../../../core/referral/index.js';
import { inputClasses } from '../../support/input-classes.js';

const DAY = REFERRAL_DAY_MS;
const T0 = Date.UTC(2026, 0, 10);
const LANDING = 'https://www.example.com/en/events/spring';

const closed: ReferralCacheConfig = { open: false, cacheEffectiveTime: 7, channelCodeList: [], activeLinkList: [] };

function setup(href = 'https://www.example.com/en/register?vipCode=V1&channelCode=C1') {
  const platform = memoryPlatform({ now: T0, href });
  return { platform, cache: createReferralCache(platform) };
}

describe('referral codes — spec §S3 fields and registration mapping', () => {
  it('stores channelCode, vipCode, clacCode, commonCode, groupId, actCode, currentLink and effectiveEndTime together', () => {
    const href = 'https://x.test/a?channelCode=C&vipCode=V&clacCode=L&commonCode=M&groupId=G&actCode=A&other=1';
    const { cache } = setup(href);
    cache.capture({ open: true, cacheEffectiveTime: 3 });
    expect(cache.current()).toEqual({
      channelCode: 'C',
      vipCode: 'V',
      clacCode: 'L',
      commonCode: 'M',
      groupId: 'G',
      actCode: 'A',
      currentLink: href,
      effectiveEndTime: T0 + 3 * DAY,
    });
  });

  it('is kept in the common storage area', () => {
    const { platform, cache } = setup();
    cache.capture({ open: true, cacheEffectiveTime: 1 });
    expect(createStore(platform, 'common').get<unknown>(REFERRAL_STORAGE_KEY, null)).toMatchObject({ vipCode: 'V1', channelCode: 'C1' });
  });

  it('is sent on registration as registerVipNo, registerChannel, clacCode, commonCode, groupId, actCode', () => {
    expect(toRegistrationParams({ vipCode: 'V', channelCode: 'C', clacCode: 'L', commonCode: 'M', groupId: 'G', actCode: 'A' })).toEqual({
      registerVipNo: 'V',
      registerChannel: 'C',
      clacCode: 'L',
      commonCode: 'M',
      groupId: 'G',
      actCode: 'A',
    });
  });

  it('"if a value is a comma list or array the first item is taken"', () => {
    expect(toRegistrationParams({ vipCode: 'V1,V2', channelCode: ['C1', 'C2'], groupId: [' G1 , G9', 'G2'] })).toEqual({
      registerVipNo: 'V1',
      registerChannel: 'C1',
      groupId: 'G1',
    });
    expect(firstItem(',x')).toBeUndefined();
    expect(firstItem([])).toBeUndefined();
  });

  it('leaves empty codes out of the registration parameters', () => {
    expect(toRegistrationParams({ vipCode: '', actCode: '  ' })).toEqual({});
    expect(toRegistrationParams(undefined)).toEqual({});
  });

  it('keeps every value of a query name given twice, and registration takes the first', () => {
    const { cache } = setup('https://x.test/?vipCode=A&vipCode=B');
    cache.capture({ open: true, cacheEffectiveTime: 1 });
    expect(cache.current()?.vipCode).toEqual(['A', 'B']);
    expect(cache.registrationParams()).toEqual({ registerVipNo: 'A' });
  });

  it('reads only non-empty referral names from the query', () => {
    expect(readQueryCodes('https://x.test/?vipCode=&actCode=A&foo=1')).toEqual({ actCode: 'A' });
    expect(readQueryCodes('/relative?groupId=7')).toEqual({ groupId: '7' });
  });
});

describe('"With the global cache open, any code in the URL query is stored"', () => {
  it('stores a lone actCode without a channel list', () => {
    const { cache } = setup('https://x.test/anything?actCode=A');
    expect(cache.capture({ open: true, cacheEffectiveTime: 2 })).toEqual({ store: true, rule: 'global', effectiveEndTime: T0 + 2 * DAY });
    expect(cache.registrationParams()).toEqual({ actCode: 'A' });
  });

  it('stores a channel code without its vipCode', () => {
    const { cache } = setup('https://x.test/?channelCode=C');
    cache.capture({ open: true, cacheEffectiveTime: 2 });
    expect(cache.registrationParams()).toEqual({ registerChannel: 'C' });
  });

  it('stores nothing when the query has no code', () => {
    const { cache } = setup('https://x.test/?foo=1');
    expect(cache.capture({ open: true, cacheEffectiveTime: 2 })).toEqual({ store: false, reason: 'no-codes' });
    expect(cache.current()).toBeUndefined();
  });

  it('keeps the earlier codes when a later visit carries none', () => {
    const { platform, cache } = setup('https://x.test/?vipCode=V');
    cache.capture({ open: true, cacheEffectiveTime: 2 });
    cache.capture({ open: true, cacheEffectiveTime: 2 }, 'https://x.test/markets');
    platform.advance(DAY);
    expect(cache.current()?.vipCode).toBe('V');
  });

  it('replaces the earlier codes with a later qualifying visit', () => {
    const { cache } = setup('https://x.test/?vipCode=V');
    cache.capture({ open: true, cacheEffectiveTime: 2 });
    cache.capture({ open: true, cacheEffectiveTime: 2 }, 'https://x.test/?actCode=A');
    expect(cache.current()).toMatchObject({ actCode: 'A' });
    expect(cache.current()?.vipCode).toBeUndefined();
  });
});

describe('"cached only if the cache window has started and not ended"', () => {
  it('reads config times as epoch ms, numeric strings or date strings; empty is unbounded', () => {
    expect(parseConfigTime(5)).toBe(5);
    expect(parseConfigTime(' 7 ')).toBe(7);
    expect(parseConfigTime('2026-01-10T00:00:00Z')).toBe(T0);
    expect(parseConfigTime('')).toBeUndefined();
    expect(parseConfigTime(null)).toBeUndefined();
    expect(parseConfigTime('soon')).toBeUndefined();
  });

  it('refuses before cacheBeginTime', () => {
    const { cache } = setup();
    expect(cache.capture({ open: true, cacheEffectiveTime: 1, cacheBeginTime: T0 + 1 })).toEqual({
      store: false,
      reason: 'window-not-started',
    });
    expect(cache.current()).toBeUndefined();
  });

  it('accepts from cacheBeginTime on', () => {
    const { cache } = setup();
    expect(cache.capture({ open: true, cacheEffectiveTime: 1, cacheBeginTime: T0, cacheEndTime: T0 + 1 }).store).toBe(true);
  });

  it('refuses from cacheEndTime on', () => {
    const { platform, cache } = setup();
    const config = { open: true, cacheEffectiveTime: 1, cacheBeginTime: T0 - DAY, cacheEndTime: T0 + 1000 };
    platform.advance(1000);
    expect(cache.capture(config)).toEqual({ store: false, reason: 'window-ended' });
  });

  it('reads window times given as numeric or date strings', () => {
    const { cache } = setup();
    expect(cache.capture({ open: true, cacheEffectiveTime: '1', cacheBeginTime: String(T0 + 5) }).store).toBe(false);
    expect(cache.capture({ open: true, cacheEffectiveTime: '1', cacheEndTime: '2026-01-09T00:00:00Z' })).toEqual({
      store: false,
      reason: 'window-ended',
    });
    expect(cache.capture({ open: true, cacheEffectiveTime: '1', cacheBeginTime: '', cacheEndTime: null }).store).toBe(true);
  });

  it('a channel entry caches only inside its own window', () => {
    const entry = { channelCode: 'C1', channelCodeBeginTime: T0 + DAY, channelCodeEndTime: T0 + 3 * DAY };
    const { platform, cache } = setup();
    const config = { ...closed, channelCodeList: [entry] };
    expect(cache.capture(config)).toEqual({ store: false, reason: 'window-not-started' });
    platform.advance(DAY);
    expect(cache.capture(config).store).toBe(true);
    cache.clear();
    platform.advance(2 * DAY);
    expect(cache.capture(config)).toEqual({ store: false, reason: 'window-ended' });
    expect(cache.current()).toBeUndefined();
  });

  it('an active-link entry caches only inside its own window', () => {
    const { cache } = setup(`${LANDING}?actCode=A`);
    const entry = { activeLink: LANDING, activeLinkBeginTime: T0 - 2 * DAY, activeLinkEndTime: T0 - DAY };
    expect(cache.capture({ ...closed, activeLinkList: [entry] })).toEqual({ store: false, reason: 'window-ended' });
  });
});

describe('"a cached code is dropped past its end time" (24 h per day)', () => {
  it('keeps the codes until cacheEffectiveTime days of 24 h have passed, then drops them', () => {
    const { platform, cache } = setup();
    cache.capture({ open: true, cacheEffectiveTime: 2 });
    platform.advance(2 * DAY - 1);
    expect(cache.current()?.vipCode).toBe('V1');
    platform.advance(1);
    expect(cache.current()).toBeUndefined();
    expect(cache.registrationParams()).toEqual({});
    expect(createStore(platform, 'common').keys()).not.toContain(REFERRAL_STORAGE_KEY);
  });

  it('uses the entry’s own days before the global days', () => {
    const { cache } = setup();
    const decision = cache.capture({ ...closed, cacheEffectiveTime: 30, channelCodeList: [{ channelCode: 'C1', cacheEffectiveTime: 1 }] });
    expect(decision).toEqual({ store: true, rule: 'channel', effectiveEndTime: T0 + DAY });
  });

  it('falls back to the global days when the entry gives none, and caches nothing without any', () => {
    const { cache } = setup();
    expect(cache.capture({ ...closed, cacheEffectiveTime: 4, channelCodeList: [{ channelCode: 'C1' }] })).toMatchObject({
      effectiveEndTime: T0 + 4 * DAY,
    });
    cache.clear();
    expect(cache.capture({ open: true })).toEqual({ store: false, reason: 'no-effective-time' });
    expect(cache.capture({ open: true, cacheEffectiveTime: 0 })).toEqual({ store: false, reason: 'no-effective-time' });
    expect(cache.current()).toBeUndefined();
  });

  it('drops a stored record whose own end time has passed even if the storage entry has no expiry', () => {
    const { platform, cache } = setup();
    createStore(platform, 'common').set(REFERRAL_STORAGE_KEY, { vipCode: 'V', currentLink: '/', effectiveEndTime: T0 - 1 });
    expect(cache.current()).toBeUndefined();
  });

  it('ignores a stored record of the wrong shape', () => {
    const { platform, cache } = setup();
    createStore(platform, 'common').set(REFERRAL_STORAGE_KEY, { vipCode: 5, currentLink: '/', effectiveEndTime: T0 + DAY });
    expect(cache.current()).toBeUndefined();
  });
});

describe('"Otherwise a channel code needs its vipCode and must be in the channel list"', () => {
  const config: ReferralCacheConfig = { ...closed, channelCodeList: [{ channelCode: 'C1', cacheEffectiveTime: 5 }] };

  it('stores a listed channel code that comes with its vipCode', () => {
    const { cache } = setup();
    expect(cache.capture(config)).toEqual({ store: true, rule: 'channel', effectiveEndTime: T0 + 5 * DAY });
    expect(cache.registrationParams()).toEqual({ registerVipNo: 'V1', registerChannel: 'C1' });
  });

  it('refuses a listed channel code without a vipCode', () => {
    const { cache } = setup('https://x.test/?channelCode=C1');
    expect(cache.capture(config)).toEqual({ store: false, reason: 'channel-needs-vip-code' });
    expect(cache.current()).toBeUndefined();
  });

  it('refuses a channel code that is not listed', () => {
    const { cache } = setup('https://x.test/?channelCode=C9&vipCode=V');
    expect(cache.capture(config)).toEqual({ store: false, reason: 'not-listed' });
  });

  it('matches the first item of a comma-listed channel code', () => {
    const { cache } = setup('https://x.test/?channelCode=C1,C2&vipCode=V');
    expect(cache.capture(config).store).toBe(true);
  });

  it('refuses a vipCode alone when the cache is closed and the page is not an active link', () => {
    const { cache } = setup('https://x.test/?vipCode=V');
    expect(cache.capture(config)).toEqual({ store: false, reason: 'not-listed' });
  });
});

describe('"or the current link must match an active-link entry"', () => {
  const config: ReferralCacheConfig = { ...closed, activeLinkList: [{ activeLink: LANDING, cacheEffectiveTime: 10 }] };

  it('stores any code read on a listed landing page', () => {
    const { cache } = setup(`${LANDING}?actCode=A&groupId=G`);
    expect(cache.capture(config)).toEqual({ store: true, rule: 'active-link', effectiveEndTime: T0 + 10 * DAY });
    expect(cache.registrationParams()).toEqual({ actCode: 'A', groupId: 'G' });
  });

  it('stores an unlisted channel without vipCode when the link matches', () => {
    const { cache } = setup(`${LANDING}/?channelCode=C9`);
    expect(cache.capture(config).store).toBe(true);
  });

  it('refuses the same codes on another page', () => {
    const { cache } = setup('https://www.example.com/en/events/autumn?actCode=A');
    expect(cache.capture(config)).toEqual({ store: false, reason: 'not-listed' });
  });

  it('matches on host and path, ignoring query, fragment and a trailing slash; a path entry matches any host', () => {
    expect(linkMatches(`${LANDING}/?a=1#top`, LANDING)).toBe(true);
    expect(linkMatches('https://evil.test/en/events/spring', LANDING)).toBe(false);
    expect(linkMatches('https://any.test/en/events/spring?x', '/en/events/spring')).toBe(true);
    expect(linkMatches('https://any.test/en/events/spring', 'en/events/spring/')).toBe(true);
    expect(linkMatches('https://any.test/en/events', '/en/events/spring')).toBe(false);
    expect(linkMatches('https://any.test/', '')).toBe(false);
  });
});

// Random configs and clocks: whatever the config and however time moves, the cache never hands out codes
// past their end time, and never stores outside a window it was told about.
const time = fc.integer({ min: T0 - 30 * DAY, max: T0 + 30 * DAY });
const days = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -2, max: 40 }),
  fc.double({ min: 0, max: 5, noNaN: true }),
  fc.constantFrom('1', '0.5', 'x', ''),
);
// No bound at all is as common as each written form, so the rules after the window are reached as often.
const maybeTime = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.constant(null),
  time,
  time.map(String),
  time.map((t) => new Date(t).toISOString()),
);
const code = fc.constantFrom('C1', 'C2', 'C3');
const configArb: fc.Arbitrary<ReferralCacheConfig> = fc.record({
  open: fc.boolean(),
  cacheEffectiveTime: days,
  cacheBeginTime: maybeTime,
  cacheEndTime: maybeTime,
  channelCodeList: fc.array(
    fc.record({ channelCode: code, cacheEffectiveTime: days, channelCodeBeginTime: maybeTime, channelCodeEndTime: maybeTime }),
    { maxLength: 3 },
  ),
  activeLinkList: fc.array(
    fc.record({
      activeLink: fc.constantFrom('/l1', '/l2', 'https://x.test/l1'),
      cacheEffectiveTime: days,
      activeLinkBeginTime: maybeTime,
      activeLinkEndTime: maybeTime,
    }),
    { maxLength: 3 },
  ),
});
const urlArb = fc
  .record({
    path: fc.constantFrom('/l1', '/l2', '/other'),
    // Each code is left out one time in three (a link with no code at all is then one in 27).
    channel: fc.option(code, { nil: undefined, freq: 2 }),
    vip: fc.option(fc.constantFrom('V', 'V,W'), { nil: undefined, freq: 2 }),
    act: fc.option(fc.constant('A'), { nil: undefined, freq: 2 }),
  })
  .map(({ path, channel, vip, act }) => {
    const q = new URLSearchParams();
    if (channel) q.set('channelCode', channel);
    if (vip) q.set('vipCode', vip);
    if (act) q.set('actCode', act);
    return `https://x.test${path}?${q.toString()}`;
  });

describe('property: nothing is ever returned past its end time', () => {
  it('holds over random configs, visits and clock moves', () => {
    const drawn = inputClasses<{ stored: boolean; current: boolean }>({
      'a visit that stores a code': ({ stored }) => stored,
      'a code still held after time passed': ({ current }) => current,
      'a code gone once its time passed': ({ stored, current }) => stored && !current,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(configArb, urlArb, fc.integer({ min: 0, max: 40 * DAY })), { minLength: 1, maxLength: 6 }),
        time,
        (visits, start) => {
          const platform = memoryPlatform({ now: start });
          const cache = createReferralCache(platform);
          for (const [config, url, wait] of visits) {
            const decision = cache.capture(config, url);
            if (decision.store) expect(decision.effectiveEndTime).toBeGreaterThan(platform.clock.now());
            platform.advance(wait);
            const current = cache.current();
            drawn.see({ stored: decision.store, current: current !== undefined && current !== null });
            if (current) expect(current.effectiveEndTime).toBeGreaterThan(platform.clock.now());
          }
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('a decision to store always lies inside the window that allowed it', () => {
    // Every rule that stores, and every reason not to, is reached.
    const outcomes = ['global', 'channel', 'active-link'].map((rule) => [`stored by the ${rule} rule`, rule] as const);
    const reasons = ['no-codes', 'window-not-started', 'window-ended', 'channel-needs-vip-code', 'not-listed', 'no-effective-time'];
    const drawn = inputClasses<ReferralDecision>({
      ...Object.fromEntries(outcomes.map(([name, rule]) => [name, (d: ReferralDecision) => d.store && d.rule === rule])),
      ...Object.fromEntries(reasons.map((reason) => [`not stored: ${reason}`, (d: ReferralDecision) => !d.store && d.reason === reason])),
    });
    fc.assert(
      fc.property(configArb, urlArb, time, (config, url, now) => {
        const decision = decideReferralCache(readQueryCodes(url), url, config, now);
        drawn.see(decision);
        if (decision.store && decision.rule === 'global') {
          const begin = parseConfigTime(config.cacheBeginTime) ?? -Infinity;
          const end = parseConfigTime(config.cacheEndTime) ?? Infinity;
          expect(now).toBeGreaterThanOrEqual(begin);
          expect(now).toBeLessThan(end);
        }
        if (decision.store && !config.open && decision.rule === 'channel') expect(new URL(url).searchParams.get('vipCode')).toBeTruthy();
      }),
      { numRuns: 3000 },
    );
    drawn.expectEachDrawn(2);
  });
});

// Issue 19 (spec §S4/§S9, §S5): the global cache window bounds every rule — with the cache flag off, a
// channel or link rule that would match stores nothing outside it. Edges are exact: [begin, end).
describe('the global window bounds every rule, at its exact edges', () => {
  const BEGIN = T0;
  const END = T0 + 5 * DAY;
  const CHANNEL_URL = 'https://www.example.com/en/register?vipCode=V1&channelCode=C1';
  const LINK_URL = `${LANDING}?actCode=A`;
  // Each rule on its own, with its own window wide open, inside a global window [BEGIN, END).
  const rules: Array<[string, ReferralCacheConfig, string, 'global' | 'channel' | 'active-link']> = [
    ['cache open (any code)', { open: true, cacheEffectiveTime: 1, cacheBeginTime: BEGIN, cacheEndTime: END }, CHANNEL_URL, 'global'],
    [
      'cache off, channel rule',
      {
        ...closed,
        cacheBeginTime: BEGIN,
        cacheEndTime: END,
        channelCodeList: [{ channelCode: 'C1', channelCodeBeginTime: T0 - 30 * DAY, channelCodeEndTime: T0 + 30 * DAY }],
      },
      CHANNEL_URL,
      'channel',
    ],
    [
      'cache off, active-link rule',
      {
        ...closed,
        cacheBeginTime: BEGIN,
        cacheEndTime: END,
        activeLinkList: [{ activeLink: LANDING, activeLinkBeginTime: null, activeLinkEndTime: null }],
      },
      LINK_URL,
      'active-link',
    ],
  ];
  const edges: Array<[string, number, false | 'window-not-started' | 'window-ended']> = [
    ['1 ms before the start', BEGIN - 1, 'window-not-started'],
    ['exactly at the start', BEGIN, false],
    ['1 ms after the start', BEGIN + 1, false],
    ['1 ms before the end', END - 1, false],
    ['exactly at the end', END, 'window-ended'],
    ['1 ms after the end', END + 1, 'window-ended'],
  ];
  for (const [rule, config, url, name] of rules) {
    it.each(edges)(`${rule}: %s`, (_edge, now, refused) => {
      const platform = memoryPlatform({ now, href: url });
      const cache = createReferralCache(platform);
      const decision = cache.capture(config);
      if (refused) {
        expect(decision).toEqual({ store: false, reason: refused });
        expect(cache.current()).toBeUndefined();
        expect(createStore(platform, 'common').get(REFERRAL_STORAGE_KEY, undefined)).toBeUndefined();
      } else {
        expect(decision).toEqual({ store: true, rule: name, effectiveEndTime: now + DAY * (name === 'global' ? 1 : 7) });
        expect(cache.current()).toMatchObject({ currentLink: url, effectiveEndTime: now + DAY * (name === 'global' ? 1 : 7) });
      }
    });
  }

  it('window times given as date strings have the same edges', () => {
    const config = {
      ...closed,
      cacheBeginTime: new Date(BEGIN).toISOString(),
      cacheEndTime: new Date(END).toISOString(),
      activeLinkList: [{ activeLink: LANDING }],
    };
    expect(decideReferralCache(readQueryCodes(LINK_URL), LINK_URL, config, BEGIN - 1)).toEqual({
      store: false,
      reason: 'window-not-started',
    });
    expect(decideReferralCache(readQueryCodes(LINK_URL), LINK_URL, config, BEGIN).store).toBe(true);
    expect(decideReferralCache(readQueryCodes(LINK_URL), LINK_URL, config, END - 1).store).toBe(true);
    expect(decideReferralCache(readQueryCodes(LINK_URL), LINK_URL, config, END)).toEqual({ store: false, reason: 'window-ended' });
  });

  it.each([
    ['begin', { cacheBeginTime: 'soon' }, 'window-not-started'],
    ['end', { cacheEndTime: 'later' }, 'window-ended'],
    ['begin (NaN)', { cacheBeginTime: Number.NaN }, 'window-not-started'],
  ])('a global %s that cannot be read fails closed', (_side, times, reason) => {
    const config = { open: true, cacheEffectiveTime: 1, ...times };
    expect(decideReferralCache(readQueryCodes(LINK_URL), LINK_URL, config, T0)).toEqual({ store: false, reason });
  });

  it('property: nothing is stored outside the global window, whatever the flag and rules', () => {
    const drawn = inputClasses<{ decision: ReferralDecision; config: ReferralCacheConfig }>({
      'stored inside a window with both bounds': ({ decision, config }) =>
        decision.store && parseConfigTime(config.cacheBeginTime) !== undefined && parseConfigTime(config.cacheEndTime) !== undefined,
      'stored with no window': ({ decision, config }) =>
        decision.store && parseConfigTime(config.cacheBeginTime) === undefined && parseConfigTime(config.cacheEndTime) === undefined,
      'refused by the window': ({ decision }) =>
        !decision.store && (decision.reason === 'window-ended' || decision.reason === 'window-not-started'),
    });
    // Any config at any time, and configs whose window was drawn around the moment (its edges included).
    const edge = (span: number) => fc.oneof(fc.constant(0), fc.integer({ min: -span, max: span }));
    const windowAround = fc
      .tuple(configArb, time, edge(3 * DAY), edge(3 * DAY))
      .map(([config, now, from, to]) => [{ ...config, cacheBeginTime: now + from, cacheEndTime: now + to }, now] as const);
    const configAndNow = fc.oneof(fc.tuple(configArb, time), windowAround);
    fc.assert(
      fc.property(configAndNow, urlArb, ([config, now], url) => {
        const decision = decideReferralCache(readQueryCodes(url), url, config, now);
        drawn.see({ decision, config });
        if (!decision.store) return;
        const begin = parseConfigTime(config.cacheBeginTime);
        const end = parseConfigTime(config.cacheEndTime);
        if (begin !== undefined) expect(now).toBeGreaterThanOrEqual(begin);
        if (end !== undefined) expect(now).toBeLessThan(end);
      }),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(5);
  });
});
