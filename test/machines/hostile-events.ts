// Shared fuzzing support for "no actor ever dies" (issue 18 §2): hostile values, well-formed and malformed events
// built from a per-machine spec, a counting SimulatedClock, and a runner that checks an actor after every step.
// Any machine's property test can use it: describe its events as an EventSpec list and hand over the actor.
import fc from 'fast-check';
import { expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { CALLBACK_FAILED_EVENT, UserCallbackError } from '../../core/errors/index.js';
import type { ErrorReport, ErrorReporter } from '../../core/platform/types.js';
import { ACTOR_ERROR_EVENT } from '../../machines/error-events.js';
import { inputClasses } from '../support/input-classes.js';

/** A 1 MiB string: a field that is "a string" but far larger than any screen shows. */
export const HUGE_STRING = 'x'.repeat(1 << 20);

/** An object whose named properties throw when read (and that prints safely in a counterexample). */
export function throwingGetters(keys: readonly string[] = ['value']): Record<string, unknown> {
  const out: Record<string | symbol, unknown> = {};
  for (const key of keys) {
    Object.defineProperty(out, key, {
      enumerable: true,
      get() {
        throw new Error(`getter ${key} threw`);
      },
    });
  }
  out[fc.toStringMethod] = () => `throwingGetters(${keys.join(',')})`;
  return out;
}

/** Values a careless caller or a fuzzer puts where a field should be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    undefined,
    Number.NaN,
    Infinity,
    -Infinity,
    -1,
    -0,
    0,
    2 ** 31,
    2 ** 53,
    1e308,
    '',
    HUGE_STRING,
    true,
    false,
    10n,
    Symbol('hostile'),
    [],
    {},
    Object.create(null),
    () => 1,
    new Date(Number.NaN),
    /x/g,
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(null).map(() => throwingGetters(['value', 'id', 'then', 'type', 'message'])),
);

/** One event type of a machine: its name and, for each field, what a well-formed value looks like. */
export interface EventSpec {
  type: string;
  fields?: Record<string, fc.Arbitrary<unknown>>;
  /** Fields that may be left out of a well-formed event. */
  optional?: readonly string[];
}

/** Well-formed events of the given specs. */
export function wellFormedEvent(specs: readonly EventSpec[]): fc.Arbitrary<EventObject> {
  return fc.oneof(
    ...specs.map((spec) => {
      const fields = spec.fields ?? {};
      return fc
        .record(fields, { requiredKeys: Object.keys(fields).filter((k) => !spec.optional?.includes(k)) })
        .map((record) => ({ type: spec.type, ...record }) as EventObject);
    }),
  );
}

/**
 * Malformed events: a known type with a field missing, replaced by a hostile value or behind a throwing getter,
 * extra junk fields, and unknown types. The event itself is always an object with a string `type`: XState's own
 * contract, which it enforces by stopping the actor (`send(null)`, `{}`, `{ type: 5 }` are outside any machine's reach).
 */
export function malformedEvent(specs: readonly EventSpec[]): fc.Arbitrary<EventObject> {
  const withFields = specs.filter((s) => Object.keys(s.fields ?? {}).length > 0);
  const known = specs.map((s) => s.type);
  const variants: fc.Arbitrary<EventObject>[] = [
    // Unknown types, including ones that look like XState's own.
    fc
      .oneof(
        fc.string(),
        fc.constantFrom('xstate.init', 'xstate.done.actor.x', 'xstate.error.actor.x', 'xstate.after.1.x', 'UNKNOWN', HUGE_STRING),
      )
      .filter((type) => type !== '*' && !type.endsWith('.*') && !known.includes(type))
      .map((type) => ({ type })),
    // A known type with junk beside it. Not under toString or valueOf: XState's development build writes an event
    // sent to a stopped actor into a warning with JSON.stringify, then String(), and an event that defeats both
    // (a getter that throws, a toString that is no function) makes XState's send() throw before any machine sees it.
    fc
      .tuple(
        fc.constantFrom(...known),
        fc.dictionary(
          fc.string().filter((key) => key !== 'toString' && key !== 'valueOf'),
          hostileValue,
          { maxKeys: 3 },
        ),
      )
      .map(([type, junk]) => ({ ...junk, type })),
  ];
  if (withFields.length > 0) {
    variants.push(
      // A known type with every field missing.
      fc.constantFrom(...withFields).map((spec) => ({ type: spec.type })),
      // One field replaced by a hostile value.
      fc
        .constantFrom(...withFields)
        .chain((spec) =>
          fc
            .tuple(wellFormedEvent([spec]), fc.constantFrom(...Object.keys(spec.fields!)), hostileValue)
            .map(([event, key, value]) => ({ ...event, [key]: value })),
        ),
      // One field behind a throwing getter.
      fc.constantFrom(...withFields).chain((spec) =>
        fc.tuple(wellFormedEvent([spec]), fc.constantFrom(...Object.keys(spec.fields!))).map(([event, key]) => {
          const out = { ...event } as Record<string | symbol, unknown>;
          delete out[key];
          Object.defineProperty(out, key, {
            enumerable: true,
            get() {
              throw new Error(`getter ${key} threw`);
            },
          });
          out[fc.toStringMethod] = () => `{ type: ${spec.type}, ${key}: <throwing getter> }`;
          return out as EventObject;
        }),
      ),
    );
  }
  return fc.oneof(...variants);
}

/** A step of a hostile run: send an event, or let time pass on the simulated clock. */
export type Step<A = never> = { kind: 'event'; event: EventObject } | { kind: 'advance'; ms: number } | { kind: 'call'; call: A };

/** Times worth advancing by: the machines' own delays, around them, and long stretches. */
export const advanceMs: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 1, 16, 199, 200, 201, 300, 500, 2999, 3000, 4000, 60_000),
  fc.integer({ min: 0, max: 10_000 }),
);

/** Random steps mixing well-formed events, malformed events, time and (optionally) imperative API calls. */
export function hostileSteps<A = never>(specs: readonly EventSpec[], calls?: fc.Arbitrary<A>, maxLength = 40): fc.Arbitrary<Step<A>[]> {
  const step: fc.Arbitrary<Step<A>>[] = [
    wellFormedEvent(specs).map((event) => ({ kind: 'event' as const, event })),
    wellFormedEvent(specs).map((event) => ({ kind: 'event' as const, event })),
    malformedEvent(specs).map((event) => ({ kind: 'event' as const, event })),
    advanceMs.map((ms) => ({ kind: 'advance' as const, ms })),
  ];
  if (calls)
    step.push(
      calls.map((call) => ({ kind: 'call' as const, call })),
      calls.map((call) => ({ kind: 'call' as const, call })),
    );
  // 'max' lets runs reach the full length: fast-check's default size keeps arrays to about ten items.
  return fc.array(fc.oneof(...step), { maxLength, size: 'max' });
}

/** XState's SimulatedClock that also counts the timers it runs and the ones still pending. */
export class CountingClock extends SimulatedClock {
  /** Timers that have run. */
  fired = 0;
  private readonly live = new Set<unknown>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.live.delete(id);
      this.fired++;
      fn();
    }, timeout) as unknown as number;
    this.live.add(id);
    return id;
  }

  override clearTimeout(id: unknown): void {
    this.live.delete(id);
    super.clearTimeout(id as never);
  }

  /** Timers scheduled and neither run nor cleared. */
  get pending(): number {
    return this.live.size;
  }
}

/** An error reporter that keeps what it is given (the platform logger of a test). */
export function recordingReporter(): ErrorReporter & { reports: ErrorReport[] } {
  const reports: ErrorReport[] = [];
  return { reports, report: (report) => void reports.push(report) };
}

/** Every report is a failed callback logged as a typed UserCallbackError, or an `xstate.error.*` event a machine took. */
export function expectTypedReports(reports: readonly ErrorReport[]): void {
  for (const report of reports) {
    expect([CALLBACK_FAILED_EVENT, ACTOR_ERROR_EVENT]).toContain(report.event);
    if (report.event === CALLBACK_FAILED_EVENT) expect(report.error).toBeInstanceOf(UserCallbackError);
  }
}

/** Fails when the actor or any actor below it is in `error`. */
export function expectAlive(actor: AnyActorRef): void {
  const snapshot = actor.getSnapshot() as { status: string; children?: Record<string, AnyActorRef | undefined> };
  expect(snapshot.status).not.toBe('error');
  for (const child of Object.values(snapshot.children ?? {})) if (child) expectAlive(child);
}

/** A state value as the dotted paths of its leaf states: `{ open: 'visible' }` is `['open.visible']`. */
export function statePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined ? [`${prefix}${key}`] : statePaths(inner, `${prefix}${key}.`),
  );
}

/**
 * What a machine's hostile runs reach: every leaf state of the machine (each region's, for a parallel state) is a
 * class, seen when the actor is in it after a step. A generator that never brings the actor into a state leaves
 * that state's events unfuzzed, so `expectEachReached` fails on it; `unreachable` names the states no event leads to.
 */
export function stateCoverage(machine: AnyStateMachine, unreachable: readonly string[] = []) {
  type Node = { key: string; states: Record<string, Node>; always?: readonly { guard?: unknown }[] };
  // A state with an unguarded eventless transition is left at once: passed through within a step, never rested in.
  const leaves = (node: Node, prefix: string): string[] =>
    Object.keys(node.states).length === 0
      ? (node.always ?? []).some((transition) => transition.guard === undefined)
        ? []
        : [prefix]
      : Object.values(node.states).flatMap((child) => leaves(child, prefix === '' ? child.key : `${prefix}.${child.key}`));
  const all = leaves(machine.root as unknown as Node, '');
  expect(
    unreachable.filter((path) => !all.includes(path)),
    'unreachable states the machine does not have',
  ).toEqual([]);
  const counter = inputClasses<readonly string[]>(
    Object.fromEntries(all.filter((path) => !unreachable.includes(path)).map((path) => [path, (paths) => paths.includes(path)])),
  );
  return {
    see: (actor: AnyActorRef) => counter.see(statePaths((actor.getSnapshot() as { value: StateValue }).value)),
    expectEachReached: () => counter.expectEachDrawn(),
  };
}

export interface HostileRun<A> {
  actor: AnyActorRef;
  /** Counts the states the actor is in after each step (see `stateCoverage`). */
  states?: { see: (actor: AnyActorRef) => void };
  /** Moves the other clocks the run depends on (a platform's timers) with the actor's. */
  onAdvance?: (ms: number) => void;
  clock: CountingClock;
  steps: readonly Step<A>[];
  /** Runs one imperative API call; it may throw only the errors `allowedError` accepts. */
  call?: (call: A) => void;
  /** Which thrown errors an API call may raise (a typed refusal of a bad argument). */
  allowedError?: (error: unknown) => boolean;
}

/**
 * Runs the steps against a started actor: no step may throw (an API call only its typed refusal), the actor
 * and its children stay out of `error` after every step, and no error reaches an observer. Promise callbacks
 * get a turn after every step.
 */
export async function runHostile<A>(run: HostileRun<A>): Promise<void> {
  const errors: unknown[] = [];
  const sub = run.actor.subscribe({ error: (error) => errors.push(error) });
  for (const step of run.steps) {
    if (step.kind === 'event') run.actor.send(step.event);
    else if (step.kind === 'advance') {
      run.clock.increment(step.ms);
      run.onAdvance?.(step.ms);
    } else {
      try {
        run.call?.(step.call);
      } catch (error) {
        if (!run.allowedError?.(error)) throw error;
      }
    }
    await flush();
    expectAlive(run.actor);
    run.states?.see(run.actor);
  }
  expect(errors).toEqual([]);
  sub.unsubscribe();
}

/** After `stop()`: nothing is pending and advancing time runs no timer and changes nothing. */
export function expectQuietAfterStop(actor: AnyActorRef, clock: CountingClock): void {
  actor.stop();
  const fired = clock.fired;
  const snapshot = actor.getSnapshot();
  expect(clock.pending).toBe(0);
  clock.increment(2 ** 31);
  expect(clock.fired).toBe(fired);
  expect(actor.getSnapshot()).toBe(snapshot);
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
