import { and, emit, setup, stateIn } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { takeErrorEvents } from './error-events.js';
import { BOOLEAN, checkArgument, fieldsOrThrow, prop } from './fields.js';

export interface ButtonInput {
  /** Start disabled. */
  disabled?: boolean;
  /** Start loading. */
  loading?: boolean;
}

/** Checks a button's input (an omitted one starts enabled and idle); a flag that is not a boolean throws InvalidArgumentError naming it. */
export function checkButtonInput(input: unknown): ButtonInput {
  return fieldsOrThrow<ButtonInput>('button', input ?? {}, { disabled: BOOLEAN, loading: BOOLEAN }, 'input');
}

export type ButtonEvent =
  { type: 'CLICK' } | { type: 'DISABLE' } | { type: 'ENABLE' } | { type: 'START_LOADING' } | { type: 'STOP_LOADING' };

export type ButtonEmitted = { type: 'clicked' };

/**
 * The shared button (spec §B4): its states are disabled and loading, held in two independent regions
 * (`activity`: idle or loading; `availability`: enabled or disabled), so ending one never ends the other.
 * A click is ignored while either holds; otherwise it leaves the machine as a `clicked` emit.
 */
export const buttonMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as ButtonInput,
    context: {} as { start: ButtonInput },
    events: {} as ButtonEvent,
    emitted: {} as ButtonEmitted,
  },
  guards: {
    startsDisabled: ({ context }) => context.start.disabled === true,
    startsLoading: ({ context }) => context.start.loading === true,
    // Neither loading nor disabled: the one condition under which a click counts.
    clickable: and([stateIn({ activity: 'idle' }), stateIn({ availability: 'enabled' })]),
  },
  actions: {
    emitClicked: emit({ type: 'clicked' } as const),
  },
}).createMachine({
  id: 'button',
  // An omitted input starts enabled and idle; a flag that is not a boolean is an InvalidArgumentError naming it.
  context: ({ input }) => ({ start: checkButtonInput(input) }),
  type: 'parallel',
  on: {
    ...takeErrorEvents,
    CLICK: { guard: 'clickable', actions: 'emitClicked' },
  },
  states: {
    activity: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'startsLoading', target: 'loading' }, { target: 'idle' }],
        },
        idle: {
          on: { START_LOADING: 'loading' },
        },
        loading: {
          on: { STOP_LOADING: 'idle' },
        },
      },
    },
    availability: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'startsDisabled', target: 'disabled' }, { target: 'enabled' }],
        },
        enabled: {
          on: { DISABLE: 'disabled' },
        },
        disabled: {
          on: { ENABLE: 'enabled' },
        },
      },
    },
  },
});

export interface ButtonStatus {
  /** The caller's work runs (START_LOADING until STOP_LOADING). */
  loading: boolean;
  /** The caller disabled the button (DISABLE until ENABLE). */
  disabled: boolean;
  /** Neither loading nor disabled: a click now emits `clicked`. */
  clickable: boolean;
}

/** The two flags of a button snapshot, and whether a click would count. */
export function buttonStatus(snapshot: SnapshotFrom<typeof buttonMachine>): ButtonStatus {
  checkArgument('buttonStatus', 'snapshot', snapshot, (s) => typeof prop(s, 'matches') === 'function', "a button's snapshot");
  const loading = snapshot.matches({ activity: 'loading' });
  const disabled = snapshot.matches({ availability: 'disabled' });
  return { loading, disabled, clickable: !loading && !disabled };
}
