// The protocol's names as the seed spells them (spec §S3, §S4, §S7, §S8, §S9): a changed name would put the
// gateway and the client out of step without any local test noticing, so each is checked against the seed's
// own words, and the sensitive-field list through the function that uses it.
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import {
  DEFAULT_COOKIE_NAMES,
  DEFAULT_KEY_ALGORITHM,
  DEFAULT_KEY_WRAP,
  DEVICE_CHECK_FIELDS,
  GATEWAY_SIGN_ERROR_HEADER,
  GATEWAY_SIGN_TEXT_HEADER,
  KEY_ALGORITHM_BITS,
  KEY_PAIR_CHECK,
  KEY_WRAP_ALGORITHMS,
  LOGIN_ENCRYPT_FAILED_EVENT,
  LoginEncryptionError,
  REQUEST_TIME_HEADER,
  SENSITIVE_FIELDS,
  SIGN_CONFIG_PATH,
  SIGN_DEBUG_QUERY,
  SIGN_HEADERS,
  SIGN_INVALID_EVENT,
  SigningInitError,
  createSignErrorHandler,
  isSignErrorCode,
  partitionSensitive,
} from '../../../core/security/index.js';
import type { SecurityEvent } from '../../../core/security/index.js';

// Spec §S3, word for word: "Login/register payload fields: …".
const SEED_SENSITIVE =
  'loginName, pwd, areaCode, mobile, email, verifyCode, rePwd, emailVerifyCode, emailCode, mobileCode, googleCode, fidoVerifyCode, serialNO, userId, token, publicAddress, signature, initData, id, qrcodeKey, sign'.split(
    ', ',
  );

describe('the names the gateway knows', () => {
  it('every login/register field of the seed moves into the ciphertext; any other field stays clear', () => {
    expect([...SENSITIVE_FIELDS]).toEqual(SEED_SENSITIVE);
    const params = Object.fromEntries([...SEED_SENSITIVE, 'deviceName', 'lang'].map((name) => [name, `${name}-value`]));
    const { sensitive, clear } = partitionSensitive(params);
    expect(Object.keys(sensitive)).toEqual(SEED_SENSITIVE);
    expect(clear).toEqual({ deviceName: 'deviceName-value', lang: 'lang-value' });
  });

  it('core-call signing headers (spec §S7): device-sign, its mode, data MD5 and key; tm and uhti are read', () => {
    expect(SIGN_HEADERS).toEqual({
      sign: 'device-sign',
      mode: 'device-sign-mode',
      dataMd5: 'device-sign-data-md5',
      key: 'device-sign-key',
      text: 'device-sign-text',
      time: 'tm',
      trace: 'uhti',
    });
  });

  it('device-check fields, debug query, response headers and events (spec §S4, §S7, §S8)', () => {
    expect(DEVICE_CHECK_FIELDS).toEqual({
      sign: 'userCheckDeviceSign',
      algorithm: 'lastAlgorithm',
      userIdHash: 'userCheckDeviceUserIdHash',
    });
    expect(SIGN_DEBUG_QUERY).toBe('sign_debug');
    expect(REQUEST_TIME_HEADER).toBe('request-time');
    expect(GATEWAY_SIGN_ERROR_HEADER).toBe('gw-sign-error');
    expect(GATEWAY_SIGN_TEXT_HEADER).toBe('gw-sign-text');
    expect(LOGIN_ENCRYPT_FAILED_EVENT).toBe('loginEncryptFailed');
    expect(SIGN_INVALID_EVENT).toBe('gatewaySignInvalid');
    expect(DEFAULT_COOKIE_NAMES).toEqual({ refreshToken: 'refreshToken', uid: 'uid' });
  });

  it('config path, the signed check text, key algorithms and key wraps (spec §S3, §S7, §S9)', () => {
    expect(SIGN_CONFIG_PATH).toBe('/v1/mix/config/gatewaySignConfig');
    expect(KEY_PAIR_CHECK).toBe('KEY_PAIR_CHECK');
    expect(KEY_ALGORITHM_BITS).toEqual({ rsa1024: 1024, rsa2048: 2048 });
    expect(DEFAULT_KEY_ALGORITHM).toBe('rsa1024');
    expect(KEY_WRAP_ALGORITHMS).toEqual(['RSA-OAEP-256', 'RSA1_5']);
    expect(DEFAULT_KEY_WRAP).toBe('RSA-OAEP-256');
  });

  it('the security errors carry their own names and codes', () => {
    expect(new SigningInitError('CLIENT_CLOSED', 'closed')).toMatchObject({
      name: 'SigningInitError',
      code: 'CLIENT_CLOSED',
      msg: 'closed',
    });
    const cause = new Error('inner');
    expect(new LoginEncryptionError('no key', { cause })).toMatchObject({
      name: 'LoginEncryptionError',
      code: 'LOGIN_ENCRYPTION_FAILED',
      msg: 'no key',
      cause,
    });
    expect(new LoginEncryptionError('no key')).toBeInstanceOf(Error);
  });
});

describe('isSignErrorCode', () => {
  it.each([
    ['00020', true],
    ['00021', true],
    ['00022', true],
    ['00023', true],
    ['00024', false],
    ['00000', false],
    [20, false],
    [undefined, false],
  ])('%s: %s', (code, expected) => {
    expect(isSignErrorCode(code)).toBe(expected);
  });
});

function setup(options: { debounceMs?: number; refetchDebounceMs?: number; resetConfig?: () => void; log?: () => void } = {}) {
  const platform = memoryPlatform({ now: 1_000_000 });
  const events: SecurityEvent[] = [];
  let resets = 0;
  const handler = createSignErrorHandler(platform, {
    resetConfig: () => resets++,
    log: () => undefined,
    ...options,
  });
  let completed = false;
  handler.events$.subscribe({ next: (e) => events.push(e), complete: () => (completed = true) });
  const of = (type: SecurityEvent['type']) => events.filter((e) => e.type === type);
  return { platform, handler, events, of, resets: () => resets, completed: () => completed };
}

describe('sign error debounce at its edges', () => {
  it('a toast exactly 2000 ms after the previous call goes out; 1999 ms after does not', () => {
    const { platform, handler, of } = setup();
    handler.handle('00022', 'a', '/a');
    platform.advance(2000);
    handler.handle('00022', 'b', '/a');
    expect(of('toast').map((e) => (e as { message: string }).message)).toEqual(['a', 'b']);
    platform.advance(1999);
    handler.handle('00022', 'c', '/a');
    expect(of('toast')).toHaveLength(2);
  });

  it('every call restarts the quiet period, the dropped ones too', () => {
    const { platform, handler, of, events } = setup();
    handler.handle('00023', 'a', '/a');
    platform.advance(1500);
    handler.handle('00023', 'b', '/a');
    platform.advance(1500);
    handler.handle('00023', 'c', '/a');
    expect(of('toast')).toHaveLength(1);
    expect(of('logout')).toHaveLength(1);
    platform.advance(2000);
    handler.handle('00023', 'd', '/a');
    expect(events.map((e) => e.type)).toEqual(['toast', 'logout', 'toast', 'logout']);
  });

  it('the logout has its own debounce: a 00022 toast does not hold back a 00023 logout', () => {
    const { platform, handler, of } = setup();
    handler.handle('00022', 'expired', '/a');
    platform.advance(10);
    handler.handle('00023', 'invalid', '/a');
    expect(of('toast')).toHaveLength(1);
    expect(of('logout')).toEqual([{ type: 'logout', code: '00023' }]);
    expect(platform.reports).toHaveLength(1);
  });

  it('debounceMs 0 lets every toast through; the re-fetch delay is an option', () => {
    const { platform, handler, of } = setup({ debounceMs: 0, refetchDebounceMs: 300 });
    handler.handle('00020', 'a', '/a');
    handler.handle('00020', 'b', '/a');
    expect(of('toast')).toHaveLength(2);
    platform.advance(299);
    expect(of('refetchConfig')).toHaveLength(0);
    platform.advance(1);
    expect(of('refetchConfig')).toEqual([{ type: 'refetchConfig' }]);
  });

  it('00022 after a 00020 leaves the pending re-fetch in place', () => {
    const { platform, handler, of } = setup();
    handler.handle('00020', 'a', '/a');
    platform.advance(1000);
    handler.handle('00022', 'b', '/a');
    platform.advance(1000);
    expect(of('refetchConfig')).toHaveLength(1);
  });

  it('dispose cancels a pending re-fetch and completes the stream', () => {
    const { platform, handler, of, completed } = setup();
    handler.handle('00021', 'a', '/a');
    handler.dispose();
    expect(platform.timers.pendingCount).toBe(0);
    platform.advance(5000);
    expect(of('refetchConfig')).toHaveLength(0);
    expect(completed()).toBe(true);
  });

  it('a re-fetch that fired leaves nothing to cancel', () => {
    const { platform, handler, of } = setup();
    handler.handle('00021', 'a', '/a');
    platform.advance(2000);
    handler.handle('00021', 'b', '/a');
    platform.advance(2000);
    expect(of('refetchConfig')).toHaveLength(2);
    expect(platform.timers.pendingCount).toBe(0);
  });
});

describe('sign error handler contract', () => {
  it('callbacks that throw are reported and the handler goes on', () => {
    const { platform, handler, of } = setup({
      resetConfig: () => {
        throw new Error('reset broke');
      },
      log: () => {
        throw new Error('log broke');
      },
    });
    handler.handle('00020', 'a', '/a');
    handler.logHeader('/a', 'bad');
    expect(of('configReset')).toHaveLength(1);
    expect(of('gatewaySignError')).toHaveLength(1);
    expect(platform.reports.map((r) => [r.event, (r.data as { callback?: string } | undefined)?.callback])).toEqual([
      ['callbackFailed', 'options.resetConfig'],
      ['callbackFailed', 'options.log'],
    ]);
  });

  it('emit passes an event on as given', () => {
    const { handler, events } = setup();
    handler.emit({ type: 'configReset' });
    expect(events).toEqual([{ type: 'configReset' }]);
  });

  const refusals: [string, (h: ReturnType<typeof setup>['handler']) => unknown, RegExp][] = [
    [
      'an unknown code',
      (h) => h.handle('00024' as never, 'x', '/a'),
      /^signErrors\.handle: code must be a sign error code \(00020, 00021, 00022, 00023\)/,
    ],
    ['a message that is not a string', (h) => h.handle('00020', 5 as never, '/a'), /^signErrors\.handle: message must be a string/],
    ['a url that is not a string', (h) => h.handle('00020', 'x', 5 as never), /^signErrors\.handle: url must be a string/],
    ['a locale that is not a string', (h) => h.handle('00020', 'x', '/a', 5 as never), /^signErrors\.handle: locale must be a string/],
    ['a header url that is not a string', (h) => h.logHeader(5 as never, 'v'), /^signErrors\.logHeader: url must be a string/],
    ['a header value that is not a string', (h) => h.logHeader('/a', 5 as never), /^signErrors\.logHeader: value must be a string/],
    ['an event that is not an object', (h) => h.emit(5 as never), /^signErrors\.emit: event must be an object/],
    ['an event without a type', (h) => h.emit({} as never), /^signErrors\.emit: event\.type must be a string/],
  ];
  it.each(refusals)('%s is an InvalidArgumentError and emits nothing', (_rule, call, message) => {
    const s = setup();
    expect(() => call(s.handler)).toThrow(message);
    expect(s.events).toEqual([]);
  });

  it('options without resetConfig or log, or a platform without its ports, are refused by name', () => {
    const platform = memoryPlatform();
    expect(() => createSignErrorHandler(platform, { log: () => undefined } as never)).toThrow(
      /^createSignErrorHandler: options\.resetConfig must be a function/,
    );
    expect(() => createSignErrorHandler(platform, { resetConfig: () => undefined } as never)).toThrow(
      /^createSignErrorHandler: options\.log must be a function/,
    );
    const { timers: _t, ...noTimers } = platform;
    expect(() => createSignErrorHandler(noTimers as never, { resetConfig: () => undefined, log: () => undefined })).toThrow(
      /^createSignErrorHandler: platform\.timers must be an object/,
    );
  });
});
