// The transition-table runner (issue 24): a machine's expected behaviour is written in the test as a table,
// state × event → next state, the events it emits and the effects that matter, and every row is driven through a
// real actor. Nothing is derived from the machine under test: the states are reached by steps the test writes
// down, their values are literals, and the table must name every state × event pair exactly once (a transition
// row or an ignored pair), so a removed, added or misdirected transition fails a row.
//
//   describeTransitionTable({
//     name: 'popup',
//     start: () => startPopup(),                       // a fresh actor (and its fakes) per row
//     states: { closed: { value: 'closed' }, shown: { value: { shown: 'opened' }, path: ['OPEN'] } },
//     events: { OPEN: { type: 'OPEN' }, 'after 100': { advance: 100 } },
//     rows: [['closed', 'OPEN', 'shown', [{ type: 'opened', zIndex: 1 }]]],
//     ignored: { closed: ['ESCAPE'], shown: ['OPEN'] },
//   });
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { InvalidArgumentError } from '../../core/errors/index.js';

/** An event as a table writes it: a type and any fields. */
export type TableEvent = { type: string; [field: string]: unknown };
/** One step of a table: an event sent to the actor, or time passed on its simulated clock. */
export type TableStep = TableEvent | { advance: number };

/** A running actor with what a table reads from it. */
export interface TableRun {
  actor: AnyActorRef;
  clock: SimulatedClock;
  /** Every event the actor emitted (`actor.on('*')`), in order. */
  emitted: EventObject[];
}

/** How a named state is reached from a fresh actor, and the snapshot it must then have. */
export interface TableState<E extends string> {
  /** The snapshot's exact value (a literal written in the test). */
  value: StateValue;
  /** Default 'active'; a final state is 'done'. */
  status?: 'active' | 'done';
  /** The steps from the start (names in `events`, or steps written out); default none. */
  path?: readonly (E | TableStep)[];
  /** Passed to `start` (a state that needs another input, e.g. a modal or a delay). */
  input?: unknown;
}

/**
 * One row: from a state, an event gives the next state, exactly these emitted events (default none) and, when the
 * table has `effects`, exactly this effects value (default: the effects are unchanged). The effects cell may be a
 * function of the effects before the event (`(e) => ({ ...e, reason: 'escape' })`) when only a part changes.
 */
export type TableRow<S extends string, E extends string> =
  | readonly [from: S, event: E, to: S]
  | readonly [from: S, event: E, to: S, emitted: readonly TableEvent[]]
  | readonly [from: S, event: E, to: S, emitted: readonly TableEvent[], effects: unknown];

export interface TransitionTableSpec<S extends string, E extends string> {
  /** The describe block's name: the machine and the rule (seed section) the table holds. */
  name: string;
  /** A fresh actor for one row; `input` is the state's input. Default: createActor(machine, { input, clock }). */
  start?: (input: unknown) => TableRun;
  machine?: AnyStateMachine;
  states: Record<S, TableState<E>>;
  events: Record<E, TableStep>;
  rows: readonly TableRow<S, E>[];
  /**
   * The events each state must ignore: value, status and context unchanged, nothing emitted, effects unchanged, and
   * `snapshot.can(event)` false (a UI may disable a control on it).
   */
  ignored: Partial<Record<S, readonly E[]>>;
  /**
   * Events a state takes without any change (a handler that sets a flag already set, a close of nothing): checked as
   * ignored, except that `can(event)` is true.
   */
  absorbed?: Partial<Record<S, readonly E[]>>;
  /** The observable effects besides the snapshot (what a fake scroll lock holds, a child's state): a plain value. */
  effects?: (run: TableRun) => unknown;
}

/** Starts `machine` on a simulated clock (a given one, when the input needs it too) and records what it emits. */
export function startRun(machine: AnyStateMachine, input?: unknown, clock = new SimulatedClock()): TableRun {
  const actor = createActor(machine, { input: input as never, clock }).start();
  const emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => void emitted.push(event));
  return { actor, clock, emitted };
}

/** Sends an event or advances the clock. */
export function step(run: TableRun, s: TableStep): void {
  if ('advance' in s && typeof s.advance === 'number') run.clock.increment(s.advance);
  else run.actor.send(s as EventObject);
}

/** Starts a run and walks `state`'s path: the run that each row of the table begins from. */
export function reach<S extends string, E extends string>(spec: TransitionTableSpec<S, E>, state: S): TableRun {
  const { input, path = [] } = spec.states[state];
  const run = spec.start ? spec.start(input) : startRun(spec.machine!, input);
  for (const s of path) step(run, typeof s === 'string' ? spec.events[s] : s);
  return run;
}

const expectedEffects = (cells: readonly unknown[], before: unknown) => {
  if (cells.length < 5) return before;
  const cell = cells[4];
  return typeof cell === 'function' ? (cell as (before: unknown) => unknown)(structuredClone(before)) : cell;
};

const snapshotOf = (run: TableRun) => run.actor.getSnapshot() as { value: StateValue; status: string; context: unknown; error?: unknown };

/** Fails unless the actor is in the named state (exact value and status). */
export function expectState<S extends string, E extends string>(spec: TransitionTableSpec<S, E>, run: TableRun, state: S): void {
  const snapshot = snapshotOf(run);
  expect(snapshot.error).toBeUndefined();
  expect({ value: snapshot.value, status: snapshot.status }).toStrictEqual({
    value: spec.states[state].value,
    status: spec.states[state].status ?? 'active',
  });
}

/**
 * Declares the table's tests: every state's path reaches its value; the table names each state × event pair once;
 * each row gives its next state, emitted events and effects; each ignored pair changes nothing.
 */
export function describeTransitionTable<S extends string, E extends string>(spec: TransitionTableSpec<S, E>): void {
  if (!spec.start && !spec.machine) throw new Error('a transition table needs `start` or `machine`');
  const stateNames = Object.keys(spec.states) as S[];
  const eventNames = Object.keys(spec.events) as E[];
  const ignoredPairs = stateNames.flatMap((s) => [
    ...(spec.ignored[s] ?? []).map((e) => [s, e, false] as const),
    ...(spec.absorbed?.[s] ?? []).map((e) => [s, e, true] as const),
  ]);

  describe(spec.name, () => {
    it.each(stateNames)('the path to %s reaches it', (state) => {
      expectState(spec, reach(spec, state), state);
    });

    it('names every state × event pair exactly once (a transition row or an ignored pair; final states take none)', () => {
      const named = [...spec.rows.map(([s, e]) => `${s} × ${e}`), ...ignoredPairs.map(([s, e]) => `${s} × ${e}`)];
      const expected = stateNames
        .filter((s) => (spec.states[s].status ?? 'active') === 'active')
        .flatMap((s) => eventNames.map((e) => `${s} × ${e}`));
      expect([...named].sort()).toStrictEqual([...expected].sort());
    });

    if (spec.rows.length > 0) {
      it.each(spec.rows.map((row) => [`${row[0]} × ${row[1]} → ${row[2]}`, row] as const))('%s', (_, row) => {
        const [from, event, to] = row;
        const cells = row as readonly unknown[];
        const emitted = (cells[3] ?? []) as readonly EventObject[];
        const run = reach(spec, from);
        const effectsBefore = spec.effects?.(run);
        run.emitted.length = 0;
        step(run, spec.events[event]);
        expectState(spec, run, to);
        expect(run.emitted).toStrictEqual(emitted);
        if (spec.effects) expect(spec.effects(run)).toStrictEqual(expectedEffects(cells, effectsBefore));
      });
    }

    if (ignoredPairs.length > 0) {
      it.each(ignoredPairs.map(([s, e, can]) => [`${s} ${can ? 'absorbs' : 'ignores'} ${e}`, s, e, can] as const))(
        '%s',
        (_, state, event, can) => {
          const run = reach(spec, state);
          const before = snapshotOf(run);
          const sent = spec.events[event];
          if (!('advance' in sent))
            expect((run.actor.getSnapshot() as { can: (e: EventObject) => boolean }).can(sent as EventObject)).toBe(can);
          const effectsBefore = spec.effects?.(run);
          run.emitted.length = 0;
          step(run, sent);
          const after = snapshotOf(run);
          expectState(spec, run, state);
          expect(after.context).toStrictEqual(before.context);
          expect(run.emitted).toStrictEqual([]);
          if (spec.effects) expect(spec.effects(run)).toStrictEqual(effectsBefore);
        },
      );
    }
  });
}

/** What `fn` throws (undefined when it returns). */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The error an actor of `machine` fails with when started on `input` (its context factory refusing the input). */
export function startError(machine: AnyStateMachine, input: unknown): unknown {
  const actor = createActor(machine, { input: input as never });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => void errors.push(error) });
  actor.start();
  expect(actor.getSnapshot().status).toBe('error');
  return errors[0];
}

/** Fails unless `error` is an InvalidArgumentError with exactly this message, naming exactly this field. */
export function expectInvalidArgument(error: unknown, message: string, field: string): void {
  expect(error).toBeInstanceOf(InvalidArgumentError);
  const { code, message: actual, extra } = error as InvalidArgumentError;
  expect({ code, message: actual, field: (extra as { field?: unknown } | undefined)?.field }).toStrictEqual({
    code: 'INVALID_ARGUMENT',
    message,
    field,
  });
}
