// The "inside the app" switch: outside, the page talks to no native host (the bridge skips every
// command and deep links use the public scheme); inside, exkit's native-host simulator plays the iOS or
// Android app at a chosen version. Each change builds a fresh bridge, as a real page gets one per load.
import { createBridge, createNativeHostSimulator, createStore } from 'exkit';
import type { Bridge, BridgeCommand, DeepLinkParams, DeepLinkTarget, NativeHostSimulator, Platform, ReceivedMessage } from 'exkit';
import { SECTIONS } from '../i18n/catalogue.js';
import type { Texts } from '../i18n/catalogue.js';
import { callWithSample } from './command-samples.js';
import { valueStore } from './store.js';

/** The app's name in its user agent and the link schemes (this example's own values). */
export const APP_NAME = 'ExkitExchange';
export const DEEP_LINK_CONFIG = { appScheme: 'exkitexchange', publicScheme: 'exkitexchange-web', host: 'app' } as const;
/** App versions offered by the switch: either side of the seed's named minimum versions (spec §B5). */
export const APP_VERSIONS = ['1.2.50', '2.8.0', '2.10.0', '2.15.0', '2.21.0', '2.55.9', '2.56.0'] as const;

export interface InAppSettings {
  inApp: boolean;
  os: 'ios' | 'android';
  appVersion: string;
}

export interface InAppState {
  settings: InAppSettings;
  bridge: Bridge;
  simulator: NativeHostSimulator | undefined;
  /** Messages the simulated app received, newest first. */
  received: readonly ReceivedMessage[];
}

const SETTINGS_KEY = 'example-in-app';
const DEFAULT_SETTINGS: InAppSettings = { inApp: false, os: 'ios', appVersion: '2.56.0' };

/** The current bridge and simulator; `configure` switches and rebuilds them (kept for the tab's life). */
export function createInAppSession(platform: Platform) {
  const saved = createStore(platform, 'common', { backend: 'session' });
  const build = (settings: InAppSettings): InAppState => {
    let simulator: NativeHostSimulator | undefined;
    if (settings.inApp) {
      simulator = createNativeHostSimulator(platform, { appName: APP_NAME, os: settings.os, appVersion: settings.appVersion });
      simulator.route('/v1/user/overview/userinfo', (message) => ({ data: { userId: 'app-user', askedWith: message.payload } }));
      // A real app answers when its web view shows again; this page is on screen, so the simulated app answers now.
      simulator.script('setOnWebVisibleCallback', { data: { visible: true } });
    }
    const bridge = createBridge(platform, {
      appName: APP_NAME,
      deepLinks: DEEP_LINK_CONFIG,
      ...(settings.inApp ? { appVersion: settings.appVersion } : {}),
    });
    return { settings, bridge, simulator, received: [] };
  };
  const state = valueStore(build({ ...DEFAULT_SETTINGS, ...saved.get<Partial<InAppSettings>>(SETTINGS_KEY, {}) }));
  let seen = 0;
  /** Copies what the simulator has received into the state (newest first). */
  const refresh = () => {
    const { simulator } = state.get();
    if (!simulator || simulator.received.length === seen) return;
    seen = simulator.received.length;
    state.set({ ...state.get(), received: [...simulator.received].reverse() });
  };
  /** Runs a bridge call and records what reached the simulated app, before and after it settles. */
  const track = async <T>(run: (bridge: Bridge) => Promise<T>): Promise<T> => {
    try {
      const pending = run(state.get().bridge);
      refresh();
      return await pending;
    } finally {
      refresh();
    }
  };
  return {
    state,
    track,
    refresh,
    /** Sends one command with its sample arguments (their words in the visitor's language, English by default). */
    send: (command: BridgeCommand, words?: Texts['commandSamples']) => track((bridge) => callWithSample(bridge, command, words)),
    /** Opens a deep link: nativeRouter inside the app, the public scheme outside. */
    open: (target: DeepLinkTarget, params: Record<string, string>) =>
      track((bridge) => bridge.openDeepLink(target, params as DeepLinkParams<DeepLinkTarget>)),
    configure(patch: Partial<InAppSettings>) {
      const current = state.get();
      const settings = { ...current.settings, ...patch };
      current.simulator?.uninstall();
      current.bridge.dispose();
      seen = 0;
      saved.set(SETTINGS_KEY, settings);
      state.set(build(settings));
    },
  };
}

export type InAppSession = ReturnType<typeof createInAppSession>;

/**
 * Why a command was not sent, in one line: the reason code (data, as it is), then what it means here, in the
 * language of `t` (English by default).
 */
export function skippedText(
  skip: { reason: string; minimumVersion: string; appVersion: string | null },
  t: Texts['inApp'] = SECTIONS.inApp.en,
): string {
  const why =
    skip.reason === 'not-in-app'
      ? t.why['not-in-app']
      : skip.reason === 'below-minimum-version'
        ? t.why['below-minimum-version'](skip.appVersion ?? t.versionUnknown, skip.minimumVersion)
        : skip.reason === 'not-on-android'
          ? t.why['not-on-android']
          : t.why.other(skip.minimumVersion);
  return t.skipped(skip.reason, why);
}
