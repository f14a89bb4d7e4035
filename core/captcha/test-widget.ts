import type { CaptchaValidate, CaptchaWidget, CaptchaWidgetFactory, GeeTestValidate } from './types.js';
import { expectString } from '../validate/describe-value.js';

export type TestWidgetOutcome = 'success' | 'close' | 'error' | 'manual';

/** One widget the test factory made, with controls to act as the person solving it. */
export interface TestCaptchaWidget extends CaptchaWidget {
  readonly shown: boolean;
  /** Whether `dispose()` was called. */
  readonly disposed: boolean;
  readonly initOptions: { captchaId: string; language: string } | undefined;
  succeed(validate?: CaptchaValidate): void;
  close(): void;
  fail(error?: unknown): void;
}

export interface TestCaptchaFactory extends CaptchaWidgetFactory {
  /** Makes the next widget (a full `CaptchaWidget`, with the test controls). */
  (): TestCaptchaWidget;
  /** Every widget made so far, oldest first. */
  readonly widgets: TestCaptchaWidget[];
}

/** A GeeTest-v4-shaped validate object, as a real widget returns on success. */
export function sampleGeeTestValidate(seed = 'test'): GeeTestValidate {
  expectString('seed', seed, 'sampleGeeTestValidate');
  return { lot_number: `lot-${seed}`, captcha_output: `output-${seed}`, pass_token: `pass-${seed}`, gen_time: '1700000000' };
}

/**
 * A widget that implements the port without any script: for tests and the example app. With an outcome
 * other than 'manual' it answers as soon as it is shown (success, close or error); with 'manual' the
 * caller decides through the widget's controls.
 *
 * @example
 * ```ts
 * // A captcha service whose widget is solved at once (tests, the example app).
 * const widget = createTestCaptchaWidget('success');
 * const captcha = createCaptchaService({ http, widget });
 * await captcha.verify('login'); // { status: 'passed', … }
 * widget.widgets[0]?.disposed; // true: every flow disposes its widget
 * ```
 */
export function createTestCaptchaWidget(outcome: TestWidgetOutcome = 'success'): TestCaptchaFactory {
  const widgets: TestCaptchaWidget[] = [];
  const make = (): TestCaptchaWidget => {
    const on = {
      success: [] as Array<(v: CaptchaValidate) => void>,
      close: [] as Array<() => void>,
      error: [] as Array<(e: unknown) => void>,
    };
    let shown = false;
    let disposed = false;
    let initOptions: TestCaptchaWidget['initOptions'];
    const widget: TestCaptchaWidget = {
      get shown() {
        return shown;
      },
      get disposed() {
        return disposed;
      },
      get initOptions() {
        return initOptions;
      },
      async init(options) {
        initOptions = { ...options };
      },
      show() {
        shown = true;
        if (outcome === 'success') widget.succeed();
        else if (outcome === 'close') widget.close();
        else if (outcome === 'error') widget.fail(new Error('test widget error'));
      },
      onSuccess: (l) => void on.success.push(l),
      onClose: (l) => void on.close.push(l),
      onError: (l) => void on.error.push(l),
      dispose() {
        disposed = true;
      },
      succeed(validate = sampleGeeTestValidate(String(widgets.indexOf(widget)))) {
        if (!disposed) on.success.forEach((l) => l(validate));
      },
      close() {
        if (!disposed) on.close.forEach((l) => l());
      },
      fail(error = new Error('test widget error')) {
        if (!disposed) on.error.forEach((l) => l(error));
      },
    };
    widgets.push(widget);
    return widget;
  };
  return Object.assign(make, { widgets });
}
