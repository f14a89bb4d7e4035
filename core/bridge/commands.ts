// The native commands of spec §B7: name, payload, answer, minimum app version and timeout class.
// Where the seed shows no payload, the shape below is this library's choice (docs/bridge-protocol.md).
import type { AssetTab, Theme } from '../catalog/enums.js';
import { deepFreeze } from '../catalog/freeze.js';
import type { TimeoutKind } from './constants.js';

/** What a share command hands to the app's share sheet. */
export interface SharePayload {
  title?: string;
  text?: string;
  url?: string;
  imageUrl?: string;
}

/** One button on the right of the native navigation bar; a tap comes back as the `navRightItemClick` event. */
export interface NavRightItem {
  id: string;
  icon?: string;
  text?: string;
}

/** Payload and answer of every command. `void` payload: the command takes none; `void` answer: fire and forget. */
export interface BridgeCommandMap {
  metaTitle: { payload: { title: string }; answer: void };
  logout: { payload: void; answer: void };
  openBrowser: { payload: { url: string }; answer: void };
  sendTokenToWeb: { payload: void; answer: { token: string } };
  nativeRouter: { payload: { link: string }; answer: void };
  /** The wire payload adds `requestId` (the callback id) in front of path and params (spec §B3). */
  requestAction: { payload: { path: string; params?: Record<string, unknown> }; answer: unknown };
  setTitleVisible: { payload: { visible: boolean }; answer: void };
  changeTitleBarTheme: { payload: { theme: Theme; backgroundColor?: string; textColor?: string }; answer: void };
  setBottomActions: { payload: { copy?: boolean; close?: boolean; refresh?: boolean }; answer: void };
  setNavigationBarHide: { payload: { hide: boolean }; answer: void };
  goNativeShare: { payload: SharePayload; answer: void };
  goAppShare: { payload: SharePayload; answer: void };
  goShare: { payload: SharePayload; answer: void };
  notifyStatusChange: { payload: { status: string; detail?: Record<string, unknown> }; answer: void };
  handleBizParams: { payload: { params: Record<string, unknown> }; answer: void };
  setWebLocalStorage: { payload: { key: string; value: string }; answer: void };
  getWebLocalStorage: { payload: { key: string }; answer: { value: string | null } };
  checkCameraPermission: { payload: void; answer: { granted: boolean } };
  showNavbarMore: { payload: { show: boolean }; answer: void };
  showNavbarClose: { payload: { show: boolean }; answer: void };
  startTraderProTraining: { payload: { traderId?: string }; answer: void };
  setOnWebVisibleCallback: { payload: void; answer: { visible: boolean } };
  getAppUsdtRateData: { payload: void; answer: { rates: Record<string, string> } };
  bindingTGSuccess: { payload: { telegramId?: string }; answer: void };
  addEventToCalendar: { payload: { title: string; startTime: number; endTime: number; description?: string; url?: string }; answer: void };
  palmPrintRegister: { payload: { vcode: string; session_id: string }; answer: { result: string } };
  palmPrintVerify: { payload: { vcode: string; session_id: string }; answer: { result: string } };
  confNavRightItems: { payload: { items: NavRightItem[] }; answer: void };
  confNavCenterIcon: { payload: { icon: string; link?: string }; answer: void };
  confNavCenterTag: { payload: { text: string; color?: string }; answer: void };
  navigationGoback: { payload: void; answer: void };
  customNavigationGoback: { payload: { enabled: boolean }; answer: void };
  navigationPopBack: { payload: { count?: number }; answer: void };
  setPicCompressSize: { payload: { maxKb: number }; answer: void };
  goAsset: { payload: { tab?: AssetTab }; answer: void };
  bgbDeductionTradefee: { payload: { enabled: boolean }; answer: void };
}

export type BridgeCommand = keyof BridgeCommandMap;
export type CommandPayload<C extends BridgeCommand> = BridgeCommandMap[C]['payload'];
export type CommandAnswer<C extends BridgeCommand> = BridgeCommandMap[C]['answer'];

/** How one command travels and when it may run. */
export interface CommandInfo {
  /** The lowest app version that understands the command (spec §B5; see `source`). */
  minVersion: string;
  /** 'seed' when spec §B5 names the value, 'chosen' when this library picked it within 1.2.51..2.56.0. */
  source: 'seed' | 'chosen';
  /** The timeout class when the page waits for a callback; absent for fire-and-forget commands. */
  timeout?: TimeoutKind;
  /** True when the command takes no payload (its first argument is then the call options). */
  noPayload?: true;
  /** 'not-android': skipped on Android (spec §B6: share). */
  platforms?: 'not-android';
}

/** The lowest and highest minimum versions the seed allows for commands it does not name (spec §B5). */
export const MIN_VERSION_FLOOR = '1.2.51';
export const MIN_VERSION_CEILING = '2.56.0';

const info = (source: CommandInfo['source'], minVersion: string, timeout?: TimeoutKind, noPayload?: 'noPayload'): CommandInfo => ({
  minVersion,
  source,
  ...(timeout ? { timeout } : {}),
  ...(noPayload ? { noPayload: true as const } : {}),
});
/** Spec §B6: "Skipped on Android: … share." */
const notOnAndroid = (command: CommandInfo): CommandInfo => ({ ...command, platforms: 'not-android' });
const seed = (minVersion: string, timeout?: TimeoutKind, noPayload?: 'noPayload') => info('seed', minVersion, timeout, noPayload);
const chosen = (minVersion: string, timeout?: TimeoutKind, noPayload?: 'noPayload') => info('chosen', minVersion, timeout, noPayload);

/**
 * Every command of spec §B7 with its minimum app version and timeout class. The 'seed' values are the
 * seed's (§5); the 'chosen' ones follow the feature's family and are documented in docs/bridge-protocol.md.
 * Frozen all the way down, like the catalogues.
 */
export const BRIDGE_COMMANDS: Readonly<Record<BridgeCommand, CommandInfo>> = /* @__PURE__ */ deepFreeze({
  metaTitle: chosen('1.2.51'),
  logout: chosen('1.2.51', undefined, 'noPayload'),
  openBrowser: seed('2.11.0'),
  sendTokenToWeb: chosen('1.2.51', 'callback', 'noPayload'),
  nativeRouter: chosen('1.2.51'),
  requestAction: chosen('1.2.51', 'appRequest'),
  setTitleVisible: seed('2.8.0'),
  changeTitleBarTheme: seed('2.56.0'),
  setBottomActions: seed('2.9.0'),
  setNavigationBarHide: chosen('2.8.0'),
  goNativeShare: notOnAndroid(chosen('1.2.51')),
  goAppShare: notOnAndroid(chosen('2.0.0')),
  goShare: notOnAndroid(chosen('2.0.0')),
  notifyStatusChange: chosen('2.0.0'),
  handleBizParams: chosen('2.0.0'),
  setWebLocalStorage: seed('2.15.0'),
  getWebLocalStorage: seed('2.15.0', 'callback'),
  checkCameraPermission: seed('2.21.0', 'callback', 'noPayload'),
  showNavbarMore: chosen('2.9.0'),
  showNavbarClose: chosen('2.9.0'),
  startTraderProTraining: chosen('2.30.0'),
  setOnWebVisibleCallback: chosen('2.15.0', 'webVisible', 'noPayload'),
  getAppUsdtRateData: chosen('2.21.0', 'callback', 'noPayload'),
  bindingTGSuccess: chosen('2.30.0'),
  addEventToCalendar: chosen('2.30.0'),
  palmPrintRegister: chosen('2.40.0', 'palmPrint'),
  palmPrintVerify: chosen('2.40.0', 'palmPrint'),
  confNavRightItems: seed('2.56.0'),
  confNavCenterIcon: seed('2.56.0'),
  confNavCenterTag: chosen('2.56.0'),
  navigationGoback: chosen('1.2.51', undefined, 'noPayload'),
  customNavigationGoback: chosen('2.21.0'),
  navigationPopBack: chosen('2.21.0'),
  setPicCompressSize: chosen('2.21.0'),
  goAsset: chosen('2.30.0'),
  bgbDeductionTradefee: chosen('2.40.0'),
});

/** Every command name, in catalogue order. */
export const BRIDGE_COMMAND_NAMES = Object.keys(BRIDGE_COMMANDS) as BridgeCommand[];

/** Whether `name` is a command of the catalogue. */
export function isBridgeCommand(name: string): name is BridgeCommand {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(BRIDGE_COMMANDS, name);
}

/** Title-bar colours used when changeTitleBarTheme is given a theme without colours (library choice); frozen. */
export const TITLE_BAR_THEME_COLORS: Readonly<Record<Theme, Readonly<{ backgroundColor: string; textColor: string }>>> =
  /* @__PURE__ */ deepFreeze({
    light: { backgroundColor: '#FFFFFF', textColor: '#000000' },
    dark: { backgroundColor: '#000000', textColor: '#FFFFFF' },
  });

/** setBottomActions' copy, close and refresh default to true (spec §B7); frozen. */
export const BOTTOM_ACTION_DEFAULTS = /* @__PURE__ */ deepFreeze({ copy: true, close: true, refresh: true } as const);

/** Fills a command's documented defaults into its payload before it goes on the wire. */
export function normalizePayload<C extends BridgeCommand>(command: C, payload: CommandPayload<C>): CommandPayload<C> {
  if (command === 'setBottomActions') {
    const p = (payload ?? {}) as CommandPayload<'setBottomActions'>;
    return {
      copy: p.copy ?? BOTTOM_ACTION_DEFAULTS.copy,
      close: p.close ?? BOTTOM_ACTION_DEFAULTS.close,
      refresh: p.refresh ?? BOTTOM_ACTION_DEFAULTS.refresh,
    } as CommandPayload<C>;
  }
  if (command === 'changeTitleBarTheme') {
    const p = payload as CommandPayload<'changeTitleBarTheme'>;
    const fallback = TITLE_BAR_THEME_COLORS[p.theme] ?? TITLE_BAR_THEME_COLORS.light;
    return {
      theme: p.theme,
      backgroundColor: p.backgroundColor || fallback.backgroundColor,
      textColor: p.textColor || fallback.textColor,
    } as CommandPayload<C>;
  }
  return payload;
}
