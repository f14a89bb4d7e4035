import type { Platform } from '../platform/types.js';
import { CaptchaScriptLoadError } from './errors.js';
import { CAPTCHA_SCRIPT_TIMEOUT_MS } from './script-loader.js';
import type { ScriptLoader } from './script-loader.js';
import type { CaptchaValidate, CaptchaWidget, CaptchaWidgetFactory } from './types.js';
import { checkDuration } from '../validate/duration.js';
import { readRecord, expectObjectWith } from '../validate/describe-value.js';

/** The part of GeeTest v4's captcha object the adapter uses. */
interface GeeTestCaptcha {
  onReady(cb: () => void): GeeTestCaptcha;
  onSuccess(cb: () => void): GeeTestCaptcha;
  onClose(cb: () => void): GeeTestCaptcha;
  onError(cb: (error: unknown) => void): GeeTestCaptcha;
  getValidate(): CaptchaValidate | false;
  showCaptcha(): void;
  destroy(): void;
}

type InitGeetest4 = (config: Record<string, unknown>, ready: (captcha: GeeTestCaptcha) => void) => void;

export interface GeeTestWidgetOptions {
  /** The script's URL under the site's static library path (spec §S7). */
  scriptUrl: string;
  loader: ScriptLoader;
  /** The global the script defines. Default 'initGeetest4'. */
  globalName?: string;
  /** How long loading the script, and then GeeTest's ready callback, may each take. Default 10 s. */
  timeoutMs?: number;
}

/**
 * Calls initGeetest4 and waits for its ready callback, which a third-party script may never call: our
 * own timer decides then, and a captcha that turns up late is destroyed.
 */
function whenReady(platform: Platform, init: InitGeetest4, config: Record<string, unknown>, timeoutMs: number): Promise<GeeTestCaptcha> {
  return new Promise<GeeTestCaptcha>((resolve, reject) => {
    let settled = false;
    const timer = platform.timers.setTimeout(() => {
      settled = true;
      reject(new CaptchaScriptLoadError('CAPTCHA_SCRIPT_TIMEOUT', `the captcha script did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const ready = (captcha: GeeTestCaptcha) => {
      if (settled) {
        captcha.destroy();
        return;
      }
      settled = true;
      platform.timers.clearTimeout(timer);
      resolve(captcha);
    };
    try {
      init(config, ready);
    } catch (error) {
      settled = true;
      platform.timers.clearTimeout(timer);
      reject(new CaptchaScriptLoadError('CAPTCHA_SCRIPT_ERROR', 'the captcha script failed to initialise', { cause: error }));
    }
  });
}

/** A widget factory backed by the GeeTest v4 script, loaded at most once however many flows start. */
export function geeTestWidget(platform: Platform, options: GeeTestWidgetOptions): CaptchaWidgetFactory {
  options = readRecord('options', options, 'geeTestWidget');
  expectObjectWith('platform', platform, 'geeTestWidget', ['globals']);
  checkDuration('timeoutMs', options.timeoutMs, { owner: 'geetest widget' });
  return () => {
    let captcha: GeeTestCaptcha | undefined;
    const listeners = {
      success: [] as Array<(v: CaptchaValidate) => void>,
      close: [] as Array<() => void>,
      error: [] as Array<(e: unknown) => void>,
    };
    const widget: CaptchaWidget = {
      async init({ captchaId, language }) {
        const timeoutMs = options.timeoutMs ?? CAPTCHA_SCRIPT_TIMEOUT_MS;
        await options.loader.load(options.scriptUrl, timeoutMs);
        const init = platform.globals.get(options.globalName ?? 'initGeetest4');
        if (typeof init !== 'function') {
          throw new CaptchaScriptLoadError('CAPTCHA_SCRIPT_API_MISSING', 'the captcha script loaded but defines no init function');
        }
        captcha = await whenReady(platform, init as InitGeetest4, { captchaId, language, product: 'bind' }, timeoutMs);
        captcha
          .onSuccess(() => {
            // Stryker disable next-line OptionalChaining: the captcha is set before this listener is registered, and never unset
            const validate = captcha?.getValidate();
            if (validate) for (const l of listeners.success) l(validate);
          })
          .onClose(() => listeners.close.forEach((l) => l()))
          .onError((error) => listeners.error.forEach((l) => l(error)));
      },
      show: () => captcha?.showCaptcha(),
      onSuccess: (l) => void listeners.success.push(l),
      onClose: (l) => void listeners.close.push(l),
      onError: (l) => void listeners.error.push(l),
      dispose: () => captcha?.destroy(),
    };
    return widget;
  };
}
