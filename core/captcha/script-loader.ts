import type { Platform } from '../platform/types.js';
import { checkDuration } from '../validate/duration.js';
import { expectString } from '../validate/describe-value.js';
import { CaptchaScriptLoadError } from './errors.js';

/** How long a third-party captcha script may take to load before the flow gives up. */
export const CAPTCHA_SCRIPT_TIMEOUT_MS = 10_000;

export interface ScriptLoader {
  /**
   * Loads a script once per URL; later calls share the first call's promise (a failure is retried). A
   * `timeoutMs` that is not a duration a timer honours rejects with InvalidArgumentError.
   */
  load(url: string, timeoutMs?: number): Promise<void>;
}

/**
 * Loads scripts through the platform's document. A script that fails to load fires none of its own
 * callbacks, so our own error handler and timer decide.
 *
 * @example
 * ```ts
 * const loader = createScriptLoader(browserPlatform());
 * await loader.load('https://static.example.com/lib/gt4.js', 10_000); // loaded once, however many flows ask
 * ```
 */
export function createScriptLoader(platform: Platform): ScriptLoader {
  const loads = new Map<string, Promise<void>>();
  return {
    load(url, timeoutMs = CAPTCHA_SCRIPT_TIMEOUT_MS) {
      try {
        expectString('url', url, 'captcha script loader');
        checkDuration('timeoutMs', timeoutMs, { owner: 'captcha script loader' });
      } catch (error) {
        return Promise.reject(error);
      }
      const existing = loads.get(url);
      if (existing) return existing;
      const loading = new Promise<void>((resolve, reject) => {
        const doc = platform.dom?.document;
        if (!doc) {
          reject(new CaptchaScriptLoadError('CAPTCHA_NO_DOCUMENT', `cannot load ${url}: there is no document`));
          return;
        }
        const script = doc.createElement('script');
        const settle = (error?: CaptchaScriptLoadError) => {
          platform.timers.clearTimeout(timer);
          script.onload = null;
          script.onerror = null;
          if (error) {
            script.remove();
            reject(error);
          } else resolve();
        };
        const timer = platform.timers.setTimeout(
          () => settle(new CaptchaScriptLoadError('CAPTCHA_SCRIPT_TIMEOUT', `captcha script did not load within ${timeoutMs} ms: ${url}`)),
          timeoutMs,
        );
        script.onload = () => settle();
        script.onerror = () => settle(new CaptchaScriptLoadError('CAPTCHA_SCRIPT_ERROR', `captcha script failed to load: ${url}`));
        script.async = true;
        script.src = url;
        doc.head.appendChild(script);
      });
      loads.set(url, loading);
      // A failed load may be tried again by the next flow.
      loading.catch(() => loads.delete(url));
      return loading;
    },
  };
}
