// The referral rules' pieces on their own: how config times and day counts are read, where a time sits in a
// window, how a value's first item and a URL's codes are read, when a link matches a landing page, each reason a
// visit is not cached, the registration mapping, and the cache's options and refusals.
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createStore } from '../../../core/storage/namespaced-store.js';
import { createReferralCache, REFERRAL_STORAGE_KEY, REGISTRATION_FIELD_MAP, toRegistrationParams } from '../../../core/referral/index.js';
import {
  decideReferralCache,
  firstItem,
  hasCodes,
  linkMatches,
  parseConfigTime,
  parseDays,
  readQueryCodes,
  REFERRAL_DAY_MS,
  windowState,
} from '../../../core/referral/rules.js';
import { REFERRAL_CODE_FIELDS } from '../../../core/referral/types.js';
import type { ReferralCacheConfig } from '../../../core/referral/index.js';

const invalid = (field: string) => expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field }) });
const T0 = Date.UTC(2026, 0, 10);
const closed: ReferralCacheConfig = { open: false, cacheEffectiveTime: 7 };

describe('the constants', () => {
  it('a referral day is 24 hours; the codes are the six of the seed; the registration names', () => {
    expect(REFERRAL_DAY_MS).toBe(86_400_000);
    expect(REFERRAL_CODE_FIELDS).toEqual(['channelCode', 'vipCode', 'clacCode', 'commonCode', 'groupId', 'actCode']);
    expect(REGISTRATION_FIELD_MAP).toEqual({
      vipCode: 'registerVipNo',
      channelCode: 'registerChannel',
      clacCode: 'clacCode',
      commonCode: 'commonCode',
      groupId: 'groupId',
      actCode: 'actCode',
    });
    expect(REFERRAL_STORAGE_KEY).toBe('referral-codes');
  });
});

describe('parseConfigTime and parseDays', () => {
  it.each([
    [undefined, undefined],
    [0, 0],
    [-5, -5],
    [Infinity, undefined],
    [Number.NaN, undefined],
    ['   ', undefined],
    ['-12', -12],
    ['1.5', 1.5],
    ['1.', Date.parse('1.')],
    ['12abc', undefined],
    ['abc12', undefined],
    ['1.25', 1.25],
  ])('config time %j reads as %j', (value, expected) => {
    expect(parseConfigTime(value as never)).toBe(expected);
  });

  it.each([
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    [0, undefined],
    [-1, undefined],
    ['0', undefined],
    [0.5, 0.5],
    [' 3 ', 3],
    ['x', undefined],
    [Infinity, undefined],
    ['  ', undefined],
  ])('day count %j reads as %j', (value, expected) => {
    expect(parseDays(value as never)).toBe(expected);
  });
});

describe('windowState: [begin, end)', () => {
  it('unbounded sides are open; the begin is inside and the end outside', () => {
    expect(windowState(undefined, null, 5)).toBe('open');
    expect(windowState('', ' ', 5)).toBe('open');
    expect(windowState(5, 10, 4)).toBe('not-started');
    expect(windowState(5, 10, 5)).toBe('open');
    expect(windowState(5, 10, 9)).toBe('open');
    expect(windowState(5, 10, 10)).toBe('ended');
    expect(windowState(undefined, 10, -1e15)).toBe('open');
    expect(windowState(5, undefined, 1e15)).toBe('open');
  });

  it('a side that is given but unreadable fails closed', () => {
    expect(windowState('soon', undefined, T0)).toBe('not-started');
    expect(windowState(undefined, 'later', T0)).toBe('ended');
    expect(windowState(Number.NaN, undefined, T0)).toBe('not-started');
  });
});

describe('firstItem and readQueryCodes', () => {
  it('the first item of a list or comma list, trimmed; an empty one is none', () => {
    expect(firstItem(undefined)).toBeUndefined();
    expect(firstItem(' a , b')).toBe('a');
    expect(firstItem(['x,y', 'z'])).toBe('x');
    expect(firstItem([])).toBeUndefined();
    expect(firstItem(' , b')).toBeUndefined();
    expect(firstItem('')).toBeUndefined();
  });

  it('reads each code of the query, blank ones left out; an unreadable URL has none', () => {
    expect(readQueryCodes('/r?channelCode=C&vipCode=%20&groupId=G&groupId=H&actCode=A&commonCode=M&clacCode=L&other=1')).toEqual({
      channelCode: 'C',
      groupId: ['G', 'H'],
      actCode: 'A',
      commonCode: 'M',
      clacCode: 'L',
    });
    expect(readQueryCodes('http://[bad')).toEqual({});
  });

  it('hasCodes needs one code with a first item', () => {
    expect(hasCodes({})).toBe(false);
    expect(hasCodes({ actCode: ' ' })).toBe(false);
    expect(hasCodes({ groupId: [''] })).toBe(false);
    expect(hasCodes({ groupId: 'G' })).toBe(true);
  });
});

describe('linkMatches', () => {
  it('an empty entry never matches; nor does an unreadable link', () => {
    expect(linkMatches('https://x.test/a', '  ')).toBe(false);
    expect(linkMatches('https://x.test/', '')).toBe(false);
    expect(linkMatches('http://[bad', '/a')).toBe(false);
    expect(linkMatches('https://x.test/a', 'http://[bad')).toBe(false);
  });

  it('a path entry matches on any host, with or without its leading slash, trailing slashes ignored', () => {
    expect(linkMatches('https://x.test/en/spring/?q=1#f', 'en/spring')).toBe(true);
    expect(linkMatches('https://y.test/en/spring', ' /en/spring// ')).toBe(true);
    expect(linkMatches('https://y.test/en/spring2', '/en/spring')).toBe(false);
    expect(linkMatches('https://y.test/', '/')).toBe(true);
    expect(linkMatches('/en/spring?x=1', '/en/spring')).toBe(true);
    expect(linkMatches('https://y.test/en', '/en///')).toBe(true);
  });

  it('an absolute entry (any scheme, or protocol-relative) must match the host too', () => {
    expect(linkMatches('https://x.test/a', 'https://x.test/a')).toBe(true);
    expect(linkMatches('https://x.test/a', 'HTTPS://x.test/a/')).toBe(true);
    expect(linkMatches('https://x.test/a', 'https://y.test/a')).toBe(false);
    expect(linkMatches('https://x.test/a', '//x.test/a')).toBe(true);
    expect(linkMatches('https://x.test/a', '//y.test/a')).toBe(false);
    expect(linkMatches('https://x.test:8443/a', 'https://x.test/a')).toBe(false);
  });
});

describe('decideReferralCache: every reason', () => {
  const codes = { channelCode: 'C', vipCode: 'V' };

  it('no code at all', () => {
    expect(decideReferralCache({}, '/', { open: true, cacheEffectiveTime: 1 }, T0)).toEqual({ store: false, reason: 'no-codes' });
  });

  it('the global window not started or ended bounds even an open cache', () => {
    expect(decideReferralCache(codes, '/', { open: true, cacheEffectiveTime: 1, cacheBeginTime: T0 + 1 }, T0)).toEqual({
      store: false,
      reason: 'window-not-started',
    });
    expect(decideReferralCache(codes, '/', { open: true, cacheEffectiveTime: 1, cacheEndTime: T0 }, T0)).toEqual({
      store: false,
      reason: 'window-ended',
    });
  });

  it('an open cache stores for the global days, or not at all without them', () => {
    expect(decideReferralCache(codes, '/', { open: true, cacheEffectiveTime: '2' }, T0)).toEqual({
      store: true,
      rule: 'global',
      effectiveEndTime: T0 + 2 * REFERRAL_DAY_MS,
    });
    expect(decideReferralCache(codes, '/', { open: true }, T0)).toEqual({ store: false, reason: 'no-effective-time' });
    expect(decideReferralCache(codes, '/', { open: true, cacheEffectiveTime: 1e-300 }, T0)).toEqual({
      store: false,
      reason: 'no-effective-time',
    });
  });

  it('a listed channel with its vipCode stores for its own days, else the global ones; a blank entry day count falls through', () => {
    const config = { ...closed, channelCodeList: [{ channelCode: ' C ', cacheEffectiveTime: '' }] };
    expect(decideReferralCache(codes, '/', config, T0)).toEqual({
      store: true,
      rule: 'channel',
      effectiveEndTime: T0 + 7 * REFERRAL_DAY_MS,
    });
    const own = { ...closed, channelCodeList: [{ channelCode: 'C', cacheEffectiveTime: 1 }] };
    expect(decideReferralCache(codes, '/', own, T0)).toMatchObject({ effectiveEndTime: T0 + REFERRAL_DAY_MS });
  });

  it('a listed channel without its vipCode, or an unlisted one; an entry without a channel code lists none', () => {
    const config = { ...closed, channelCodeList: [{ channelCodeBeginTime: T0 } as never, { channelCode: 'C' }] };
    expect(decideReferralCache({ channelCode: 'C' }, '/', config, T0)).toEqual({ store: false, reason: 'channel-needs-vip-code' });
    expect(decideReferralCache({ channelCode: 'D', vipCode: 'V' }, '/', config, T0)).toEqual({ store: false, reason: 'not-listed' });
    expect(decideReferralCache({ channelCode: 'D' }, '/', config, T0)).toEqual({ store: false, reason: 'not-listed' });
    expect(decideReferralCache({ vipCode: 'V' }, '/', { ...closed, channelCodeList: null, activeLinkList: null }, T0)).toEqual({
      store: false,
      reason: 'not-listed',
    });
  });

  it('a listed channel outside its own window gives that window as the reason; the first closed entry names it', () => {
    const config = {
      ...closed,
      channelCodeList: [
        { channelCode: 'C', channelCodeEndTime: T0 },
        { channelCode: 'C', channelCodeBeginTime: T0 + 1 },
      ],
    };
    expect(decideReferralCache(codes, '/', config, T0)).toEqual({ store: false, reason: 'window-ended' });
    const later = { ...closed, channelCodeList: [{ channelCode: 'C', channelCodeBeginTime: T0 + 1 }] };
    expect(decideReferralCache(codes, '/', later, T0)).toEqual({ store: false, reason: 'window-not-started' });
    const second = { ...closed, channelCodeList: [{ channelCode: 'C', channelCodeEndTime: T0 }, { channelCode: 'C' }] };
    expect(decideReferralCache(codes, '/', second, T0)).toMatchObject({ store: true, rule: 'channel' });
  });

  it('a matching landing page stores for its own days; outside its window the window is the reason', () => {
    const link = 'https://x.test/spring';
    const config = { ...closed, activeLinkList: [{ activeLink: '/spring', cacheEffectiveTime: 3 }] };
    expect(decideReferralCache({ actCode: 'A' }, link, config, T0)).toEqual({
      store: true,
      rule: 'active-link',
      effectiveEndTime: T0 + 3 * REFERRAL_DAY_MS,
    });
    const ended = { ...closed, activeLinkList: [{ activeLink: '/spring', activeLinkEndTime: T0 }] };
    expect(decideReferralCache({ actCode: 'A' }, link, ended, T0)).toEqual({ store: false, reason: 'window-ended' });
    const early = { ...closed, activeLinkList: [{ activeLink: '/spring', activeLinkBeginTime: T0 + 1 }] };
    expect(decideReferralCache({ actCode: 'A' }, link, early, T0)).toEqual({ store: false, reason: 'window-not-started' });
    const noLink = { ...closed, activeLinkList: [{ activeLinkBeginTime: T0 } as never] };
    expect(decideReferralCache({ actCode: 'A' }, link, noLink, T0)).toEqual({ store: false, reason: 'not-listed' });
    const noDays = { open: false, activeLinkList: [{ activeLink: '/spring' }] };
    expect(decideReferralCache({ actCode: 'A' }, link, noDays, T0)).toEqual({ store: false, reason: 'no-effective-time' });
  });

  it('a channel missing its vipCode still stores on a matching landing page', () => {
    const config = { ...closed, channelCodeList: [{ channelCode: 'C' }], activeLinkList: [{ activeLink: '/spring' }] };
    expect(decideReferralCache({ channelCode: 'C' }, 'https://x.test/spring', config, T0)).toMatchObject({
      store: true,
      rule: 'active-link',
    });
  });

  it('refuses a config or codes that are not objects, and a link that is not text', () => {
    expect(() => decideReferralCache({}, '/', null as never, T0)).toThrow(invalid('config'));
    expect(() => decideReferralCache(null as never, '/', closed, T0)).toThrow(invalid('codes'));
    expect(() => decideReferralCache({}, 1 as never, closed, T0)).toThrow(invalid('currentLink'));
  });
});

describe('registration parameters', () => {
  it('each stored code goes out under its registration name, first item only', () => {
    expect(
      toRegistrationParams({ vipCode: 'V,W', channelCode: ['C'], clacCode: 'L', commonCode: 'M', groupId: 'G', actCode: 'A' }),
    ).toEqual({ registerVipNo: 'V', registerChannel: 'C', clacCode: 'L', commonCode: 'M', groupId: 'G', actCode: 'A' });
    expect(toRegistrationParams(undefined)).toEqual({});
    expect(Object.keys(toRegistrationParams({ vipCode: ' ', channelCode: [], actCode: 'A' }))).toEqual(['actCode']);
    expect(() => toRegistrationParams('x' as never)).toThrow(invalid('codes'));
  });
});

describe('the referral cache', () => {
  it('keeps the codes under the storage key given', () => {
    const platform = memoryPlatform({ now: T0, href: 'https://x.test/?actCode=A' });
    const cache = createReferralCache(platform, { storageKey: 'my-codes' });
    expect(cache.capture({ open: true, cacheEffectiveTime: 1 })).toMatchObject({ store: true });
    expect(createStore(platform, 'common').keys()).toEqual(['my-codes']);
    expect(cache.current()).toEqual({ actCode: 'A', currentLink: 'https://x.test/?actCode=A', effectiveEndTime: T0 + REFERRAL_DAY_MS });
    cache.clear();
    expect(createStore(platform, 'common').keys()).toEqual([]);
    expect(cache.registrationParams()).toEqual({});
  });

  it('captures the URL given instead of the current page', () => {
    const platform = memoryPlatform({ now: T0, href: 'https://x.test/' });
    const cache = createReferralCache(platform);
    expect(cache.capture({ open: true, cacheEffectiveTime: 1 }, 'https://x.test/r?groupId=G')).toMatchObject({ store: true });
    expect(cache.registrationParams()).toEqual({ groupId: 'G' });
  });

  it('a stored record is checked field by field', () => {
    const platform = memoryPlatform({ now: T0 });
    const store = createStore(platform, 'common');
    const cache = createReferralCache(platform);
    const good = { currentLink: '/', effectiveEndTime: T0 + 1 };
    for (const bad of [
      null,
      'x',
      { ...good, currentLink: 1 },
      { ...good, effectiveEndTime: '9' },
      { ...good, actCode: 1 },
      { ...good, groupId: ['a', 2] },
    ]) {
      store.set(REFERRAL_STORAGE_KEY, bad);
      expect(cache.current()).toBeUndefined();
    }
    store.set(REFERRAL_STORAGE_KEY, { ...good, groupId: ['a', 'b'], actCode: 'x' });
    expect(cache.current()).toMatchObject({ groupId: ['a', 'b'] });
    // A record of the wrong shape is simply not one: nothing is reported.
    expect(platform.reports).toEqual([]);
  });

  it('a record at its end time is dropped and removed', () => {
    const platform = memoryPlatform({ now: T0 });
    const store = createStore(platform, 'common');
    store.set(REFERRAL_STORAGE_KEY, { currentLink: '/', effectiveEndTime: T0 });
    expect(createReferralCache(platform).current()).toBeUndefined();
    expect(store.keys()).toEqual([]);
  });

  it('refuses options that are not an object, and a platform without a location', () => {
    expect(() => createReferralCache(memoryPlatform(), null as never)).toThrow(invalid('options'));
    expect(() => createReferralCache({ clock: {}, localStorage: {} } as never)).toThrow(invalid('platform.location'));
  });
});
