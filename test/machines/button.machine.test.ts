import fc from 'fast-check';
import { createActor } from 'xstate';
import type { StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import { buttonMachine, buttonStatus, checkButtonInput } from '../../machines/button.machine.js';
import type { ButtonEvent, ButtonInput } from '../../machines/button.machine.js';
import { describeTransitionTable, expectInvalidArgument, startError, thrownBy } from './transition-table.js';
import { inputClasses } from '../support/input-classes.js';

// The four states of the button, named by its two flags: loading (L) and disabled (D).
type Flags = 'idle' | 'L' | 'D' | 'L+D';
type EventType = ButtonEvent['type'];

const INPUT_OF: Record<Flags, ButtonInput> = {
  idle: {},
  L: { loading: true },
  D: { disabled: true },
  'L+D': { loading: true, disabled: true },
};

// The snapshot value each state must have: the diagram's regions, written out here, not read from the machine.
const VALUE_OF: Record<Flags, StateValue> = {
  idle: { activity: 'idle', availability: 'enabled' },
  L: { activity: 'loading', availability: 'enabled' },
  D: { activity: 'idle', availability: 'disabled' },
  'L+D': { activity: 'loading', availability: 'disabled' },
};

const EVENT_TYPES: EventType[] = ['CLICK', 'START_LOADING', 'STOP_LOADING', 'DISABLE', 'ENABLE'];
const CLICKED = [{ type: 'clicked' }];

// Spec §B4, every state × every event: the next state and whether `clicked` is emitted. A click counts only in
// `idle`; each flag is set and cleared by its own pair of events and nothing else. Each state is reached twice:
// from its input, and by events from an idle button (so a removed transition target fails a path too).
describeTransitionTable<Flags | 'L (by events)' | 'D (by events)' | 'L+D (by events)', EventType>({
  name: 'button transition table (spec §B4)',
  machine: buttonMachine,
  states: {
    idle: { value: VALUE_OF.idle, input: INPUT_OF.idle },
    L: { value: VALUE_OF.L, input: INPUT_OF.L },
    D: { value: VALUE_OF.D, input: INPUT_OF.D },
    'L+D': { value: VALUE_OF['L+D'], input: INPUT_OF['L+D'] },
    'L (by events)': { value: VALUE_OF.L, path: ['START_LOADING'] },
    'D (by events)': { value: VALUE_OF.D, path: ['DISABLE'] },
    'L+D (by events)': { value: VALUE_OF['L+D'], path: ['DISABLE', 'START_LOADING'] },
  },
  events: {
    CLICK: { type: 'CLICK' },
    START_LOADING: { type: 'START_LOADING' },
    STOP_LOADING: { type: 'STOP_LOADING' },
    DISABLE: { type: 'DISABLE' },
    ENABLE: { type: 'ENABLE' },
  },
  rows: [
    ['idle', 'CLICK', 'idle', CLICKED],
    ['idle', 'START_LOADING', 'L'],
    ['idle', 'DISABLE', 'D'],
    ['L', 'STOP_LOADING', 'idle'],
    ['L', 'DISABLE', 'L+D'],
    ['D', 'START_LOADING', 'L+D'],
    ['D', 'ENABLE', 'idle'],
    ['L+D', 'STOP_LOADING', 'D'],
    ['L+D', 'ENABLE', 'L'],
    ['L (by events)', 'STOP_LOADING', 'idle'],
    ['L (by events)', 'DISABLE', 'L+D'],
    ['D (by events)', 'START_LOADING', 'L+D'],
    ['D (by events)', 'ENABLE', 'idle'],
    ['L+D (by events)', 'STOP_LOADING', 'D'],
    ['L+D (by events)', 'ENABLE', 'L'],
  ],
  ignored: {
    idle: ['STOP_LOADING', 'ENABLE'],
    L: ['CLICK', 'START_LOADING', 'ENABLE'],
    D: ['CLICK', 'STOP_LOADING', 'DISABLE'],
    'L+D': ['CLICK', 'START_LOADING', 'DISABLE'],
    'L (by events)': ['CLICK', 'START_LOADING', 'ENABLE'],
    'D (by events)': ['CLICK', 'STOP_LOADING', 'DISABLE'],
    'L+D (by events)': ['CLICK', 'START_LOADING', 'DISABLE'],
  },
});

function start(input: ButtonInput) {
  const actor = createActor(buttonMachine, { input }).start();
  const log = { clicks: 0 };
  actor.on('clicked', () => log.clicks++);
  return { actor, log };
}

describe('button — spec §B4: states disabled and loading; a click is ignored when the button is disabled or loading', () => {
  it.each(Object.entries(INPUT_OF) as Array<[Flags, ButtonInput]>)('input for %s starts in that state', (flags, input) => {
    expect(start(input).actor.getSnapshot().value).toEqual(VALUE_OF[flags]);
  });

  it('the double submit of issue 19: START_LOADING, DISABLE, ENABLE leaves the button loading, and a click is ignored', () => {
    const { actor, log } = start({});
    for (const type of ['START_LOADING', 'DISABLE', 'ENABLE', 'CLICK'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toEqual(VALUE_OF.L);
    expect(log.clicks).toBe(0);
    actor.send({ type: 'STOP_LOADING' });
    actor.send({ type: 'CLICK' });
    expect(log.clicks).toBe(1);
  });

  it('buttonStatus reads the two flags and whether a click counts', () => {
    expect(buttonStatus(start({}).actor.getSnapshot())).toEqual({ loading: false, disabled: false, clickable: true });
    expect(buttonStatus(start({ loading: true }).actor.getSnapshot())).toEqual({ loading: true, disabled: false, clickable: false });
    expect(buttonStatus(start({ disabled: true }).actor.getSnapshot())).toEqual({ loading: false, disabled: true, clickable: false });
    expect(buttonStatus(start({ loading: true, disabled: true }).actor.getSnapshot())).toEqual({
      loading: true,
      disabled: true,
      clickable: false,
    });
  });

  it('over random event sequences, CLICK emits clicked iff neither loading nor disabled (against a two-flag model)', () => {
    const clicks = inputClasses<{ loading: boolean; disabled: boolean }>({
      'a click while clickable': (m) => !m.loading && !m.disabled,
      'a click while loading': (m) => m.loading && !m.disabled,
      'a click while disabled': (m) => !m.loading && m.disabled,
      'a click while both': (m) => m.loading && m.disabled,
    });
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.constantFrom(...EVENT_TYPES), { maxLength: 40 }),
        (loading0, disabled0, events) => {
          const model = { loading: loading0, disabled: disabled0 };
          const { actor, log } = start({ loading: loading0, disabled: disabled0 });
          for (const type of events) {
            const before = log.clicks;
            actor.send({ type });
            if (type === 'START_LOADING') model.loading = true;
            if (type === 'STOP_LOADING') model.loading = false;
            if (type === 'DISABLE') model.disabled = true;
            if (type === 'ENABLE') model.disabled = false;
            if (type === 'CLICK') clicks.see(model);
            const expectedClicks = type === 'CLICK' && !model.loading && !model.disabled ? 1 : 0;
            expect(log.clicks - before).toBe(expectedClicks);
            const status = buttonStatus(actor.getSnapshot());
            expect({ loading: status.loading, disabled: status.disabled }).toEqual(model);
          }
        },
      ),
      { numRuns: 300 },
    );
    clicks.expectEachDrawn(20);
  });

  it('an input flag that is not a boolean is an InvalidArgumentError naming it; an input that is not an object names the input', () => {
    expectInvalidArgument(
      startError(buttonMachine, { disabled: 'yes' }),
      'button: input.disabled must be a boolean, got "yes"',
      'input.disabled',
    );
    expectInvalidArgument(startError(buttonMachine, { loading: 1 }), 'button: input.loading must be a boolean, got 1', 'input.loading');
    expectInvalidArgument(
      thrownBy(() => checkButtonInput(5)),
      'button: input must be an object, got 5',
      'input',
    );
    expect(checkButtonInput(undefined)).toStrictEqual({});
    expect(checkButtonInput({ disabled: false, loading: true, extra: 1 })).toStrictEqual({ disabled: false, loading: true });
  });

  it('buttonStatus refuses what is not a snapshot with an InvalidArgumentError naming the snapshot', () => {
    for (const value of [undefined, {}, { matches: true }]) {
      expectInvalidArgument(
        thrownBy(() => buttonStatus(value as never)),
        "buttonStatus: snapshot must be a button's snapshot",
        'snapshot',
      );
    }
  });
});
