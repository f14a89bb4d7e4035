import type { HostGlobals } from '../platform/types.js';
import { resolveProtocol } from './protocol.js';
import type { BridgeProtocol } from './protocol.js';
import { expectObjectWith, expectString, readGuarded } from '../validate/describe-value.js';
import { escapeRegExp } from '../validate/reg-exp.js';

/** The operating system a page runs on, as far as the bridge and deep links care. */
export type BridgeOs = 'ios' | 'android' | 'other';

/** Where the page runs: inside the iOS or Android app, inside the app on an OS the user agent does not name, or in a plain browser. */
export type BridgeHost = 'ios' | 'android' | 'app' | 'web';

export interface AppDetection {
  inApp: boolean;
  host: BridgeHost;
  os: BridgeOs;
  /** The app version from the user agent, or null when it shows none. */
  appVersion: string | null;
  /** What revealed the app: its name in the user agent, its handler objects, or nothing. */
  detectedBy: 'user-agent' | 'handlers' | null;
}

interface PostTarget {
  postMessage(message: string): void;
}

function hasPost(value: unknown): value is PostTarget {
  return typeof value === 'object' && value !== null && typeof (value as PostTarget).postMessage === 'function';
}

/** The iOS message handler the page posts to, when the host injected it. */
export function iosHandler(globals: HostGlobals, protocol: BridgeProtocol): PostTarget | undefined {
  const webkit = globals.get('webkit') as { messageHandlers?: Record<string, unknown> } | undefined;
  const handler = webkit?.messageHandlers?.[protocol.iosHandlerName];
  return hasPost(handler) ? handler : undefined;
}

/** The Android interface object the page posts to, when the host injected it. */
export function androidHandler(globals: HostGlobals, protocol: BridgeProtocol): PostTarget | undefined {
  const handler = globals.get(protocol.androidInterfaceName);
  return hasPost(handler) ? handler : undefined;
}

/** The app version in a user agent: the dotted number after `<appName>/` (or a space), else null. */
export function appVersionFromUserAgent(userAgent: string, appName: string): string | null {
  expectString('userAgent', userAgent, 'appVersionFromUserAgent');
  expectString('appName', appName, 'appVersionFromUserAgent');
  // A name longer than the user agent cannot occur in it (and a huge one would not even compile as a RegExp).
  if (appName.length > userAgent.length) return null;
  const match = readGuarded('appName', 'an app name short enough to search for', appName, 'appVersionFromUserAgent', () =>
    new RegExp(`${escapeRegExp(appName)}[/ ]v?(\\d+(?:\\.\\d+)*)`, 'i').exec(userAgent),
  );
  return match?.[1] ?? null;
}

/** The operating system named by a user agent. */
export function osFromUserAgent(userAgent: string): BridgeOs {
  expectString('userAgent', userAgent, 'osFromUserAgent');
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

/**
 * Detects the app (spec §B1): the user agent contains the app name, or the native handler objects
 * are present; reads the app version from the user agent.
 */
export function detectApp(userAgent: string, globals: HostGlobals, protocol: BridgeProtocol): AppDetection {
  expectString('userAgent', userAgent, 'detectApp');
  expectObjectWith('globals', globals, 'detectApp', ['get']);
  protocol = resolveProtocol(protocol);
  const ios = iosHandler(globals, protocol);
  const android = ios ? undefined : androidHandler(globals, protocol);
  const byName = protocol.appName !== '' && userAgent.toLowerCase().includes(protocol.appName.toLowerCase());
  const uaOs = osFromUserAgent(userAgent);
  const os: BridgeOs = ios ? 'ios' : android ? 'android' : uaOs;
  const inApp = byName || ios !== undefined || android !== undefined;
  const host: BridgeHost = !inApp ? 'web' : os === 'other' ? 'app' : os;
  return {
    inApp,
    host,
    os,
    appVersion: appVersionFromUserAgent(userAgent, protocol.appName),
    detectedBy: byName ? 'user-agent' : inApp ? 'handlers' : null,
  };
}
