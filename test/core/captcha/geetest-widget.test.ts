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
