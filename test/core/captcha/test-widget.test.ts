import { describe, expect, it } from 'vitest';
import { createTestCaptchaWidget, sampleGeeTestValidate } from '../../../core/captcha/test-widget.js';
import type { CaptchaValidate } from '../../../core/captcha/types.js';
import { InvalidArgumentError } from '../../../core/errors/index.js';

/** What a widget told its listeners, in order. */
function listen(widget: ReturnType<ReturnType<typeof createTestCaptchaWidget>>) {
  const heard: [string, unknown?][] = [];
  widget.onSuccess((v: CaptchaValidate) => heard.push(['success', v]));
  widget.onClose(() => heard.push(['close']));
  widget.onError((e: unknown) => heard.push(['error', e]));
  return heard;
}

describe('the test captcha widget answers as its outcome says, and never after it is disposed', () => {
  it('a sample validate object is GeeTest-v4 shaped from its seed ("test" by default); a seed that is no string is refused', () => {
    expect(sampleGeeTestValidate()).toEqual({
      lot_number: 'lot-test',
      captcha_output: 'output-test',
      pass_token: 'pass-test',
      gen_time: '1700000000',
    });
    expect(sampleGeeTestValidate('s').pass_token).toBe('pass-s');
    expect(() => sampleGeeTestValidate(5 as never)).toThrow(InvalidArgumentError);
    expect(() => sampleGeeTestValidate(5 as never)).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^sampleGeeTestValidate: seed must be a string/),
        extra: { field: 'seed', value: 5 },
      }),
    );
  });

  it('with no outcome given it succeeds when shown, with the sample of its index; it is not shown before', () => {
    const factory = createTestCaptchaWidget();
    factory();
    const widget = factory();
    const heard = listen(widget);
    expect(widget.shown).toBe(false);
    widget.show();
    expect(widget.shown).toBe(true);
    expect(heard).toEqual([['success', sampleGeeTestValidate('1')]]);
  });

  it("'error' fails when shown with a test widget error; 'close' closes; 'manual' waits for its controls", () => {
    const failing = createTestCaptchaWidget('error')();
    const failed = listen(failing);
    failing.show();
    expect(failed).toHaveLength(1);
    expect(failed[0]![0]).toBe('error');
    expect((failed[0]![1] as Error).message).toBe('test widget error');

    const closing = createTestCaptchaWidget('close')();
    const closed = listen(closing);
    closing.show();
    expect(closed).toEqual([['close']]);

    const manual = createTestCaptchaWidget('manual')();
    const heard = listen(manual);
    manual.show();
    expect(heard).toEqual([]);
    manual.fail();
    expect((heard[0]![1] as Error).message).toBe('test widget error');
  });

  it('after dispose, neither succeed, close nor fail reaches a listener', () => {
    const widget = createTestCaptchaWidget('manual')();
    const heard = listen(widget);
    widget.dispose();
    expect(widget.disposed).toBe(true);
    widget.succeed();
    widget.close();
    widget.fail(new Error('late'));
    expect(heard).toEqual([]);
  });
});
