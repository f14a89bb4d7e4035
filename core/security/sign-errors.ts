// Sign error handling (spec §S8): toasts, config resets, debounced re-fetch, logout and reports.
import { guardedStream } from '../errors/guarded-observable.js';
import { guardCallback, safeReport } from '../errors/guard-callback.js';
import { Subject } from 'rxjs';
import { checkDuration } from '../validate/duration.js';
import type { Observable } from 'rxjs';
import type { Platform } from '../platform/types.js';
import { message as messageText } from '../catalog/messages.js';
import { CONFIG_REFETCH_DEBOUNCE_MS, SIGN_ERROR_CODES, SIGN_ERROR_DEBOUNCE_MS, SIGN_INVALID_EVENT } from './constants.js';
import type { SignErrorCode } from './constants.js';
import type { SecurityEvent } from './security-events.js';
import { expectObjectWith, expectString, invalidArgument, readRecord } from '../validate/describe-value.js';

const CODES = new Set<string>(Object.values(SIGN_ERROR_CODES));

/** Whether a response code is one of the gateway's sign error codes. */
export function isSignErrorCode(code: unknown): code is SignErrorCode {
  return typeof code === 'string' && CODES.has(code);
}

export interface SignErrorHandlerOptions {
  /** Spec §S9: toast and logout debounce, default 2000 ms. */
  debounceMs?: number;
  /** Spec §S8: config re-fetch debounce, default 2000 ms. */
  refetchDebounceMs?: number;
  /** Drops the cached config and signing state (called at once for 00020, 00021, 00022). */
  resetConfig: () => void;
  /** Where gw-sign-error headers are logged. */
  log: (message: string, data: Record<string, unknown>) => void;
}

/** Turns sign errors into the events of spec §S8. */
export interface SignErrorHandler {
  readonly events$: Observable<SecurityEvent>;
  /** A response came back with a sign error code; without a message, the locale's 'unknown error' text is shown. */
  handle(code: SignErrorCode, message: string | undefined, url: string, locale?: string): void;
  /** A response came back with a gw-sign-error header. */
  logHeader(url: string, value: string): void;
  /** Emits an event on the same stream (used for debug and key events). */
  emit(event: SecurityEvent): void;
  dispose(): void;
}

/**
 * Creates the handler. Toasts and logouts use a leading debounce: the first of a burst goes out, and
 * any other within `debounceMs` of the previous one is dropped. The re-fetch fires once, `refetchDebounceMs`
 * after the last 00020/00021.
 *
 * @example
 * ```ts
 * const signErrors = createSignErrorHandler(platform, {
 *   resetConfig: () => security.reset(),
 *   log: (message, data) => console.warn(message, data),
 * });
 * signErrors.dispose();
 * ```
 */
export function createSignErrorHandler(platform: Platform, options: SignErrorHandlerOptions): SignErrorHandler {
  options = readRecord('options', options, 'createSignErrorHandler');
  expectObjectWith('platform', platform, 'createSignErrorHandler', ['clock', 'errors', 'timers']);
  // 0 turns a debounce off; anything else must be a delay a timer honours.
  checkDuration('debounceMs', options.debounceMs, { owner: 'sign errors', allowZero: true });
  checkDuration('refetchDebounceMs', options.refetchDebounceMs, { owner: 'sign errors', allowZero: true });
  for (const name of ['resetConfig', 'log'] as const)
    if (typeof options[name] !== 'function')
      throw invalidArgument(`options.${name}`, 'a function', options[name], 'createSignErrorHandler');
  // The caller's callbacks run guarded: a throw is reported (UserCallbackError) and the handler goes on.
  const resetConfig = () => guardCallback('options.resetConfig', () => options.resetConfig(), platform.errors);
  const log = (message: string, data: Record<string, unknown>) =>
    guardCallback('options.log', () => options.log(message, data), platform.errors);
  const codes: readonly unknown[] = Object.values(SIGN_ERROR_CODES);
  const debounceMs = options.debounceMs ?? SIGN_ERROR_DEBOUNCE_MS;
  const refetchMs = options.refetchDebounceMs ?? CONFIG_REFETCH_DEBOUNCE_MS;
  const subject = new Subject<SecurityEvent>();
  let lastToast = Number.NEGATIVE_INFINITY;
  let lastLogout = Number.NEGATIVE_INFINITY;
  let refetchTimer: unknown;
  let refetchPending = false;

  const passes = (last: number): boolean => platform.clock.now() - last >= debounceMs;

  return {
    events$: guardedStream('security.events$', subject, platform.errors),
    handle(code, message, url, locale = 'en') {
      if (!codes.includes(code)) throw invalidArgument('code', `a sign error code (${codes.join(', ')})`, code, 'signErrors.handle');
      if (message !== undefined && typeof message !== 'string') throw invalidArgument('message', 'a string', message, 'signErrors.handle');
      expectString('url', url, 'signErrors.handle');
      expectString('locale', locale, 'signErrors.handle');
      const text = message && message.trim() !== '' ? message : messageText(locale, 'unknownError');
      const now = platform.clock.now();
      if (passes(lastToast)) subject.next({ type: 'toast', code, message: text });
      lastToast = now;
      if (code === SIGN_ERROR_CODES.invalid) {
        if (passes(lastLogout)) {
          subject.next({ type: 'logout', code });
          safeReport(platform.errors, { event: SIGN_INVALID_EVENT, message: text, data: { code, url } });
        }
        lastLogout = now;
        return;
      }
      resetConfig();
      subject.next({ type: 'configReset', code });
      if (code === SIGN_ERROR_CODES.expired) return;
      if (refetchPending) platform.timers.clearTimeout(refetchTimer);
      refetchPending = true;
      refetchTimer = platform.timers.setTimeout(() => {
        refetchPending = false;
        subject.next({ type: 'refetchConfig' });
      }, refetchMs);
    },
    logHeader(url, value) {
      expectString('url', url, 'signErrors.logHeader');
      expectString('value', value, 'signErrors.logHeader');
      log('gateway sign error', { url, value });
      subject.next({ type: 'gatewaySignError', url, value });
    },
    emit(given) {
      const event = readRecord('event', given, 'signErrors.emit');
      expectString('event.type', event.type, 'signErrors.emit');
      subject.next(event);
    },
    dispose() {
      if (refetchPending) platform.timers.clearTimeout(refetchTimer);
      refetchPending = false;
      subject.complete();
    },
  };
}
