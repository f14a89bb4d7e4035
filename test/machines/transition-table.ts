// Transition tables for machine tests (issue 24): the expected behaviour is written in the test, state by state and
// event by event, and checked against a real actor, so a removed or misdirected transition fails. (The graph walks in
// graph.ts build their paths from the machine under test, so they check reachability, not transitions.)
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, EventObject, StateValue } from 'xstate';

/** A started actor in a known state, with everything it emitted so far. */
export interface TableRig {
  actor: AnyActorRef;
  emitted: EventObject[];
}

/** One expected transition: in `from`, the stimulus `on` leads to `to`, emitting exactly `emits`. */
export interface TransitionRow<R extends TableRig> {
  from: string;
  on: string;
  to: StateValue;
  /** The events the step emits, in order (none when omitted). */
  emits?: readonly ({ type: string } & Record<string, unknown>)[];
  /** Further checks on what the step did (context, calls made, services told). */
  then?: (rig: R) => void | Promise<void>;
}

export interface TransitionTable<R extends TableRig> {
  /** Brings a fresh actor into the named state (through real events, never by resolving a snapshot). */
  reach: (state: string) => R | Promise<R>;
  /** The stimuli by label: an event sent, or a fake actor answering. Awaited, then the table is checked. */
  stimuli: Record<string, (rig: R) => void | Promise<void>>;
  rows: readonly TransitionRow<R>[];
  /** Per state, the stimuli it must ignore: same state value, same context, nothing emitted. */
  ignored: Record<string, readonly string[]>;
  /** Per state, stimuli that cannot occur there (an actor answer where no actor runs); everything else must be listed. */
  impossible?: Record<string, readonly string[]>;
}

/** The state value an actor is in, for comparing with a row's `to`. */
const valueOf = (actor: AnyActorRef): StateValue => (actor.getSnapshot() as { value: StateValue }).value;

/**
 * Checks a machine against its table: each row through a fresh actor, each ignored stimulus too, and that the
 * table covers every state × stimulus (so a forgotten cell is a failing test, not a silent gap).
 */
export function checkTransitionTable<R extends TableRig>(name: string, table: TransitionTable<R>): void {
  const states = [...new Set([...table.rows.map((r) => r.from), ...Object.keys(table.ignored), ...Object.keys(table.impossible ?? {})])];
  describe(`${name}: transition table`, () => {
    it('the table names every stimulus × state exactly once (a row, ignored, or impossible)', () => {
      for (const state of states) {
        for (const label of Object.keys(table.stimuli)) {
          const cells =
            table.rows.filter((r) => r.from === state && r.on === label).length +
            (table.ignored[state]?.filter((l) => l === label).length ?? 0) +
            (table.impossible?.[state]?.filter((l) => l === label).length ?? 0);
          expect(cells, `${state} × ${label}`).toBe(1);
        }
      }
      for (const row of table.rows) expect(Object.keys(table.stimuli), `row ${row.from} × ${row.on}`).toContain(row.on);
    });

    it.each(table.rows.map((row) => [`${row.from} + ${row.on} → ${JSON.stringify(row.to)}`, row] as const))('%s', async (_title, row) => {
      const rig = await table.reach(row.from);
      const before = rig.emitted.length;
      await table.stimuli[row.on]!(rig);
      expect(valueOf(rig.actor)).toEqual(row.to);
      expect(rig.emitted.slice(before)).toStrictEqual(row.emits ?? []);
      await row.then?.(rig);
    });

    const ignored = Object.entries(table.ignored).flatMap(([state, labels]) => labels.map((label) => [`${state} ignores ${label}`, state, label] as const));
    it.each(ignored)('%s', async (_title, state, label) => {
      const rig = await table.reach(state);
      const snapshot = rig.actor.getSnapshot() as { value: StateValue; context: unknown; status: string };
      const value = snapshot.value;
      const context = { ...(snapshot.context as object) };
      const before = rig.emitted.length;
      await table.stimuli[label]!(rig);
      const after = rig.actor.getSnapshot() as { value: StateValue; context: unknown; status: string };
      expect(after.value).toEqual(value);
      expect(after.status).toBe(snapshot.status);
      expect(after.context).toStrictEqual(context);
      expect(rig.emitted.slice(before)).toStrictEqual([]);
    });
  });
}
