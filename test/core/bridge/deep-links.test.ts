import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSET_TABS,
  DEEP_LINK_TARGETS,
  DEEP_LINK_TARGET_NAMES,
  buildDeepLink,
  createBridge,
  createNativeHostSimulator,
  deepLinkSpec,
  isDeepLinkAllowed,
  memoryPlatform,
  openDeepLink,
  parseDeepLink,
  ExkitError,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';
import type { BridgeOs, DeepLinkConfig, DeepLinkTarget } from '../../../core/index.js';
import { APP_NAME, inApp } from './setup.js';

const config: DeepLinkConfig = { appScheme: 'testapp', publicScheme: 'testapp-public', host: 'app' };

// Spec §B2, transcribed row by row: target and query parameters.
const SEED_ROWS = `
security/login: closeGuide referralCode inviteCode
security/regist: closeGuide referralCode inviteCode
security/biometricAuth: from
home/home:
home/coin: symbol type spotLine positionType spotArea symbolId chainName chainContract fromCoinName toCoinName from
home/contract: symbolId bizLine
home/market: type subType symbolId from couponId bizLine
home/asset: type
home/follow: from
home/community: tabPos
follow/trader/detail: traderId followType
follow/followtracer/detail: followType followTab selectMixType from
follow/trader/apply: source
follow/trader/signal/apply: source
follow/userinfo/setting:
follow/my_follow_trade: followType isHistory
follow/leadOrderManage: showSpotTrace tabIndex
follow/trader_medal_wall: traderId followType traderName headerImg whiteListFlag
copy/signaler/page: traderUserId
copy/signaler/cokepit/page: routeSource
strategy/platform/trader/detail: traderId index
strategy/platform/income_statistics:
strategy/platform/my/strategy: strategyFlag
strategy/platform/user/setting:
strategy/platform/my/subscription:
strategy/home: tab oneStrategyType businessLine autoInvestSymbolId couponId
strategy/tradeMain: tab isShareActivity inviteCode myStrategyTab oneStrategyType timeFilter
strategy/user/setting: tabIndex
strategy/apply/trader:
kyc/identify: source
kyc/manually_review:
coin/recharge: coinName coinId
coin/withdraw: coinId chainCoinId tabType
capital/transfer: from to coinId
assets/financial: type coinId operationType secondOperationType businessLine tokenId
asset/buyCoin: buriedSource
main/choose_coin_list: type chooseType
p2p/trade: pageType operationType incomingSource incomingTarget
p2p/orderDetail: orderNo
p2p/manage:
overseas/otc_main: fiatCode coinCode paymentMethodId businessNo
otc/trade: isSpeed isBuy
fiat/cko_main_page: type incomingSource incomingTarget
fiat/fiat_quick_buy_main:
fiat/recordPage:
fiat/fiat_record_page: recordType
fiat/card/fiat_card_manage_page:
fiat/card/fiat_card_transaction_detail: orderId
kline/main: pagetype symbolcode subTab shareKline
kline/signal: pagetype symbolid
kline:
earn/main:
earn/savings_info: coinName productId productLevel secondBizLine
earn/launchpool_info:
earn/saving_products:
earn/bgb_staking_main:
earn/earn_record:
earn/earn_trade_detail: secondBizLine orderId
earn/pos_staking_list:
earn/pos_staking_sub: productId
earn/dual_invest_list: productTokenName
earn/new_crypto_area:
community/personal: id
community/content_detail: detailId
community/interact_notifies:
community/topic_square:
community/topic_detail: topic_id_key
community/user_rank_list:
user/profile: userId
user/profile/fanspage: userId
user/apikey:
user/helpCenter:
user/serviceCenter:
user/adaServiceCenter:
user/account/qrcode:
user/safe/setting_login_pwd:
user/safe/bind: type
user/safe/reset_bund_pwd:
user/safe/setting_bund_pwd:
main/h5: url
main/safety_h5: safetyUrlKey
main/H5Router: url
settings/address:
settings/pricetip:
common/setting:
floating/setting:
base/messages:
coupon/coupon_center: tab
spot/smallAmountBGB:
spot/deal_record: strategy symbolId toDetail
spot/transaction/details:
contract/transaction/details: businessLine tokenId page
subaccount/contract: userTicketId businessLine
accounts/pnl: account_type margin_type
financial/products/position: secondBizLine
loan/home:
mega_swap:
web3/splash:
web3Lite/splash:
onchain/on_chain_detail_page: chain contract
onchain/batch_transfer_page:
red_packet/guidance:
`
  .trim()
  .split('\n')
  .map((line) => {
    const [target, params] = line.split(':') as [string, string];
    return { target: target as DeepLinkTarget, params: params.trim() === '' ? [] : params.trim().split(' ') };
  });

// Spec §B6.
const ANDROID_ONLY: DeepLinkTarget[] = ['strategy/apply/trader', 'community/user_rank_list', 'community/topic_detail'];
const NOT_ON_ANDROID: DeepLinkTarget[] = [
  'kyc/manually_review',
  'red_packet/guidance',
  'community/interact_notifies',
  'community/topic_square',
];
const DEFAULTS: Partial<Record<DeepLinkTarget, Record<string, string>>> = {
  'coin/recharge': { coinName: 'USDT', coinId: '2' },
  'main/choose_coin_list': { type: 'recharge', chooseType: 'fiat' },
};
const osFor = (target: DeepLinkTarget): BridgeOs => (ANDROID_ONLY.includes(target) ? 'android' : 'ios');

describe('the deep-link catalogue (spec §B2)', () => {
  it('has exactly the targets of the seed', () => {
    expect(DEEP_LINK_TARGET_NAMES).toEqual(SEED_ROWS.map((row) => row.target));
  });

  for (const { target, params } of SEED_ROWS) {
    it(`${target} (${params.join(', ') || 'no parameters'})`, () => {
      expect(DEEP_LINK_TARGETS[target].params).toEqual(params);
      // A parameter with listed values (home/asset type) takes the last of them; the others free text.
      const valueOf = (p: string, i: number) => deepLinkSpec(target).values?.[p]?.at(-1) ?? `v${i} ${p}`;
      const values = Object.fromEntries(params.map((p, i) => [p, valueOf(p, i)]));
      const link = buildDeepLink(target, values as never, { ...config, os: osFor(target) });
      const query = params.map((p, i) => `${p}=${encodeURIComponent(valueOf(p, i))}`).join('&');
      expect(link).toBe(`testapp://app/${target}${query ? `?${query}` : ''}`);
      expect(parseDeepLink(link!, config)).toEqual({ target, params: values, scheme: 'app' });
    });
  }
});

describe('platform restrictions (spec §B6)', () => {
  for (const target of DEEP_LINK_TARGET_NAMES) {
    const expected = ANDROID_ONLY.includes(target) ? 'Android only' : NOT_ON_ANDROID.includes(target) ? 'skipped on Android' : 'everywhere';
    it(`${target}: ${expected}`, () => {
      const opens = (os: BridgeOs) => buildDeepLink(target, undefined, { ...config, os }) !== null;
      expect([opens('android'), opens('ios'), opens('other')]).toEqual(
        expected === 'Android only' ? [true, false, false] : expected === 'skipped on Android' ? [false, true, true] : [true, true, true],
      );
      expect(isDeepLinkAllowed(target, 'android')).toBe(opens('android'));
    });
  }
});

describe('building links', () => {
  it('"Empty, null, empty-array and empty-object values are omitted from the link"', () => {
    const link = buildDeepLink(
      'home/coin',
      { symbol: '', type: null, spotLine: undefined, positionType: [], spotArea: {}, symbolId: 0, from: false },
      config,
    );
    expect(link).toBe('testapp://app/home/coin?symbolId=0&from=false');
  });

  it('non-empty arrays and objects travel as JSON', () => {
    expect(buildDeepLink('capital/transfer', { from: ['spot'], to: { a: 1 } }, config)).toBe(
      `testapp://app/capital/transfer?from=${encodeURIComponent('["spot"]')}&to=${encodeURIComponent('{"a":1}')}`,
    );
  });

  for (const [target, defaults] of Object.entries(DEFAULTS) as Array<[DeepLinkTarget, Record<string, string>]>) {
    it(`${target} defaults: ${JSON.stringify(defaults)}`, () => {
      expect(deepLinkSpec(target).defaults).toEqual(defaults);
      expect(parseDeepLink(buildDeepLink(target, {}, config)!, config).params).toEqual(defaults);
    });
  }

  it('a given value replaces the default; an empty one keeps it', () => {
    expect(buildDeepLink('coin/recharge', { coinName: 'BTC', coinId: '' }, config)).toBe(
      'testapp://app/coin/recharge?coinName=BTC&coinId=2',
    );
  });

  it('main/H5Router URL-encodes its url and takes other parameters', () => {
    const url = 'https://example.com/a?b=1&c=d e#f';
    const link = buildDeepLink('main/H5Router', { url, theme: 'dark' }, config);
    expect(link).toBe(`testapp://app/main/H5Router?url=${encodeURIComponent(url)}&theme=dark`);
    expect(parseDeepLink(link!, config).params).toEqual({ url, theme: 'dark' });
  });

  it('writes the public scheme on request', () => {
    expect(buildDeepLink('home/home', undefined, { ...config, scheme: 'public' })).toBe('testapp-public://app/home/home');
  });

  it('an unknown target or parameter is a compile-time error and a typed run-time error', () => {
    // @ts-expect-error: not a target of spec §B2
    expect(() => buildDeepLink('home/casino', {}, config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkTargetError', code: 'DEEP_LINK_UNKNOWN_TARGET' }),
    );
    // @ts-expect-error: home/contract takes symbolId and bizLine only
    expect(() => buildDeepLink('home/contract', { symbol: 'BTC' }, config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkParamError', code: 'DEEP_LINK_UNKNOWN_PARAM' }),
    );
    // @ts-expect-error: home/home takes no parameters
    expect(() => buildDeepLink('home/home', { from: 'x' }, config)).toThrow(expect.objectContaining({ name: 'UnknownDeepLinkParamError' }));
  });
});

describe('home/asset type (spec §B2: overview, spot, contract, p2p, financial, swap, reward, margin)', () => {
  it('takes exactly the asset tabs of the seed', () => {
    expect(deepLinkSpec('home/asset').values?.type).toEqual([
      'overview',
      'spot',
      'contract',
      'p2p',
      'financial',
      'swap',
      'reward',
      'margin',
    ]);
    expect(deepLinkSpec('home/asset').values?.type).toEqual(ASSET_TABS);
    for (const tab of ASSET_TABS) expect(buildDeepLink('home/asset', { type: tab }, config)).toBe(`testapp://app/home/asset?type=${tab}`);
    expect(buildDeepLink('home/asset', { type: null }, config)).toBe('testapp://app/home/asset');
  });

  it('any other value is a compile-time error and UnknownDeepLinkParamValueError at run time, when building and when parsing', () => {
    // @ts-expect-error: 'casino' is not an asset tab
    expect(() => buildDeepLink('home/asset', { type: 'casino' }, config)).toThrow(
      expect.objectContaining({
        name: 'UnknownDeepLinkParamValueError',
        code: 'DEEP_LINK_UNKNOWN_VALUE',
        extra: expect.objectContaining({ target: 'home/asset', param: 'type', value: 'casino' }),
      }),
    );
    expect(() => parseDeepLink('testapp://app/home/asset?type=casino', config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkParamValueError' }),
    );
    const drawn = inputClasses<unknown>({
      'other text': (v) => typeof v === 'string' && !(ASSET_TABS as readonly string[]).includes(v.toLowerCase()),
      'a listed tab in another case': (v) => typeof v === 'string' && (ASSET_TABS as readonly string[]).includes(v.toLowerCase()),
      'not text': (v) => typeof v !== 'string',
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 1 }).filter((v) => !(ASSET_TABS as readonly string[]).includes(v)),
          // A listed tab written in another case: near, but not the value.
          fc.constantFrom(...ASSET_TABS).map((tab) => tab.toUpperCase()),
          fc.integer(),
          fc.boolean(),
          fc.constant(['spot']),
          fc.constant({ tab: 'spot' }),
        ),
        (bad) => {
          drawn.see(bad);
          expect(() => buildDeepLink('home/asset', { type: bad } as never, config)).toThrow(
            expect.objectContaining({ name: 'UnknownDeepLinkParamValueError' }),
          );
        },
      ),
      { numRuns: 200 },
    );
    drawn.expectEachDrawn(5);
  });

  it('openDeepLink rejects (never throws) with the same typed error and sends nothing', async () => {
    const { bridge, sim } = inApp({ bridge: { deepLinks: config } });
    const opening = bridge.openDeepLink('home/asset', { type: 'Spot' } as never);
    await expect(opening).rejects.toMatchObject({ name: 'UnknownDeepLinkParamValueError' });
    expect(sim.received).toHaveLength(0);
  });
});

describe('home/market type (spec §B2: "type defaults to onChain for on-chain")', () => {
  it('a link the caller marks as on-chain gets type onChain when it gives none', () => {
    expect(buildDeepLink('home/market', { symbolId: 'PEPE' }, { ...config, onChain: true })).toBe(
      'testapp://app/home/market?type=onChain&symbolId=PEPE',
    );
    expect(buildDeepLink('home/market', { type: '' }, { ...config, onChain: true })).toBe('testapp://app/home/market?type=onChain');
  });

  it('a spot or contract market link carries no type', () => {
    expect(buildDeepLink('home/market', { symbolId: 'BTCUSDT_SPBL' }, config)).toBe('testapp://app/home/market?symbolId=BTCUSDT_SPBL');
    expect(buildDeepLink('home/market', { symbolId: 'BTCUSDT_UMCBL', bizLine: 10 }, { ...config, onChain: false })).toBe(
      'testapp://app/home/market?symbolId=BTCUSDT_UMCBL&bizLine=10',
    );
  });

  it('a type the caller gives wins over the on-chain default', () => {
    expect(buildDeepLink('home/market', { type: 'spot' }, { ...config, onChain: true })).toBe('testapp://app/home/market?type=spot');
  });

  it('openDeepLink passes the intent through, in the app and outside it', async () => {
    const { bridge, sim } = inApp({ bridge: { deepLinks: config } });
    await bridge.openDeepLink('home/market', { symbolId: 'PEPE' }, { onChain: true });
    await bridge.openDeepLink('home/market', { symbolId: 'BTC' });
    expect(sim.received.map((m) => (m.payload as { link: string }).link)).toEqual([
      'testapp://app/home/market?type=onChain&symbolId=PEPE',
      'testapp://app/home/market?symbolId=BTC',
    ]);
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile' });
    const web = createBridge(platform, { appName: APP_NAME, deepLinks: config });
    await openDeepLink({ bridge: web, location: platform.location, config }, 'home/market', {}, { onChain: true });
    expect(platform.navigations).toEqual(['testapp-public://app/home/market?type=onChain']);
  });
});

describe('parsing links', () => {
  it('reads both schemes', () => {
    expect(parseDeepLink('testapp-public://app/kline', config)).toEqual({ target: 'kline', params: {}, scheme: 'public' });
  });

  it.each([
    ['other://app/home/home', 'InvalidDeepLinkError'],
    ['testapp://elsewhere/home/home', 'InvalidDeepLinkError'],
    ['testapp://app/home/nowhere', 'UnknownDeepLinkTargetError'],
    ['testapp://app/home/home?x=1', 'UnknownDeepLinkParamError'],
    ['testapp://app/home/coin?symbol=%E0%A4%A', 'InvalidDeepLinkError'],
  ])('%s fails with %s', (url, name) => {
    expect(() => parseDeepLink(url, config)).toThrow(expect.objectContaining({ name }));
  });

  // Values a URL must encode are drawn on purpose: its delimiters, % and +, spaces, and text beyond ASCII.
  const URL_SPECIAL = ['&', '=', '?', '#', '/', '%', '+', ' ', '%41', '&amp;', 'a=b&c=d', '€', '中', '👍🏽'];
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1 }) },
    { weight: 2, arbitrary: fc.array(fc.constantFrom(...URL_SPECIAL, 'x', '1'), { minLength: 1, maxLength: 4 }).map((p) => p.join('')) },
    fc.integer(),
    fc.boolean(),
    fc.constantFrom<unknown>('', null, undefined, [], {}),
  );
  const roundTrips = inputClasses<Record<string, unknown>>({
    'a value with a URL delimiter (& = ? # /)': (x) => Object.values(x).some((v) => typeof v === 'string' && /[&=?#/]/.test(v)),
    'a value with % or +': (x) => Object.values(x).some((v) => typeof v === 'string' && /[%+]/.test(v)),
    'a value with a space': (x) => Object.values(x).some((v) => typeof v === 'string' && v.includes(' ')),
    'a value beyond ASCII': (x) => Object.values(x).some((v) => typeof v === 'string' && /[^\0-\x7f]/.test(v)),
    'an empty value, dropped': (x) => Object.values(x).some((v) => v === '' || v === null || v === undefined),
    'a number or a boolean': (x) => Object.values(x).some((v) => typeof v === 'number' || typeof v === 'boolean'),
    'a parameter of its own (extraParams)': (x) =>
      Object.keys(x).some((k) => !DEEP_LINK_TARGET_NAMES.some((t) => deepLinkSpec(t).params.includes(k))),
  });
  for (const target of DEEP_LINK_TARGET_NAMES) {
    it(`property: parse(build(x)) equals x without its empty values, for ${target}`, () => {
      const spec = deepLinkSpec(target);
      const valueFor = (p: string) =>
        spec.values?.[p] ? fc.oneof(fc.constantFrom<unknown>(...spec.values[p]), fc.constantFrom<unknown>('', null, undefined)) : value;
      const known = fc.record(Object.fromEntries(spec.params.map((p) => [p, valueFor(p)])), { requiredKeys: [] });
      const extra = spec.extraParams
        ? fc.dictionary(
            fc.string({ unit: 'grapheme', minLength: 1 }).filter((k) => !spec.params.includes(k) && k !== '__proto__'),
            value,
          )
        : fc.constant({});
      fc.assert(
        fc.property(known, extra, (params, extras) => {
          const x = { ...extras, ...params } as Record<string, unknown>;
          roundTrips.see(x);
          const link = buildDeepLink(target, x as never, { ...config, os: osFor(target) })!;
          const expected: Record<string, string> = {};
          for (const [key, v] of Object.entries(x))
            if (!(v === '' || v === null || v === undefined || (typeof v === 'object' && Object.keys(v).length === 0)))
              expected[key] = String(v);
          for (const [key, v] of Object.entries(spec.defaults ?? {})) expected[key] ??= v;
          expect(parseDeepLink(link, config)).toEqual({ target, params: expected, scheme: 'app' });
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a parameter given empty (key= or a bare key) is left out, as building leaves out empty values', () => {
    expect(parseDeepLink('testapp://app/home/coin?symbol=', config)).toEqual({ target: 'home/coin', params: {}, scheme: 'app' });
    expect(parseDeepLink('testapp://app/home/coin?symbol&symbol=BTC', config).params).toEqual({ symbol: 'BTC' });
    expect(() => parseDeepLink('testapp://app/home/home?x=', config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkParamError' }),
    );
  });

  it('the round-trip properties drew every class of value they are about', () => {
    roundTrips.expectEachDrawn(10);
  });
});

describe('parseDeepLink over generated near-valid links', () => {
  // Mostly links a parser should read (so what it returns is checked), with each way of being wrong mixed in.
  const scheme = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('testapp', 'testapp-public') },
    fc.constantFrom('TESTAPP', 'otherapp', 'https', 'javascript'),
  );
  const host = fc.oneof({ weight: 8, arbitrary: fc.constant('app') }, fc.constantFrom('APP', 'elsewhere', '', 'app:80', 'user@app'));
  const catalogueParams = [...new Set(DEEP_LINK_TARGET_NAMES.flatMap((t) => deepLinkSpec(t).params))];
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...DEEP_LINK_TARGET_NAMES) },
    fc.constantFrom('home/nowhere', 'home//home', 'home/home/', '../home/home', 'home%2Fhome', ''),
  );
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...catalogueParams) },
    fc.constantFrom('x', '__proto__', 'constructor'),
    fc.string({ maxLength: 6 }),
  );
  const val = fc.oneof(
    fc.constantFrom('BTC', 'spot', 'onChain', '%E0%A4%A', '%zz', '%', '%2B', '+', 'a%26b', ''),
    fc.string({ maxLength: 6 }),
  );
  const query = fc
    .tuple(fc.array(fc.tuple(name, val), { maxLength: 3 }), fc.boolean())
    // Now and then the first parameter comes again, with another value.
    .map(([pairs, repeat]) => [...pairs, ...(repeat && pairs[0] ? [[pairs[0][0], 'again']] : [])].map(([k, v]) => `${k}=${v}`).join('&'));
  const link = fc
    .tuple(scheme, host, path, query, fc.constantFrom('', '#frag', '#a?b=c'))
    .map(([s, h, p, q, f]) => `${s}://${h}/${p}${q ? `?${q}` : ''}${f}`);

  it('either names a catalogue target with string parameters, stable through build and parse, or throws an ExkitError', () => {
    const drawn = inputClasses<string>({
      'a catalogue target': (l) => DEEP_LINK_TARGET_NAMES.some((t) => l.includes(`/${t}?`) || l.endsWith(`/${t}`)),
      'a malformed percent escape': (l) => /%(?![0-9A-Fa-f]{2})/.test(l),
      'a repeated parameter': (l) => {
        const names = (l.split('?')[1] ?? '')
          .split('#')[0]!
          .split('&')
          .map((p) => p.split('=')[0]);
        return new Set(names).size < names.length;
      },
      'a fragment': (l) => l.includes('#'),
      'another scheme': (l) => !/^testapp(-public)?:/i.test(l),
      'an upper-case scheme or host': (l) => /^TESTAPP:|:\/\/APP\//.test(l),
      'a prototype key': (l) => /[?&](__proto__|constructor)=/.test(l),
    });
    let parsed = 0;
    fc.assert(
      fc.property(link, (url) => {
        drawn.see(url);
        let result: ReturnType<typeof parseDeepLink>;
        try {
          result = parseDeepLink(url, config);
        } catch (error) {
          expect(error).toBeInstanceOf(ExkitError);
          return;
        }
        parsed += 1;
        expect(DEEP_LINK_TARGET_NAMES).toContain(result.target);
        for (const v of Object.values(result.params)) expect(typeof v).toBe('string');
        expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
        const again = buildDeepLink(result.target, result.params as never, { ...config, os: osFor(result.target), scheme: result.scheme });
        // Building fills in the target's defaults for what the link left out; the rest comes back as it was read.
        const filled = { ...deepLinkSpec(result.target).defaults, ...result.params };
        if (again !== null) expect(parseDeepLink(again, config)).toEqual({ ...result, params: filled });
      }),
      { numRuns: 600 },
    );
    drawn.expectEachDrawn(5);
    // Some of the near-valid draws are links the parser takes (29 was the lowest count seen); more than ten shows the
    // round-trip above ran on real links.
    expect(parsed).toBeGreaterThan(10);
  });
});

describe('opening links (spec §B1)', () => {
  it('inside the app: nativeRouter with the app-scheme link', async () => {
    const { bridge, sim, platform } = inApp({ bridge: { deepLinks: config } });
    expect(await bridge.openDeepLink('coin/recharge')).toEqual({
      status: 'native',
      link: 'testapp://app/coin/recharge?coinName=USDT&coinId=2',
    });
    expect(sim.received[0]).toEqual({ command: 'nativeRouter', payload: { link: 'testapp://app/coin/recharge?coinName=USDT&coinId=2' } });
    expect(platform.navigations).toEqual([]);
  });

  it('"Outside the app, the same deep link is opened by changing the browser location after swapping the app scheme name for the public one"', async () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile' });
    const bridge = createBridge(platform, { appName: APP_NAME, deepLinks: config });
    const result = await openDeepLink({ bridge, location: platform.location, config }, 'home/contract', { symbolId: 'BTCUSDT_UMCBL' });
    expect(result).toEqual({ status: 'location', url: 'testapp-public://app/home/contract?symbolId=BTCUSDT_UMCBL' });
    expect(platform.navigations).toEqual(['testapp-public://app/home/contract?symbolId=BTCUSDT_UMCBL']);
  });

  it('an app too old for nativeRouter falls back to the location', async () => {
    const { bridge, platform } = inApp({ appVersion: '1.0.0', bridge: { deepLinks: config } });
    expect(await bridge.openDeepLink('home/home')).toEqual({ status: 'location', url: 'testapp-public://app/home/home' });
    expect(platform.navigations).toHaveLength(1);
  });

  it('a restricted target opens nothing and says so', async () => {
    const platform = memoryPlatform();
    const sim = createNativeHostSimulator(platform, { appName: APP_NAME, os: 'android' });
    const bridge = createBridge(platform, { appName: APP_NAME, deepLinks: config });
    expect(await bridge.openDeepLink('red_packet/guidance')).toEqual({
      status: 'restricted',
      target: 'red_packet/guidance',
      os: 'android',
    });
    expect(sim.received).toHaveLength(0);
  });

  it('openDeepLink without the deepLinks option is a typed error', async () => {
    const { bridge } = inApp();
    await expect(bridge.openDeepLink('home/home')).rejects.toMatchObject({ name: 'InvalidArgumentError' });
  });
});
