// Shared set-up for the bridge tests: a memory platform with a simulated native app and a bridge on it.
import { createBridge, createNativeHostSimulator, memoryPlatform } from '../../../core/index.js';
import type { BridgeOptions, NativeHostSimulatorOptions } from '../../../core/index.js';

export const APP_NAME = 'TestExchangeApp';

export interface AppSetup {
  os?: 'ios' | 'android';
  appVersion?: string;
  encoding?: 'json' | 'object';
  bridge?: Omit<BridgeOptions, 'appName'>;
  simulator?: Omit<NativeHostSimulatorOptions, 'appName'>;
}

/** A page inside the simulated app: platform, simulator and bridge, in the order a real page meets them. */
export function inApp(setup: AppSetup = {}) {
  const platform = memoryPlatform();
  const sim = createNativeHostSimulator(platform, {
    appName: APP_NAME,
    os: setup.os ?? 'ios',
    appVersion: setup.appVersion ?? '2.56.0',
    encoding: setup.encoding ?? 'json',
    ...setup.simulator,
  });
  const bridge = createBridge(platform, { appName: APP_NAME, ...setup.bridge });
  return { platform, sim, bridge };
}

/** A page in a plain mobile browser: no handlers, no app name in the user agent. */
export function inBrowser(userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile Safari/604.1') {
  const platform = memoryPlatform({ userAgent });
  const bridge = createBridge(platform, { appName: APP_NAME });
  return { platform, bridge };
}
