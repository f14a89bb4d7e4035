// The wire format between a page and the native app (docs/bridge-protocol.md). Every name on the wire is
// configurable: nothing about a particular exchange's app is fixed here.

/** The names the page and the native side agree on. */
export interface BridgeProtocol {
  /** Token of the app in the user agent, e.g. 'MyExchangeApp' in '… MyExchangeApp/2.56.1'. Required. */
  appName: string;
  /** iOS: `window.webkit.messageHandlers[<this>].postMessage(json)`. */
  iosHandlerName: string;
  /** Android: `window[<this>].postMessage(json)`, an object injected with addJavascriptInterface. */
  androidInterfaceName: string;
  /** The global function the native side calls with `(callbackId, answer)`. */
  callbackFunctionName: string;
  /** The global function the native side calls with `(eventName, payload)` to push an event. */
  eventFunctionName: string;
}

/** Default handler and function names (generic; override them to match your app). */
export const DEFAULT_PROTOCOL_NAMES: Readonly<Omit<BridgeProtocol, 'appName'>> = {
  iosHandlerName: 'exkitBridge',
  androidInterfaceName: 'exkitBridge',
  callbackFunctionName: '__exkitBridgeCallback',
  eventFunctionName: '__exkitBridgeEvent',
};

/** The protocol with defaults filled in. */
export function resolveProtocol(protocol: Partial<BridgeProtocol> & { appName: string }): BridgeProtocol {
  return { ...DEFAULT_PROTOCOL_NAMES, ...protocol };
}

/** A message from the page to the native side, sent as a JSON string. */
export interface WireMessage {
  /** The callback id, present when the page waits for an answer. */
  id?: number;
  command: string;
  payload?: unknown;
}

/** A push from the native side to the page (for example `webVisible`). */
export interface NativeEvent<T = unknown> {
  name: string;
  data: T;
}

/** Serialises a page-to-native message (iOS and Android both receive this string). */
export function encodeMessage(message: WireMessage): string {
  return JSON.stringify(message);
}

/** Parses a native answer: a JSON string or an object. Returns `malformed` for anything that is neither. */
export function decodeAnswer(raw: unknown): { kind: 'empty' } | { kind: 'malformed' } | { kind: 'object'; value: Record<string, unknown> } {
  if (raw === undefined || raw === null || raw === '') return { kind: 'empty' };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { kind: 'malformed' };
    }
    if (value === null) return { kind: 'empty' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'malformed' };
  return { kind: 'object', value: value as Record<string, unknown> };
}

/** A callback id as the page issued it: the native side may hand it back as a number or a numeric string. */
export function decodeCallbackId(raw: unknown): number | undefined {
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}
