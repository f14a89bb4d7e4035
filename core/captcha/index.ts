export {
  requestChallenge,
  checkCaptcha,
  encodeCaptchaValidate,
  CAPTCHA_GET_ID_PATH,
  CAPTCHA_CHECK_PATH,
  BASE64_JSON_CAPTCHA_TYPE,
} from './api.js';
export type { CaptchaHttp } from './api.js';
export { CaptchaRequestError, CaptchaScriptLoadError, CaptchaWidgetError } from './errors.js';
export { createScriptLoader, CAPTCHA_SCRIPT_TIMEOUT_MS } from './script-loader.js';
export type { ScriptLoader } from './script-loader.js';
export { geeTestWidget } from './geetest-widget.js';
export type { GeeTestWidgetOptions } from './geetest-widget.js';
export { createTestCaptchaWidget, sampleGeeTestValidate } from './test-widget.js';
export type { TestCaptchaFactory, TestCaptchaWidget, TestWidgetOutcome } from './test-widget.js';
export type * from './types.js';
