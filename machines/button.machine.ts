import { emit, setup } from 'xstate';

export interface ButtonInput {
  /** Start disabled. */
  disabled?: boolean;
  /** Start loading. */
  loading?: boolean;
}

export type ButtonEvent =
  | { type: 'CLICK' }
  | { type: 'DISABLE' }
  | { type: 'ENABLE' }
  | { type: 'START_LOADING' }
  | { type: 'STOP_LOADING' };

export type ButtonEmitted = { type: 'clicked' };

/**
 * The shared button (seed 000 §4): idle, disabled or loading. A click is ignored while disabled or
 * loading; an idle click leaves the machine as a `clicked` emit.
 */
export const buttonMachine = setup({
  types: {
    input: {} as ButtonInput,
    context: {} as { start: ButtonInput },
    events: {} as ButtonEvent,
    emitted: {} as ButtonEmitted,
  },
  guards: {
    startsDisabled: ({ context }) => context.start.disabled === true,
    startsLoading: ({ context }) => context.start.loading === true,
  },
  actions: {
    emitClicked: emit({ type: 'clicked' } as const),
  },
}).createMachine({
  id: 'button',
  context: ({ input }) => ({ start: { ...input } }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsDisabled', target: 'disabled' }, { guard: 'startsLoading', target: 'loading' }, { target: 'idle' }],
    },
    idle: {
      on: {
        CLICK: { actions: 'emitClicked' },
        DISABLE: 'disabled',
        START_LOADING: 'loading',
      },
    },
    disabled: {
      on: { ENABLE: 'idle' },
    },
    loading: {
      on: { STOP_LOADING: 'idle', DISABLE: 'disabled' },
    },
  },
});
