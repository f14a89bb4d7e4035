import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import type { EventObject } from 'xstate';
import type { ErrorReport } from '../../core/platform/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import {
  DEFAULT_RISK_TOKEN_NAMES,
  RISK_TOKEN_FAILED_EVENT,
  RISK_TOKEN_TIMEOUT_EVENT,
  createRiskTokenStore,
} from '../../core/security/risk-token/index.js';
import type { RiskTokenStore, RiskTokenTick, StoredRiskToken } from '../../core/security/risk-token/index.js';
import { RiskTokenEmptyError } from '../../machines/errors.js';
import { ACTOR_ERROR_EVENT } from '../../machines/error-events.js';
import { riskTokenMachine } from '../../machines/risk-token.machine.js';
import type { RiskTokenContext, RiskTokenEmitted, RiskTokenEvent } from '../../machines/risk-token.machine.js';
import { walk } from './graph.js';
import { routeFakeSteps, settleable } from './settleable-actor.js';
import type { FakeCall } from './settleable-actor.js';
import { describeTransitionTable, reach } from './transition-table.js';
import type { TableEvent, TableRun, TableState, TableStep, TransitionTableSpec } from './transition-table.js';

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
  // Walked inside the tests, never while the file is collected: a machine that throws fails them, not the collection.
  let walked: ReturnType<typeof walk> | undefined;
  const paths = () => (walked ??= walk(riskTokenMachine, { events, input: {} }));

  it('reaches all five statuses: not initialised, success, demoted, error, timeout', () => {
    const statuses = new Set(paths().states.map((s) => (s.value as { status: string }).status));
    expect([...statuses].sort()).toEqual(['demoted', 'error', 'notInitialised', 'success', 'timeout']);
  });

  it('reaches every refresh state: idle, first attempt, retry wait, retry', () => {
    const refresh = new Set(paths().states.map((s) => JSON.stringify((s.value as { refresh: unknown }).refresh)));
    expect([...refresh].sort()).toEqual(['"idle"', '{"pending":"firstAttempt"}', '{"pending":"retry"}', '{"pending":"retryWait"}'].sort());
  });

  it('every public event is handled somewhere', () => {
    expect(paths().unhandled).toEqual([]);
  });

  it('error is reached only through a failed retry: REFRESH, failure, 1 s, failure', () => {
    const path = paths().paths.find((p) => (p.state.value as { status: string }).status === 'error')!;
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

describe('risk-token machine without its optional parts (issue 24)', () => {
  /** A machine on a SimulatedClock with only the given input, whose fetch answers `answer`. */
  function bare(input: Record<string, unknown>, answer = SUCCESS) {
    const clock = new SimulatedClock();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(riskTokenMachine, { clock, input: { fetchToken: async () => answer, ...input } });
    let crashed: unknown;
    actor.subscribe({ error: (error) => (crashed = error) });
    actor.start();
    return { clock, actor, consoleError, crashed: () => crashed };
  }

  it('with no store, an answered token is held (nothing saved) and SYNC keeps it', async () => {
    const t = bare({});
    t.actor.send({ type: 'REFRESH' });
    await flush();
    expect(t.actor.getSnapshot().context.token?.token).toBe(SUCCESS);
    t.actor.send({ type: 'SYNC' });
    expect(t.actor.getSnapshot().context.token?.token).toBe(SUCCESS);
    expect((t.actor.getSnapshot().value as { status: string }).status).toBe('success');
    expect(t.crashed()).toBeUndefined();
    t.consoleError.mockRestore();
  });

  it('a padded answer is held without its spaces', async () => {
    const t = bare({}, `  ${SUCCESS}\n`);
    t.actor.send({ type: 'REFRESH' });
    await flush();
    expect(t.actor.getSnapshot().context.token).toMatchObject({ token: SUCCESS, kind: 'success' });
    t.consoleError.mockRestore();
  });

  it('with no reporter, a failure and a time-out are reported nowhere and nothing is logged as a throwing callback', async () => {
    const failing = bare({ fetchToken: async () => Promise.reject(new Error('down')) });
    failing.actor.send({ type: 'REFRESH' });
    await flush();
    failing.clock.increment(1000);
    await flush();
    expect((failing.actor.getSnapshot().value as { status: string }).status).toBe('error');
    const slow = bare({ fetchToken: () => new Promise<string>(() => undefined) });
    slow.actor.send({ type: 'REFRESH' });
    slow.clock.increment(10_000);
    expect((slow.actor.getSnapshot().value as { status: string }).status).toBe('timeout');
    expect(failing.consoleError).not.toHaveBeenCalled();
    failing.consoleError.mockRestore();
  });

  it('a reporter that throws is logged under the name "risk token report", for a failure and for a time-out', async () => {
    const report = () => {
      throw new Error('reporter down');
    };
    const failing = bare({ report, fetchToken: async () => Promise.reject(new Error('down')) });
    failing.actor.send({ type: 'REFRESH' });
    await flush();
    failing.clock.increment(1000);
    await flush();
    expect(failing.consoleError.mock.calls.map(([message]) => message)).toStrictEqual(['[exkit] risk token report threw']);
    failing.consoleError.mockClear();
    const slow = bare({ report, fetchToken: () => new Promise<string>(() => undefined) });
    slow.actor.send({ type: 'REFRESH' });
    slow.clock.increment(10_000);
    expect(slow.consoleError.mock.calls.map(([message]) => message)).toStrictEqual(['[exkit] risk token report threw']);
    slow.consoleError.mockRestore();
  });

  it('with no schedule, the schedule child still runs under its name and stopping it throws nothing', () => {
    const t = bare({});
    expect(Object.keys(t.actor.getSnapshot().children)).toContain('schedule');
    expect(() => t.actor.stop()).not.toThrow();
    expect(t.crashed()).toBeUndefined();
    expect(t.consoleError).not.toHaveBeenCalled();
    t.consoleError.mockRestore();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The transition table (issue 24): every state × event of the risk token, written out, driven through a real actor
// whose device-service fetch is a fake the test settles (settleable-actor.ts), on a real store over memoryPlatform
// that records the machine's saves, with `now` read from the simulated clock the time steps advance.
//
// The machine is parallel: a state is a status (notInitialised, success, demoted, error, timeout) and a refresh
// phase (idle, firstAttempt, retryWait, retry), all twenty of them reachable, plus the starts and moments the rules
// single out (a stored token, due or not, a retry wait that the time-out overtakes). So the table is written by
// column: for each event, a rule from the facts the test states about each state (its status, phase, clock, what
// it holds, whether it is due) to the expected next state, emitted events and effects. Nothing comes from the
// machine: the values, paths and effects are written here, and a removed or misdirected transition fails rows.

const REJECTION = new Error('connection reset');
/** 41 characters: not the 40 of a success token, so a demoted one (classifyRiskToken). */
const DEMOTED = 'd'.repeat(41);
const OTHER_TAB = 'o'.repeat(40);
const OTHER_TAB_EXPIRY = 9_000_000;
/** Now + twice the 1200 s interval (spec §S9), under the 14400 s validity. */
const LIFE = 2_400_000;
const EMPTY = { name: 'RiskTokenEmptyError', code: 'RISK_TOKEN_EMPTY', message: 'The device service returned an empty risk token.' };

type RiskStatus = 'notInitialised' | 'success' | 'demoted' | 'error' | 'timeout';
type Phase = 'idle' | 'firstAttempt' | 'retryWait' | 'retry';
type Grid = `${RiskStatus}/${Phase}`;
type Variant =
  | 'success stored at start'
  | 'demoted stored at start'
  | 'success stored without an expiry'
  | 'success, one interval before expiry'
  | 'success, 1 ms before that'
  | 'error with an older success token held'
  | 'retry wait 500 ms before the time-out'
  | 'first attempt, interval past the validity';
type RiskState = Grid | Variant;

const REFRESHES = ['REFRESH', 'REFRESH with extra fields', 'schedule ticks interval'] as const;
const IF_DUE = ['REFRESH_IF_DUE', 'schedule ticks visible'] as const;
const SYNCS = ['SYNC', 'SYNC carrying a token'] as const;
const TIMES = ['999 ms', '1000 ms', '9999 ms', '10000 ms'] as const;
type RiskEventName =
  | (typeof REFRESHES)[number]
  | (typeof IF_DUE)[number]
  | (typeof SYNCS)[number]
  | 'SYNC after another tab stored a success token'
  | 'SYNC after another tab cleared the store'
  | 'a success token'
  | 'a demoted token'
  | 'an empty answer'
  | 'a non-string answer'
  | 'a rejection'
  | (typeof TIMES)[number]
  | 'an unknown event'
  | 'a near-miss type'
  | 'a forged xstate.error event';

interface RiskRun extends TableRun {
  calls: FakeCall<unknown>[];
  saves: unknown[][];
  reports: ErrorReport[];
  store: RiskTokenStore;
}

type Stored = 'success' | 'demoted' | 'success without an expiry';

/** A risk-token actor: a fake fetch, a recording store over memoryPlatform (pre-filled by `stored`), a schedule. */
function startRisk(input: unknown): RiskRun {
  const { stored, intervalMs } = (input ?? {}) as { stored?: Stored; intervalMs?: number };
  const clock = new SimulatedClock();
  const platform = memoryPlatform();
  const real = createRiskTokenStore(platform);
  if (stored === 'success') real.saveSuccess(SUCCESS, LIFE);
  if (stored === 'demoted') real.saveDemoted(DEMOTED, LIFE);
  if (stored === 'success without an expiry') platform.cookies.set(DEFAULT_RISK_TOKEN_NAMES.cookie, SUCCESS);
  const saves: unknown[][] = [];
  const store: RiskTokenStore = {
    read: () => real.read(),
    saveSuccess: (token, expiresAt) => (saves.push(['saveSuccess', token, expiresAt]), real.saveSuccess(token, expiresAt)),
    saveDemoted: (token, expiresAt) => (saves.push(['saveDemoted', token, expiresAt]), real.saveDemoted(token, expiresAt)),
    clear: () => real.clear(),
    storageKeys: real.storageKeys,
  };
  const calls: FakeCall<unknown>[] = [];
  const reports: ErrorReport[] = [];
  const schedule = new Subject<RiskTokenTick>();
  const machine = riskTokenMachine.provide({ actors: { fetchToken: settleable(calls) as never } });
  const actor = createActor(machine, {
    clock,
    input: { store, schedule, now: () => clock.now(), report: (r) => void reports.push(r), ...(intervalMs ? { intervalMs } : {}) },
  });
  const emitted: EventObject[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  // Test-only steps, marked on the event they end in (so the table's can() check reads that event): another tab
  // writing the store before the cross-tab SYNC, a schedule tick that the schedule actor turns into its event.
  const intercept = (event: EventObject) => {
    const { anotherTab, viaSchedule } = event as {
      anotherTab?: 'stores a success token' | 'clears the store';
      viaSchedule?: RiskTokenTick;
    };
    if (anotherTab) {
      if (anotherTab === 'stores a success token') real.saveSuccess(OTHER_TAB, OTHER_TAB_EXPIRY);
      else real.clear();
      actor.send({ type: 'SYNC' });
      return true;
    }
    if (viaSchedule) return (schedule.next(viaSchedule), true);
    return false;
  };
  return { actor: routeFakeSteps(actor, () => calls, intercept), clock, emitted, calls, saves, reports, store };
}

/** What the table checks besides the state: the fetches made (running or not), the token held and stored, the store
 *  writes, the last failure (an empty answer's error by name and code), the reports. */
interface RiskEffects {
  requests: number;
  calls: boolean[];
  held: StoredRiskToken | undefined;
  stored: StoredRiskToken | undefined;
  saves: unknown[][];
  error: unknown;
  reports: unknown[];
}

const kindOf = (error: unknown) =>
  error instanceof RiskTokenEmptyError ? { name: error.name, code: error.code, message: error.message } : error;

function riskEffects(run: TableRun): RiskEffects {
  const { calls, saves, reports, store } = run as RiskRun;
  const { requests, token, error } = run.actor.getSnapshot().context as RiskTokenContext;
  return {
    requests,
    calls: calls.map((c) => c.running),
    held: token,
    stored: store.read(),
    saves: saves.map((s) => [...s]),
    error: kindOf(error),
    reports: reports.map((r) => ('error' in r ? { ...r, error: kindOf(r.error) } : { ...r })),
  };
}

const fx = (over: Partial<RiskEffects> = {}): RiskEffects => ({
  requests: 0,
  calls: [],
  held: undefined,
  stored: undefined,
  saves: [],
  error: undefined,
  reports: [],
  ...over,
});
const token = (value: string, kind: 'success' | 'demoted', expiresAt: number | undefined): StoredRiskToken => ({
  token: value,
  kind,
  expiresAt,
});
const failedReport = (error: unknown, requests: number) => ({
  event: RISK_TOKEN_FAILED_EVENT,
  message: 'risk token refresh failed',
  error,
  data: { requests },
});
const TIMEOUT_REPORT = { event: RISK_TOKEN_TIMEOUT_EVENT, message: 'risk token refresh timed out', data: { timeoutMs: 10_000 } };
/** What the catch-all logs for a forged `xstate.error.actor.other` event. */
const FORGED_REPORT = { event: ACTOR_ERROR_EVENT, message: 'xstate.error.actor.other', error: 'forged' };
const HELD_SUCCESS = token(SUCCESS, 'success', LIFE);
const HELD_DEMOTED = token(DEMOTED, 'demoted', LIFE);

// What each step of a refresh does to the effects (the rules of spec §S4, written out).
const startAttempt = (e: RiskEffects): RiskEffects => ({ ...e, requests: e.requests + 1, calls: [...e.calls, true] });
const stopCall = (e: RiskEffects): RiskEffects => ({ ...e, calls: e.calls.map(() => false) });
const answered = (e: RiskEffects, held: StoredRiskToken): RiskEffects => ({
  ...stopCall(e),
  held,
  stored: held,
  saves: [...e.saves, [held.kind === 'success' ? 'saveSuccess' : 'saveDemoted', held.token, held.expiresAt]],
  error: undefined,
});
const failedFirst = (e: RiskEffects, error: unknown): RiskEffects => ({ ...stopCall(e), error });
const failedRetry = (e: RiskEffects, error: unknown): RiskEffects => ({
  ...stopCall(e),
  error,
  reports: [...e.reports, failedReport(error, e.requests)],
});
const timedOut = (e: RiskEffects): RiskEffects => ({ ...stopCall(e), reports: [...e.reports, TIMEOUT_REPORT] });

/** What the test states about a state: where it stands and what it holds. */
interface Facts {
  status: RiskStatus;
  phase: Phase;
  /** The clock when the path ends. */
  at: number;
  effects: RiskEffects;
  /** Whether REFRESH_IF_DUE refreshes from it (no token held, none with an expiry, or within an interval of it). */
  due: boolean;
  /** How far out an answered token's expiry lies. Default LIFE. */
  life?: number;
}

// The effects each status's path leaves, and the clock it ends at.
const AFTER_STATUS: Record<RiskStatus, { at: number; effects: RiskEffects }> = {
  notInitialised: { at: 0, effects: fx() },
  success: {
    at: 0,
    effects: fx({ requests: 1, calls: [false], held: HELD_SUCCESS, stored: HELD_SUCCESS, saves: [['saveSuccess', SUCCESS, LIFE]] }),
  },
  demoted: {
    at: 0,
    effects: fx({ requests: 1, calls: [false], held: HELD_DEMOTED, stored: HELD_DEMOTED, saves: [['saveDemoted', DEMOTED, LIFE]] }),
  },
  error: { at: 1000, effects: fx({ requests: 2, calls: [false, false], error: REJECTION, reports: [failedReport(REJECTION, 2)] }) },
  timeout: { at: 10_000, effects: fx({ requests: 1, calls: [false], reports: [TIMEOUT_REPORT] }) },
};
const DUE_WHEN_IDLE: Record<RiskStatus, boolean> = { notInitialised: true, success: false, demoted: false, error: true, timeout: true };

function gridFacts(status: RiskStatus, phase: Phase): Facts {
  const { at, effects } = AFTER_STATUS[status];
  const byPhase: Record<Phase, Facts> = {
    idle: { status, phase, at, effects, due: DUE_WHEN_IDLE[status] },
    firstAttempt: { status, phase, at, effects: startAttempt(effects), due: false },
    retryWait: { status, phase, at, effects: failedFirst(startAttempt(effects), REJECTION), due: false },
    retry: { status, phase, at: at + 1000, effects: startAttempt(failedFirst(startAttempt(effects), REJECTION)), due: false },
  };
  return byPhase[phase];
}

const STATUS_NAMES: readonly RiskStatus[] = ['notInitialised', 'success', 'demoted', 'error', 'timeout'];
const PHASES: readonly Phase[] = ['idle', 'firstAttempt', 'retryWait', 'retry'];
const FACTS: Record<RiskState, Facts> = {
  ...(Object.fromEntries(STATUS_NAMES.flatMap((s) => PHASES.map((p) => [`${s}/${p}`, gridFacts(s, p)]))) as Record<Grid, Facts>),
  'success stored at start': {
    status: 'success',
    phase: 'idle',
    at: 0,
    effects: fx({ held: HELD_SUCCESS, stored: HELD_SUCCESS }),
    due: false,
  },
  'demoted stored at start': {
    status: 'demoted',
    phase: 'idle',
    at: 0,
    effects: fx({ held: HELD_DEMOTED, stored: HELD_DEMOTED }),
    due: false,
  },
  'success stored without an expiry': {
    status: 'success',
    phase: 'idle',
    at: 0,
    effects: fx({ held: token(SUCCESS, 'success', undefined), stored: token(SUCCESS, 'success', undefined) }),
    due: true,
  },
  'success, one interval before expiry': { ...gridFacts('success', 'idle'), at: 1_200_000, due: true },
  'success, 1 ms before that': { ...gridFacts('success', 'idle'), at: 1_199_999, due: false },
  // A failed refresh keeps the older token: REFRESH_IF_DUE leaves it while it is fresh, a SYNC brings back its status.
  'error with an older success token held': {
    status: 'error',
    phase: 'idle',
    at: 1000,
    effects: failedRetry(startAttempt(failedFirst(startAttempt(gridFacts('success', 'idle').effects), REJECTION)), REJECTION),
    due: false,
  },
  'retry wait 500 ms before the time-out': {
    status: 'notInitialised',
    phase: 'retryWait',
    at: 9500,
    effects: gridFacts('notInitialised', 'retryWait').effects,
    due: false,
  },
  'first attempt, interval past the validity': { ...gridFacts('notInitialised', 'firstAttempt'), life: 14_400_000 },
};

type Cell = readonly [to: RiskState, emitted?: TableEvent[], effects?: RiskEffects] | 'ignored' | 'absorbed';
const grid = (status: RiskStatus, phase: Phase) => `${status}/${phase}` as Grid;
const TOKEN_EMITTED = (held: StoredRiskToken) => [{ type: 'token', token: held.token, kind: held.kind }];
const FAILED_EMITTED = (error: unknown) => [{ type: 'failed', error }];
const TIMEOUT_EMITTED = [{ type: 'timeout' }];
const attempting = (f: Facts) => f.phase === 'firstAttempt' || f.phase === 'retry';

/** A refresh from an idle state: a request goes out, the status stays. */
const refresh = (f: Facts): Cell => (f.phase === 'idle' ? [grid(f.status, 'firstAttempt'), [], startAttempt(f.effects)] : 'ignored');
/** The answer of the running fetch; with none running (idle, retry wait, a fetch stopped by the time-out) nothing. */
const answer =
  (kind: 'success' | 'demoted', value: string) =>
  (f: Facts): Cell => {
    if (!attempting(f)) return 'ignored';
    const held = token(value, kind, f.at + (f.life ?? LIFE));
    return [grid(kind, 'idle'), TOKEN_EMITTED(held), answered(f.effects, held)];
  };
/** A failed attempt: the first waits for the retry, the retry ends the refresh in error (emitted, reported). */
const failure =
  (error: unknown, emittedError: unknown) =>
  (f: Facts): Cell => {
    if (f.phase === 'firstAttempt') return [grid(f.status, 'retryWait'), [], failedFirst(f.effects, error)];
    if (f.phase === 'retry') return [grid('error', 'idle'), FAILED_EMITTED(emittedError), failedRetry(f.effects, error)];
    return 'ignored';
  };

// Time passing in each phase of a refresh that began at the state's clock (the retry state 1000 ms into it).
type Passing = 'nothing' | 'the retry starts' | 'the refresh times out' | 'the retry starts, then the refresh times out';
const PASSING: Record<(typeof TIMES)[number], Record<Exclude<Phase, 'idle'>, Passing>> = {
  '999 ms': { firstAttempt: 'nothing', retryWait: 'nothing', retry: 'nothing' },
  '1000 ms': { firstAttempt: 'nothing', retryWait: 'the retry starts', retry: 'nothing' },
  '9999 ms': { firstAttempt: 'nothing', retryWait: 'the retry starts', retry: 'the refresh times out' },
  '10000 ms': {
    firstAttempt: 'the refresh times out',
    retryWait: 'the retry starts, then the refresh times out',
    retry: 'the refresh times out',
  },
};
const passing =
  (time: (typeof TIMES)[number]) =>
  (f: Facts): Cell => {
    if (f.phase === 'idle') return 'ignored';
    const what = PASSING[time][f.phase];
    if (what === 'the retry starts') return [grid(f.status, 'retry'), [], startAttempt(f.effects)];
    if (what === 'the refresh times out') return [grid('timeout', 'idle'), TIMEOUT_EMITTED, timedOut(f.effects)];
    if (what === 'the retry starts, then the refresh times out')
      return [grid('timeout', 'idle'), TIMEOUT_EMITTED, timedOut(startAttempt(f.effects))];
    return 'ignored';
  };

const COLUMNS: Record<RiskEventName, (f: Facts, name: RiskState) => Cell> = {
  ...(Object.fromEntries(REFRESHES.map((e) => [e, refresh])) as Record<(typeof REFRESHES)[number], (f: Facts) => Cell>),
  ...(Object.fromEntries(IF_DUE.map((e) => [e, (f: Facts) => (f.due ? refresh(f) : 'ignored')])) as Record<
    (typeof IF_DUE)[number],
    (f: Facts) => Cell
  >),
  // The store unchanged: the status already follows the token held (the one exception is an override below).
  ...(Object.fromEntries(SYNCS.map((e) => [e, () => 'absorbed'])) as Record<(typeof SYNCS)[number], () => Cell>),
  // Another tab's token is taken whatever the refresh is doing; the status follows it.
  'SYNC after another tab stored a success token': (f) => {
    const held = token(OTHER_TAB, 'success', OTHER_TAB_EXPIRY);
    return [grid('success', f.phase), [], { ...f.effects, held, stored: held }];
  },
  // An emptied store does not take the held token away.
  'SYNC after another tab cleared the store': (f, name) => (f.effects.held ? [name, [], { ...f.effects, stored: undefined }] : 'absorbed'),
  'a success token': answer('success', SUCCESS),
  'a demoted token': answer('demoted', DEMOTED),
  'an empty answer': failure(EMPTY, expect.any(RiskTokenEmptyError)),
  'a non-string answer': failure(EMPTY, expect.any(RiskTokenEmptyError)),
  'a rejection': failure(REJECTION, REJECTION),
  ...(Object.fromEntries(TIMES.map((t) => [t, passing(t)])) as Record<(typeof TIMES)[number], (f: Facts) => Cell>),
  'an unknown event': () => 'ignored',
  'a near-miss type': () => 'ignored',
  // The catch-all takes it and logs it through the machine's reporter; nothing else changes.
  'a forged xstate.error event': (f, name) => [name, [], { ...f.effects, reports: [...f.effects.reports, FORGED_REPORT] }],
};

/** Where a state's own facts are not enough: written out. */
const OVERRIDES: Partial<Record<`${RiskState} × ${RiskEventName}`, Cell>> = {
  // The time-out comes at 10000 ms, before the retry due at 10500 ms: no second request.
  ...(Object.fromEntries(
    TIMES.map((t) => [
      `retry wait 500 ms before the time-out × ${t}`,
      [grid('timeout', 'idle'), TIMEOUT_EMITTED, timedOut(FACTS['retry wait 500 ms before the time-out'].effects)],
    ]),
  ) as Partial<Record<`${RiskState} × ${RiskEventName}`, Cell>>),
  // After a failed refresh the older success token is still held: a sync moves the status back to success.
  ...(Object.fromEntries(
    SYNCS.map((e) => [
      `error with an older success token held × ${e}`,
      ['success/idle', [], FACTS['error with an older success token held'].effects],
    ]),
  ) as Partial<Record<`${RiskState} × ${RiskEventName}`, Cell>>),
  'error with an older success token held × SYNC after another tab cleared the store': [
    'success/idle',
    [],
    { ...FACTS['error with an older success token held'].effects, stored: undefined },
  ],
};

const STATES: Record<RiskState, TableState<RiskEventName>> = {
  'notInitialised/idle': { value: { status: 'notInitialised', refresh: 'idle' } },
  'notInitialised/firstAttempt': { value: { status: 'notInitialised', refresh: { pending: 'firstAttempt' } }, path: ['REFRESH'] },
  'notInitialised/retryWait': { value: { status: 'notInitialised', refresh: { pending: 'retryWait' } }, path: ['REFRESH', 'a rejection'] },
  'notInitialised/retry': {
    value: { status: 'notInitialised', refresh: { pending: 'retry' } },
    path: ['REFRESH', 'a rejection', '1000 ms'],
  },
  'success/idle': { value: { status: 'success', refresh: 'idle' }, path: ['REFRESH', 'a success token'] },
  'success/firstAttempt': {
    value: { status: 'success', refresh: { pending: 'firstAttempt' } },
    path: ['REFRESH', 'a success token', 'REFRESH'],
  },
  'success/retryWait': {
    value: { status: 'success', refresh: { pending: 'retryWait' } },
    path: ['REFRESH', 'a success token', 'REFRESH', 'a rejection'],
  },
  'success/retry': {
    value: { status: 'success', refresh: { pending: 'retry' } },
    path: ['REFRESH', 'a success token', 'REFRESH', 'a rejection', '1000 ms'],
  },
  'demoted/idle': { value: { status: 'demoted', refresh: 'idle' }, path: ['REFRESH', 'a demoted token'] },
  'demoted/firstAttempt': {
    value: { status: 'demoted', refresh: { pending: 'firstAttempt' } },
    path: ['REFRESH', 'a demoted token', 'REFRESH'],
  },
  'demoted/retryWait': {
    value: { status: 'demoted', refresh: { pending: 'retryWait' } },
    path: ['REFRESH', 'a demoted token', 'REFRESH', 'a rejection'],
  },
  'demoted/retry': {
    value: { status: 'demoted', refresh: { pending: 'retry' } },
    path: ['REFRESH', 'a demoted token', 'REFRESH', 'a rejection', '1000 ms'],
  },
  'error/idle': { value: { status: 'error', refresh: 'idle' }, path: ['REFRESH', 'a rejection', '1000 ms', 'a rejection'] },
  'error/firstAttempt': {
    value: { status: 'error', refresh: { pending: 'firstAttempt' } },
    path: ['REFRESH', 'a rejection', '1000 ms', 'a rejection', 'REFRESH'],
  },
  'error/retryWait': {
    value: { status: 'error', refresh: { pending: 'retryWait' } },
    path: ['REFRESH', 'a rejection', '1000 ms', 'a rejection', 'REFRESH', 'a rejection'],
  },
  'error/retry': {
    value: { status: 'error', refresh: { pending: 'retry' } },
    path: ['REFRESH', 'a rejection', '1000 ms', 'a rejection', 'REFRESH', 'a rejection', '1000 ms'],
  },
  'timeout/idle': { value: { status: 'timeout', refresh: 'idle' }, path: ['REFRESH', '10000 ms'] },
  'timeout/firstAttempt': { value: { status: 'timeout', refresh: { pending: 'firstAttempt' } }, path: ['REFRESH', '10000 ms', 'REFRESH'] },
  'timeout/retryWait': {
    value: { status: 'timeout', refresh: { pending: 'retryWait' } },
    path: ['REFRESH', '10000 ms', 'REFRESH', 'a rejection'],
  },
  'timeout/retry': {
    value: { status: 'timeout', refresh: { pending: 'retry' } },
    path: ['REFRESH', '10000 ms', 'REFRESH', 'a rejection', '1000 ms'],
  },
  // A token kept from an earlier page counts from the start, without a request.
  'success stored at start': { value: { status: 'success', refresh: 'idle' }, input: { stored: 'success' } },
  'demoted stored at start': { value: { status: 'demoted', refresh: 'idle' }, input: { stored: 'demoted' } },
  'success stored without an expiry': { value: { status: 'success', refresh: 'idle' }, input: { stored: 'success without an expiry' } },
  // The token answered at 0 expires at 2400000 ms: due from 1200000 ms (one interval before), not a millisecond earlier.
  'success, one interval before expiry': {
    value: { status: 'success', refresh: 'idle' },
    path: ['REFRESH', 'a success token', { advance: 1_200_000 }],
  },
  'success, 1 ms before that': {
    value: { status: 'success', refresh: 'idle' },
    path: ['REFRESH', 'a success token', { advance: 1_199_999 }],
  },
  'error with an older success token held': {
    value: { status: 'error', refresh: 'idle' },
    path: ['REFRESH', 'a success token', 'REFRESH', 'a rejection', '1000 ms', 'a rejection'],
  },
  'retry wait 500 ms before the time-out': {
    value: { status: 'notInitialised', refresh: { pending: 'retryWait' } },
    path: ['REFRESH', { advance: 9500 }, 'a rejection'],
  },
  // Twice a 10000000 ms interval is past the 14400000 ms validity: the expiry is capped by the validity.
  'first attempt, interval past the validity': {
    value: { status: 'notInitialised', refresh: { pending: 'firstAttempt' } },
    input: { intervalMs: 10_000_000 },
    path: ['REFRESH'],
  },
};

const EVENTS: Record<RiskEventName, TableStep> = {
  REFRESH: { type: 'REFRESH' },
  'REFRESH with extra fields': { type: 'REFRESH', force: true, token: OTHER_TAB },
  'schedule ticks interval': { type: 'REFRESH', viaSchedule: 'interval' },
  REFRESH_IF_DUE: { type: 'REFRESH_IF_DUE' },
  'schedule ticks visible': { type: 'REFRESH_IF_DUE', viaSchedule: 'visible' },
  SYNC: { type: 'SYNC' },
  // A SYNC reads the store: a token carried by the event is not taken.
  'SYNC carrying a token': { type: 'SYNC', token: OTHER_TAB, kind: 'success' },
  'SYNC after another tab stored a success token': { type: 'SYNC', anotherTab: 'stores a success token' },
  'SYNC after another tab cleared the store': { type: 'SYNC', anotherTab: 'clears the store' },
  'a success token': { type: 'fake.resolve', output: SUCCESS },
  'a demoted token': { type: 'fake.resolve', output: DEMOTED },
  'an empty answer': { type: 'fake.resolve', output: '' },
  'a non-string answer': { type: 'fake.resolve', output: 42 },
  'a rejection': { type: 'fake.reject', error: REJECTION },
  '999 ms': { advance: 999 },
  '1000 ms': { advance: 1000 },
  '9999 ms': { advance: 9999 },
  '10000 ms': { advance: 10_000 },
  'an unknown event': { type: 'NOPE' },
  'a near-miss type': { type: 'refresh' },
  'a forged xstate.error event': { type: 'xstate.error.actor.other', error: 'forged' },
};

const cells = (Object.keys(STATES) as RiskState[]).flatMap((state) =>
  (Object.keys(EVENTS) as RiskEventName[]).map((event) => {
    const key = `${state} × ${event}` as const;
    return { state, event, cell: key in OVERRIDES ? OVERRIDES[key]! : COLUMNS[event](FACTS[state], state) };
  }),
);
const pairsWhere = (kind: 'ignored' | 'absorbed') =>
  cells.reduce<Partial<Record<RiskState, RiskEventName[]>>>((acc, { state, event, cell }) => {
    if (cell === kind) (acc[state] ??= []).push(event);
    return acc;
  }, {});

const RISK_TABLE: TransitionTableSpec<RiskState, RiskEventName> = {
  name: 'risk-token machine: the transition table (spec §S4, §S9)',
  start: startRisk,
  effects: riskEffects,
  states: STATES,
  events: EVENTS,
  rows: cells.flatMap(({ state, event, cell }) =>
    typeof cell === 'string' ? [] : [[state, event, cell[0], cell[1] ?? [], cell[2] ?? FACTS[state].effects] as const],
  ),
  ignored: pairsWhere('ignored'),
  absorbed: pairsWhere('absorbed'),
};
describeTransitionTable(RISK_TABLE);

// The rows compare effects after a step only: this checks the effects (and clock) each state's path leaves, which the
// rows build on.
describe('risk-token machine: the facts the table starts from', () => {
  it.each(Object.keys(STATES) as RiskState[])('%s holds what the table says, at the clock it says', (state) => {
    const run = reach(RISK_TABLE, state);
    expect({ at: run.clock.now(), effects: riskEffects(run) }).toStrictEqual({ at: FACTS[state].at, effects: FACTS[state].effects });
  });
});

describe('risk token: no event from outside moves the status (spec §S4: the status follows the token the machine holds)', () => {
  it.each(['TOKEN.SUCCESS', 'TOKEN.DEMOTED', 'TOKEN.ERROR', 'TOKEN.TIMEOUT', 'xstate.done.state.riskToken.status'])(
    'a forged %s event changes nothing',
    (type) => {
      const actor = createActor(riskTokenMachine, { input: {} }).start();
      const before = actor.getSnapshot();
      actor.send({ type } as unknown as RiskTokenEvent);
      expect({ value: actor.getSnapshot().value, context: actor.getSnapshot().context }).toStrictEqual({
        value: { status: 'notInitialised', refresh: 'idle' },
        context: before.context,
      });
      actor.stop();
    },
  );
});
