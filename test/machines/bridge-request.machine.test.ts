import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { EventObject } from 'xstate';
import { AppRequestCallbackTimeout, AppResponseUnSuccessError, flushMicrotasks } from '../../core/index.js';
import type { Bridge, BridgeRequestResult, SkipInfo } from '../../core/index.js';
import { bridgeRequestMachine } from '../../machines/index.js';
import type { BridgeRequestActorInput, BridgeRequestContext, BridgeRequestEvent } from '../../machines/index.js';
import { inApp, inBrowser } from '../core/bridge/setup.js';
import { routeFakeSteps, settleable } from './settleable-actor.js';
import type { FakeCall } from './settleable-actor.js';
import { describeTransitionTable } from './transition-table.js';
import type { TableRun } from './transition-table.js';

const graphEvents = [
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'REQUEST', path: '/other' },
  { type: 'xstate.done.actor.request', output: { status: 'answered', code: '00000', data: 1 } },
  { type: 'xstate.done.actor.request', output: { status: 'skipped', reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null } },
  { type: 'xstate.error.actor.request', error: new AppRequestCallbackTimeout() },
  { type: 'xstate.error.actor.request', error: new AppResponseUnSuccessError('22001', 'illegal token') },
  { type: 'xstate.error.actor.request', error: new AppResponseUnSuccessError('00004', 'upstream timeout') },
] as unknown as BridgeRequestEvent[];

describe('bridge request machine paths (spec §B4: "pending until the native callback arrives, then resolved; rejected on timeout or on error")', () => {
  const { bridge } = inApp();
  const input = { bridge, path: '/p' };
  // States are told apart by value: the attempt counter would otherwise make the space infinite.
  const traversal = {
    input,
    events: graphEvents,
    serializeState: (state: { value: unknown }) => JSON.stringify(state.value),
    serializeEvent: (event: BridgeRequestEvent) =>
      `${event.type}:${JSON.stringify((event as { error?: { code?: string } }).error?.code ?? (event as { output?: { status?: string } }).output?.status ?? '')}`,
  };

  it('reaches every state', () => {
    const reached = getShortestPaths(bridgeRequestMachine, traversal).map((p) => String(p.state.value));
    expect(new Set(reached)).toEqual(new Set(['pending', 'resolved', 'skipped', 'timedOut', 'rejected', 'cancelled']));
  });

  it('a timeout goes to timedOut, any other error to rejected', () => {
    const paths = getShortestPaths(bridgeRequestMachine, traversal);
    const to = (state: string) => paths.find((p) => p.state.value === state)!.steps.map((s) => s.event.type);
    expect(to('timedOut')).toEqual(['xstate.init', 'xstate.error.actor.request']);
    expect(to('resolved')).toEqual(['xstate.init', 'xstate.done.actor.request']);
    expect(to('cancelled')).toEqual(['xstate.init', 'CANCEL']);
  });

  it('every simple path ends in a state that RETRY and REQUEST leave', () => {
    const paths = getSimplePaths(bridgeRequestMachine, traversal);
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const path of paths) {
      if (path.state.value === 'pending') continue;
      expect(path.state.can({ type: 'RETRY' })).toBe(true);
      expect(path.state.can({ type: 'REQUEST', path: '/x' })).toBe(true);
    }
  });
});

describe('bridge request machine on the real transport and the simulated app', () => {
  it('resolves with { code, data } and emits resolved', async () => {
    const { bridge, sim } = inApp();
    sim.route('/user', { data: { uid: 7 } });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/user', params: { a: 1 } } });
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('resolved'));
    expect(snapshot.context.response).toEqual({ status: 'answered', code: '00000', data: { uid: 7 } });
    expect(emitted).toEqual([{ type: 'resolved', response: { status: 'answered', code: '00000', data: { uid: 7 } } }]);
    expect(sim.received[0]!.payload).toMatchObject({ path: '/user', params: { a: 1 } });
  });

  it("times out through the transport's single timer (no second timer in the machine)", async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/slow', { never: true });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/slow', timeoutMs: 500 }, clock: platform.timers }).start();
    expect(platform.timers.pendingCount).toBe(1);
    await platform.advanceAsync(499);
    expect(actor.getSnapshot().value).toBe('pending');
    await platform.advanceAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context.error).toMatchObject({ name: 'AppRequestCallbackTimeout', msg: 'AppBridgeSend Timeout' });
    expect(bridge.pendingCount).toBe(0);
  });

  it('an error code rejects; RETRY sends again and can succeed', async () => {
    const { bridge, sim } = inApp();
    let calls = 0;
    sim.route('/flaky', () => (++calls === 1 ? { code: '22001' } : { data: 'ok' }));
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/flaky' } }).start();
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.error).toMatchObject({ name: 'AppResponseUnSuccessError', code: '22001' });
    actor.send({ type: 'RETRY' });
    const snapshot = await waitFor(actor, (s) => s.matches('resolved'));
    expect(snapshot.context).toMatchObject({ attempts: 2, response: { data: 'ok' }, error: undefined });
  });

  for (const code of ['00004', '110100']) {
    it(`"timeout: 00004 and 110100" (spec §B8): an answer with code ${code} ends in timedOut and emits rejected with timedOut: true`, async () => {
      const { bridge, sim } = inApp();
      sim.route('/t', { code, msg: 'upstream timeout' });
      const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/t' } });
      const emitted: unknown[] = [];
      actor.on('*', (e) => emitted.push(e));
      actor.start();
      await waitFor(actor, (s) => !s.matches('pending'));
      expect(actor.getSnapshot().value).toBe('timedOut');
      expect(emitted).toEqual([
        { type: 'rejected', timedOut: true, error: expect.objectContaining({ name: 'AppResponseUnSuccessError', code }) },
      ]);
    });
  }

  it('"or nothing happens" (spec §B5): outside the app the request ends in skipped with the reason, and sends nothing', async () => {
    const { bridge } = inBrowser();
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/user' } });
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    const snapshot = await waitFor(actor, (s) => !s.matches('pending'));
    expect(snapshot.value).toBe('skipped');
    const skip = { reason: 'not-in-app', minimumVersion: bridge.minVersions.requestAction, appVersion: null };
    expect(snapshot.context).toMatchObject({ skip, response: undefined, error: undefined });
    expect(emitted).toEqual([{ type: 'skipped', skip }]);
  });

  it("below requestAction's minimum version the request ends in skipped (below-minimum-version)", async () => {
    const { bridge, sim } = inApp({ appVersion: '1.0.0' });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/user' } }).start();
    const snapshot = await waitFor(actor, (s) => !s.matches('pending'));
    expect(snapshot.value).toBe('skipped');
    expect(snapshot.context.skip).toEqual({ reason: 'below-minimum-version', minimumVersion: '1.2.51', appVersion: '1.0.0' });
    expect(sim.received).toHaveLength(0);
  });

  it('CANCEL aborts the call: the pending entry and its timer are gone at once', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/slow', { never: true });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/slow' } }).start();
    expect(bridge.pendingCount).toBe(1);
    actor.send({ type: 'CANCEL' });
    await flushMicrotasks();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(bridge.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('REQUEST while pending replaces the call; stopping the actor frees it', async () => {
    const { bridge, sim } = inApp();
    sim.route('/a', { never: true }).route('/b', { never: true });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/a' } }).start();
    actor.send({ type: 'REQUEST', path: '/b', params: { x: 1 } });
    await flushMicrotasks();
    expect(bridge.pendingCount).toBe(1);
    expect(sim.received.map((m) => m.path)).toEqual(['/a', '/b']);
    actor.stop();
    await flushMicrotasks();
    expect(bridge.pendingCount).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The transition table (issue 24): every state × event, written out, driven through a real actor whose transport
// request is a fake the test settles. A removed or misdirected transition, a lost emitted event or a skipped action
// fails a row; the effects are the transport calls made (and whether each still runs) and the context's fields.

const ANSWERED: BridgeRequestResult = { status: 'answered', code: '00000', data: { uid: 7 } };
const FALLBACK: BridgeRequestResult = {
  status: 'fallback',
  code: '00000',
  data: 'web',
  reason: 'not-in-app',
  minimumVersion: '1.2.51',
  appVersion: null,
};
const SKIPPED: BridgeRequestResult = { status: 'skipped', reason: 'below-minimum-version', minimumVersion: '1.2.51', appVersion: '1.0.0' };
const SKIP: SkipInfo = { reason: 'below-minimum-version', minimumVersion: '1.2.51', appVersion: '1.0.0' };
const TIMEOUT = new AppRequestCallbackTimeout();
const CODE_TIMEOUT = new AppResponseUnSuccessError('110100', 'upstream timeout');
const REFUSED = new AppResponseUnSuccessError('22001', 'illegal token');
const LOOK_ALIKE = { name: 'AppRequestCallbackTimeout' };
/** The bridge is never called: the transport actor is replaced by the fake. */
const UNUSED_BRIDGE = { request: () => Promise.reject(new Error('the fake transport stands in for the bridge')) } as Pick<
  Bridge,
  'request'
>;

interface BridgeRun extends TableRun {
  calls: FakeCall<BridgeRequestActorInput>[];
}

/** A bridge-request actor (path /p, params { a: 1 }) whose transport request settles when a step says so. */
function startBridge(input: unknown): BridgeRun {
  const calls: FakeCall<BridgeRequestActorInput>[] = [];
  const machine = bridgeRequestMachine.provide({ actors: { transportRequest: settleable(calls) as never } });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { bridge: UNUSED_BRIDGE, path: '/p', params: { a: 1 }, ...(input as object) }, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor: routeFakeSteps(actor, () => calls), clock, emitted, calls };
}

/** A transport call as the table shows it. */
const call = (path: string, params: Record<string, unknown> | undefined, running: boolean) => ({
  bridge: UNUSED_BRIDGE,
  path,
  params,
  timeoutMs: undefined,
  running,
});
const first = (running: boolean) => call('/p', { a: 1 }, running);
/** The context fields the table shows (the bridge and timeout never change). */
const held = (over: { path?: string; params?: unknown; response?: unknown; skip?: unknown; error?: unknown; attempts?: number } = {}) => ({
  path: '/p',
  params: { a: 1 },
  response: undefined,
  skip: undefined,
  error: undefined,
  attempts: 1,
  ...over,
});

/** Emitted events as a row writes them. */
const emits = (...events: object[]) => events as EventObject[];

const settledStates = ['resolved', 'skipped', 'timedOut', 'rejected', 'cancelled'] as const;
/** What each settled state holds; RETRY keeps it until the new call settles (REQUEST, a new target, clears it). */
const heldIn = {
  resolved: { response: ANSWERED },
  skipped: { skip: SKIP },
  timedOut: { error: TIMEOUT },
  rejected: { error: REFUSED },
  cancelled: {},
};
const ANSWERS = [
  'answered',
  'fallback answer',
  'answered with nothing',
  'skipped',
  'transport timeout',
  'timeout code 110100',
  'error code 22001',
  'rejected with null',
  'rejected with a string',
  'rejected with a number',
  'rejected with a look-alike timeout object',
] as const;
const UNTAKEN = ['REQUEST with a numeric path', 'REQUEST with array params', 'an unknown event'] as const;

describeTransitionTable({
  name: 'bridge request machine: the transition table (spec §B4, §B5, §B8)',
  start: startBridge,
  states: {
    pending: { value: 'pending' },
    resolved: { value: 'resolved', path: ['answered'] },
    skipped: { value: 'skipped', path: ['skipped'] },
    timedOut: { value: 'timedOut', path: ['transport timeout'] },
    rejected: { value: 'rejected', path: ['error code 22001'] },
    cancelled: { value: 'cancelled', path: ['CANCEL'] },
  },
  events: {
    RETRY: { type: 'RETRY' },
    CANCEL: { type: 'CANCEL' },
    'REQUEST /q': { type: 'REQUEST', path: '/q', params: { b: 2 } },
    'REQUEST without params': { type: 'REQUEST', path: '/r' },
    'REQUEST with a numeric path': { type: 'REQUEST', path: 5 },
    'REQUEST with array params': { type: 'REQUEST', path: '/q', params: [1] },
    'an unknown event': { type: 'NOPE' },
    'a forged xstate.error event': { type: 'xstate.error.actor.other', error: new Error('forged') },
    // The fake transport's answers: a step for the running call (none runs outside pending, where they do nothing).
    answered: { type: 'fake.resolve', output: ANSWERED },
    'fallback answer': { type: 'fake.resolve', output: FALLBACK },
    'answered with nothing': { type: 'fake.resolve', output: undefined },
    skipped: { type: 'fake.resolve', output: SKIPPED },
    'transport timeout': { type: 'fake.reject', error: TIMEOUT },
    'timeout code 110100': { type: 'fake.reject', error: CODE_TIMEOUT },
    'error code 22001': { type: 'fake.reject', error: REFUSED },
    'rejected with null': { type: 'fake.reject', error: null },
    'rejected with a string': { type: 'fake.reject', error: 'boom' },
    'rejected with a number': { type: 'fake.reject', error: 42 },
    // isBridgeTimeoutError reads name and code, so a plain object named like the timeout counts as one.
    'rejected with a look-alike timeout object': { type: 'fake.reject', error: LOOK_ALIKE },
  },
  effects: (run) => {
    const { calls } = run as BridgeRun;
    const { path, params, response, skip, error, attempts } = run.actor.getSnapshot().context as BridgeRequestContext;
    return { calls: calls.map((c) => ({ ...c.input, running: c.running })), context: { path, params, response, skip, error, attempts } };
  },
  rows: [
    [
      'pending',
      'answered',
      'resolved',
      emits({ type: 'resolved', response: ANSWERED }),
      { calls: [first(false)], context: held({ response: ANSWERED }) },
    ],
    [
      'pending',
      'fallback answer',
      'resolved',
      emits({ type: 'resolved', response: FALLBACK }),
      { calls: [first(false)], context: held({ response: FALLBACK }) },
    ],
    // A transport that resolves with nothing is an answer without a body, not a crash.
    [
      'pending',
      'answered with nothing',
      'resolved',
      emits({ type: 'resolved', response: undefined }),
      { calls: [first(false)], context: held() },
    ],
    ['pending', 'skipped', 'skipped', emits({ type: 'skipped', skip: SKIP }), { calls: [first(false)], context: held({ skip: SKIP }) }],
    [
      'pending',
      'transport timeout',
      'timedOut',
      emits({ type: 'rejected', error: TIMEOUT, timedOut: true }),
      { calls: [first(false)], context: held({ error: TIMEOUT }) },
    ],
    [
      'pending',
      'timeout code 110100',
      'timedOut',
      emits({ type: 'rejected', error: CODE_TIMEOUT, timedOut: true }),
      { calls: [first(false)], context: held({ error: CODE_TIMEOUT }) },
    ],
    [
      'pending',
      'error code 22001',
      'rejected',
      emits({ type: 'rejected', error: REFUSED, timedOut: false }),
      { calls: [first(false)], context: held({ error: REFUSED }) },
    ],
    // Issue 24: a rejection with null or a primitive is kept as it came and ends in rejected, never in timedOut.
    [
      'pending',
      'rejected with null',
      'rejected',
      emits({ type: 'rejected', error: null, timedOut: false }),
      { calls: [first(false)], context: held({ error: null }) },
    ],
    [
      'pending',
      'rejected with a string',
      'rejected',
      emits({ type: 'rejected', error: 'boom', timedOut: false }),
      { calls: [first(false)], context: held({ error: 'boom' }) },
    ],
    [
      'pending',
      'rejected with a number',
      'rejected',
      emits({ type: 'rejected', error: 42, timedOut: false }),
      { calls: [first(false)], context: held({ error: 42 }) },
    ],
    [
      'pending',
      'rejected with a look-alike timeout object',
      'timedOut',
      emits({ type: 'rejected', error: LOOK_ALIKE, timedOut: true }),
      { calls: [first(false)], context: held({ error: LOOK_ALIKE }) },
    ],
    // CANCEL stops the call (the real transport's signal aborts and frees its entry).
    ['pending', 'CANCEL', 'cancelled', [], { calls: [first(false)], context: held() }],
    // REQUEST re-enters pending: the running call stops and one goes out to the new target.
    [
      'pending',
      'REQUEST /q',
      'pending',
      [],
      { calls: [first(false), call('/q', { b: 2 }, true)], context: held({ path: '/q', params: { b: 2 }, attempts: 2 }) },
    ],
    [
      'pending',
      'REQUEST without params',
      'pending',
      [],
      { calls: [first(false), call('/r', undefined, true)], context: held({ path: '/r', params: undefined, attempts: 2 }) },
    ],
    ...settledStates.flatMap((from) => [
      [from, 'RETRY', 'pending', [], { calls: [first(false), first(true)], context: held({ ...heldIn[from], attempts: 2 }) }] as const,
      [
        from,
        'REQUEST /q',
        'pending',
        [],
        { calls: [first(false), call('/q', { b: 2 }, true)], context: held({ path: '/q', params: { b: 2 }, attempts: 2 }) },
      ] as const,
      [
        from,
        'REQUEST without params',
        'pending',
        [],
        { calls: [first(false), call('/r', undefined, true)], context: held({ path: '/r', params: undefined, attempts: 2 }) },
      ] as const,
    ]),
  ],
  // The catch-all takes a forged xstate.error event: it reports it under its own name and changes nothing.
  absorbed: Object.fromEntries(['pending', ...settledStates].map((state) => [state, ['a forged xstate.error event'] as const])),
  ignored: {
    pending: ['RETRY', ...UNTAKEN],
    ...Object.fromEntries(settledStates.map((state) => [state, ['CANCEL', ...UNTAKEN, ...ANSWERS]])),
  },
});

describe('bridge request machine: what the transport is asked', () => {
  it('the request actor gets the bridge, path, params and the timeout override', () => {
    const run = startBridge({ timeoutMs: 500 });
    expect(run.calls[0]!.input).toStrictEqual({ bridge: UNUSED_BRIDGE, path: '/p', params: { a: 1 }, timeoutMs: 500 });
    run.actor.send({ type: 'REQUEST', path: '/q' });
    expect(run.calls[1]!.input).toStrictEqual({ bridge: UNUSED_BRIDGE, path: '/q', params: undefined, timeoutMs: 500 });
  });

  it('without an override the real transport is called with the abort signal only, so the bridge default applies', async () => {
    const seen: unknown[][] = [];
    const bridge = { request: (...args: unknown[]) => (seen.push(args), new Promise<never>(() => undefined)) } as unknown as Pick<
      Bridge,
      'request'
    >;
    createActor(bridgeRequestMachine, { input: { bridge, path: '/p' } }).start();
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe('/p');
    expect(seen[0]![1]).toBeUndefined();
    expect(Object.keys(seen[0]![2] as object)).toEqual(['signal']);
    createActor(bridgeRequestMachine, { input: { bridge, path: '/t', params: { z: 0 }, timeoutMs: 750 } }).start();
    expect(seen[1]![1]).toStrictEqual({ z: 0 });
    expect(seen[1]![2]).toStrictEqual({ signal: expect.any(AbortSignal), timeoutMs: 750 });
  });

  it('is the machine named bridgeRequest (the id inspectors and docs/machines show)', () => {
    expect(bridgeRequestMachine.id).toBe('bridgeRequest');
  });
});
