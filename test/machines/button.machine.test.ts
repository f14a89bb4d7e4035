import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { buttonMachine } from '../../machines/button.machine.js';
import type { ButtonEvent, ButtonInput } from '../../machines/button.machine.js';

const ALL_EVENTS: ButtonEvent[] = [{ type: 'CLICK' }, { type: 'DISABLE' }, { type: 'ENABLE' }, { type: 'START_LOADING' }, { type: 'STOP_LOADING' }];

function run(input: ButtonInput, events: ButtonEvent[]) {
  const actor = createActor(buttonMachine, { input }).start();
  let clicks = 0;
  actor.on('clicked', () => clicks++);
  for (const e of events) actor.send(e);
  return { state: actor.getSnapshot().value, clicks };
}

describe('button — seed 000 §4: states disabled and loading; clicks ignored while disabled or loading', () => {
  it.each<[ButtonInput, string]>([
    [{}, 'idle'],
    [{ disabled: true }, 'disabled'],
    [{ loading: true }, 'loading'],
    [{ disabled: true, loading: true }, 'disabled'],
  ])('starts from input %j in %s', (input, state) => {
    expect(run(input, []).state).toBe(state);
  });

  it('an idle click emits clicked', () => {
    expect(run({}, [{ type: 'CLICK' }]).clicks).toBe(1);
  });

  it('a click while disabled is ignored', () => {
    expect(run({ disabled: true }, [{ type: 'CLICK' }, { type: 'CLICK' }])).toEqual({ state: 'disabled', clicks: 0 });
  });

  it('a click while loading is ignored', () => {
    expect(run({ loading: true }, [{ type: 'CLICK' }])).toEqual({ state: 'loading', clicks: 0 });
  });

  it('every reachable state is reached by a shortest path, and a click only counts in idle', () => {
    const paths = getShortestPaths(buttonMachine, { events: ALL_EVENTS, input: {} });
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect(reached).toEqual(new Set(['idle', 'disabled', 'loading']));
    for (const path of paths) {
      const events = path.steps.map((s) => s.event as ButtonEvent).filter((e) => !e.type.startsWith('xstate.'));
      const state = run({}, events).state;
      const { clicks } = run({}, [...events, { type: 'CLICK' }]);
      expect(state).toBe(path.state.value);
      expect(clicks).toBe(state === 'idle' ? 1 : 0);
    }
  });

  it('no event is left unhandled by every state: each state reacts to at least one event', () => {
    for (const key of ['idle', 'disabled', 'loading'] as const) {
      const handled = ALL_EVENTS.filter((e) => buttonMachine.root.states[key]!.transitions.has(e.type));
      expect(handled.length, key).toBeGreaterThan(0);
    }
  });
});
