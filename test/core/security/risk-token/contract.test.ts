// The risk-token building blocks at their edges: which answers are tokens (bounds of length and character
// range), what the device call sends, the header hook's options and the requests it leaves alone, the store's
// keys, cookie path and faults, the due check's argument errors, and the schedule's arguments.
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../../core/errors/index.js';
import { memoryPlatform } from '../../../../core/platform/index.js';
import type { CookieJar, Platform, Visibility } from '../../../../core/platform/index.js';
import { createStore } from '../../../../core/storage/index.js';
import {
  RISK_TOKEN_PATH,
  assertRiskTokenDurations,
  bareDeviceAnswer,
  classifyRiskToken,
  createRiskTokenStore,
  deviceAnswerToken,
  deviceServiceFetcher,
  isRiskTokenDue,
  riskTokenHeaderHook,
  riskTokenSchedule$,
} from '../../../../core/security/risk-token/index.js';
import type { RiskTokenSource, RiskTokenTick } from '../../../../core/security/risk-token/index.js';

const SUCCESS = 'a'.repeat(40);

describe('deviceAnswerToken: a token a header can carry, or nothing', () => {
  it.each([
    ['a plain string, trimmed', '  tok  ', 'tok'],
    ['a space inside', 'to k', 'to k'],
    ['Latin-1 characters (one byte each in a header)', 't\u00f6k\u00ff', 't\u00f6k\u00ff'],
    ['exactly 4096 characters', 'x'.repeat(4096), 'x'.repeat(4096)],
    ['4097 characters', 'x'.repeat(4097), ''],
    ['a control character first', '\u0001tok', ''],
    ['a control character last', 'tok\u0001', ''],
    ['DEL', 'to\u007fk', ''],
    ['a character above Latin-1', 'tok\u0100', ''],
    ['blank', '   ', ''],
    ['the envelope', { code: '00000', data: ' tok ' }, 'tok'],
    ['an envelope whose data is not a string', { data: 42 }, ''],
    ['an array, even one with a data field', Object.assign(['x'], { data: 'tok' }), ''],
    ['null', null, ''],
    ['a number', 7, ''],
  ])('%s', (_rule, answer, token) => {
    expect(deviceAnswerToken(answer)).toBe(token);
  });

  it('an answer whose data cannot be read carries no token', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(deviceAnswerToken(hostile)).toBe('');
  });
});

describe('bareDeviceAnswer: the string a body stands for', () => {
  it.each([
    ['a bare token', 'abc123', 'abc123'],
    ['a bare token, trimmed', '\n abc123 \n', 'abc123'],
    ['the visible ASCII bounds', '!~', '!~'],
    ['exactly 4096 characters', 'x'.repeat(4096), 'x'.repeat(4096)],
    ['4097 characters', 'x'.repeat(4097), undefined],
    ['a sentence (spaces)', 'try again', undefined],
    ['DEL inside', 'ab\u007fc', undefined],
    ['a non-ASCII character', 't\u00f6k', undefined],
    ['blank', '  ', undefined],
    ['empty', '', undefined],
    ['a JSON string', '"tok en"', 'tok en'],
    ['a JSON number', '42', undefined],
    ['a JSON object', '{"data":"tok"}', undefined],
  ])('%s', (_rule, text, value) => {
    expect(bareDeviceAnswer(text)).toBe(value);
  });

  it('text that is not a string is an InvalidArgumentError naming bareDeviceAnswer', () => {
    expect(() => bareDeviceAnswer(42 as never)).toThrow(InvalidArgumentError);
    expect(() => bareDeviceAnswer(42 as never)).toThrow(/^bareDeviceAnswer: text must be a string/);
  });
});

describe('deviceServiceFetcher: what the device call sends', () => {
  function recordingClient(answer: unknown) {
    const calls: { path: string; params: unknown; options: Record<string, unknown> }[] = [];
    const get = async (path: string, params: unknown, options: Record<string, unknown>) => {
      calls.push({ path, params, options });
      return answer;
    };
    return { calls, device: { get } as never };
  }

  it(`GET ${RISK_TOKEN_PATH}, silent, a login-expired answer rejects, with its own body reader`, async () => {
    expect(RISK_TOKEN_PATH).toBe('/constantid/udid/c1');
    const { calls, device } = recordingClient({ data: 'tok' });
    expect(await deviceServiceFetcher(device)()).toBe('tok');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/constantid/udid/c1', params: undefined, options: { silent: true, onLoginExpired: 'reject' } });
    expect('signal' in calls[0]!.options).toBe(false);
    const readBody = calls[0]!.options.readBody as (text: string) => unknown;
    expect(readBody('tok')).toEqual({ data: 'tok' });
    expect(readBody('"tok"')).toEqual({ data: 'tok' });
    expect(readBody('{"code":"00000","data":"tok"}')).toEqual({ code: '00000', data: 'tok' });
    expect(readBody('42')).toBe(42);
    expect(() => readBody('not a token')).toThrow(SyntaxError);
  });

  it('passes the abort signal and a custom path on', async () => {
    const { calls, device } = recordingClient('tok');
    const controller = new AbortController();
    expect(await deviceServiceFetcher(device, '/device/token')(controller.signal)).toBe('tok');
    expect(calls[0]!.path).toBe('/device/token');
    expect(calls[0]!.options.signal).toBe(controller.signal);
    expect(calls[0]!.options).toMatchObject({ silent: true, onLoginExpired: 'reject' });
  });
});

describe('riskTokenHeaderHook options and the requests it leaves alone', () => {
  function source(held: string | undefined, settled: string | undefined = held) {
    const calls = { current: 0, refreshIfDue: 0, settle: [] as number[] };
    const value: RiskTokenSource = {
      current: () => {
        calls.current++;
        return held;
      },
      refreshIfDue: () => void calls.refreshIfDue++,
      settle: async (waitMs) => {
        calls.settle.push(waitMs);
        return settled;
      },
    };
    return { value, calls };
  }
  // The context the exkit client hands its hooks (base URL https://api.example).
  const clientOptions = (url: string) => ({ context: { exkit: { baseUrl: 'https://api.example', url, apiPath: new URL(url).pathname } } });

  it('a request the client did not build (no base URL known) gets no header and asks for no token', async () => {
    const held = source('tok');
    const request = new Request('https://api.example/v1/user/login', { method: 'POST' });
    await riskTokenHeaderHook(held.value)(request, {} as never, { retryCount: 0 });
    expect(request.headers.get('riskToken')).toBeNull();
    expect(held.calls).toEqual({ current: 0, refreshIfDue: 0, settle: [] });
  });

  it('custom urls and header name replace the defaults', async () => {
    const hook = riskTokenHeaderHook(source('tok').value, { urls: ['/v1/mine'], headerName: 'x-risk' });
    const mine = new Request('https://api.example/v1/mine');
    await hook(mine, clientOptions(mine.url) as never, { retryCount: 0 });
    expect(mine.headers.get('x-risk')).toBe('tok');
    const login = new Request('https://api.example/v1/user/login');
    await hook(login, clientOptions(login.url) as never, { retryCount: 0 });
    expect(login.headers.get('x-risk')).toBeNull();
  });

  it('the init wait is an option, and an empty settled token sends no header', async () => {
    const held = source(undefined, '');
    const request = new Request('https://api.example/v1/user/login');
    await riskTokenHeaderHook(held.value, { initWaitMs: 1234 })(request, clientOptions(request.url) as never, { retryCount: 0 });
    expect(held.calls.settle).toEqual([1234]);
    expect([...request.headers.keys()]).toEqual([]);
  });

  it.each([0, -1, Number.NaN, '5'])('an init wait of %s is an InvalidArgumentError naming initWaitMs', (initWaitMs) => {
    expect(() => riskTokenHeaderHook(source('t').value, { initWaitMs: initWaitMs as number })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'initWaitMs', value: initWaitMs } }),
    );
  });
});

describe('isRiskTokenDue and classifyRiskToken refuse what is not a number or a string', () => {
  const held = (expiresAt: unknown) => ({ token: SUCCESS, kind: 'success' as const, expiresAt: expiresAt as number });
  it.each([
    ['now', () => isRiskTokenDue(undefined, '0' as never, 1), /^isRiskTokenDue: now must be a number of ms/],
    ['intervalMs', () => isRiskTokenDue(undefined, 0, null as never), /^isRiskTokenDue: intervalMs must be a number of ms/],
    ['stored.expiresAt', () => isRiskTokenDue(held('soon'), 0, 1), /^isRiskTokenDue: stored\.expiresAt must be a number of ms/],
    ['raw', () => classifyRiskToken(40 as never), /^classifyRiskToken: raw must be a string/],
  ])('%s', (_field, call, message) => {
    expect(call).toThrow(InvalidArgumentError);
    expect(call).toThrow(message);
  });
});

describe('assertRiskTokenDurations checks each duration by name', () => {
  it.each(['intervalMs', 'validityMs', 'retryDelayMs', 'refreshTimeoutMs', 'initWaitMs'])('%s', (field) => {
    expect(() => assertRiskTokenDurations({ [field]: 0 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field, value: 0 } }),
    );
    expect(() => assertRiskTokenDurations({ [field]: 1 })).not.toThrow();
  });
});

describe('risk-token store: keys, cookie path and faults', () => {
  function recordingCookies(base: Platform, fail: { get?: boolean; set?: boolean; remove?: boolean } = {}) {
    const calls: string[] = [];
    const cookies: CookieJar = {
      get: (name) => {
        calls.push(`get ${name}`);
        if (fail.get) throw new Error('no cookies here');
        return base.cookies.get(name);
      },
      set: (name, value, options) => {
        calls.push(`set ${name} ${JSON.stringify(options)}`);
        if (fail.set) throw new Error('no cookies here');
        return base.cookies.set(name, value, options);
      },
      remove: (name, options) => {
        calls.push(`remove ${name} ${JSON.stringify(options)}`);
        if (fail.remove) throw new Error('no cookies here');
        return base.cookies.remove(name, options);
      },
    };
    return { calls, platform: { ...base, cookies } as Platform };
  }

  it('tells which storage keys it writes, for cross-tab sync', () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    expect(createRiskTokenStore(platform).storageKeys).toEqual([
      common.storageKey('riskTokenExpiry'),
      common.storageKey('riskTokenDemoted'),
    ]);
  });

  it("sets and removes the cookie on the path given (default '/') for the days given", () => {
    const { calls, platform } = recordingCookies(memoryPlatform());
    const store = createRiskTokenStore(platform);
    store.saveSuccess(SUCCESS, 10);
    store.saveDemoted('demoted', 20);
    store.clear();
    expect(calls).toEqual(['set riskToken {"days":7,"path":"/"}', 'remove riskToken {"path":"/"}', 'remove riskToken {"path":"/"}']);
    const custom = recordingCookies(memoryPlatform());
    const mine = createRiskTokenStore(custom.platform, { cookieName: 'rt', cookieDays: 2, cookiePath: '/app' });
    mine.saveSuccess(SUCCESS, 10);
    mine.clear();
    expect(custom.calls).toEqual(['set rt {"days":2,"path":"/app"}', 'remove rt {"path":"/app"}']);
  });

  it('clear removes the success cookie, its expiry and any demoted token', () => {
    const platform = memoryPlatform();
    const store = createRiskTokenStore(platform);
    const common = createStore(platform, 'common');
    store.saveSuccess(SUCCESS, 10);
    common.set('riskTokenDemoted', { token: 'left', expiresAt: 5 });
    store.clear();
    expect(store.read()).toBeUndefined();
    expect(platform.cookies.get('riskToken')).toBeUndefined();
    expect(common.get('riskTokenExpiry', 'none')).toBe('none');
    expect(common.get('riskTokenDemoted', 'none')).toBe('none');
  });

  it('saving a demoted token removes the recorded success expiry', () => {
    const platform = memoryPlatform();
    const store = createRiskTokenStore(platform);
    store.saveSuccess(SUCCESS, 10);
    store.saveDemoted('demoted', 20);
    expect(createStore(platform, 'common').get('riskTokenExpiry', 'none')).toBe('none');
  });

  it('a cookie jar that throws on every call: reads give the demoted token, writes never throw', () => {
    const { platform } = recordingCookies(memoryPlatform(), { get: true, set: true, remove: true });
    const store = createRiskTokenStore(platform);
    expect(() => store.saveSuccess(SUCCESS, 10)).not.toThrow();
    expect(store.read()).toBeUndefined();
    expect(() => store.saveDemoted('demoted', 20)).not.toThrow();
    expect(store.read()).toEqual({ token: 'demoted', kind: 'demoted', expiresAt: 20 });
    expect(() => store.clear()).not.toThrow();
    expect(store.read()).toBeUndefined();
  });

  it('a success cookie wins over a demoted entry left by another tab, with surrounding spaces trimmed', () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    common.set('riskTokenDemoted', { token: 'older', expiresAt: 5 });
    common.set('riskTokenExpiry', 99);
    platform.cookies.set('riskToken', ` ${SUCCESS} `);
    expect(createRiskTokenStore(platform).read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: 99 });
  });

  it.each([
    ['an empty token', { token: '', expiresAt: 5 }],
    ['no expiry', { token: 'tok' }],
    ['null', null],
    ['a string', 'tok'],
  ])('a demoted entry with %s reads as nothing, quietly', (_rule, entry) => {
    const platform = memoryPlatform();
    createStore(platform, 'common').set('riskTokenDemoted', entry);
    expect(createRiskTokenStore(platform).read()).toBeUndefined();
    // The shape check itself never throws (a throw would be reported as a failed callback).
    expect(platform.reports).toEqual([]);
  });

  it('an expiry stored as a number too large to be finite reads as no expiry', () => {
    const platform = memoryPlatform();
    const common = createStore(platform, 'common');
    platform.cookies.set('riskToken', SUCCESS);
    platform.localStorage.setItem(common.storageKey('riskTokenExpiry'), '{"v":1e999}');
    expect(createRiskTokenStore(platform).read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: undefined });
  });

  it('a platform without cookies or local storage is an InvalidArgumentError naming the port', () => {
    const { cookies: _c, ...noCookies } = memoryPlatform();
    expect(() => createRiskTokenStore(noCookies as never)).toThrow(/^createRiskTokenStore: platform\.cookies must be an object/);
    const { localStorage: _l, ...noStorage } = memoryPlatform();
    expect(() => createRiskTokenStore(noStorage as never)).toThrow(/^createRiskTokenStore: platform\.localStorage must be an object/);
  });
});

describe('riskTokenSchedule$ arguments and repeated visibility', () => {
  it('a visibility stream that repeats "visible" neither announces it nor restarts the period', () => {
    const platform = memoryPlatform();
    const changes = new BehaviorSubject<Visibility>('visible');
    const ticks: [number, RiskTokenTick][] = [];
    const subscription = riskTokenSchedule$({ current: () => changes.value, changes }, platform.timers, 1000).subscribe((tick) =>
      ticks.push([platform.clock.now(), tick]),
    );
    platform.advance(600);
    changes.next('visible');
    platform.advance(400);
    expect(ticks).toEqual([
      [0, 'start'],
      [1000, 'interval'],
    ]);
    subscription.unsubscribe();
  });

  it('a page hidden at start announces its first return to visible', () => {
    const platform = memoryPlatform({ visibility: 'hidden' });
    const ticks: RiskTokenTick[] = [];
    riskTokenSchedule$(platform.visibility, platform.timers, 1000).subscribe((tick) => ticks.push(tick));
    platform.setVisibility('visible');
    platform.advance(1000);
    expect(ticks).toEqual(['start', 'visible', 'interval']);
  });

  it('an interval that is missing or not a duration is an InvalidArgumentError', () => {
    const platform = memoryPlatform();
    expect(() => riskTokenSchedule$(platform.visibility, platform.timers, undefined as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        msg: 'risk token schedule: intervalMs is required',
        extra: { field: 'intervalMs' },
      }),
    );
    expect(() => riskTokenSchedule$(platform.visibility, platform.timers, 0)).toThrow(InvalidArgumentError);
  });

  it('visibility without changes, or timers without setTimeout or clearTimeout, are refused by name', () => {
    const platform = memoryPlatform();
    expect(() => riskTokenSchedule$({} as never, platform.timers, 1000)).toThrow(
      /^riskTokenSchedule\$: visibility\.changes must be an object/,
    );
    const { setTimeout: _s, ...noSet } = { setTimeout: 1, clearTimeout: () => undefined };
    expect(() => riskTokenSchedule$(platform.visibility, { ...noSet } as never, 1000)).toThrow(/^riskTokenSchedule\$: timers\.setTimeout/);
    expect(() => riskTokenSchedule$(platform.visibility, { setTimeout: () => 0 } as never, 1000)).toThrow(
      /^riskTokenSchedule\$: timers\.clearTimeout/,
    );
  });
});

describe('argument errors name the function they come from', () => {
  it('nothing stored, null as well as undefined, is due rather than an error', () => {
    expect(isRiskTokenDue(null as never, 0, 1)).toBe(true);
    expect(isRiskTokenDue(undefined, 0, 1)).toBe(true);
  });

  const platform = memoryPlatform();
  const held: RiskTokenSource = { current: () => undefined, refreshIfDue: () => undefined, settle: async () => undefined };
  it.each([
    ['riskTokenHeaderHook', () => riskTokenHeaderHook(held, null as never), 'riskTokenHeaderHook: options must be an object'],
    ['riskTokenHeaderHook initWaitMs', () => riskTokenHeaderHook(held, { initWaitMs: 0 }), 'risk token header: initWaitMs must be'],
    ['createRiskTokenStore', () => createRiskTokenStore(platform, null as never), 'createRiskTokenStore: options must be an object'],
    ['assertRiskTokenDurations', () => assertRiskTokenDurations(null as never), 'assertRiskTokenDurations: durations must be an object'],
    ['assertRiskTokenDurations field', () => assertRiskTokenDurations({ validityMs: -1 }), 'risk token: validityMs must be'],
    ['isRiskTokenDue stored', () => isRiskTokenDue(5 as never, 0, 1), 'isRiskTokenDue: stored must be an object'],
    ['riskTokenSchedule$', () => riskTokenSchedule$(platform.visibility, platform.timers, -1), 'risk token schedule: intervalMs must be'],
  ])('%s', (_name, call, message) => {
    expect(call).toThrow(InvalidArgumentError);
    expect(call).toThrow(message);
  });
});
