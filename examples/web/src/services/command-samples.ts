// One sample call per bridge command (spec §B7), so the In-app page can send each and show how the
// bridge gates it by app version.
import type { Bridge, BridgeCommand, CommandArgs, CommandResult } from 'exkit';
import { SECTIONS } from '../i18n/catalogue.js';
import type { Texts } from '../i18n/catalogue.js';

export type CommandSamples = { readonly [C in BridgeCommand]: CommandArgs<C> };

/** The arguments each command is sent with from the In-app page, their words (a title, a share text) in the language of `words`. */
export function commandSamples(words: Texts['commandSamples']): CommandSamples {
  const share = { title: 'BTC/USDT', text: words.shareText, url: 'https://example.com/spot/BTCUSDT' };
  return {
    metaTitle: [{ title: words.metaTitle }],
    logout: [],
    openBrowser: [{ url: 'https://example.com/' }],
    sendTokenToWeb: [],
    nativeRouter: [{ link: 'exkitexchange://app/home/home' }],
    requestAction: [{ path: '/v1/user/overview/userinfo', params: { from: 'example' } }],
    setTitleVisible: [{ visible: true }],
    changeTitleBarTheme: [{ theme: 'dark' }],
    setBottomActions: [{ copy: true, close: true, refresh: false }],
    setNavigationBarHide: [{ hide: false }],
    goNativeShare: [share],
    goAppShare: [share],
    goShare: [share],
    notifyStatusChange: [{ status: 'ready' }],
    handleBizParams: [{ params: { source: 'example' } }],
    setWebLocalStorage: [{ key: 'example', value: words.stored }],
    getWebLocalStorage: [{ key: 'example' }],
    checkCameraPermission: [],
    showNavbarMore: [{ show: true }],
    showNavbarClose: [{ show: true }],
    startTraderProTraining: [{ traderId: 'T-1' }],
    setOnWebVisibleCallback: [{ timeoutMs: 5000 }],
    getAppUsdtRateData: [],
    bindingTGSuccess: [{ telegramId: '42' }],
    addEventToCalendar: [{ title: words.calendarTitle, startTime: 1_767_225_600_000, endTime: 1_767_229_200_000 }],
    palmPrintRegister: [{ vcode: '123456', session_id: 'session-1' }],
    palmPrintVerify: [{ vcode: '123456', session_id: 'session-1' }],
    confNavRightItems: [{ items: [{ id: 'help', text: words.help }] }],
    confNavCenterIcon: [{ icon: 'https://example.com/icon.png' }],
    confNavCenterTag: [{ text: words.beta }],
    navigationGoback: [],
    customNavigationGoback: [{ enabled: true }],
    navigationPopBack: [{ count: 1 }],
    setPicCompressSize: [{ maxKb: 500 }],
    goAsset: [{ tab: 'spot' }],
    bgbDeductionTradefee: [{ enabled: true }],
  };
}

/** The samples in English. */
export const COMMAND_SAMPLES: CommandSamples = commandSamples(SECTIONS.commandSamples.en);

/** Sends `command` with its sample arguments, their words in the language of `words` (English by default). */
export function callWithSample(bridge: Bridge, command: BridgeCommand, words?: Texts['commandSamples']): Promise<CommandResult<unknown>> {
  const call = bridge.call as (name: BridgeCommand, ...args: unknown[]) => Promise<CommandResult<unknown>>;
  const samples = words ? commandSamples(words) : COMMAND_SAMPLES;
  return call(command, ...(samples[command] as unknown[]));
}
