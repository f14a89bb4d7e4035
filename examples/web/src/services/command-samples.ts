// One sample call per bridge command (spec §B7), so the In-app page can send each and show how the
// bridge gates it by app version.
import type { Bridge, BridgeCommand, CommandArgs, CommandResult } from 'exkit';

const share = { title: 'BTC/USDT', text: 'Trade BTC on exkit', url: 'https://example.com/spot/BTCUSDT' };

/** The arguments each command is sent with from the In-app page. */
export const COMMAND_SAMPLES: { readonly [C in BridgeCommand]: CommandArgs<C> } = {
  metaTitle: [{ title: 'exkit example' }],
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
  setWebLocalStorage: [{ key: 'example', value: 'stored by the page' }],
  getWebLocalStorage: [{ key: 'example' }],
  checkCameraPermission: [],
  showNavbarMore: [{ show: true }],
  showNavbarClose: [{ show: true }],
  startTraderProTraining: [{ traderId: 'T-1' }],
  setOnWebVisibleCallback: [{ timeoutMs: 5000 }],
  getAppUsdtRateData: [],
  bindingTGSuccess: [{ telegramId: '42' }],
  addEventToCalendar: [{ title: 'Futures listing', startTime: 1_767_225_600_000, endTime: 1_767_229_200_000 }],
  palmPrintRegister: [{ vcode: '123456', session_id: 'session-1' }],
  palmPrintVerify: [{ vcode: '123456', session_id: 'session-1' }],
  confNavRightItems: [{ items: [{ id: 'help', text: 'Help' }] }],
  confNavCenterIcon: [{ icon: 'https://example.com/icon.png' }],
  confNavCenterTag: [{ text: 'Beta' }],
  navigationGoback: [],
  customNavigationGoback: [{ enabled: true }],
  navigationPopBack: [{ count: 1 }],
  setPicCompressSize: [{ maxKb: 500 }],
  goAsset: [{ tab: 'spot' }],
  bgbDeductionTradefee: [{ enabled: true }],
};

/** Sends `command` with its sample arguments. */
export function callWithSample(bridge: Bridge, command: BridgeCommand): Promise<CommandResult<unknown>> {
  const call = bridge.call as (name: BridgeCommand, ...args: unknown[]) => Promise<CommandResult<unknown>>;
  return call(command, ...(COMMAND_SAMPLES[command] as unknown[]));
}
