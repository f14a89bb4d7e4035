import type { CaptchaLanguage } from '../catalog/captcha-languages.js';

/** Spec §S3: what a challenge request carries. */
export interface ChallengeRequest {
  scene: string;
  bizParam?: string;
  areaCode?: string;
  bizId?: string;
}

/** Spec §S3: the challenge the server hands out; status 0 means the widget must be shown. */
export interface Challenge {
  bizId: string | undefined;
  captchaId: string;
  status: number;
}

/** Spec §S3: the check payload. */
export interface CaptchaCheckPayload {
  captchaType: number;
  captchaValidate: string;
  bizParam?: string;
  areaCode?: string;
  bizId?: string;
}

/** What a GeeTest v4 widget hands back on success. */
export interface GeeTestValidate {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

/** The validate object of any widget (GeeTest v4's shape, or a plain token string). */
export type CaptchaValidate = GeeTestValidate | Record<string, unknown> | string;

/**
 * The challenge widget, as a port: a third-party script in the browser, the test widget elsewhere.
 * Listeners are registered before `show()`.
 */
export interface CaptchaWidget {
  init(options: { captchaId: string; language: CaptchaLanguage }): Promise<void>;
  show(): void;
  onSuccess(listener: (validate: CaptchaValidate) => void): void;
  onClose(listener: () => void): void;
  onError(listener: (error: unknown) => void): void;
  /** Takes the widget down (its script's UI and listeners); the flow calls it once, whatever the outcome. */
  dispose(): void;
}

/** Makes a fresh widget for one flow. */
export type CaptchaWidgetFactory = () => CaptchaWidget;

/** How a verification ended. */
export type CaptchaResult =
  | { status: 'passed'; token: string; captchaType: number | ''; bizId: string | undefined; data: unknown }
  | { status: 'closed' }
  | { status: 'failed'; error: unknown };
