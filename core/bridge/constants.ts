import { deepFreeze } from '../catalog/freeze.js';

/** The bridge library's version (spec §B1). */
export const BRIDGE_VERSION = '1.3.15';

/** How long a command that expects a native callback waits for it, in ms (spec §B9). */
export const BRIDGE_CALLBACK_TIMEOUT_MS = 3000;
/** How long an app request (requestAction) waits for its answer, in ms (spec §B9). */
export const APP_REQUEST_TIMEOUT_MS = 10_000;
/** How long the web-visible callback stays registered, in ms (spec §B9). */
export const WEB_VISIBLE_CALLBACK_TIMEOUT_MS = 3_600_000;
/** How long a palm-print register or verify callback is awaited, in ms (spec §B9). */
export const PALM_PRINT_CALLBACK_TIMEOUT_MS = 60_000;

/** The timeout classes a command can belong to. */
export type TimeoutKind = 'callback' | 'appRequest' | 'webVisible' | 'palmPrint';

/** The default timeout of every class, in ms (spec §B9); frozen, overridable through `createBridge` options and per call. */
export const DEFAULT_BRIDGE_TIMEOUTS: Readonly<Record<TimeoutKind, number>> = /* @__PURE__ */ deepFreeze({
  callback: BRIDGE_CALLBACK_TIMEOUT_MS,
  appRequest: APP_REQUEST_TIMEOUT_MS,
  webVisible: WEB_VISIBLE_CALLBACK_TIMEOUT_MS,
  palmPrint: PALM_PRINT_CALLBACK_TIMEOUT_MS,
});
