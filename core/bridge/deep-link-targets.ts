// The native deep-link targets of spec §B2 with their query parameters, defaults (§2) and platform
// restrictions (§6). The path of each target follows the app host: <scheme>://<host>/<target>?<params>.
import { ASSET_TABS } from '../catalog/enums.js';
import { deepFreeze } from '../catalog/freeze.js';
import { invalidArgument } from '../validate/describe-value.js';

/** One deep-link target: its parameters, their defaults, and where it may not open. */
export interface DeepLinkTargetSpec {
  readonly params: readonly string[];
  /** Values used when the caller leaves the parameter empty (spec §B2). */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Values used when the caller leaves the parameter empty and says the link is for an on-chain market (spec §B2: home/market). */
  readonly onChainDefaults?: Readonly<Record<string, string>>;
  /** The only values a parameter takes (spec §B2: home/asset type); any other is refused. */
  readonly values?: Readonly<Record<string, readonly string[]>>;
  /** 'android-only': opens only on Android; 'not-android': skipped on Android (spec §B6). */
  readonly platforms?: 'android-only' | 'not-android';
  /** Accepts parameters beyond `params` (main/H5Router: "url encoded, plus other params"). */
  readonly extraParams?: true;
}

const t = <const P extends readonly string[]>(...params: P) => ({ params });

/** Every deep-link target of spec §B2, frozen all the way down. */
export const DEEP_LINK_TARGETS = /* @__PURE__ */ deepFreeze({
  // Security and home
  'security/login': t('closeGuide', 'referralCode', 'inviteCode'),
  'security/regist': t('closeGuide', 'referralCode', 'inviteCode'),
  'security/biometricAuth': t('from'),
  'home/home': t(),
  'home/coin': t(
    'symbol',
    'type',
    'spotLine',
    'positionType',
    'spotArea',
    'symbolId',
    'chainName',
    'chainContract',
    'fromCoinName',
    'toCoinName',
    'from',
  ),
  'home/contract': t('symbolId', 'bizLine'),
  // "type defaults to onChain for on-chain": only a link the caller marks as on-chain gets the default.
  'home/market': { ...t('type', 'subType', 'symbolId', 'from', 'couponId', 'bizLine'), onChainDefaults: { type: 'onChain' } },
  'home/asset': { ...t('type'), values: { type: ASSET_TABS } },
  'home/follow': t('from'),
  'home/community': t('tabPos'),
  // Copy trading
  'follow/trader/detail': t('traderId', 'followType'),
  'follow/followtracer/detail': t('followType', 'followTab', 'selectMixType', 'from'),
  'follow/trader/apply': t('source'),
  'follow/trader/signal/apply': t('source'),
  'follow/userinfo/setting': t(),
  'follow/my_follow_trade': t('followType', 'isHistory'),
  'follow/leadOrderManage': t('showSpotTrace', 'tabIndex'),
  'follow/trader_medal_wall': t('traderId', 'followType', 'traderName', 'headerImg', 'whiteListFlag'),
  'copy/signaler/page': t('traderUserId'),
  'copy/signaler/cokepit/page': t('routeSource'),
  // Strategy
  'strategy/platform/trader/detail': t('traderId', 'index'),
  'strategy/platform/income_statistics': t(),
  'strategy/platform/my/strategy': t('strategyFlag'),
  'strategy/platform/user/setting': t(),
  'strategy/platform/my/subscription': t(),
  'strategy/home': t('tab', 'oneStrategyType', 'businessLine', 'autoInvestSymbolId', 'couponId'),
  'strategy/tradeMain': t('tab', 'isShareActivity', 'inviteCode', 'myStrategyTab', 'oneStrategyType', 'timeFilter'),
  'strategy/user/setting': t('tabIndex'),
  'strategy/apply/trader': { ...t(), platforms: 'android-only' },
  // KYC, deposits, withdrawals, transfers
  'kyc/identify': t('source'),
  'kyc/manually_review': { ...t(), platforms: 'not-android' },
  'coin/recharge': { ...t('coinName', 'coinId'), defaults: { coinName: 'USDT', coinId: '2' } },
  'coin/withdraw': t('coinId', 'chainCoinId', 'tabType'),
  'capital/transfer': t('from', 'to', 'coinId'),
  'assets/financial': t('type', 'coinId', 'operationType', 'secondOperationType', 'businessLine', 'tokenId'),
  'asset/buyCoin': t('buriedSource'),
  'main/choose_coin_list': { ...t('type', 'chooseType'), defaults: { type: 'recharge', chooseType: 'fiat' } },
  // P2P and fiat
  'p2p/trade': t('pageType', 'operationType', 'incomingSource', 'incomingTarget'),
  'p2p/orderDetail': t('orderNo'),
  'p2p/manage': t(),
  'overseas/otc_main': t('fiatCode', 'coinCode', 'paymentMethodId', 'businessNo'),
  'otc/trade': t('isSpeed', 'isBuy'),
  'fiat/cko_main_page': t('type', 'incomingSource', 'incomingTarget'),
  'fiat/fiat_quick_buy_main': t(),
  'fiat/recordPage': t(),
  'fiat/fiat_record_page': t('recordType'),
  'fiat/card/fiat_card_manage_page': t(),
  'fiat/card/fiat_card_transaction_detail': t('orderId'),
  // Charts
  'kline/main': t('pagetype', 'symbolcode', 'subTab', 'shareKline'),
  'kline/signal': t('pagetype', 'symbolid'),
  kline: t(),
  // Earn
  'earn/main': t(),
  'earn/savings_info': t('coinName', 'productId', 'productLevel', 'secondBizLine'),
  'earn/launchpool_info': t(),
  'earn/saving_products': t(),
  'earn/bgb_staking_main': t(),
  'earn/earn_record': t(),
  'earn/earn_trade_detail': t('secondBizLine', 'orderId'),
  'earn/pos_staking_list': t(),
  'earn/pos_staking_sub': t('productId'),
  'earn/dual_invest_list': t('productTokenName'),
  'earn/new_crypto_area': t(),
  // Community
  'community/personal': t('id'),
  'community/content_detail': t('detailId'),
  'community/interact_notifies': { ...t(), platforms: 'not-android' },
  'community/topic_square': { ...t(), platforms: 'not-android' },
  'community/topic_detail': { ...t('topic_id_key'), platforms: 'android-only' },
  'community/user_rank_list': { ...t(), platforms: 'android-only' },
  // User
  'user/profile': t('userId'),
  'user/profile/fanspage': t('userId'),
  'user/apikey': t(),
  'user/helpCenter': t(),
  'user/serviceCenter': t(),
  'user/adaServiceCenter': t(),
  'user/account/qrcode': t(),
  'user/safe/setting_login_pwd': t(),
  'user/safe/bind': t('type'),
  'user/safe/reset_bund_pwd': t(),
  'user/safe/setting_bund_pwd': t(),
  // Web pages inside the app
  'main/h5': t('url'),
  'main/safety_h5': t('safetyUrlKey'),
  'main/H5Router': { ...t('url'), extraParams: true },
  // Other
  'settings/address': t(),
  'settings/pricetip': t(),
  'common/setting': t(),
  'floating/setting': t(),
  'base/messages': t(),
  'coupon/coupon_center': t('tab'),
  'spot/smallAmountBGB': t(),
  'spot/deal_record': t('strategy', 'symbolId', 'toDetail'),
  'spot/transaction/details': t(),
  'contract/transaction/details': t('businessLine', 'tokenId', 'page'),
  'subaccount/contract': t('userTicketId', 'businessLine'),
  'accounts/pnl': t('account_type', 'margin_type'),
  'financial/products/position': t('secondBizLine'),
  'loan/home': t(),
  mega_swap: t(),
  'web3/splash': t(),
  'web3Lite/splash': t(),
  'onchain/on_chain_detail_page': t('chain', 'contract'),
  'onchain/batch_transfer_page': t(),
  'red_packet/guidance': { ...t(), platforms: 'not-android' },
} as const satisfies Record<string, DeepLinkTargetSpec>);

/** A deep-link target of spec §B2. */
export type DeepLinkTarget = keyof typeof DEEP_LINK_TARGETS;

/** Every target name, in catalogue order. */
export const DEEP_LINK_TARGET_NAMES = Object.keys(DEEP_LINK_TARGETS) as DeepLinkTarget[];

/** The catalogue entry of a target, seen through the general spec type. */
export function deepLinkSpec(target: DeepLinkTarget): DeepLinkTargetSpec {
  if (!isDeepLinkTarget(target)) throw invalidArgument('target', 'a deep-link target name', target, 'deepLinkSpec');
  return DEEP_LINK_TARGETS[target];
}

/** Whether `name` is a target of the catalogue. */
export function isDeepLinkTarget(name: string): name is DeepLinkTarget {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(DEEP_LINK_TARGETS, name);
}
