// "No actor ever dies" for the service machines: bridge request, signing init, risk token and the captcha flow.
// Random sequences of well-formed and malformed events (missing fields, hostile values, throwing getters, unknown
// and XState-looking types), with time passing between them and services that answer, answer malformed, fail,
// throw or hang at random: the actor never reaches `status: 'error'`, nothing escapes, and after `stop()` no timer
// fires. Each run counts the states it reached, and every state must be reached by some run.
import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../core/captcha/api.js';
import { createTestCaptchaWidget } from '../../core/captcha/test-widget.js';
import type { TestWidgetOutcome } from '../../core/captcha/test-widget.js';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import { MemoryBrowser, memoryPlatform } from '../../core/platform/index.js';
import { createRiskTokenStore } from '../../core/security/risk-token/index.js';
import type { RiskTokenTick } from '../../core/security/risk-token/index.js';
import { parseSignConfig } from '../../core/security/index.js';
import type { Security, SecurityEvent } from '../../core/security/index.js';
import { bridgeRequestMachine } from '../../machines/bridge-request.machine.js';
import { captchaMachine } from '../../machines/captcha.machine.js';
import { createCaptchaService } from '../../machines/captcha.service.js';
import { riskTokenMachine } from '../../machines/risk-token.machine.js';
import { createRiskTokenService, riskTokenState } from '../../machines/risk-token.service.js';
import { signingInitMachine } from '../../machines/signing-init.machine.js';
import { inApp, inBrowser } from '../core/bridge/setup.js';
import { scriptedCaptchaHttp } from '../support/scripted-captcha-http.js';
import { CountingClock, expectAlive, flush, hostileSteps, hostileValue, runHostile, stateCoverage } from './hostile-events.js';
import type { EventSpec } from './hostile-events.js';

const RUNS = 60;

/** After `stop()`: advancing the clock far runs no timer. */
async function expectQuietAfterStop(stop: () => void, clock: CountingClock): Promise<void> {
  stop();
  await flush();
  const fired = clock.fired;
  clock.increment(10 * 60_000);
  await flush();
  expect(clock.fired).toBe(fired);
}

/** How a fuzzed service call goes: it answers, answers with the wrong shape, fails, throws, or never settles. */
const answerOutcome = fc.constantFrom('resolve', 'reject', 'throw', 'hang', 'malformed');
function serviceCall<T>(kind: string, value: () => T): Promise<T> {
  if (kind === 'resolve') return Promise.resolve().then(value);
  if (kind === 'malformed') return Promise.resolve({ unexpected: true } as T);
  if (kind === 'reject') return Promise.reject(new Error('service down'));
  if (kind === 'throw') throw new Error('service threw synchronously');
  return new Promise<T>(() => undefined);
}

describe('bridge request machine: random and malformed events never put it in error', () => {
  const specs: EventSpec[] = [
    { type: 'RETRY' },
    { type: 'CANCEL' },
    {
      type: 'REQUEST',
      fields: { path: fc.constantFrom('/user', '/slow', '/other'), params: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }) },
      optional: ['params'],
    },
  ];

  it('in the app and outside it, with answers, failures, timeouts and hostile paths and params', async () => {
    const states = stateCoverage(bridgeRequestMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), fc.boolean(), async (steps, app) => {
        // Outside the app every request is skipped; inside it, '/slow' never answers and '/other' fails.
        const { bridge, platform, sim } = app ? inApp() : { ...inBrowser(), sim: undefined };
        sim?.route('/user', { data: { uid: 7 } });
        sim?.route('/slow', { never: true });
        sim?.route('/other', { code: -1, msg: 'socket closed' });
        const clock = new CountingClock();
        const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/user', timeoutMs: 1000 }, clock }).start();
        // The request's timeout runs on the platform's timers: time passes on both.
        await runHostile({ actor, clock, steps, states, onAdvance: (ms) => platform.timers.advance(ms) });
        await expectQuietAfterStop(() => actor.stop(), clock);
        bridge.dispose();
      }),
      { numRuns: RUNS },
    );
    states.expectEachReached();
  });
});

describe('signing init machine: random events, hostile security events and failing services never put it in error', () => {
  const specs: EventSpec[] = [{ type: 'INIT' }, { type: 'REFETCH' }, { type: 'RESET' }, { type: 'CONFIG_RESET' }];
  // Fetching and verifying mostly answer, so that runs reach every later state: a client key still loading, ready,
  // and disabled (a config with the client side off).
  const mostlyAnswers = fc.oneof({ weight: 5, arbitrary: fc.constant('resolve') }, { weight: 1, arbitrary: answerOutcome });
  const mostly = (value: boolean) => fc.oneof({ weight: 3, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: fc.constant(!value) });
  const oftenAnswers = fc.oneof({ weight: 2, arbitrary: fc.constant('resolve') }, { weight: 1, arbitrary: answerOutcome });
  const behaviour = fc.record({
    fetch: mostlyAnswers,
    verify: oftenAnswers,
    load: answerOutcome,
    publishThrows: mostly(false),
    clientOpen: mostly(true),
  });
  const securityEvent = fc.oneof(
    fc.constantFrom<unknown>({ type: 'refetchConfig' }, { type: 'configReset', code: '00021' }, { type: 'configReset' }),
    hostileValue,
  );

  it('with a security service that answers, fails, throws or hangs', async () => {
    const states = stateCoverage(signingInitMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), behaviour, fc.array(securityEvent, { maxLength: 5 }), async (steps, b, pushed) => {
        const events$ = new Subject<SecurityEvent>();
        const config = parseSignConfig({ clientOpen: b.clientOpen, serverPublicKey: 'AAAA', serverPublicKeySign: 'AAAA' });
        const publish = () => {
          if (b.publishThrows) throw new Error('setter threw');
        };
        const security = {
          events$,
          fetchConfig: () => serviceCall(b.fetch, () => config),
          verifyServerKey: () => serviceCall(b.verify, () => ({ der: new Uint8Array([1]), base64: 'AQ==', hash: 'ab' })),
          loadClientKeyPair: () => serviceCall(b.load, () => ({ publicKey: 'p', privateKeyPem: 'q', algorithm: 'rsa1024', storedAt: 0 })),
          setConfig: publish,
          setServerKey: publish,
          setClientKey: publish,
          reset: publish,
          reportInitFailure: publish,
        } as unknown as Security;
        const clock = new CountingClock();
        const actor = createActor(signingInitMachine, { input: { security }, clock }).start();
        const uncaught: unknown[] = [];
        const onUncaught = (error: unknown) => uncaught.push(error);
        process.on('uncaughtException', onUncaught);
        try {
          await runHostile({ actor, clock, steps, states });
          for (const event of pushed) events$.next(event as SecurityEvent);
          await flush();
          expectAlive(actor);
        } finally {
          process.off('uncaughtException', onUncaught);
        }
        expect(uncaught).toEqual([]);
        await expectQuietAfterStop(() => actor.stop(), clock);
      }),
      { numRuns: 4 * RUNS },
    );
    states.expectEachReached();
  });
});

describe('risk-token machine: random events, schedule ticks and a failing device service never put it in error', () => {
  const specs: EventSpec[] = [{ type: 'REFRESH' }, { type: 'REFRESH_IF_DUE' }, { type: 'SYNC' }];
  const answer = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('s'.repeat(40), 'demoted', '') }, { weight: 1, arbitrary: hostileValue });
  // One outcome per call, in turn: a first attempt that fails and a retry that hangs is a run of its own.
  const outcomes = fc.array(answerOutcome, { minLength: 1, maxLength: 4 });

  it('with a device service that answers anything, fails, throws or hangs, and a reporter that may throw', async () => {
    const states = stateCoverage(riskTokenMachine);
    await fc.assert(
      fc.asyncProperty(
        hostileSteps(specs),
        outcomes,
        answer,
        fc.array(fc.constantFrom<RiskTokenTick>('interval', 'visible'), { maxLength: 4 }),
        fc.boolean(),
        async (steps, kinds, token, ticks, reportThrows) => {
          let calls = 0;
          const clock = new CountingClock();
          const platform = memoryPlatform();
          const schedule = new Subject<RiskTokenTick>();
          const actor = createActor(riskTokenMachine, {
            clock,
            input: {
              store: createRiskTokenStore(platform),
              now: () => clock.now(),
              report: () => {
                if (reportThrows) throw new Error('reporter threw');
              },
              fetchToken: () => serviceCall(kinds[calls++ % kinds.length]!, () => token as string),
              schedule,
            },
          }).start();
          await runHostile({ actor, clock, steps, states });
          for (const tick of ticks) schedule.next(tick);
          await flush();
          expectAlive(actor);
          await expectQuietAfterStop(() => actor.stop(), clock);
        },
      ),
      { numRuns: 2 * RUNS },
    );
    states.expectEachReached();
  });
});

describe('captcha flow machine: random and malformed widget events never put it in error', () => {
  const specs: EventSpec[] = [
    {
      type: 'WIDGET_SUCCESS',
      fields: {
        validate: fc.record({ lot_number: fc.string(), captcha_output: fc.string(), pass_token: fc.string(), gen_time: fc.string() }),
      },
    },
    { type: 'WIDGET_CLOSE' },
    { type: 'WIDGET_ERROR', fields: { error: fc.constant(new Error('widget')) } },
    { type: 'WIDGET_LOAD_FAILED', fields: { error: fc.constant(new Error('script')) } },
  ];

  it('against a gateway that answers any status and check code', async () => {
    const states = stateCoverage(captchaMachine);
    await fc.assert(
      fc.asyncProperty(
        hostileSteps(specs),
        fc.constantFrom(0, 1),
        fc.constantFrom('00000', '20906', '1'),
        fc.constantFrom<TestWidgetOutcome>('success', 'close', 'error'),
        fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        async (steps, status, checkCode, widgetOutcome, challengeHangs) => {
          const challenge = { code: '00000', data: { bizId: 'biz-1', captchaId: 'cap-1', status } };
          const http = scriptedCaptchaHttp({
            // A gateway that never answers the challenge request keeps the flow requesting.
            [CAPTCHA_GET_ID_PATH]: () => (challengeHangs ? new Promise<never>(() => undefined) : challenge),
            [CAPTCHA_CHECK_PATH]: () =>
              checkCode === '00000' ? { code: '00000', data: { verified: true } } : { code: checkCode, msg: 'refused' },
          }).http;
          const clock = new CountingClock();
          const actor = createActor(captchaMachine, {
            clock,
            input: {
              http,
              widget: createTestCaptchaWidget(widgetOutcome),
              request: { scene: 'login' },
              language: 'eng',
              captchaType: 3,
              selfVerify: false,
            },
          }).start();
          await runHostile({ actor, clock, steps, states });
          await expectQuietAfterStop(() => actor.stop(), clock);
        },
      ),
      { numRuns: 3 * RUNS },
    );
    states.expectEachReached();
  });
});

// The calls the risk-token service adds around its machine, with a fetcher of the test's own (no server). Kept here
// because the machines-services mutation area runs this file; the service's tests against a real device service are
// in risk-token.service.test.ts.
describe('risk-token service: the calls around its machine', () => {
  const token = (n: number) => n.toString(16).padStart(40, '0');
  const settleAll = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('a fetcher of its own wins over the device client; current(), state(), settle() and refresh() read what it gave', async () => {
    const platform = memoryPlatform();
    let n = 0;
    const device = { get: () => Promise.reject(new Error('the device client is not used')) } as never;
    const service = createRiskTokenService(platform, { device, fetchToken: () => Promise.resolve(token(++n)) });
    await vi.waitFor(() => expect(service.current()).toBe(token(1)));
    expect(service.state()).toMatchObject({ status: 'success', token: token(1), kind: 'success', pending: false, error: undefined });
    expect(await service.settle(1000)).toBe(token(2));
    expect(await service.refresh()).toMatchObject({ token: token(3), pending: false });
    // Ready already: whenReady answers at once, with no timer.
    const timers = platform.timers.pendingCount;
    expect(await service.whenReady()).toBe(token(3));
    expect(platform.timers.pendingCount).toBe(timers);
    service.dispose();
    expect(await service.settle(1000)).toBe(token(3));
  });

  it('refreshIfDue refreshes only a token that is due', async () => {
    const platform = memoryPlatform();
    let calls = 0;
    const service = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(token(++calls)) });
    await vi.waitFor(() => expect(service.current()).toBe(token(1)));
    service.refreshIfDue();
    await settleAll();
    expect(calls).toBe(1);
    await platform.advanceAsync(2 * 1_200_000);
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1));
    service.dispose();
  });

  it('whenReady waits initWaitMs by default, the option given', async () => {
    const platform = memoryPlatform();
    const service = createRiskTokenService(platform, { fetchToken: () => new Promise<string>(() => undefined), initWaitMs: 1000 });
    let ready: string | undefined | 'waiting' = 'waiting';
    void service.whenReady().then((value) => (ready = value));
    await platform.advanceAsync(999);
    expect(ready).toBe('waiting');
    await platform.advanceAsync(1);
    expect(ready).toBeUndefined();
    service.dispose();
  });

  it('install puts the header hook on a client and returns its remover; a client that is not one is refused', () => {
    const platform = memoryPlatform();
    const service = createRiskTokenService(platform, { fetchToken: () => new Promise<string>(() => undefined), autoStart: false });
    const given: unknown[] = [];
    const remove = () => undefined;
    expect(service.install({ use: (hooks: unknown) => (given.push(hooks), remove) } as never)).toBe(remove);
    expect(given).toStrictEqual([{ beforeRequest: [expect.any(Function)] }]);
    const refused = (http: unknown) => {
      try {
        service.install(http as never);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidArgumentError);
        return [(error as Error).message, ((error as InvalidArgumentError).extra as { field: string }).field];
      }
      return 'no error';
    };
    expect(refused({})[1]).toBe('http.use');
    expect(refused({ use: () => 'remover' })).toStrictEqual([
      'riskToken.install: http.use must be a use() that returns its remover, got "remover"',
      'http.use',
    ]);
    expect(
      refused({
        use: () => {
          throw new Error('use broke');
        },
      })[0],
    ).toMatch(/^riskToken\.install: http\.use must be an HTTP client's use\(\)/);
    service.dispose();
  });

  it('riskTokenState refuses what is not a risk-token snapshot', () => {
    try {
      riskTokenState({} as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).message).toMatch(/^riskTokenState: snapshot must be a risk-token machine snapshot/);
    }
  });

  it("another tab's write to the token's storage keys is taken up; a write to any other key is not", async () => {
    const browser = new MemoryBrowser(0);
    const one = memoryPlatform({ browser });
    const two = memoryPlatform({ browser });
    let n = 0;
    const first = createRiskTokenService(one, { fetchToken: () => Promise.resolve(token(++n)) });
    await vi.waitFor(() => expect(first.current()).toBe(token(1)));
    const second = createRiskTokenService(two, { fetchToken: () => Promise.resolve(token(100 + ++n)) });
    expect(second.current()).toBe(token(1));
    // The cookie changes behind the first tab's back; the second tab then writes a key of its own.
    two.cookies.set('riskToken', token(50));
    two.localStorage.setItem('unrelated', 'x');
    await settleAll();
    expect(first.current()).toBe(token(1));
    // A refresh in the second tab writes the token's keys: the first tab reads the store again.
    await second.refresh();
    expect(second.current()).toBe(token(102));
    await vi.waitFor(() => expect(first.current()).toBe(token(102)));
    first.dispose();
    second.dispose();
  });
});

describe('risk-token service: its options reach the machine', () => {
  const token = (n: number) => n.toString(16).padStart(40, '0');
  const messageOf = async (run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidArgumentError);
      return (error as Error).message;
    }
    return 'no error';
  };

  it('intervalMs and validityMs set when the token expires; a store of its own is the one written', async () => {
    const platform = memoryPlatform();
    const base = createRiskTokenStore(platform);
    const saved: string[] = [];
    const store = {
      read: () => base.read(),
      saveSuccess: (t: string, expiresAt: number) => {
        saved.push(t);
        base.saveSuccess(t, expiresAt);
      },
      saveDemoted: (t: string, expiresAt: number) => base.saveDemoted(t, expiresAt),
      clear: () => base.clear(),
      storageKeys: base.storageKeys,
    };
    const short = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(token(1)), intervalMs: 10_000, store });
    await vi.waitFor(() => expect(short.current()).toBe(token(1)));
    expect(short.state().expiresAt).toBe(20_000);
    expect(saved).toStrictEqual([token(1)]);
    short.dispose();
    const valid = createRiskTokenService(memoryPlatform(), { fetchToken: () => Promise.resolve(token(2)), validityMs: 5_000 });
    await vi.waitFor(() => expect(valid.current()).toBe(token(2)));
    expect(valid.state().expiresAt).toBe(5_000);
    valid.dispose();
  });

  it('retryDelayMs sets the wait before a failed fetch is tried again', async () => {
    const platform = memoryPlatform();
    let calls = 0;
    const service = createRiskTokenService(platform, {
      fetchToken: () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(token(3))),
      retryDelayMs: 200,
    });
    await vi.waitFor(() => expect(service.actor.getSnapshot().matches({ refresh: { pending: 'retryWait' } })).toBe(true));
    await platform.advanceAsync(199);
    expect(calls).toBe(1);
    await platform.advanceAsync(1);
    await vi.waitFor(() => expect(service.current()).toBe(token(3)));
    expect(calls).toBe(2);
    service.dispose();
  });

  it('refreshTimeoutMs ends a refresh that never answers; current() is undefined while no token is held', async () => {
    const platform = memoryPlatform();
    const service = createRiskTokenService(platform, { fetchToken: () => new Promise<string>(() => undefined), refreshTimeoutMs: 300 });
    expect(service.current()).toBeUndefined();
    let settled: string | undefined;
    void service.refresh().then((state) => (settled = state.status));
    await platform.advanceAsync(299);
    expect(settled).toBeUndefined();
    await platform.advanceAsync(1);
    await vi.waitFor(() => expect(settled).toBe('timeout'));
    service.dispose();
  });

  it('refreshIfDue refreshes a due token even while the page is hidden (no schedule); settle leaves no timer behind', async () => {
    const platform = memoryPlatform({ visibility: 'hidden' });
    let calls = 0;
    const service = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(token(++calls)) });
    await vi.waitFor(() => expect(service.current()).toBe(token(1)));
    const timers = platform.timers.pendingCount;
    expect(await service.settle(5_000)).toBe(token(2));
    expect(platform.timers.pendingCount).toBe(timers);
    await platform.advanceAsync(3 * 1_200_000);
    expect(calls).toBe(2);
    service.refreshIfDue();
    await vi.waitFor(() => expect(calls).toBe(3));
    service.dispose();
  });

  it('a cross-tab change with no key (another tab cleared its storage) makes it read the store again', async () => {
    const platform = memoryPlatform();
    const changes = new Subject<{ key: string | null; oldValue: string | null; newValue: string | null }>();
    const service = createRiskTokenService({ ...platform, crossTab: changes } as typeof platform, {
      fetchToken: () => Promise.resolve(token(1)),
    });
    await vi.waitFor(() => expect(service.current()).toBe(token(1)));
    platform.cookies.set('riskToken', token(60));
    changes.next({ key: 'unrelated', oldValue: null, newValue: 'x' });
    expect(service.current()).toBe(token(1));
    changes.next({ key: null, oldValue: null, newValue: null });
    expect(service.current()).toBe(token(60));
    service.dispose();
  });

  it('its errors name the call and what it wants', async () => {
    const platform = memoryPlatform();
    expect(await messageOf(() => createRiskTokenService(platform, { autoStart: 'yes' as never }))).toBe(
      'createRiskTokenService: autoStart must be a boolean',
    );
    const service = createRiskTokenService(platform, { fetchToken: () => new Promise<string>(() => undefined), autoStart: false });
    expect(await messageOf(() => service.settle(-1))).toMatch(/^risk token settle: waitMs must be /);
    expect(await messageOf(() => service.whenReady(-1))).toMatch(/^risk token whenReady: timeoutMs must be /);
    expect(await messageOf(() => service.install({} as never))).toBe('riskToken.install: http.use must be an object, got undefined');
    expect(await messageOf(() => service.install(null as never))).toBe('riskToken.install: http must be an object with use, got null');
    service.dispose();
  });
});

describe('captcha service: the texts of its refusals', () => {
  const widget = createTestCaptchaWidget('success');
  const { http } = scriptedCaptchaHttp({});
  const messageOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('each refusal names createCaptchaService or captcha and the field', async () => {
    expect(messageOf(() => createCaptchaService(null as never))).toMatch(/^createCaptchaService: options must be /);
    expect(messageOf(() => createCaptchaService({ http: {} as never, widget }))).toMatch(
      /^createCaptchaService: options\.http\.post must be /,
    );
    expect(messageOf(() => createCaptchaService({ http, widget, errors: {} as never }))).toMatch(
      /^createCaptchaService: options\.errors\.report must be /,
    );
    const service = createCaptchaService({ http, widget });
    await expect(service.verify('login', 'x' as never)).rejects.toMatchObject({ message: 'captcha: params must be an object, got "x"' });
    service.dispose();
  });
});
