export { createHttpClient } from './client.js';
export { cookieJarHooks, parseSetCookie } from './cookie-hooks.js';
export type { CookieJarSource, SetCookie } from './cookie-hooks.js';
export type { HttpClient } from './client.js';
export { assertParamTimeZone, cleanParams, cleanParamValue, formatParamDate } from './clean-params.js';
export type { CleanParamsOptions, ParamTimeZone } from './clean-params.js';
export {
  API_PREFIX,
  BUSY_STATUS,
  DEFAULT_BETA_HEADER,
  ERROR_BODY_STATUS,
  ERROR_EVENT_DEBOUNCE_MS,
  FORBIDDEN_STATUS,
  HTTP_TIMEOUT_MS,
  REQUEST_ERROR_STATUSES,
  TERMINAL_TYPE,
  USER_INFO_PATH,
} from './constants.js';
export {
  HttpApiError,
  HttpRequestError,
  HttpStatusError,
  HttpInvalidResponseError,
  LoginExpiredError,
  HttpNetworkError,
  HttpRedirectError,
  HttpSetupError,
  RequestCancelledError,
  RequestTimeoutError,
  UnknownTimeZoneError,
} from './errors.js';
export type { CancelReason, HttpRequestErrorDetails, InvalidResponseReason, RedirectRefusal } from './errors.js';
export { CROSS_ORIGIN_HEADERS, MAX_REDIRECTS } from './redirect.js';
export { debouncedEventChannel } from './events.js';
export type { DebouncedEventChannel, HttpEventChannel } from './events.js';
export { httpStatusMessage } from './messages.js';
export { REQUEST_CONTEXT_KEY, requestApiPath, requestContext, withRequestContext } from './request-context.js';
export type { ApiEnvelope, ContentType, HttpMethod, HttpRequestContext } from './request-context.js';
export type {
  AppTheme,
  HttpAfterResponseHook,
  HttpBeforeErrorHook,
  HttpBeforeRequestHook,
  HttpClientOptions,
  HttpEvent,
  HttpHookOptions,
  HttpHookState,
  HttpHooks,
  HttpLogoutEvent,
  HttpParams,
  HttpProviders,
  HttpToastEvent,
  LoginExpiredMode,
  RequestOptions,
} from './types.js';
