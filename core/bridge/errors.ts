import { ExkitError } from '../errors/exkit-error.js';
import { describeValue } from '../validate/describe-value.js';
import type { ExkitErrorOptions } from '../errors/exkit-error.js';
import { message } from '../catalog/messages.js';
import { isResultCode } from '../catalog/result-codes.js';
import { NETWORK_ERROR_CODE_TEXT } from './result-codes.js';

/** Message of AppRequestCallbackTimeout (spec §B8). */
export const APP_BRIDGE_TIMEOUT_MESSAGE = 'AppBridgeSend Timeout';
/** Message of AppResponseNetworkError (spec §B8). */
export const APP_NETWORK_ERROR_MESSAGE = 'App Network Error';
/** Message of AppJSBridgeRequestActionError (spec §B8). */
export const APP_REQUEST_ACTION_ERROR_MESSAGE = 'App Jsbridge Request Action Error';
/** Message of AppResponseUnSuccessError when the answer carries none. */
export const APP_UNSUCCESS_DEFAULT_MESSAGE = 'App Response Unsuccessful';

/** The native side did not answer within the command's timeout (spec §B8). */
export class AppRequestCallbackTimeout extends ExkitError {
  override name = 'AppRequestCallbackTimeout' as const;
  /** Always true: the call ended as timed out. */
  readonly timedOut = true as const;
  constructor(options: ExkitErrorOptions = {}) {
    super('APP_BRIDGE_TIMEOUT', APP_BRIDGE_TIMEOUT_MESSAGE, options);
  }
}

/**
 * The native side answered with a code that is not a success code (spec §B8). `code` is the app's
 * code as text, `appData` its data; code -1 gets the catalogue's networkError text in `locale`
 * ("Network error. Try again later." in English). `timedOut` is true for the timeout codes 00004 and
 * 110100 (spec §B8 result codes): such a call ended as timed out.
 */
export class AppResponseUnSuccessError extends ExkitError {
  override name = 'AppResponseUnSuccessError' as const;
  /** Whether the code is one of the seed's timeout result codes (00004, 110100). */
  readonly timedOut: boolean;
  constructor(code: string, msg: string | undefined, options: ExkitErrorOptions = {}, locale = 'en') {
    super(code, code === NETWORK_ERROR_CODE_TEXT ? message(locale, 'networkError') : msg || APP_UNSUCCESS_DEFAULT_MESSAGE, options);
    this.timedOut = isResultCode(code, 'timeout');
  }
}

/**
 * Whether a bridge call ended as timed out: no answer in time (AppRequestCallbackTimeout), or an answer
 * with a timeout result code, 00004 or 110100 (spec §B8). Reads `name` and `code`, so it also holds for
 * errors from another copy of the library.
 */
export function isBridgeTimeoutError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  let name: unknown;
  let code: unknown;
  try {
    ({ name, code } = error as { name?: unknown; code?: unknown });
  } catch {
    // An object whose fields cannot be read is no bridge error.
    return false;
  }
  return name === 'AppRequestCallbackTimeout' || (name === 'AppResponseUnSuccessError' && isResultCode(code, 'timeout'));
}

/**
 * The native side answered a request with nothing or without a code (spec §B8): empty, not JSON, not
 * an object, no code, a code that is not a string or a number, or an answer that threw when read.
 * `extra` holds `command`, `reason` (an UncodedReason) and `answerType`, never the native object itself.
 */
export class AppResponseNetworkError extends ExkitError {
  override name = 'AppResponseNetworkError' as const;
  constructor(options: ExkitErrorOptions = {}) {
    super('APP_NETWORK_ERROR', APP_NETWORK_ERROR_MESSAGE, options);
  }
}

/** Why a request could not be handed to the native side. */
export type RequestActionFailure = 'no-handler' | 'post-failed' | 'disposed' | 'fallback-failed';

/**
 * The request could not be delivered to the native side (spec §B8): no handler object, postMessage
 * threw, the bridge was disposed, or the caller's fallback threw (its throw is the `cause`).
 * `extra.reason` says which.
 */
export class AppJSBridgeRequestActionError extends ExkitError {
  override name = 'AppJSBridgeRequestActionError' as const;
  declare readonly extra: { reason: RequestActionFailure; command: string };
  constructor(extra: AppJSBridgeRequestActionError['extra'], options: Omit<ExkitErrorOptions, 'extra'> = {}) {
    super('APP_JSBRIDGE_REQUEST_ACTION', APP_REQUEST_ACTION_ERROR_MESSAGE, { ...options, extra });
  }
}

/** The caller aborted a pending bridge call through its AbortSignal; `cause` is the signal's reason. */
export class BridgeCallAbortedError extends ExkitError {
  override name = 'BridgeCallAbortedError' as const;
  constructor(command: string, options: Omit<ExkitErrorOptions, 'extra'> = {}) {
    super('BRIDGE_CALL_ABORTED', `The bridge call '${command}' was aborted`, { ...options, extra: { command } });
  }
}

/** A command name that is not in the catalogue of spec §B7 (only reachable from untyped callers). */
export class UnknownBridgeCommandError extends ExkitError {
  override name = 'UnknownBridgeCommandError' as const;
  constructor(command: string) {
    super('BRIDGE_UNKNOWN_COMMAND', `Unknown bridge command: ${describeValue(command)}`, { extra: { command } });
  }
}

/** A deep-link value as text (objects as JSON), for links and error messages; never throws. */
export function deepLinkValueText(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    // A value JSON cannot write (a cycle, a BigInt inside) or a Symbol's text in an error message.
    return Object.prototype.toString.call(value);
  }
}

/** A target name that is not in the catalogue of spec §B2. */
export class UnknownDeepLinkTargetError extends ExkitError {
  override name = 'UnknownDeepLinkTargetError' as const;
  constructor(target: string) {
    super('DEEP_LINK_UNKNOWN_TARGET', `Unknown deep-link target: ${describeValue(target)}`, { extra: { target } });
  }
}

/** A parameter the target does not take. */
export class UnknownDeepLinkParamError extends ExkitError {
  override name = 'UnknownDeepLinkParamError' as const;
  constructor(target: string, param: string) {
    super('DEEP_LINK_UNKNOWN_PARAM', `The deep-link target ${target} takes no parameter ${describeValue(param)}`, {
      extra: { target, param },
    });
  }
}

/** A value outside the values a parameter takes (spec §B2: home/asset type is an asset tab). */
export class UnknownDeepLinkParamValueError extends ExkitError {
  override name = 'UnknownDeepLinkParamValueError' as const;
  constructor(target: string, param: string, value: unknown, allowed: readonly string[]) {
    super(
      'DEEP_LINK_UNKNOWN_VALUE',
      `The deep-link parameter ${param} of ${target} takes ${allowed.join(', ')}; got ${JSON.stringify(deepLinkValueText(value))}`,
      {
        extra: { target, param, value: deepLinkValueText(value), allowed: [...allowed] },
      },
    );
  }
}

/** A URL that is not a deep link of the configured schemes and host. */
export class InvalidDeepLinkError extends ExkitError {
  override name = 'InvalidDeepLinkError' as const;
  constructor(url: string) {
    super('DEEP_LINK_INVALID', `Not a deep link of this app: ${describeValue(url)}`, { extra: { url } });
  }
}
