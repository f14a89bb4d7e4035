// The captcha flow end to end: the real HTTP client against a real loopback server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCaptchaWidget, sampleGeeTestValidate } from '../../../core/captcha/test-widget.js';
import { createHttpClient } from '../../../core/http/client.js';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createCaptchaService } from '../../../machines/captcha.service.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function service(outcome: 'success' | 'close' = 'success') {
  const platform = memoryPlatform();
  const http = createHttpClient(platform, { baseUrl: server.origin });
  return createCaptchaService({ http, widget: createTestCaptchaWidget(outcome), locale: () => 'ja' });
}

describe('captcha flow over HTTP — spec §S7', () => {
  it('posts get-captcha-id, shows the widget, posts check-captcha with base64 JSON, and passes with the server data', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.ok({ bizId: 'B-7', captchaId: 'gt-1', status: 0 }));
    server.route('POST', '/v1/security/policy/captcha/check-captcha', reply.ok({ pass: true }));
    const result = await service().verify('login', { areaCode: '81', bizParam: 'acct' });
    expect(result).toMatchObject({ status: 'passed', captchaType: 3, bizId: 'B-7', data: { pass: true } });
    const [challenge, check] = server.received;
    expect(challenge!.json()).toEqual({ scene: 'login', areaCode: '81', bizParam: 'acct' });
    const body = check!.json<Record<string, unknown>>();
    expect(body).toMatchObject({ captchaType: 3, bizParam: 'acct', areaCode: '81', bizId: 'B-7' });
    expect(JSON.parse(Buffer.from(String(body.captchaValidate), 'base64').toString('utf8'))).toEqual(sampleGeeTestValidate('0'));
  });

  it('a status other than 0 passes without a widget and without a check call', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.ok({ captchaId: 'gt-1', status: 1 }));
    expect(await service().verify('register')).toMatchObject({ status: 'passed', token: '', captchaType: '' });
    expect(server.received.map((r) => r.path)).toEqual(['/v1/security/policy/captcha/get-captcha-id']);
  });

  it('a server error code fails the flow with that code', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.code('40010', 'captcha scene closed'));
    const result = await service().verify('login');
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.error).toMatchObject({
      name: 'CaptchaRequestError',
      code: '40010',
      msg: 'captcha scene closed',
    });
  });

  it('an HTTP failure of the challenge call fails the flow with the client error', async () => {
    server.route('POST', '/v1/security/policy/captcha/get-captcha-id', reply.status(500));
    const result = await service().verify('login');
    expect(result.status === 'failed' && result.error).toMatchObject({ name: 'HttpStatusError', code: 'HTTP_STATUS' });
  });
});
