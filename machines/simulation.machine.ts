import { emit, enqueueActions, fromCallback, setup } from 'xstate';
import { guardCallback } from '../core/errors/guard-callback.js';
import type { ErrorReporter } from '../core/platform/types.js';
import type { SimulationMode } from '../core/simulation/simulation-mode.js';
import { isLocaleSegment } from '../core/simulation/paths.js';
import { takeErrorEvents } from './error-events.js';
import { BOOLEAN, REPORTER, STRING, fieldsOrThrow, fieldsOrUndefined, hasMethods, prop, required } from './fields.js';
import type { FieldRules } from './fields.js';

export interface SimulationInput {
  simulation: SimulationMode;
  /** Where a failing call into the simulation service is logged: the platform's error reporter (the console without one). */
  errors?: ErrorReporter;
}

export interface SimulationContext {
  simulation: SimulationMode;
  errors: ErrorReporter | undefined;
}

export type SimulationEvent =
  | { type: 'TURN_ON'; locale?: string }
  | { type: 'TURN_OFF' }
  | { type: 'NAVIGATE'; path: string }
  | { type: 'REMOTE_CHANGED'; on: boolean };

export type SimulationEmitted = { type: 'redirected'; to: string } | { type: 'reloaded' };

const SERVICE_METHODS = ['isOn', 'setFlag', 'isAllowed', 'landingFor', 'redirectFor', 'currentPath', 'navigate', 'reload'];
const inputRules: FieldRules<SimulationInput> = {
  simulation: {
    check: (v) => hasMethods(...SERVICE_METHODS)(v) && hasMethods('subscribe')(prop(v, 'remoteChanges$')),
    expect: 'a simulation-mode service (createSimulationMode)',
    required: true,
  },
  errors: REPORTER,
};

/** A TURN_ON's locale: one path segment ('zh-CN'), or '' for none; any other value makes the event malformed. */
const LOCALE_SEGMENT = { check: isLocaleSegment, expect: "one path segment of letters, digits, '-' and '_'" };

// Malformed events are ignored: their fields are read once, checked, by these.
const turnOnOf = (event: SimulationEvent) =>
  event.type === 'TURN_ON' ? fieldsOrUndefined<{ locale?: string }>(event, { locale: LOCALE_SEGMENT }) : undefined;
const pathOf = (event: SimulationEvent) =>
  event.type === 'NAVIGATE' ? fieldsOrUndefined<{ path: string }>(event, { path: required(STRING) })?.path : undefined;
const remoteOf = (event: SimulationEvent) =>
  // Stryker disable next-line ConditionalExpression: remoteOf runs only in the REMOTE_CHANGED transitions' guards, so the type check never
  // sees another event
  event.type === 'REMOTE_CHANGED' ? fieldsOrUndefined<{ on: boolean }>(event, { on: required(BOOLEAN) })?.on : undefined;

/**
 * Calls the simulation service guarded: it may be the caller's own (or fail on its storage or location), and a
 * throw must neither stop the machine nor vanish, so it is logged and `fallback` stands in for the answer.
 */
function call<T>(context: SimulationContext, name: string, run: (simulation: SimulationMode) => T, fallback: T): T {
  const result = guardCallback(`simulation.${name}`, () => run(context.simulation), context.errors);
  return result.ok ? result.value : fallback;
}

// Turning on (here or in another tab) lands on the futures page from a futures page, else the landing page.
function landingOf(context: SimulationContext, event: SimulationEvent): string | undefined {
  const locale = turnOnOf(event)?.locale;
  return call(context, 'landingFor', (s) => s.landingFor(s.currentPath(), locale), undefined);
}

// A disallowed page (the current one, or the one navigated to) goes to the simulation spot page.
function redirectOf(context: SimulationContext, event: SimulationEvent): string | undefined {
  const path = pathOf(event);
  return call(context, 'redirectFor', (s) => s.redirectFor(path ?? s.currentPath()), undefined);
}

/**
 * Simulation (paper) trading mode (spec §S2, §S4): turning on sets the flag and lands on the simulation
 * page (the futures page when turned on from a futures page); while on, a page off the allowed list
 * redirects to the simulation spot page; turning off clears the flag and reloads; a change made in
 * another tab reloads or redirects this one.
 */
export const simulationMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` carries TypeScript types only; XState ignores its value at run time
  types: {
    input: {} as SimulationInput,
    context: {} as SimulationContext,
    events: {} as SimulationEvent,
    emitted: {} as SimulationEmitted,
  },
  actors: {
    otherTabs: fromCallback<SimulationEvent, SimulationContext>(({ input, sendBack }) => {
      const sub = input.simulation.remoteChanges$.subscribe({
        next: (on) => sendBack({ type: 'REMOTE_CHANGED', on }),
        // A failing change feed ends cross-tab following; it is logged, never thrown at the host.
        error: (error: unknown) =>
          guardCallback(
            'simulation.remoteChanges$',
            () => {
              throw error;
            },
            input.errors,
          ),
      });
      return () => sub.unsubscribe();
    }),
  },
  guards: {
    flagIsOn: ({ context }) => call(context, 'isOn', (s) => s.isOn(), false),
    currentPageDisallowed: ({ context }) => !call(context, 'isAllowed', (s) => s.isAllowed(s.currentPath()), true),
    pathDisallowed: ({ context, event }) => {
      const path = pathOf(event);
      return path !== undefined && !call(context, 'isAllowed', (s) => s.isAllowed(path), true);
    },
    validTurnOn: ({ event }) => turnOnOf(event) !== undefined,
    turnedOnElsewhere: ({ event }) => remoteOf(event) === true,
    turnedOffElsewhere: ({ event }) => remoteOf(event) === false,
  },
  actions: {
    setFlag: ({ context }) => call(context, 'setFlag', (s) => s.setFlag(true), undefined),
    clearFlag: ({ context }) => call(context, 'setFlag', (s) => s.setFlag(false), undefined),
    // A page the service could not work out (its throw is logged) is neither announced nor visited.
    emitLanding: enqueueActions(({ context, event, enqueue }) => {
      const to = landingOf(context, event);
      if (to !== undefined) enqueue.emit({ type: 'redirected', to });
    }),
    goToLanding: ({ context, event }) => {
      const to = landingOf(context, event);
      if (to !== undefined) call(context, 'navigate', (s) => s.navigate(to), undefined);
    },
    emitRedirected: enqueueActions(({ context, event, enqueue }) => {
      const to = redirectOf(context, event);
      if (to !== undefined) enqueue.emit({ type: 'redirected', to });
    }),
    redirectToSpotPage: ({ context, event }) => {
      const to = redirectOf(context, event);
      if (to !== undefined) call(context, 'navigate', (s) => s.navigate(to), undefined);
    },
    reload: ({ context }) => call(context, 'reload', (s) => s.reload(), undefined),
    emitReloaded: emit({ type: 'reloaded' as const }),
  },
}).createMachine({
  id: 'simulation',
  // The service is required (there is no default page to run on): a missing or malformed one is an
  // InvalidArgumentError naming `simulation`.
  context: ({ input }) => {
    const checked = fieldsOrThrow<SimulationInput>('simulation', input ?? {}, inputRules, 'input');
    return { simulation: checked.simulation, errors: checked.errors };
  },
  invoke: { src: 'otherTabs', input: ({ context }) => context },
  initial: 'starting',
  on: takeErrorEvents,
  states: {
    starting: {
      always: [
        // Stryker disable next-line ArrayDeclaration: XState v5 skips an action name no implementation provides, so a filled list changes
        // nothing
        { guard: 'flagIsOn', target: 'on', actions: [] },
        { target: 'off' },
      ],
    },
    off: {
      on: {
        TURN_ON: { guard: 'validTurnOn', target: 'on', actions: ['setFlag', 'emitLanding', 'goToLanding'] },
        REMOTE_CHANGED: { guard: 'turnedOnElsewhere', target: 'on', actions: ['emitLanding', 'goToLanding'] },
      },
    },
    on: {
      initial: 'checkingPage',
      states: {
        checkingPage: {
          always: [
            { guard: 'currentPageDisallowed', target: 'browsing', actions: ['emitRedirected', 'redirectToSpotPage'] },
            { target: 'browsing' },
          ],
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
