import { getShortestPaths, getStateNodes } from '@xstate/graph';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

export interface WalkOptions<E extends EventObject> {
  input?: unknown;
  events: readonly E[];
  /** How a state is told apart (default: its value plus its status). */
  key?: (snapshot: SnapshotFrom<AnyStateMachine>) => string;
}

/** Walks a machine's shortest paths over `events`; returns every reachable snapshot and the events no reachable state takes. */
export function walk<E extends EventObject>(machine: AnyStateMachine, options: WalkOptions<E>) {
  const key = options.key ?? ((s) => `${JSON.stringify(s.value)}|${s.status}`);
  // Delayed transitions are walked too, by sending their `xstate.after.*` events directly.
  const timers = getStateNodes(machine.root).flatMap((node) => node.after.map((t) => ({ type: t.eventType })));
  const paths = getShortestPaths(machine, {
    input: options.input as never,
    events: [...options.events, ...timers] as never,
    serializeState: (s) => key(s),
  });
  const states = paths.map((p) => p.state as SnapshotFrom<AnyStateMachine>);
  const unhandled = [...new Set(options.events.map((e) => e.type))].filter(
    (type) => !states.some((s) => s.status === 'active' && s.can(options.events.find((e) => e.type === type)!)),
  );
  return { paths, states, values: states.map((s) => JSON.stringify(s.value)), unhandled };
}
