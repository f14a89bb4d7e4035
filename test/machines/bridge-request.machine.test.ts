import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Actor, EventObject } from 'xstate';
import { AppRequestCallbackTimeout, AppResponseUnSuccessError, flushMicrotasks } from '../../core/index.js';
import type { Bridge, BridgeRequestResult, SkipInfo } from '../../core/index.js';
import { bridgeRequestMachine } from '../../machines/index.js';
import type { BridgeRequestActorInput, BridgeRequestEvent } from '../../machines/index.js';
import { inApp, inBrowser } from '../core/bridge/setup.js';
import { checkTransitionTable } from './transition-table.js';
import type { TableRig } from './transition-table.js';

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

describe('bridge request machine paths (seed 000 §4: "pending until the native callback arrives, then resolved; rejected on timeout or on error")', () => {
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

  it('times out through the transport\'s single timer (no second timer in the machine)', async () => {
    const { bridge, sim, platform } = inApp();
    sim.route('/slow', { never: true });
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/slow', timeoutMs: 500 }, clock: platform.timers }).start();
    expect(platform.timers.pending).toBe(1);
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
    it(`"timeout: 00004 and 110100" (seed 000 §8): an answer with code ${code} ends in timedOut and emits rejected with timedOut: true`, async () => {
      const { bridge, sim } = inApp();
      sim.route('/t', { code, msg: 'upstream timeout' });
      const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/t' } });
      const emitted: unknown[] = [];
      actor.on('*', (e) => emitted.push(e));
      actor.start();
      await waitFor(actor, (s) => !s.matches('pending'));
      expect(actor.getSnapshot().value).toBe('timedOut');
      expect(emitted).toEqual([{ type: 'rejected', timedOut: true, error: expect.objectContaining({ name: 'AppResponseUnSuccessError', code }) }]);
    });
  }

  it('"or nothing happens" (seed 000 §5): outside the app the request ends in skipped with the reason, and sends nothing', async () => {
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

  it('below requestAction\'s minimum version the request ends in skipped (below-minimum-version)', async () => {
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
    expect(platform.timers.pending).toBe(0);
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
// The transition table (issue 24): every state × stimulus, written out, driven through a real actor whose transport
// request is a fake the test answers. A removed or misdirected transition, a lost emitted event or a skipped action
// fails a row.

interface TransportCall {
  input: BridgeRequestActorInput;
  signal: AbortSignal;
  resolve(result: BridgeRequestResult): void;
  reject(error: unknown): void;
}

const ANSWERED: BridgeRequestResult = { status: 'answered', code: '00000', data: { uid: 7 } };
const FALLBACK: BridgeRequestResult = { status: 'fallback', code: '00000', data: 'web', reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null };
const SKIPPED: BridgeRequestResult = { status: 'skipped', reason: 'below-minimum-version', minimumVersion: '1.2.51', appVersion: '1.0.0' };
const SKIP: SkipInfo = { reason: 'below-minimum-version', minimumVersion: '1.2.51', appVersion: '1.0.0' };
const TIMEOUT = new AppRequestCallbackTimeout();
const CODE_TIMEOUT = new AppResponseUnSuccessError('110100', 'upstream timeout');
const REFUSED = new AppResponseUnSuccessError('22001', 'illegal token');
/** The bridge is never called: the transport actor is replaced by the fake. */
const UNUSED_BRIDGE = { request: () => Promise.reject(new Error('the fake transport stands in for the bridge')) } as Pick<Bridge, 'request'>;

interface BridgeRig extends TableRig {
  actor: Actor<typeof bridgeRequestMachine>;
  calls: TransportCall[];
}

/** A bridge-request actor whose transport request answers only when the test says so. */
function bridgeRig(timeoutMs?: number): BridgeRig {
  const calls: TransportCall[] = [];
  const machine = bridgeRequestMachine.provide({
    actors: {
      transportRequest: fromPromise<BridgeRequestResult, BridgeRequestActorInput>(
        ({ input, signal }) => new Promise((resolve, reject) => void calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const input = { bridge: UNUSED_BRIDGE, path: '/p', params: { a: 1 }, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  const actor = createActor(machine, { input });
  const emitted: EventObject[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

const last = (rig: BridgeRig) => rig.calls.at(-1)!;
const answer = (result: BridgeRequestResult) => async (rig: BridgeRig) => {
  last(rig).resolve(result);
  await flushMicrotasks();
};
const fail = (error: unknown) => async (rig: BridgeRig) => {
  last(rig).reject(error);
  await flushMicrotasks();
};

const bridgeStimuli: Record<string, (rig: BridgeRig) => void | Promise<void>> = {
  RETRY: (rig) => rig.actor.send({ type: 'RETRY' }),
  CANCEL: (rig) => rig.actor.send({ type: 'CANCEL' }),
  'REQUEST /q': (rig) => rig.actor.send({ type: 'REQUEST', path: '/q', params: { b: 2 } }),
  'REQUEST without params': (rig) => rig.actor.send({ type: 'REQUEST', path: '/r' }),
  'REQUEST with a numeric path': (rig) => rig.actor.send({ type: 'REQUEST', path: 5 } as unknown as BridgeRequestEvent),
  'REQUEST with array params': (rig) => rig.actor.send({ type: 'REQUEST', path: '/q', params: [1] } as unknown as BridgeRequestEvent),
  'an unknown event': (rig) => rig.actor.send({ type: 'NOPE' } as unknown as BridgeRequestEvent),
  'a forged xstate.error event': (rig) => rig.actor.send({ type: 'xstate.error.actor.other', error: new Error('forged') } as unknown as BridgeRequestEvent),
  'answered': answer(ANSWERED),
  'fallback answer': answer(FALLBACK),
  'skipped': answer(SKIPPED),
  'transport timeout': fail(TIMEOUT),
  'timeout code 110100': fail(CODE_TIMEOUT),
  'error code 22001': fail(REFUSED),
  'rejected with null': fail(null),
  'rejected with a string': fail('boom'),
  'rejected with a number': fail(42),
  'rejected with a look-alike timeout object': fail({ name: 'AppRequestCallbackTimeout' }),
};
const ANSWERS = Object.keys(bridgeStimuli).slice(8);

const settledStates = ['resolved', 'skipped', 'timedOut', 'rejected', 'cancelled'] as const;

/** Brings a fresh rig into `state` through real answers. */
async function reachBridge(state: string): Promise<BridgeRig> {
  const rig = bridgeRig();
  const via: Record<string, ((rig: BridgeRig) => void | Promise<void>) | undefined> = {
    pending: undefined,
    resolved: bridgeStimuli['answered'],
    skipped: bridgeStimuli['skipped'],
    timedOut: bridgeStimuli['transport timeout'],
    rejected: bridgeStimuli['error code 22001'],
    cancelled: bridgeStimuli['CANCEL'],
  };
  await via[state]?.(rig);
  expect(rig.actor.getSnapshot().value).toBe(state);
  return rig;
}

interface Outcome {
  response?: unknown;
  skip?: unknown;
  error?: unknown;
}
const cleared: Outcome = { response: undefined, skip: undefined, error: undefined };
/** After a step that starts a new call: the call's input, the attempt count and the outcome fields kept. */
const sentAgain =
  (path: string, params: Record<string, unknown> | undefined, attempts: number, outcome: Outcome = cleared) =>
  (rig: BridgeRig): void => {
    expect(rig.calls).toHaveLength(attempts);
    expect(last(rig).input).toStrictEqual({ bridge: UNUSED_BRIDGE, path, params, timeoutMs: undefined });
    expect(last(rig).signal.aborted).toBe(false);
    expect(rig.actor.getSnapshot().context).toStrictEqual({ bridge: UNUSED_BRIDGE, path, params, timeoutMs: undefined, attempts, ...cleared, ...outcome });
  };
/** What a settled state holds; RETRY keeps it until the new call settles (REQUEST, a new target, clears it). */
const heldIn: Record<(typeof settledStates)[number], Outcome> = {
  resolved: { response: ANSWERED },
  skipped: { skip: SKIP },
  timedOut: { error: TIMEOUT },
  rejected: { error: REFUSED },
  cancelled: {},
};


checkTransitionTable<BridgeRig>('bridge request machine (seed 000 §4, §5, §8)', {
  reach: reachBridge,
  stimuli: bridgeStimuli,
  rows: [
    {
      from: 'pending',
      on: 'answered',
      to: 'resolved',
      emits: [{ type: 'resolved', response: ANSWERED }],
      then: (rig) => expect(rig.actor.getSnapshot().context).toMatchObject({ response: ANSWERED, skip: undefined, error: undefined, attempts: 1 }),
    },
    {
      from: 'pending',
      on: 'fallback answer',
      to: 'resolved',
      emits: [{ type: 'resolved', response: FALLBACK }],
      then: (rig) => expect(rig.actor.getSnapshot().context).toMatchObject({ response: FALLBACK, skip: undefined, error: undefined }),
    },
    {
      from: 'pending',
      on: 'skipped',
      to: 'skipped',
      emits: [{ type: 'skipped', skip: SKIP }],
      then: (rig) => expect(rig.actor.getSnapshot().context).toMatchObject({ skip: SKIP, response: undefined, error: undefined }),
    },
    { from: 'pending', on: 'transport timeout', to: 'timedOut', emits: [{ type: 'rejected', error: TIMEOUT, timedOut: true }] },
    { from: 'pending', on: 'timeout code 110100', to: 'timedOut', emits: [{ type: 'rejected', error: CODE_TIMEOUT, timedOut: true }] },
    {
      from: 'pending',
      on: 'error code 22001',
      to: 'rejected',
      emits: [{ type: 'rejected', error: REFUSED, timedOut: false }],
      then: (rig) => expect(rig.actor.getSnapshot().context).toMatchObject({ error: REFUSED, response: undefined, skip: undefined }),
    },
    // Issue 24: a rejection with null or a primitive is kept as it came and ends in rejected, never in timedOut.
    {
      from: 'pending',
      on: 'rejected with null',
      to: 'rejected',
      emits: [{ type: 'rejected', error: null, timedOut: false }],
      then: (rig) => expect(rig.actor.getSnapshot().context.error).toBeNull(),
    },
    {
      from: 'pending',
      on: 'rejected with a string',
      to: 'rejected',
      emits: [{ type: 'rejected', error: 'boom', timedOut: false }],
      then: (rig) => expect(rig.actor.getSnapshot().context.error).toBe('boom'),
    },
    { from: 'pending', on: 'rejected with a number', to: 'rejected', emits: [{ type: 'rejected', error: 42, timedOut: false }] },
    // isBridgeTimeoutError reads name and code, so a plain object named like the timeout is one.
    {
      from: 'pending',
      on: 'rejected with a look-alike timeout object',
      to: 'timedOut',
      emits: [{ type: 'rejected', error: { name: 'AppRequestCallbackTimeout' }, timedOut: true }],
    },
    {
      from: 'pending',
      on: 'CANCEL',
      to: 'cancelled',
      then: (rig) => {
        expect(rig.calls).toHaveLength(1);
        expect(rig.calls[0]!.signal.aborted).toBe(true);
      },
    },
    {
      from: 'pending',
      on: 'REQUEST /q',
      to: 'pending',
      then: (rig) => {
        // Re-entered: the first call is aborted, a second one goes out with the new target.
        expect(rig.calls[0]!.signal.aborted).toBe(true);
        sentAgain('/q', { b: 2 }, 2)(rig);
      },
    },
    { from: 'pending', on: 'REQUEST without params', to: 'pending', then: sentAgain('/r', undefined, 2) },
    ...settledStates.flatMap((from) => [
      { from, on: 'RETRY', to: 'pending', then: sentAgain('/p', { a: 1 }, 2, heldIn[from]) },
      { from, on: 'REQUEST /q', to: 'pending', then: sentAgain('/q', { b: 2 }, 2) },
      { from, on: 'REQUEST without params', to: 'pending', then: sentAgain('/r', undefined, 2) },
    ]),
  ],
  ignored: {
    pending: ['RETRY', 'REQUEST with a numeric path', 'REQUEST with array params', 'an unknown event', 'a forged xstate.error event'],
    ...Object.fromEntries(
      settledStates.map((state) => [state, ['CANCEL', 'REQUEST with a numeric path', 'REQUEST with array params', 'an unknown event', 'a forged xstate.error event']]),
    ),
  },
  // No transport call runs outside pending, so no answer can arrive there.
  impossible: Object.fromEntries(settledStates.map((state) => [state, ANSWERS])),
});

describe('bridge request machine: what the transport is asked', () => {
  it('the request actor gets the bridge, path, params and the timeout override', async () => {
    const rig = bridgeRig(500);
    expect(rig.calls[0]!.input).toStrictEqual({ bridge: UNUSED_BRIDGE, path: '/p', params: { a: 1 }, timeoutMs: 500 });
    rig.actor.send({ type: 'REQUEST', path: '/q' });
    expect(rig.calls[1]!.input).toStrictEqual({ bridge: UNUSED_BRIDGE, path: '/q', params: undefined, timeoutMs: 500 });
  });

  it('without an override the real transport is called with the abort signal only, so the bridge default applies', async () => {
    const seen: unknown[][] = [];
    const bridge = { request: (...args: unknown[]) => (seen.push(args), new Promise<never>(() => undefined)) } as unknown as Pick<Bridge, 'request'>;
    createActor(bridgeRequestMachine, { input: { bridge, path: '/p' } }).start();
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe('/p');
    expect(seen[0]![1]).toBeUndefined();
    expect(Object.keys(seen[0]![2] as object)).toEqual(['signal']);
    createActor(bridgeRequestMachine, { input: { bridge, path: '/t', params: { z: 0 }, timeoutMs: 750 } }).start();
    expect(seen[1]![1]).toStrictEqual({ z: 0 });
    expect(seen[1]![2]).toStrictEqual({ signal: expect.any(AbortSignal), timeoutMs: 750 });
  });

});
