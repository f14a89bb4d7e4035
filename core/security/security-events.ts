import type { KeyAlgorithm, SignErrorCode } from './constants.js';

/** What the security layer tells the app (spec §S8): toasts, logouts, config resets and re-fetches, logs. */
export type SecurityEvent =
  /** Show a toast with this message (debounced 2 s). */
  | { type: 'toast'; code: SignErrorCode; message: string }
  /** Log the user out (sign error 00023, debounced 2 s). */
  | { type: 'logout'; code: SignErrorCode }
  /** The cached sign config was dropped (sign errors 00020, 00021, 00022, or a reset). */
  | { type: 'configReset'; code?: SignErrorCode }
  /** Fetch the sign config again, forced (2 s after the last 00020/00021). */
  | { type: 'refetchConfig' }
  /** A response carried a gw-sign-error header. */
  | { type: 'gatewaySignError'; url: string; value: string }
  /** Debug mode: the text a request's signature covers, and the gateway's, when it sent one. */
  | { type: 'signDebug'; url: string; text: string; serverText?: string }
  /** A key pair was bound to a session after a login-type call. */
  | { type: 'keyPairBound'; userId: string; algorithm: KeyAlgorithm }
  /**
   * A login succeeded but its key pair could not be bound to the session: no session token readable within
   * 2 s of the answer, no user id in the answer or the uid cookie, or storage refused the pair.
   */
  | { type: 'keyPairNotBound'; reason: 'no-token' | 'no-user-id' | 'storage-failed'; algorithm: KeyAlgorithm }
  /** A key generation that had timed out finished and was kept as the backup pair. */
  | { type: 'backupKeyStored'; algorithm: KeyAlgorithm };
