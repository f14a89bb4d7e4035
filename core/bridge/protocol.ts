import { expectString, readGuarded, readRecord } from '../validate/describe-value.js';
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
  const out = { ...DEFAULT_PROTOCOL_NAMES, ...readRecord('protocol', protocol, 'resolveProtocol') };
  for (const key of ['appName', ...Object.keys(DEFAULT_PROTOCOL_NAMES)] as (keyof BridgeProtocol)[])
    expectString(`protocol.${key}`, out[key], 'resolveProtocol');
  return out;
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
  return readGuarded('message', 'a message JSON can encode', message, 'encodeMessage', () => JSON.stringify(message));
}

/** Why an answer tied to a request carries no usable code (spec §B8: "empty or has no code"). */
export type UncodedReason =
  /** '', null or undefined (or the JSON text null). */
  | 'empty'
  /** A string that is not JSON. */
  | 'not-json'
  /** JSON or a value that is not an object: an array, a number, a JSON string, a boolean, a function. */
  | 'not-an-object'
  /** An object without `code`, or with an empty one. */
  | 'no-code'
  /** A code that is neither a non-empty string nor a finite number (an object, a Symbol, a BigInt, NaN…). */
  | 'invalid-code'
  /** Reading the answer threw (a throwing getter, a hostile Proxy). */
  | 'unreadable';

/** A native answer read once into plain values; nothing of the native side's object is read again later. */
export type ReadAnswer =
  | { kind: 'coded'; code: string; msg: string | undefined; data: unknown }
  | { kind: 'uncoded'; reason: UncodedReason; answerType: string; cause?: unknown };

function typeOfAnswer(value: unknown): string {
  try {
    return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  } catch {
    // Array.isArray throws on a revoked Proxy.
    return 'object';
  }
}

/**
 * Reads a native answer (a JSON string or an object `{ code, data, msg? }`) once, field by field, and
 * never throws: every field is read before the answer is judged, so a throwing getter or Proxy becomes
 * `{ kind: 'uncoded', reason: 'unreadable' }` instead of an exception. A code is a non-empty string or a
 * finite number (as text); anything else is not a code.
 */
export function readAnswer(raw: unknown): ReadAnswer {
  let value: unknown = raw;
  try {
    if (raw === undefined || raw === null || raw === '') return { kind: 'uncoded', reason: 'empty', answerType: typeOfAnswer(raw) };
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        return { kind: 'uncoded', reason: 'not-json', answerType: 'string' };
      }
      if (value === null) return { kind: 'uncoded', reason: 'empty', answerType: 'null' };
    }
    const answerType = typeOfAnswer(value);
    if (answerType !== 'object') return { kind: 'uncoded', reason: 'not-an-object', answerType };
    const record = value as Record<string, unknown>;
    const code: unknown = record.code;
    const msg: unknown = record.msg;
    const data: unknown = record.data;
    if (code === undefined || code === null || code === '') return { kind: 'uncoded', reason: 'no-code', answerType };
    if (typeof code === 'string') return { kind: 'coded', code, msg: typeof msg === 'string' ? msg : undefined, data };
    if (typeof code === 'number' && Number.isFinite(code))
      return { kind: 'coded', code: String(code), msg: typeof msg === 'string' ? msg : undefined, data };
    return { kind: 'uncoded', reason: 'invalid-code', answerType };
  } catch (error) {
    return { kind: 'uncoded', reason: 'unreadable', answerType: typeOfAnswer(value), cause: error };
  }
}

/** A callback id as the page issued it: the native side may hand it back as a number or a numeric string. */
export function decodeCallbackId(raw: unknown): number | undefined {
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}
