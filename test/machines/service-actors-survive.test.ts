// "No actor ever dies" (issue 18 §2) for the service machines: bridge request, signing init, risk token and the
// captcha flow. Random sequences of well-formed and malformed events (missing fields, hostile values, throwing
// getters, unknown and XState-looking types), with time passing between them and services that answer, fail or
// throw at random: the actor never reaches `status: 'error'`, nothing escapes, and after `stop()` no timer fires.
import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../core/captcha/api.js';
import { createTestCaptchaWidget } from '../../core/captcha/test-widget.js';
import type { TestWidgetOutcome } from '../../core/captcha/test-widget.js';
import { memoryPlatform } from '../../core/platform/index.js';
import { createRiskTokenStore } from '../../core/security/risk-token/index.js';
import type { RiskTokenTick } from '../../core/security/risk-token/index.js';
import type { Security, SecurityEvent } from '../../core/security/index.js';
import { bridgeRequestMachine } from '../../machines/bridge-request.machine.js';
import { captchaMachine } from '../../machines/captcha.machine.js';
import { riskTokenMachine } from '../../machines/risk-token.machine.js';
import { signingInitMachine } from '../../machines/signing-init.machine.js';
import { inApp } from '../core/bridge/setup.js';
import { scriptedCaptchaHttp } from '../support/scripted-captcha-http.js';
import { CountingClock, expectAlive, flush, hostileSteps, hostileValue, runHostile } from './hostile-events.js';
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

/** A promise that answers, fails or never settles, as a fuzzed service would. */
const outcome = fc.constantFrom('resolve', 'reject', 'throw', 'hang');
function serviceCall<T>(kind: string, value: () => T): Promise<T> {
  if (kind === 'resolve') return Promise.resolve().then(value);
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

  it('in the app, with answers, timeouts and hostile paths and params', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), async (steps) => {
        const { bridge, sim } = inApp();
        sim.route('/user', { data: { uid: 7 } });
        const clock = new CountingClock();
        const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/user', timeoutMs: 1000 }, clock }).start();
        await runHostile({ actor, clock, steps });
        await expectQuietAfterStop(() => actor.stop(), clock);
        bridge.dispose();
      }),
      { numRuns: RUNS },
    );
  });
});

describe('signing init machine: random events, hostile security events and failing services never put it in error', () => {
  const specs: EventSpec[] = [{ type: 'INIT' }, { type: 'REFETCH' }, { type: 'RESET' }, { type: 'CONFIG_RESET' }];
  const behaviour = fc.record({ fetch: outcome, verify: outcome, load: outcome, publishThrows: fc.boolean() });
  const securityEvent = fc.oneof(
    fc.constantFrom<unknown>({ type: 'refetchConfig' }, { type: 'configReset', code: '00021' }, { type: 'configReset' }),
    hostileValue,
  );

  it('with a security service that answers, fails, throws or hangs', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), behaviour, fc.array(securityEvent, { maxLength: 5 }), async (steps, b, pushed) => {
        const events$ = new Subject<SecurityEvent>();
        const config = { clientOpen: true, serverPublicKey: 'k', serverPublicKeySign: 's' };
        const publish = () => {
          if (b.publishThrows) throw new Error('setter threw');
        };
        const security = {
          events$,
          fetchConfig: () => serviceCall(b.fetch, () => config),
          verifyServerKey: () => serviceCall(b.verify, () => ({ publicKey: 'k' })),
          loadClientKeyPair: () => serviceCall(b.load, () => ({ publicKey: 'p', privateKeyPem: 'q', algorithm: 'rsa1024' })),
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
          await runHostile({ actor, clock, steps });
          for (const event of pushed) events$.next(event as SecurityEvent);
          await flush();
          expectAlive(actor);
        } finally {
          process.off('uncaughtException', onUncaught);
        }
        expect(uncaught).toEqual([]);
        await expectQuietAfterStop(() => actor.stop(), clock);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('risk-token machine: random events, schedule ticks and a failing device service never put it in error', () => {
  const specs: EventSpec[] = [{ type: 'REFRESH' }, { type: 'REFRESH_IF_DUE' }, { type: 'SYNC' }];
  const answer = fc.oneof(fc.constantFrom('s'.repeat(40), 'demoted', ''), hostileValue);

  it('with a device service that answers anything, fails, throws or hangs, and a reporter that may throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileSteps(specs),
        outcome,
        answer,
        fc.array(fc.constantFrom<RiskTokenTick>('interval', 'visible'), { maxLength: 4 }),
        fc.boolean(),
        async (steps, kind, token, ticks, reportThrows) => {
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
              fetchToken: () => serviceCall(kind, () => token as string),
              schedule,
            },
          }).start();
          await runHostile({ actor, clock, steps });
          for (const tick of ticks) schedule.next(tick);
          await flush();
          expectAlive(actor);
          await expectQuietAfterStop(() => actor.stop(), clock);
        },
      ),
      { numRuns: RUNS },
    );
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
    await fc.assert(
      fc.asyncProperty(
        hostileSteps(specs),
        fc.constantFrom(0, 1),
        fc.constantFrom('00000', '20906', '1'),
        fc.constantFrom<TestWidgetOutcome>('success', 'close', 'error'),
        async (steps, status, checkCode, widgetOutcome) => {
          const http = scriptedCaptchaHttp({
            [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { bizId: 'biz-1', captchaId: 'cap-1', status } }),
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
          await runHostile({ actor, clock, steps });
          await expectQuietAfterStop(() => actor.stop(), clock);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
