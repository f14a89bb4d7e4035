import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import type { ErrorReport } from '../../core/platform/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import { RISK_TOKEN_FAILED_EVENT, RISK_TOKEN_TIMEOUT_EVENT, createRiskTokenStore } from '../../core/security/risk-token/index.js';
import type { RiskTokenTick } from '../../core/security/risk-token/index.js';
import { RiskTokenEmptyError } from '../../machines/errors.js';
import { riskTokenMachine } from '../../machines/risk-token.machine.js';
import type { RiskTokenEmitted, RiskTokenEvent } from '../../machines/risk-token.machine.js';
import { walk } from './graph.js';

const SUCCESS = 's'.repeat(40);
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Deferred {
  resolve(value: string): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
}

/** A risk-token actor on a SimulatedClock whose device service answers only when the test says so. */
function harness(options: { schedule?: Subject<RiskTokenTick>; stored?: 'success' | 'demoted' } = {}) {
  const clock = new SimulatedClock();
  const platform = memoryPlatform();
  const store = createRiskTokenStore(platform);
  if (options.stored === 'success') store.saveSuccess(SUCCESS, 2_400_000);
  if (options.stored === 'demoted') store.saveDemoted('demoted', 2_400_000);
  const calls: Deferred[] = [];
  const reports: ErrorReport[] = [];
  const emitted: RiskTokenEmitted[] = [];
  const actor = createActor(riskTokenMachine, {
    clock,
    input: {
      store,
      now: () => clock.now(),
      report: (report) => reports.push(report),
      fetchToken: (signal) =>
        new Promise<string>((resolve, reject) => {
          calls.push({ resolve, reject, signal });
        }),
      ...(options.schedule ? { schedule: options.schedule } : {}),
    },
  });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const status = () => (actor.getSnapshot().value as { status: string }).status;
  const pending = () => !actor.getSnapshot().matches({ refresh: 'idle' });
  return { clock, platform, store, calls, reports, emitted, actor, status, pending };
}

describe('risk-token machine paths (spec §S4)', () => {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as RiskTokenEvent;
  const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('down') }) as unknown as RiskTokenEvent;
  const events: RiskTokenEvent[] = [
    { type: 'REFRESH' },
    { type: 'REFRESH_IF_DUE' },
    { type: 'SYNC' },
    done('fetchToken', SUCCESS),
    done('fetchToken', 'demoted'),
    done('fetchToken', ''),
    error('fetchToken'),
    done('fetchTokenAgain', SUCCESS),
    done('fetchTokenAgain', 'demoted'),
    done('fetchTokenAgain', ''),
    error('fetchTokenAgain'),
  ];
  const result = walk(riskTokenMachine, { events, input: {} });

  it('reaches all five statuses: not initialised, success, demoted, error, timeout', () => {
    const statuses = new Set(result.states.map((s) => (s.value as { status: string }).status));
    expect([...statuses].sort()).toEqual(['demoted', 'error', 'notInitialised', 'success', 'timeout']);
  });

  it('reaches every refresh state: idle, first attempt, retry wait, retry', () => {
    const refresh = new Set(result.states.map((s) => JSON.stringify((s.value as { refresh: unknown }).refresh)));
    expect([...refresh].sort()).toEqual(['"idle"', '{"pending":"firstAttempt"}', '{"pending":"retry"}', '{"pending":"retryWait"}'].sort());
  });

  it('every public event is handled somewhere', () => {
    expect(result.unhandled).toEqual([]);
  });

  it('error is reached only through a failed retry: REFRESH, failure, 1 s, failure', () => {
    const path = result.paths.find((p) => (p.state.value as { status: string }).status === 'error')!;
    expect(path.steps.map((s) => s.event.type)).toEqual([
      'xstate.init',
      'REFRESH',
      'xstate.done.actor.fetchToken',
      'xstate.after.retryDelay.riskToken.refresh.pending.retryWait',
      'xstate.done.actor.fetchTokenAgain',
    ]);
  });
});

describe('risk-token machine timing (spec §S4, §S9) on a SimulatedClock', () => {
  it('a 40-character answer is a success token: stored in the cookie, expiry = now + twice the interval', async () => {
    const h = harness();
    h.clock.increment(5000);
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.resolve(SUCCESS);
    await flush();
    expect(h.status()).toBe('success');
    expect(h.store.read()).toEqual({ token: SUCCESS, kind: 'success', expiresAt: 5000 + 2_400_000 });
    expect(h.emitted).toContainEqual({ type: 'token', token: SUCCESS, kind: 'success' });
    expect(h.pending()).toBe(false);
  });

  it('any other non-empty answer is a demoted token kept in local storage', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.resolve('demoted-token');
    await flush();
    expect(h.status()).toBe('demoted');
    expect(h.store.read()).toEqual({ token: 'demoted-token', kind: 'demoted', expiresAt: 2_400_000 });
  });

  it('the expiry never lies further out than the 14400 s validity', async () => {
    const clock = new SimulatedClock();
    const platform = memoryPlatform();
    const store = createRiskTokenStore(platform);
    const actor = createActor(riskTokenMachine, {
      clock,
      input: { store, now: () => clock.now(), intervalMs: 10_000_000, fetchToken: async () => SUCCESS },
    }).start();
    actor.send({ type: 'REFRESH' });
    await flush();
    expect(store.read()?.expiresAt).toBe(14_400_000);
  });

  it('an empty answer is an error: one retry after 1 s, then status error, reported', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.resolve('');
    await flush();
    expect(h.status()).toBe('notInitialised');
    h.clock.increment(999);
    expect(h.calls).toHaveLength(1);
    h.clock.increment(1);
    expect(h.calls).toHaveLength(2);
    h.calls[1]!.resolve('   ');
    await flush();
    expect(h.status()).toBe('error');
    expect(h.actor.getSnapshot().context.error).toBeInstanceOf(RiskTokenEmptyError);
    expect(h.reports).toHaveLength(1);
    expect(h.reports[0]).toMatchObject({ event: RISK_TOKEN_FAILED_EVENT, data: { requests: 2 } });
    expect((h.reports[0]!.error as RiskTokenEmptyError).code).toBe('RISK_TOKEN_EMPTY');
  });

  it('a failure then a success on the retry ends in success and reports nothing', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.reject(new Error('connection reset'));
    await flush();
    h.clock.increment(1000);
    h.calls[1]!.resolve(SUCCESS);
    await flush();
    expect(h.status()).toBe('success');
    expect(h.reports).toEqual([]);
    expect(h.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('two failures end in status error with the last failure kept', async () => {
    const h = harness();
    const last = new Error('second');
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.reject(new Error('first'));
    await flush();
    h.clock.increment(1000);
    h.calls[1]!.reject(last);
    await flush();
    expect(h.status()).toBe('error');
    expect(h.actor.getSnapshot().context.error).toBe(last);
    expect(h.emitted).toContainEqual({ type: 'failed', error: last });
    expect(h.calls).toHaveLength(2);
  });

  it('a slow answer past 10 s gives status timeout, aborts the request and ignores the late answer', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.clock.increment(9999);
    expect(h.pending()).toBe(true);
    h.clock.increment(1);
    expect(h.status()).toBe('timeout');
    expect(h.pending()).toBe(false);
    expect(h.calls[0]!.signal?.aborted).toBe(true);
    expect(h.reports.map((r) => r.event)).toEqual([RISK_TOKEN_TIMEOUT_EVENT]);
    h.calls[0]!.resolve(SUCCESS);
    await flush();
    expect(h.status()).toBe('timeout');
    expect(h.store.read()).toBeUndefined();
  });

  it('the 10 s limit covers the retry as well', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.clock.increment(8000);
    h.calls[0]!.reject(new Error('late failure'));
    await flush();
    h.clock.increment(1000);
    expect(h.calls).toHaveLength(2);
    h.clock.increment(1000);
    expect(h.status()).toBe('timeout');
  });

  it('the pending flag: ten refresh requests at once cause one request', async () => {
    const h = harness();
    for (let i = 0; i < 10; i++) h.actor.send({ type: 'REFRESH' });
    expect(h.calls).toHaveLength(1);
    h.calls[0]!.resolve(SUCCESS);
    await flush();
    h.actor.send({ type: 'REFRESH' });
    expect(h.calls).toHaveLength(2);
  });

  it('refresh-if-due does nothing while the token is fresh and refreshes within one interval of expiry', async () => {
    const h = harness();
    h.actor.send({ type: 'REFRESH' });
    h.calls[0]!.resolve(SUCCESS);
    await flush();
    h.clock.increment(1_199_999);
    h.actor.send({ type: 'REFRESH_IF_DUE' });
    expect(h.calls).toHaveLength(1);
    h.clock.increment(1);
    h.actor.send({ type: 'REFRESH_IF_DUE' });
    expect(h.calls).toHaveLength(2);
  });

  it('a token kept from an earlier page counts from the start, without a request', () => {
    const success = harness({ stored: 'success' });
    expect(success.status()).toBe('success');
    const demoted = harness({ stored: 'demoted' });
    expect(demoted.status()).toBe('demoted');
    demoted.actor.send({ type: 'REFRESH_IF_DUE' });
    expect(demoted.calls).toHaveLength(0);
  });

  it('schedule ticks: start and visible refresh only when due, the interval always refreshes', async () => {
    const schedule = new Subject<RiskTokenTick>();
    const h = harness({ schedule, stored: 'success' });
    schedule.next('start');
    schedule.next('visible');
    expect(h.calls).toHaveLength(0);
    schedule.next('interval');
    expect(h.calls).toHaveLength(1);
  });

  it('a sync takes the token another tab stored and moves the status with it', () => {
    const h = harness();
    h.store.saveSuccess(SUCCESS, 99);
    h.actor.send({ type: 'SYNC' });
    expect(h.status()).toBe('success');
    expect(h.actor.getSnapshot().context.token?.token).toBe(SUCCESS);
  });

  it('without a fetcher a refresh fails with a typed error instead of hanging', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(riskTokenMachine, { clock, input: {} }).start();
    actor.send({ type: 'REFRESH' });
    await flush();
    clock.increment(1000);
    await flush();
    expect((actor.getSnapshot().value as { status: string }).status).toBe('error');
    expect((actor.getSnapshot().context.error as { code: string }).code).toBe('MISSING_FETCHER');
  });
});
