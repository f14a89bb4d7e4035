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

// Turning on (here or in another tab) lands on the futures page from a futures page, else the landing page.
function landingOf(simulation: SimulationMode, event: SimulationEvent): string {
  return simulation.landingFor(simulation.currentPath(), event.type === 'TURN_ON' ? event.locale : undefined);
}

// A disallowed page (the current one, or the one navigated to) goes to the simulation spot page.
function redirectOf(simulation: SimulationMode, event: SimulationEvent): string {
  return simulation.redirectFor(event.type === 'NAVIGATE' ? event.path : simulation.currentPath());
}

/**
 * Simulation (paper) trading mode (seed 001 §2, §4): turning on sets the flag and lands on the simulation
 * page (the futures page when turned on from a futures page); while on, a page off the allowed list
 * redirects to the simulation spot page; turning off clears the flag and reloads; a change made in
 * another tab reloads or redirects this one.
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
    emitLanding: emit(({ context, event }) => ({ type: 'redirected' as const, to: landingOf(context.simulation, event) })),
    goToLanding: ({ context, event }) => context.simulation.navigate(landingOf(context.simulation, event)),
    emitRedirected: emit(({ context, event }) => ({ type: 'redirected' as const, to: redirectOf(context.simulation, event) })),
    redirectToSpotPage: ({ context, event }) => context.simulation.navigate(redirectOf(context.simulation, event)),
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
        TURN_ON: { target: 'on', actions: ['setFlag', 'emitLanding', 'goToLanding'] },
        REMOTE_CHANGED: { guard: 'turnedOnElsewhere', target: 'on', actions: ['emitLanding', 'goToLanding'] },
      },
    },
    on: {
      initial: 'checkingPage',
      states: {
        checkingPage: {
          always: [{ guard: 'currentPageDisallowed', target: 'browsing', actions: ['emitRedirected', 'redirectToSpotPage'] }, { target: 'browsing' }],
        },
        browsing: {
          on: {
            NAVIGATE: { guard: 'pathDisallowed', actions: ['emitRedirected', 'redirectToSpotPage'] },
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
