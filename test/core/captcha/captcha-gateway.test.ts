// The captcha flow end to end against the reference gateway's captcha endpoints on loopback: the
// service, the machine, the test widget and the real HTTP client; the gateway never imports exkit.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ERRORS, startGateway } from '../../../examples/gateway/gateway.js';
import type { Gateway } from '../../../examples/gateway/gateway.js';
import { CAPTCHA_CHECK_PATH } from '../../../core/captcha/api.js';
import { createTestCaptchaWidget, sampleGeeTestValidate } from '../../../core/captcha/test-widget.js';
import type { TestWidgetOutcome } from '../../../core/captcha/test-widget.js';
import { createHttpClient } from '../../../core/http/client.js';
import type { HttpClient } from '../../../core/http/client.js';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createCaptchaService } from '../../../machines/captcha.service.js';

let gateway: Gateway;
let http: HttpClient;
beforeAll(async () => {
  gateway = await startGateway({
    captchaScenes: {
      trusted: { status: 1, captchaId: 'gt-trusted' },
      closed: { errorCode: '40010', errorMsg: 'captcha scene closed' },
    },
  });
  http = createHttpClient(memoryPlatform({ now: Date.now() }), { baseUrl: gateway.url });
});
afterAll(async () => {
  http.dispose();
  await gateway.close();
});

function service(outcome: TestWidgetOutcome = 'success') {
  const widget = createTestCaptchaWidget(outcome);
  return { widget, captcha: createCaptchaService({ http, widget, locale: () => 'ja', onWidgetError: () => undefined }) };
}

const challengesOf = (scene: string) => gateway.captchaChallenges.filter((c) => c.params.scene === scene);
const checksOf = (scene: string) => gateway.captchaChecks.filter((c) => c.scene === scene);

describe('captcha flow against the reference gateway — spec §S4, §S7', () => {
  it('status 0: the widget is shown, its success is checked as base64 JSON, and the flow passes with the gateway data', async () => {
    const { widget, captcha } = service('success');
    const result = await captcha.verify('login', { areaCode: '81', bizParam: 'acct' });
    const [challenge] = challengesOf('login');
    expect(challenge).toMatchObject({
      params: { scene: 'login', areaCode: '81', bizParam: 'acct' },
      code: '00000',
      captchaId: 'gateway-captcha',
      status: 0,
    });
    const bizId = challenge!.bizId!;
    expect(widget.widgets[0]!.initOptions).toEqual({ captchaId: 'gateway-captcha', language: 'jpn' });
    expect(checksOf('login')).toEqual([
      {
        params: { captchaType: 3, captchaValidate: expect.any(String), bizParam: 'acct', areaCode: '81', bizId },
        code: '00000',
        scene: 'login',
        validate: sampleGeeTestValidate('0'),
      },
    ]);
    expect(result).toEqual({
      status: 'passed',
      token: checksOf('login')[0]!.params.captchaValidate,
      captchaType: 3,
      bizId,
      data: { bizId, scene: 'login', captchaType: 3 },
    });
  });

  it('a bizId given by the caller is kept, and a solved challenge cannot be checked twice', async () => {
    const { captcha } = service('success');
    const result = await captcha.verify('withdraw', { bizId: 'order-42' });
    expect(result).toMatchObject({ status: 'passed', bizId: 'order-42', data: { bizId: 'order-42' } });
    const replay = await http.post(CAPTCHA_CHECK_PATH, { ...checksOf('withdraw')[0]!.params });
    expect(replay).toMatchObject({ code: CAPTCHA_ERRORS.unknownChallenge.code, data: null });
  });

  it('status other than 0: passes with an empty token and type, showing no widget and calling no check', async () => {
    const { widget, captcha } = service('success');
    const result = await captcha.verify('trusted', { areaCode: '1' });
    expect(result).toEqual({ status: 'passed', token: '', captchaType: '', bizId: challengesOf('trusted')[0]!.bizId, data: undefined });
    expect(challengesOf('trusted')[0]).toMatchObject({ captchaId: 'gt-trusted', status: 1 });
    expect(widget.widgets).toHaveLength(0);
    expect(gateway.captchaChecks.filter((c) => c.params.areaCode === '1')).toHaveLength(0);
  });

  it('an error code from get-captcha-id is a typed failure carrying that code', async () => {
    const { widget, captcha } = service('success');
    const result = await captcha.verify('closed');
    expect(result.status === 'failed' && result.error).toMatchObject({
      name: 'CaptchaRequestError',
      code: '40010',
      msg: 'captcha scene closed',
    });
    expect(challengesOf('closed')).toEqual([{ params: { scene: 'closed' }, code: '40010' }]);
    expect(widget.widgets).toHaveLength(0);
  });

  it('a validate object missing a GeeTest v4 field is refused by the check: a typed failure', async () => {
    const { widget, captcha } = service('manual');
    const pending = captcha.verify('register', { areaCode: '44' });
    // The challenge goes over the network: wait until the widget is on screen.
    await vi.waitFor(() => expect(widget.widgets[0]?.shown).toBe(true));
    const { pass_token: _dropped, ...incomplete } = sampleGeeTestValidate('x');
    widget.widgets[0]!.succeed(incomplete);
    const result = await pending;
    expect(result.status === 'failed' && result.error).toMatchObject({
      name: 'CaptchaRequestError',
      code: CAPTCHA_ERRORS.invalidValidate.code,
      msg: CAPTCHA_ERRORS.invalidValidate.msg,
    });
    expect(checksOf('register')).toEqual([
      { params: expect.objectContaining({ captchaType: 3, areaCode: '44' }), code: CAPTCHA_ERRORS.invalidValidate.code, scene: 'register' },
    ]);
  });

  it('closing the widget reports closed and calls no check', async () => {
    const { captcha } = service('close');
    expect(await captcha.verify('profile')).toEqual({ status: 'closed' });
    expect(challengesOf('profile')).toHaveLength(1);
    expect(checksOf('profile')).toHaveLength(0);
  });
});

describe('reference gateway captcha endpoints refuse malformed checks', () => {
  it('a type-3 validate that is not strict base64 JSON, or a check without a bizId, is refused', async () => {
    const { data } = await http.post<{ bizId: string }>('/security/policy/captcha/get-captcha-id', { scene: 'raw' });
    const bad = await http.post(CAPTCHA_CHECK_PATH, { captchaType: 3, captchaValidate: 'not base64!', bizId: data!.bizId });
    expect(bad.code).toBe(CAPTCHA_ERRORS.invalidValidate.code);
    const noBiz = await http.post(CAPTCHA_CHECK_PATH, { captchaType: 3, captchaValidate: 'eyJ9' });
    expect(noBiz.code).toBe(CAPTCHA_ERRORS.badRequest.code);
    const plain = await http.post(CAPTCHA_CHECK_PATH, { captchaType: 1, captchaValidate: 'token-1', bizId: data!.bizId });
    expect(plain).toMatchObject({ code: '00000', data: { bizId: data!.bizId, scene: 'raw', captchaType: 1 } });
  });
});
