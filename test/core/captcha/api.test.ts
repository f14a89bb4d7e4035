import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASE64_JSON_CAPTCHA_TYPE,
  CAPTCHA_CHECK_PATH,
  CAPTCHA_GET_ID_PATH,
  checkCaptcha,
  encodeCaptchaValidate,
  requestChallenge,
} from '../../../core/captcha/api.js';
import { CaptchaRequestError } from '../../../core/captcha/errors.js';
import { sampleGeeTestValidate } from '../../../core/captcha/test-widget.js';
import { isBase64 } from '../../../core/validate/base64.js';
import { scriptedCaptchaHttp } from '../../support/scripted-captcha-http.js';

describe('captcha endpoints — spec §S7', () => {
  it('uses the get-captcha-id and check-captcha paths (the client adds /v1)', () => {
    expect(CAPTCHA_GET_ID_PATH).toBe('/security/policy/captcha/get-captcha-id');
    expect(CAPTCHA_CHECK_PATH).toBe('/security/policy/captcha/check-captcha');
  });

  it('requests a challenge with scene and the optional fields it was given, reading captchaId or geetestId', async () => {
    const { http, calls } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { bizId: 'b1', geetestId: 'g1', status: 0 } }),
    });
    expect(await requestChallenge(http, { scene: 'login', areaCode: '86' })).toEqual({ bizId: 'b1', captchaId: 'g1', status: 0 });
    expect(calls).toEqual([{ path: CAPTCHA_GET_ID_PATH, params: { scene: 'login', areaCode: '86' } }]);
  });

  it('passes an error code on as a CaptchaRequestError carrying that code', async () => {
    const { http } = scriptedCaptchaHttp({ [CAPTCHA_GET_ID_PATH]: () => ({ code: '40001', msg: 'scene unknown', data: null }) });
    const error = await requestChallenge(http, { scene: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaRequestError);
    expect(error).toMatchObject({ name: 'CaptchaRequestError', code: '40001', msg: 'scene unknown' });
  });

  it('a challenge without captchaId or status is a typed MALFORMED_CHALLENGE error', async () => {
    const { http } = scriptedCaptchaHttp({ [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { status: 0 } }) });
    await expect(requestChallenge(http, { scene: 'x' })).rejects.toMatchObject({ code: 'MALFORMED_CHALLENGE' });
  });

  it('check-captcha returns the server data on success and throws on a failure code', async () => {
    const { http } = scriptedCaptchaHttp({
      [CAPTCHA_CHECK_PATH]: (params) =>
        params?.captchaValidate === 'ok' ? { code: '00000', data: { ticket: 't' } } : { code: '1', msg: 'bad' },
    });
    expect(await checkCaptcha(http, { captchaType: 3, captchaValidate: 'ok' })).toEqual({ ticket: 't' });
    await expect(checkCaptcha(http, { captchaType: 3, captchaValidate: 'no' })).rejects.toMatchObject({
      name: 'CaptchaRequestError',
      code: '1',
    });
  });
});

describe('captcha type 3 — spec §S5: the validate object is sent as base64 of its JSON', () => {
  it('encodes the GeeTest v4 validate object as base64 JSON that decodes back', () => {
    const validate = sampleGeeTestValidate('x');
    const encoded = encodeCaptchaValidate(BASE64_JSON_CAPTCHA_TYPE, validate);
    expect(isBase64(encoded)).toBe(true);
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual(validate);
  });

  it('agrees with node Buffer for any JSON object, unicode included', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string({ unit: 'grapheme' })), (validate) => {
        const encoded = encodeCaptchaValidate(3, validate);
        expect(encoded).toBe(Buffer.from(JSON.stringify(validate), 'utf8').toString('base64'));
      }),
    );
  });

  it('other types send the token string as is, or the object as JSON', () => {
    expect(encodeCaptchaValidate(1, 'token-abc')).toBe('token-abc');
    expect(encodeCaptchaValidate(2, { a: 1 })).toBe('{"a":1}');
  });
});
