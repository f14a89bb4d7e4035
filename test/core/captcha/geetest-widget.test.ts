// The GeeTest v4 adapter when the third-party script misbehaves after loading: its ready callback may
// never come, so the adapter's own timer (on the platform's clock) decides.
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../../core/captcha/api.js';
import { geeTestWidget } from '../../../core/captcha/geetest-widget.js';
import { CAPTCHA_SCRIPT_TIMEOUT_MS } from '../../../core/captcha/script-loader.js';
import type { ScriptLoader } from '../../../core/captcha/script-loader.js';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { MemoryPlatform } from '../../../core/platform/memory-platform.js';
import { createCaptchaService } from '../../../machines/captcha.service.js';
import { scriptedCaptchaHttp } from '../../support/scripted-captcha-http.js';

const loaded: ScriptLoader = { load: () => Promise.resolve() };
const URL = 'https://static.example/lib/gt4.js';

function fakeCaptcha() {
  let destroyed = 0;
  const captcha = {
    onReady: () => captcha,
    onSuccess: () => captcha,
    onClose: () => captcha,
    onError: () => captcha,
    getValidate: () => false as const,
    showCaptcha: () => undefined,
    destroy: () => void destroyed++,
    get destroyed() {
      return destroyed;
    },
  };
  return captcha;
}

/** Installs an initGeetest4 that keeps its ready callback for the test to call (or never call). */
function silentInit(p: MemoryPlatform) {
  const readies: Array<(captcha: unknown) => void> = [];
  p.globals.set('initGeetest4', (_config: unknown, ready: (captcha: unknown) => void) => void readies.push(ready));
  return readies;
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('GeeTest v4 adapter — initGeetest4 that never calls back', () => {
  it('rejects with CAPTCHA_SCRIPT_TIMEOUT after the load time-out on the platform clock, not before', async () => {
    const p = memoryPlatform();
    const readies = silentInit(p);
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'cap', language: 'eng' });
    await p.advanceAsync(CAPTCHA_SCRIPT_TIMEOUT_MS - 1);
    expect(readies).toHaveLength(1);
    expect(await settled(init)).toBe(false);
    await p.advanceAsync(1);
    await expect(init).rejects.toMatchObject({ name: 'CaptchaScriptLoadError', code: 'CAPTCHA_SCRIPT_TIMEOUT' });
    expect(p.timers.pendingCount).toBe(0);
  });

  it('a ready callback that comes after the time-out is ignored and its captcha destroyed', async () => {
    const p = memoryPlatform();
    const readies = silentInit(p);
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded, timeoutMs: 500 })().init({ captchaId: 'cap', language: 'eng' });
    await p.advanceAsync(500);
    await expect(init).rejects.toMatchObject({ code: 'CAPTCHA_SCRIPT_TIMEOUT' });
    const late = fakeCaptcha();
    readies[0]!(late);
    expect(late.destroyed).toBe(1);
  });

  it('a ready callback in time clears the timer', async () => {
    const p = memoryPlatform();
    const readies = silentInit(p);
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'cap', language: 'eng' });
    await Promise.resolve();
    await Promise.resolve();
    readies[0]!(fakeCaptcha());
    await expect(init).resolves.toBeUndefined();
    expect(p.timers.pendingCount).toBe(0);
  });

  it('an initGeetest4 that throws is a typed CAPTCHA_SCRIPT_ERROR', async () => {
    const p = memoryPlatform();
    p.globals.set('initGeetest4', () => {
      throw new Error('broken build');
    });
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'cap', language: 'eng' });
    await expect(init).rejects.toMatchObject({ name: 'CaptchaScriptLoadError', code: 'CAPTCHA_SCRIPT_ERROR' });
  });

  it('the captcha flow fails with the time-out instead of waiting forever', async () => {
    const p = memoryPlatform();
    silentInit(p);
    const { http, calls } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { bizId: 'b', captchaId: 'cap', status: 0 } }),
    });
    const service = createCaptchaService({ http, widget: geeTestWidget(p, { scriptUrl: URL, loader: loaded }), clock: p.timers });
    const result = service.verify('login');
    await p.advanceAsync(CAPTCHA_SCRIPT_TIMEOUT_MS);
    const outcome = await result;
    expect(outcome.status === 'failed' && outcome.error).toMatchObject({ name: 'CaptchaScriptLoadError', code: 'CAPTCHA_SCRIPT_TIMEOUT' });
    expect(calls.map((c) => c.path)).not.toContain(CAPTCHA_CHECK_PATH);
  });
});

/** A GeeTest captcha whose events the test fires, recording what the adapter asked of it. */
function drivenCaptcha(validate: unknown = { lot_number: 'l', captcha_output: 'o', pass_token: 'p', gen_time: 't' }) {
  const fire: { success?: () => void; close?: () => void; error?: (e: unknown) => void } = {};
  const asked = { shown: 0, destroyed: 0 };
  const captcha = {
    onReady: () => captcha,
    onSuccess: (cb: () => void) => ((fire.success = cb), captcha),
    onClose: (cb: () => void) => ((fire.close = cb), captcha),
    onError: (cb: (e: unknown) => void) => ((fire.error = cb), captcha),
    getValidate: () => validate,
    showCaptcha: () => void asked.shown++,
    destroy: () => void asked.destroyed++,
  };
  return { captcha, fire, asked };
}

describe('GeeTest v4 adapter — what reaches the flow, and its arguments', () => {
  async function readyWidget(validate?: unknown) {
    const p = memoryPlatform();
    const driven = drivenCaptcha(validate);
    p.globals.set('initGeetest4', (_config: unknown, ready: (c: unknown) => void) => ready(driven.captcha));
    const widget = geeTestWidget(p, { scriptUrl: URL, loader: loaded })();
    const heard: [string, unknown?][] = [];
    widget.onSuccess((v) => heard.push(['success', v]));
    widget.onClose(() => heard.push(['close']));
    widget.onError((e) => heard.push(['error', e]));
    await widget.init({ captchaId: 'cap', language: 'eng' });
    return { widget, heard, ...driven };
  }

  it("the captcha's close and error reach the flow's listeners; show and dispose reach the captcha", async () => {
    const { widget, heard, fire, asked } = await readyWidget();
    const failure = new Error('gt');
    fire.close!();
    fire.error!(failure);
    expect(heard).toEqual([['close'], ['error', failure]]);
    widget.show();
    widget.dispose();
    expect(asked).toEqual({ shown: 1, destroyed: 1 });
  });

  it('a success without a validate object tells the flow nothing', async () => {
    const { heard, fire } = await readyWidget(false);
    fire.success!();
    expect(heard).toEqual([]);
  });

  it('show and dispose before the captcha is ready do nothing and do not throw', () => {
    const widget = geeTestWidget(memoryPlatform(), { scriptUrl: URL, loader: loaded })();
    expect(() => widget.show()).not.toThrow();
    expect(() => widget.dispose()).not.toThrow();
  });

  it('a second ready callback after the first is refused: its captcha is destroyed', async () => {
    const p = memoryPlatform();
    const readies = silentInit(p);
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'cap', language: 'eng' });
    await Promise.resolve();
    await Promise.resolve();
    const first = fakeCaptcha();
    const second = fakeCaptcha();
    readies[0]!(first);
    await init;
    readies[0]!(second);
    expect([first.destroyed, second.destroyed]).toEqual([0, 1]);
  });

  it('an init that throws after keeping its ready callback: a later ready has its captcha destroyed', async () => {
    const p = memoryPlatform();
    const cause = new Error('boom');
    let kept: (c: unknown) => void = () => undefined;
    p.globals.set('initGeetest4', (_config: unknown, ready: (c: unknown) => void) => {
      kept = ready;
      throw cause;
    });
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'cap', language: 'eng' });
    await expect(init).rejects.toMatchObject({ code: 'CAPTCHA_SCRIPT_ERROR', msg: 'the captcha script failed to initialise', cause });
    const late = fakeCaptcha();
    kept(late);
    expect(late.destroyed).toBe(1);
    expect(p.timers.pendingCount).toBe(0);
  });

  it('the time-out error says how long it waited', async () => {
    const p = memoryPlatform();
    silentInit(p);
    const init = geeTestWidget(p, { scriptUrl: URL, loader: loaded, timeoutMs: 750 })().init({ captchaId: 'c', language: 'eng' });
    await p.advanceAsync(750);
    await expect(init).rejects.toMatchObject({ msg: 'the captcha script did not become ready within 750 ms' });
  });

  it.each([
    ['a string', 'initGeetest4'],
    ['nothing', undefined],
  ])('a global init that is %s is CAPTCHA_SCRIPT_API_MISSING', async (_what, value) => {
    const p = memoryPlatform();
    if (value !== undefined) p.globals.set('initGeetest4', value);
    await expect(geeTestWidget(p, { scriptUrl: URL, loader: loaded })().init({ captchaId: 'c', language: 'eng' })).rejects.toMatchObject({
      name: 'CaptchaScriptLoadError',
      code: 'CAPTCHA_SCRIPT_API_MISSING',
      msg: 'the captcha script loaded but defines no init function',
    });
  });

  it('options that are no object, a platform without globals, and a bad time-out are refused naming them', () => {
    const p = memoryPlatform();
    expect(() => geeTestWidget(p, null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options', value: null } }),
    );
    expect(() => geeTestWidget(p, null as never)).toThrow(/^geeTestWidget: options must be/);
    expect(() => geeTestWidget({} as never, { scriptUrl: URL, loader: loaded })).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^geeTestWidget: platform\.globals must be an object/),
        extra: { field: 'platform.globals', value: undefined },
      }),
    );
    expect(() => geeTestWidget(p, { scriptUrl: URL, loader: loaded, timeoutMs: -1 })).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^geetest widget: timeoutMs must be/),
        extra: { field: 'timeoutMs', value: -1 },
      }),
    );
  });
});
