import fc from 'fast-check';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { buttonMachine, buttonStatus } from '../../machines/button.machine.js';
import type { ButtonEvent, ButtonInput } from '../../machines/button.machine.js';

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
const VALUE_OF: Record<Flags, unknown> = {
  idle: { activity: 'idle', availability: 'enabled' },
  L: { activity: 'loading', availability: 'enabled' },
  D: { activity: 'idle', availability: 'disabled' },
  'L+D': { activity: 'loading', availability: 'disabled' },
};

// Seed 000 §4, every state × every event: the next state and whether `clicked` is emitted.
// A click counts only in `idle`; each flag is set and cleared by its own pair of events and nothing else.
const TABLE: ReadonlyArray<readonly [from: Flags, event: EventType, to: Flags, clicked: boolean]> = [
  ['idle', 'CLICK', 'idle', true],
  ['idle', 'START_LOADING', 'L', false],
  ['idle', 'STOP_LOADING', 'idle', false],
  ['idle', 'DISABLE', 'D', false],
  ['idle', 'ENABLE', 'idle', false],

  ['L', 'CLICK', 'L', false],
  ['L', 'START_LOADING', 'L', false],
  ['L', 'STOP_LOADING', 'idle', false],
  ['L', 'DISABLE', 'L+D', false],
  ['L', 'ENABLE', 'L', false],

  ['D', 'CLICK', 'D', false],
  ['D', 'START_LOADING', 'L+D', false],
  ['D', 'STOP_LOADING', 'D', false],
  ['D', 'DISABLE', 'D', false],
  ['D', 'ENABLE', 'idle', false],

  ['L+D', 'CLICK', 'L+D', false],
  ['L+D', 'START_LOADING', 'L+D', false],
  ['L+D', 'STOP_LOADING', 'D', false],
  ['L+D', 'DISABLE', 'L+D', false],
  ['L+D', 'ENABLE', 'L', false],
];

const EVENT_TYPES: EventType[] = ['CLICK', 'START_LOADING', 'STOP_LOADING', 'DISABLE', 'ENABLE'];

function start(input: ButtonInput) {
  const actor = createActor(buttonMachine, { input }).start();
  const log = { clicks: 0 };
  actor.on('clicked', () => log.clicks++);
  return { actor, log };
}

describe('button — seed 000 §4: states disabled and loading; a click is ignored when the button is disabled or loading', () => {
  it.each(Object.entries(INPUT_OF) as Array<[Flags, ButtonInput]>)('input for %s starts in that state', (flags, input) => {
    expect(start(input).actor.getSnapshot().value).toEqual(VALUE_OF[flags]);
  });

  it('the table covers every state × event pair once', () => {
    const pairs = new Set(TABLE.map(([from, event]) => `${from}/${event}`));
    expect(pairs.size).toBe(TABLE.length);
    expect(TABLE.length).toBe(Object.keys(VALUE_OF).length * EVENT_TYPES.length);
  });

  it.each(TABLE)('%s + %s → %s (clicked: %s)', (from, event, to, clicked) => {
    const { actor, log } = start(INPUT_OF[from]);
    actor.send({ type: event });
    expect(actor.getSnapshot().value).toEqual(VALUE_OF[to]);
    expect(log.clicks).toBe(clicked ? 1 : 0);
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
    expect(buttonStatus(start({ loading: true, disabled: true }).actor.getSnapshot())).toEqual({ loading: true, disabled: true, clickable: false });
  });

  it('over random event sequences, CLICK emits clicked iff neither loading nor disabled (against a two-flag model)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.array(fc.constantFrom(...EVENT_TYPES), { maxLength: 40 }), (loading0, disabled0, events) => {
        const model = { loading: loading0, disabled: disabled0 };
        const { actor, log } = start({ loading: loading0, disabled: disabled0 });
        for (const type of events) {
          const before = log.clicks;
          actor.send({ type });
          if (type === 'START_LOADING') model.loading = true;
          if (type === 'STOP_LOADING') model.loading = false;
          if (type === 'DISABLE') model.disabled = true;
          if (type === 'ENABLE') model.disabled = false;
          const expectedClicks = type === 'CLICK' && !model.loading && !model.disabled ? 1 : 0;
          expect(log.clicks - before).toBe(expectedClicks);
          const status = buttonStatus(actor.getSnapshot());
          expect({ loading: status.loading, disabled: status.disabled }).toEqual(model);
        }
      }),
      { numRuns: 300 },
    );
  });
});
