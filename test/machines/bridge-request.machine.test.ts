import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { AppRequestCallbackTimeout, AppResponseUnSuccessError, flushMicrotasks } from '../../core/index.js';
import { bridgeRequestMachine } from '../../machines/index.js';
import type { BridgeRequestEvent } from '../../machines/index.js';
import { inApp, inBrowser } from '../core/bridge/setup.js';

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
