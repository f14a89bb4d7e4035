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
import type { CaptchaHttp } from '../../../core/captcha/api.js';
import { CaptchaRequestError } from '../../../core/captcha/errors.js';
import { sampleGeeTestValidate } from '../../../core/captcha/test-widget.js';
import { isBase64 } from '../../../core/validate/base64.js';
import { scriptedCaptchaHttp } from '../../support/scripted-captcha-http.js';
import { inputClasses } from '../../support/input-classes.js';

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
    const drawn = inputClasses<Record<string, string>>({
      'an empty object': (v) => Object.keys(v).length === 0,
      'text outside ASCII': (v) => /[^\0-\x7f]/.test(JSON.stringify(v)),
      'characters JSON escapes': (v) => JSON.stringify(v).includes('\\'),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string({ unit: 'grapheme' })), (validate) => {
        drawn.see(validate);
        const encoded = encodeCaptchaValidate(3, validate);
        expect(encoded).toBe(Buffer.from(JSON.stringify(validate), 'utf8').toString('base64'));
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });

  it('other types send the token string as is, or the object as JSON', () => {
    expect(encodeCaptchaValidate(1, 'token-abc')).toBe('token-abc');
    expect(encodeCaptchaValidate(2, { a: 1 })).toBe('{"a":1}');
  });
});

describe('captcha calls: what is sent, and what each fault says', () => {
  it('a challenge request leaves out the fields it was given as undefined, and sends the others as given', async () => {
    const { http, calls } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { captchaId: 'c', status: 1 } }),
    });
    await requestChallenge(http, { scene: 'login', areaCode: undefined, mobile: '', email: 0 } as never);
    expect(calls[0]!.params).toEqual({ scene: 'login', mobile: '', email: 0 });
    expect(Object.keys(calls[0]!.params!)).toEqual(['scene', 'mobile', 'email']);
  });

  it('a port that throws a plain error ends as CAPTCHA_CALL_FAILED naming the path, the error as its cause', async () => {
    const cause = new Error('socket closed');
    const http = {
      post: () => Promise.reject(cause),
    } as unknown as CaptchaHttp;
    const error = await checkCaptcha(http, { captchaType: 3, captchaValidate: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaRequestError);
    expect(error).toMatchObject({ code: 'CAPTCHA_CALL_FAILED', msg: `captcha call failed: ${CAPTCHA_CHECK_PATH}`, cause });
  });

  it('an answer that is no envelope is CAPTCHA_MALFORMED_ANSWER naming the path', async () => {
    const { http } = scriptedCaptchaHttp({ [CAPTCHA_GET_ID_PATH]: () => 'not json' });
    await expect(requestChallenge(http, { scene: 'x' })).rejects.toMatchObject({
      name: 'CaptchaRequestError',
      code: 'CAPTCHA_MALFORMED_ANSWER',
      msg: `captcha answer is not an envelope: ${CAPTCHA_GET_ID_PATH}`,
    });
  });

  it('an envelope whose fields throw when read is CAPTCHA_MALFORMED_ANSWER naming the path, the throw as its cause', async () => {
    const cause = new Error('getter');
    const hostile = {
      get code(): string {
        throw cause;
      },
    };
    const { http } = scriptedCaptchaHttp({ [CAPTCHA_CHECK_PATH]: () => hostile });
    const error = await checkCaptcha(http, { captchaType: 3, captchaValidate: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaRequestError);
    expect(error).toMatchObject({ code: 'CAPTCHA_MALFORMED_ANSWER', msg: `captcha answer cannot be read: ${CAPTCHA_CHECK_PATH}`, cause });
  });

  it("a refusal with an empty or missing message says which call was refused, and carries the server's data", async () => {
    const { http } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: () => ({ code: '40001', msg: '', data: { why: 1 } }),
      [CAPTCHA_CHECK_PATH]: () => ({ code: 40002, msg: 7 }),
    });
    await expect(requestChallenge(http, { scene: 'x' })).rejects.toMatchObject({
      code: '40001',
      msg: 'captcha challenge refused',
      appData: { why: 1 },
    });
    await expect(checkCaptcha(http, { captchaType: 3, captchaValidate: 'x' })).rejects.toMatchObject({
      code: '40002',
      msg: 'captcha check failed',
    });
  });

  it('a challenge status may come as a numeric string, and is read as a number', async () => {
    const { http } = scriptedCaptchaHttp({ [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { captchaId: 'c', status: ' 1 ' } }) });
    expect(await requestChallenge(http, { scene: 'x' })).toEqual({ bizId: undefined, captchaId: 'c', status: 1 });
  });

  it.each([[''], ['  '], ['x'], [null], [true]])(
    'a challenge whose status is %j is MALFORMED_CHALLENGE, carrying the answer',
    async (status) => {
      const data = { captchaId: 'c', status };
      const { http } = scriptedCaptchaHttp({ [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data }) });
      const error = await requestChallenge(http, { scene: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CaptchaRequestError);
      expect(error).toMatchObject({
        code: 'MALFORMED_CHALLENGE',
        msg: 'captcha challenge without captchaId or status',
        appData: data,
      });
    },
  );

  it('a refusal without a code, or with a code that is no string or number, is CAPTCHA_NO_CODE', async () => {
    for (const code of [undefined, null, { id: 1 }]) {
      const { http } = scriptedCaptchaHttp({ [CAPTCHA_CHECK_PATH]: () => ({ code, msg: 'no' }) });
      await expect(checkCaptcha(http, { captchaType: 3, captchaValidate: 'x' })).rejects.toMatchObject({
        code: 'CAPTCHA_NO_CODE',
        msg: 'no',
      });
    }
  });

  it('a challenge with an empty captchaId is MALFORMED_CHALLENGE; a bizId that is no string is left out', async () => {
    const { http } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: (params) =>
        params?.scene === 'empty'
          ? { code: '00000', data: { captchaId: '', status: 1 } }
          : { code: '00000', data: { captchaId: 'c', status: 1, bizId: 42 } },
    });
    await expect(requestChallenge(http, { scene: 'empty' })).rejects.toMatchObject({ code: 'MALFORMED_CHALLENGE' });
    expect(await requestChallenge(http, { scene: 'numeric' })).toEqual({ bizId: undefined, captchaId: 'c', status: 1 });
  });

  it('a challenge request that is no object is refused before anything is sent, naming request', async () => {
    const { http, calls } = scriptedCaptchaHttp({});
    await expect(requestChallenge(http, 'login' as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'request' },
      message: expect.stringMatching(/^requestChallenge: request must be/),
    });
    expect(calls).toEqual([]);
  });

  it('a check payload that is no object is refused before anything is sent, naming payload', async () => {
    const { http, calls } = scriptedCaptchaHttp({});
    await expect(checkCaptcha(http, 'ticket' as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'payload' },
      message: expect.stringMatching(/^checkCaptcha: payload must be/),
    });
    expect(calls).toEqual([]);
  });
});
