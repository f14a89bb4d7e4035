import { emit, fromCallback, setup } from 'xstate';
import type { SimulationMode } from '../core/simulation/simulation-mode.js';

export interface SimulationInput {
  simulation: SimulationMode;
}

export type SimulationEvent =
  | { type: 'TURN_ON'; locale?: string }
  | { type: 'TURN_OFF' }
  | { type: 'NAVIGATE'; path: string }
  | { type: 'REMOTE_CHANGED'; on: boolean };

export type SimulationEmitted = { type: 'redirected'; to: string } | { type: 'reloaded' };

/**
 * Simulation (paper) trading mode (seed 001 §4): turning on sets the flag and lands on the simulation page;
 * while on, a page off the allowed list redirects there; turning off clears the flag and reloads; a change
 * made in another tab reloads or redirects this one.
 */
export const simulationMachine = setup({
  types: {
    input: {} as SimulationInput,
    context: {} as SimulationInput,
    events: {} as SimulationEvent,
    emitted: {} as SimulationEmitted,
  },
  actors: {
    otherTabs: fromCallback<SimulationEvent, SimulationMode>(({ input, sendBack }) => {
      const sub = input.remoteChanges$.subscribe((on) => sendBack({ type: 'REMOTE_CHANGED', on }));
      return () => sub.unsubscribe();
    }),
  },
  guards: {
    flagIsOn: ({ context }) => context.simulation.isOn(),
    currentPageDisallowed: ({ context }) => !context.simulation.isAllowed(context.simulation.currentPath()),
    pathDisallowed: ({ context, event }) => event.type === 'NAVIGATE' && !context.simulation.isAllowed(event.path),
    turnedOnElsewhere: ({ event }) => event.type === 'REMOTE_CHANGED' && event.on,
    turnedOffElsewhere: ({ event }) => event.type === 'REMOTE_CHANGED' && !event.on,
  },
  actions: {
    setFlag: ({ context }) => context.simulation.setFlag(true),
    clearFlag: ({ context }) => context.simulation.setFlag(false),
    goToLanding: ({ context, event }) => {
      const locale = event.type === 'TURN_ON' ? event.locale : undefined;
      context.simulation.navigate(context.simulation.landingFor(context.simulation.currentPath(), locale));
    },
    redirectToLanding: ({ context, event }) => {
      const from = event.type === 'NAVIGATE' ? event.path : context.simulation.currentPath();
      context.simulation.navigate(context.simulation.landingFor(from));
    },
    emitRedirected: emit(({ context, event }) => {
      const from = event.type === 'NAVIGATE' ? event.path : context.simulation.currentPath();
      const locale = event.type === 'TURN_ON' ? event.locale : undefined;
      return { type: 'redirected' as const, to: context.simulation.landingFor(from, locale) };
    }),
    reload: ({ context }) => context.simulation.reload(),
    emitReloaded: emit({ type: 'reloaded' as const }),
  },
}).createMachine({
  id: 'simulation',
  context: ({ input }) => ({ simulation: input.simulation }),
  invoke: { src: 'otherTabs', input: ({ context }) => context.simulation },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'flagIsOn', target: 'on', actions: [] },
        { target: 'off' },
      ],
    },
    off: {
      on: {
        TURN_ON: { target: 'on', actions: ['setFlag', 'emitRedirected', 'goToLanding'] },
        REMOTE_CHANGED: { guard: 'turnedOnElsewhere', target: 'on', actions: ['emitRedirected', 'goToLanding'] },
      },
    },
    on: {
      initial: 'checkingPage',
      states: {
        checkingPage: {
          always: [{ guard: 'currentPageDisallowed', target: 'browsing', actions: ['emitRedirected', 'redirectToLanding'] }, { target: 'browsing' }],
        },
        browsing: {
          on: {
            NAVIGATE: { guard: 'pathDisallowed', actions: ['emitRedirected', 'redirectToLanding'] },
          },
        },
      },
      on: {
        TURN_OFF: { target: 'off', actions: ['clearFlag', 'emitReloaded', 'reload'] },
        REMOTE_CHANGED: { guard: 'turnedOffElsewhere', target: 'off', actions: ['emitReloaded', 'reload'] },
      },
    },
  },
});
