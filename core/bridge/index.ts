export {
  BRIDGE_VERSION,
  BRIDGE_CALLBACK_TIMEOUT_MS,
  APP_REQUEST_TIMEOUT_MS,
  WEB_VISIBLE_CALLBACK_TIMEOUT_MS,
  PALM_PRINT_CALLBACK_TIMEOUT_MS,
  DEFAULT_BRIDGE_TIMEOUTS,
} from './constants.js';
export type { TimeoutKind } from './constants.js';
export { APP_SUCCESS_CODES, NETWORK_ERROR_CODE_TEXT, isAppSuccessCode } from './result-codes.js';
export {
  AppRequestCallbackTimeout,
  AppResponseUnSuccessError,
  AppResponseNetworkError,
  AppJSBridgeRequestActionError,
  BridgeCallAbortedError,
  isBridgeTimeoutError,
  UnknownBridgeCommandError,
  UnknownDeepLinkTargetError,
  UnknownDeepLinkParamError,
  UnknownDeepLinkParamValueError,
  InvalidDeepLinkError,
  APP_BRIDGE_TIMEOUT_MESSAGE,
  APP_NETWORK_ERROR_MESSAGE,
  APP_REQUEST_ACTION_ERROR_MESSAGE,
  APP_UNSUCCESS_DEFAULT_MESSAGE,
} from './errors.js';
export type { RequestActionFailure } from './errors.js';
export { DEFAULT_PROTOCOL_NAMES, resolveProtocol, encodeMessage, readAnswer, decodeCallbackId } from './protocol.js';
export type { BridgeProtocol, WireMessage, NativeEvent, ReadAnswer, UncodedReason } from './protocol.js';
export {
  BRIDGE_COMMANDS,
  BRIDGE_COMMAND_NAMES,
  MIN_VERSION_FLOOR,
  MIN_VERSION_CEILING,
  TITLE_BAR_THEME_COLORS,
  BOTTOM_ACTION_DEFAULTS,
  isBridgeCommand,
  normalizePayload,
} from './commands.js';
export type {
  BridgeCommandMap,
  BridgeCommand,
  CommandPayload,
  CommandAnswer,
  CommandInfo,
  SharePayload,
  NavRightItem,
} from './commands.js';
export { detectApp, appVersionFromUserAgent, osFromUserAgent } from './detect.js';
export type { AppDetection, BridgeHost, BridgeOs } from './detect.js';
export { BridgeTransport } from './transport.js';
export type { TransportStats, TransportOptions, TransportCallOptions, AnsweredCall } from './transport.js';
export { createBridge } from './create-bridge.js';
export type {
  Bridge,
  BridgeOptions,
  BridgeCommands,
  CommandArgs,
  CommandResult,
  CallOptions,
  BridgeRequestOptions,
  BridgeRequestResult,
  SkipInfo,
  SkipReason,
} from './create-bridge.js';
export * from './testing/index.js';
export { DEEP_LINK_TARGETS, DEEP_LINK_TARGET_NAMES, deepLinkSpec, isDeepLinkTarget } from './deep-link-targets.js';
export type { DeepLinkTarget, DeepLinkTargetSpec } from './deep-link-targets.js';
export { buildDeepLink, parseDeepLink, openDeepLink, isDeepLinkAllowed, isEmptyDeepLinkValue } from './deep-links.js';
export type {
  DeepLinkValue,
  DeepLinkParamName,
  DeepLinkParamValue,
  DeepLinkParams,
  DeepLinkIntent,
  DeepLinkConfig,
  BuildDeepLinkOptions,
  ParsedDeepLink,
  OpenDeepLinkResult,
  DeepLinkOpener,
  DeepLinkBridge,
} from './deep-links.js';
