// The HTTP client's constants, each from the seed section that gives it.

/** Every API path gets this prefix. Spec §S7. */
export const API_PREFIX = '/v1';

/** Default time a request may take before it fails with the timeout message. Spec §S9. */
export const HTTP_TIMEOUT_MS = 10_000;

/** Toasts and logouts within this quiet window collapse into one. Spec §S8, §S9. */
export const ERROR_EVENT_DEBOUNCE_MS = 2_000;

/** The user-info call resolves even with a toast code: the page probes the session with it. Spec §S7, §S8. */
export const USER_INFO_PATH = '/v1/user/overview/userinfo';

/** The `terminaltype` header value sent on every call (web). Spec §S3. */
export const TERMINAL_TYPE = '1';

/** The body `status` value that marks a failed call carrying a `msg`. Spec §S8. */
export const ERROR_BODY_STATUS = 'error';

/**
 * The header that marks the beta environment. The seed names the header's existence, not its spelling
 * (Spec §S3); this default is our choice and is overridable through `HttpClientOptions.betaHeader`.
 */
export const DEFAULT_BETA_HEADER: Readonly<{ name: string; value: string }> = { name: 'beta', value: 'true' };

/** HTTP status shown as 'Request is forbidden'. Spec §S8. */
export const FORBIDDEN_STATUS = 403;

/** HTTP statuses shown as 'Request error'. Spec §S8. */
export const REQUEST_ERROR_STATUSES: readonly number[] = [404, 504];

/** HTTP status shown as 'The system is busy' (others get '{status}:The system is busy'). Spec §S8. */
export const BUSY_STATUS = 500;
