// @vitest-environment jsdom
// The file says its environment itself, so the mutation runs (node configuration) can load it too.
import { describe, expect, it } from 'vitest';
import { createScriptLoader, CAPTCHA_SCRIPT_TIMEOUT_MS } from '../../core/captcha/script-loader.js';
import { geeTestWidget } from '../../core/captcha/geetest-widget.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';

const dom = () => ({ window, document });
const scripts = (url: string) => [...document.head.querySelectorAll('script')].filter((s) => s.src === url);

describe('captcha script loader — spec §S8: a captcha script load failure rejects with an error', () => {
  it('rejects with CAPTCHA_SCRIPT_ERROR when the script fails to load, and removes the tag', async () => {
    const p = memoryPlatform({ dom: dom() });
    const url = 'https://static.example/lib/fail.js';
    const loading = createScriptLoader(p).load(url);
    scripts(url)[0]!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toMatchObject({ name: 'CaptchaScriptLoadError', code: 'CAPTCHA_SCRIPT_ERROR' });
    expect(scripts(url)).toHaveLength(0);
  });

  it('rejects with CAPTCHA_SCRIPT_TIMEOUT when the script neither loads nor fails in time', async () => {
    const p = memoryPlatform({ dom: dom() });
    const loading = createScriptLoader(p).load('https://static.example/lib/hang.js');
    p.advance(CAPTCHA_SCRIPT_TIMEOUT_MS - 1);
    let settled = false;
    void loading.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    p.advance(1);
    await expect(loading).rejects.toMatchObject({ code: 'CAPTCHA_SCRIPT_TIMEOUT' });
  });

  it('loads a script at most once however many flows ask, and retries after a failure', async () => {
    const p = memoryPlatform({ dom: dom() });
    const loader = createScriptLoader(p);
    const url = 'https://static.example/lib/once.js';
    const a = loader.load(url);
    const b = loader.load(url);
    expect(b).toBe(a);
    expect(scripts(url)).toHaveLength(1);
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    await a;
    expect(loader.load(url)).toBe(a);
    const failing = 'https://static.example/lib/flaky.js';
    const first = loader.load(failing);
    scripts(failing)[0]!.dispatchEvent(new Event('error'));
    await first.catch(() => undefined);
    const second = loader.load(failing);
    expect(second).not.toBe(first);
    expect(scripts(failing)).toHaveLength(1);
  });

  it('without a document the loader rejects with CAPTCHA_NO_DOCUMENT', async () => {
    await expect(createScriptLoader(memoryPlatform()).load('https://x/y.js')).rejects.toMatchObject({ code: 'CAPTCHA_NO_DOCUMENT' });
  });
});

describe('captcha script loader: what it adds to the page, and what it refuses', () => {
  it('adds one async script tag with the URL, and its failures name the URL', async () => {
    const p = memoryPlatform({ dom: dom() });
    const url = 'https://static.example/lib/named.js';
    const loading = createScriptLoader(p).load(url, 300);
    expect(scripts(url)).toHaveLength(1);
    expect(scripts(url)[0]!.async).toBe(true);
    p.advance(300);
    await expect(loading).rejects.toMatchObject({ msg: `captcha script did not load within 300 ms: ${url}` });
    const failing = 'https://static.example/lib/broken.js';
    const failed = createScriptLoader(p).load(failing);
    scripts(failing)[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toMatchObject({ msg: `captcha script failed to load: ${failing}` });
    await expect(createScriptLoader(memoryPlatform()).load(url)).rejects.toMatchObject({
      msg: `cannot load ${url}: there is no document`,
    });
  });

  it('a URL that is no string, or a time-out that is no valid delay, rejects naming it and adds nothing', async () => {
    const p = memoryPlatform({ dom: dom() });
    const before = document.head.querySelectorAll('script').length;
    await expect(createScriptLoader(p).load(5 as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'url', value: 5 },
      message: expect.stringMatching(/^captcha script loader: url must be a string/),
    });
    await expect(createScriptLoader(p).load('https://static.example/lib/t.js', 0)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'timeoutMs', value: 0 },
      message: expect.stringMatching(/^captcha script loader: timeoutMs must be/),
    });
    expect(document.head.querySelectorAll('script')).toHaveLength(before);
  });
});

describe('GeeTest v4 widget adapter', () => {
  it('drives initGeetest4 with captchaId, language and bind mode, and hands back getValidate()', async () => {
    const p = memoryPlatform({ dom: dom() });
    const url = 'https://static.example/lib/gt4.js';
    const calls: Array<Record<string, unknown>> = [];
    let succeed: () => void = () => undefined;
    let shown = 0;
    p.globals.set('initGeetest4', (config: Record<string, unknown>, ready: (c: unknown) => void) => {
      calls.push(config);
      const captcha = {
        onReady: () => captcha,
        onSuccess: (cb: () => void) => ((succeed = cb), captcha),
        onClose: () => captcha,
        onError: () => captcha,
        getValidate: () => ({ lot_number: 'l', captcha_output: 'o', pass_token: 'p', gen_time: 't' }),
        showCaptcha: () => void shown++,
        destroy: () => undefined,
      };
      ready(captcha);
    });
    const widget = geeTestWidget(p, { scriptUrl: url, loader: createScriptLoader(p) })();
    const validates: unknown[] = [];
    widget.onSuccess((v) => validates.push(v));
    const init = widget.init({ captchaId: 'cap', language: 'jpn' });
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    await init;
    widget.show();
    succeed();
    expect(calls).toEqual([{ captchaId: 'cap', language: 'jpn', product: 'bind' }]);
    expect(shown).toBe(1);
    expect(validates).toEqual([{ lot_number: 'l', captcha_output: 'o', pass_token: 'p', gen_time: 't' }]);
  });

  it('a script that loads but defines no init function is a typed error', async () => {
    const p = memoryPlatform({ dom: dom() });
    const url = 'https://static.example/lib/empty.js';
    const init = geeTestWidget(p, { scriptUrl: url, loader: createScriptLoader(p) })().init({ captchaId: 'c', language: 'eng' });
    scripts(url)[0]!.dispatchEvent(new Event('load'));
    await expect(init).rejects.toMatchObject({ code: 'CAPTCHA_SCRIPT_API_MISSING' });
  });
});
