// The framework-free half of the machine inspector: watches running actors through XState v5's inspection
// API (`actor.system.inspect`) and records, per actor, its state, the events it received with the
// transitions they took and the context changes they made (a bounded log), and the events its current
// state accepts. Any view layer reads `views()` and `subscribe`s; React's is `MachineInspector`.
// Everything an actor or a listener does is guarded: an inspector must never be what breaks the app.
import type { AnyActorRef } from 'xstate';
import { guardCallback, reportCallbackError, UserCallbackError } from '../../core/errors/guard-callback.js';
import type { Guarded } from '../../core/errors/guard-callback.js';
import type { ErrorReporter } from '../../core/platform/types.js';
import type { InvalidArgumentError } from '../../core/errors/index.js';
import { invalidArgument, isRecord } from '../../core/validate/describe-value.js';
import { acceptedEvents, activeStatePaths } from './accepted-events.js';
import type { AcceptedEvent } from './accepted-events.js';
import { DEFAULT_DIFF_LIMIT, diffContext } from './context-diff.js';
import type { ContextChange } from './context-diff.js';
import { previewValue } from './preview-value.js';

/** Log entries kept per actor unless `logLimit` says otherwise. */
export const DEFAULT_LOG_LIMIT = 100;
/** The most log entries or diff changes an option may ask for. */
export const MAX_INSPECTOR_LIMIT = 10_000;

export interface InspectorOptions {
  /** Log entries kept per actor, oldest dropped first; 100 by default, 1 to 10,000. */
  logLimit?: number;
  /** Context changes kept per log entry; 50 by default, 1 to 10,000. */
  diffLimit?: number;
  /** Where a throwing listener or actor is reported (the console when none is given). */
  errors?: ErrorReporter;
}

/** One transition taken: from a state node to its targets (none for a targetless transition). */
export interface InspectedTransition {
  readonly eventType: string;
  /** The source state's path, `activity.idle`; '' for the machine itself. */
  readonly source: string;
  readonly targets: readonly string[];
}

/** One event an actor processed, with what it did. */
export interface InspectorLogEntry {
  /** Increasing per actor, from 1. */
  readonly seq: number;
  readonly eventType: string;
  /** A bounded preview of the event's other fields ('' when it has none). */
  readonly payload: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly transitions: readonly InspectedTransition[];
  readonly changes: readonly ContextChange[];
  /** Whether the diff was cut at `diffLimit` changes. */
  readonly changesTruncated: boolean;
}

/** How an actor is being recorded: its system's inspection events, only its snapshots, or not at all. */
export type RecordingMode = 'inspect' | 'subscribe' | 'none';

/** What the inspector knows of one watched actor; a new object whenever any of it changes. */
export interface InspectedActor {
  readonly name: string;
  readonly actorId: string;
  /** The machine the actor runs (its `logic`), when it runs one; for drawing its diagram. */
  readonly machine: unknown;
  /** The snapshot's status: 'active', 'done', 'error', 'stopped', or 'unknown' when it cannot be read. */
  readonly status: string;
  readonly value: unknown;
  /** The active state paths, parents first. */
  readonly activeStates: readonly string[];
  readonly accepted: readonly AcceptedEvent[];
  /** Oldest first, at most `logLimit` entries. */
  readonly log: readonly InspectorLogEntry[];
  readonly recording: RecordingMode;
  /** What could not be read or attached, if anything. */
  readonly problem?: string;
}

export interface Inspector {
  /** Starts recording `actor` under `name` (replacing the actor watched under that name). */
  watch(name: string, actor: AnyActorRef): void;
  /** Stops recording the actor under `name`; unknown names are ignored. */
  unwatch(name: string): void;
  /** Every watched actor, in the order they were watched; the same array until something changes. */
  views(): readonly InspectedActor[];
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Sends `event` to the actor under `name`; an actor that throws gives `{ ok: false }`, never a throw. */
  send(name: string, event: { type: string }): Guarded<void>;
  /** Empties the log of the actor under `name`. */
  clearLog(name: string): void;
  /** Stops recording every actor and drops every listener. */
  dispose(): void;
}

const OWNER = 'inspector';

function readLimit(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_INSPECTOR_LIMIT) {
    throw invalidArgument(field, `an integer from 1 to ${MAX_INSPECTOR_LIMIT}`, value, OWNER);
  }
  return value;
}

function pathOf(node: unknown): string {
  const path = (node as { path?: unknown } | null)?.path;
  return Array.isArray(path) ? path.join('.') : '';
}

/** The transitions of a microstep, read defensively: they come from XState's internals (`_transitions`). */
function transitionsOf(list: unknown): InspectedTransition[] {
  if (!Array.isArray(list)) return [];
  return list.map((t: { eventType?: unknown; source?: unknown; target?: unknown }) => ({
    eventType: typeof t?.eventType === 'string' ? t.eventType : '',
    source: pathOf(t?.source),
    targets: Array.isArray(t?.target) ? t.target.map(pathOf) : [],
  }));
}

function eventParts(event: unknown): { eventType: string; payload: string } {
  if (!isRecord(event)) return { eventType: '(unknown)', payload: '' };
  try {
    const { type, ...rest } = event;
    return { eventType: typeof type === 'string' ? type : '(unknown)', payload: Object.keys(rest).length ? previewValue(rest) : '' };
  } catch {
    return { eventType: '(unreadable)', payload: '' };
  }
}

function isMachine(logic: unknown): boolean {
  return (
    isRecord(logic) &&
    isRecord((logic as { root?: unknown }).root) &&
    typeof (logic as { getStateNodeById?: unknown }).getStateNodeById === 'function'
  );
}

const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) =>
  a.length === b.length && a.every((x, i) => same(x, b[i]!));

/** Whether two views of one actor show the same: its state (by its active paths), status, events, log and problem. */
function sameView(a: InspectedActor, b: InspectedActor): boolean {
  return (
    a.status === b.status &&
    // Stryker disable next-line ConditionalExpression: update() builds `next` from the current view, so its recording mode never differs
    a.recording === b.recording &&
    a.problem === b.problem &&
    // Stryker disable next-line ConditionalExpression: update() hands `next` the current view's log, so the two logs are one array
    a.log === b.log &&
    // Stryker disable next-line ConditionalExpression: update() builds `next` from the current view, so its machine never differs
    a.machine === b.machine &&
    sameList(a.activeStates, b.activeStates, (x, y) => x === y) &&
    sameList(a.accepted, b.accepted, (x, y) => x.type === y.type && x.enabled === y.enabled)
  );
}

interface Watched {
  readonly name: string;
  readonly actor: AnyActorRef;
  view: InspectedActor;
  logged: unknown;
  pending: InspectedTransition[];
  seq: number;
  readonly stops: Array<() => void>;
}

/** The error `watch` throws for this name and actor, or undefined when it can watch them (for a UI listing unwatchable entries). */
export function watchProblem(name: unknown, actor: unknown): InvalidArgumentError | undefined {
  if (typeof name !== 'string' || name === '') return invalidArgument('name', 'a non-empty string', name, `${OWNER}.watch`);
  let usable = false;
  try {
    const a = actor as Partial<Record<'send' | 'subscribe' | 'getSnapshot', unknown>> | null;
    usable =
      typeof a === 'object' &&
      // Stryker disable next-line ConditionalExpression: for null the next test's `a.send` throws, and the catch below answers false
      a !== null &&
      typeof a.send === 'function' &&
      typeof a.subscribe === 'function' &&
      typeof a.getSnapshot === 'function';
  } catch {
    usable = false;
  }
  return usable ? undefined : invalidArgument('actor', 'an actor ref (send, subscribe, getSnapshot)', actor, `${OWNER}.watch`);
}

/**
 * Creates an inspector; `watch` the actors it should record. Throws InvalidArgumentError for a limit out of range.
 *
 * @example
 * ```ts
 * const inspector = createInspector();
 * inspector.watch('dialog', dialogActor);
 * const stop = inspector.subscribe(() => console.log(inspector.views()));
 * ```
 */
export function createInspector(options: InspectorOptions = {}): Inspector {
  if (!isRecord(options)) throw invalidArgument('options', 'an object', options, OWNER);
  const given: InspectorOptions = options;
  const logLimit = readLimit('logLimit', given.logLimit, DEFAULT_LOG_LIMIT);
  const diffLimit = readLimit('diffLimit', given.diffLimit, DEFAULT_DIFF_LIMIT);
  const errors = given.errors;
  const watched = new Map<string, Watched>();
  const listeners = new Set<() => void>();
  let list: readonly InspectedActor[] = [];

  const report = (what: string, cause: unknown) => reportCallbackError(errors, new UserCallbackError(what, cause));

  // A new array (and a call to the listeners) only when a shown view changed: an actor's system reports every
  // child actor's events too, and a store that changed on each of them would re-render the view for nothing.
  const notify = () => {
    const next = [...watched.values()].map((w) => w.view);
    if (next.length === list.length && next.every((view, i) => view === list[i])) return;
    list = next;
    for (const listener of [...listeners]) guardCallback('inspector listener', listener, errors);
  };

  /** Sets `w.view` to `next` unless it shows the same as the current view (the current object is kept then). */
  const update = (w: Watched, next: InspectedActor) => {
    if (!sameView(w.view, next)) w.view = next;
  };

  /** The current state of `w`'s actor, from `snapshot` (read again from the actor when not given). */
  const describe = (w: Watched, snapshot: unknown, problem?: string): InspectedActor => {
    let status = 'unknown';
    let value: unknown;
    try {
      const s = snapshot as { status?: unknown; value?: unknown };
      status = typeof s.status === 'string' ? s.status : 'unknown';
      value = s.value;
    } catch (cause) {
      problem ??= `the snapshot could not be read: ${previewValue(cause)}`;
    }
    const view: InspectedActor = {
      ...w.view,
      status,
      value,
      activeStates: activeStatePaths(value),
      accepted: acceptedEvents(snapshot),
    };
    if (problem !== undefined) return { ...view, problem };
    return view;
  };

  const record = (w: Watched, event: unknown, snapshot: unknown) => {
    const before = w.logged;
    w.logged = snapshot;
    const { eventType, payload } = eventParts(event);
    const read = (s: unknown, key: 'value' | 'context') => {
      try {
        // Stryker disable next-line OptionalChaining: reading a field of undefined throws into the catch below, which answers undefined
        return (s as Record<string, unknown> | undefined)?.[key];
      } catch {
        return undefined;
      }
    };
    const diff = diffContext(read(before, 'context'), read(snapshot, 'context'), { limit: diffLimit });
    const entry: InspectorLogEntry = {
      seq: ++w.seq,
      eventType,
      payload,
      from: read(before, 'value'),
      to: read(snapshot, 'value'),
      transitions: w.pending,
      changes: diff.changes,
      changesTruncated: diff.truncated,
    };
    w.pending = [];
    const log = [...w.view.log, entry];
    // The oldest entries past logLimit go (a count of 0 or less removes none).
    log.splice(0, log.length - logLimit);
    w.view = { ...describe(w, snapshot), log };
  };

  // Runs a handler the actor's system calls; whatever goes wrong stays here, so the actor never sees it.
  const guarded = (what: string, w: Watched, run: () => void) => {
    try {
      if (watched.get(w.name) !== w) return;
      run();
    } catch (cause) {
      report(what, cause);
      return;
    }
    notify();
  };

  const attach = (w: Watched) => {
    const actor = w.actor;
    let recording: RecordingMode = 'none';
    let problem: string | undefined;
    let system: { inspect?: unknown } | undefined;
    try {
      system = (actor as { system?: { inspect?: unknown } }).system;
    } catch {
      system = undefined;
    }
    if (system && typeof system.inspect === 'function') {
      try {
        const sub = (system.inspect as AnyActorRef['system']['inspect'])({
          next: (event) =>
            guarded('inspection', w, () => {
              if (event.actorRef !== actor) return;
              if (event.type === '@xstate.microstep')
                w.pending = [...w.pending, ...transitionsOf((event as { _transitions?: unknown })._transitions)];
              else if (event.type === '@xstate.snapshot') record(w, event.event, event.snapshot);
            }),
        });
        w.stops.push(() => sub.unsubscribe());
        recording = 'inspect';
      } catch (cause) {
        problem = `system.inspect threw: ${previewValue(cause)}`;
      }
    }
    const mode = recording;
    const onSnapshot = (snapshot: unknown) =>
      guarded('actor subscription', w, () => {
        // With inspection, XState reports each snapshot to the system right after its observers, with its
        // event: the entry is recorded then, once (a view here first would make two changes of one event).
        if (mode === 'inspect') return;
        // Without inspection events the snapshots are all there is: log each change, its event unknown.
        if (snapshot !== w.logged) record(w, undefined, snapshot);
        else update(w, { ...describe(w, snapshot), log: w.view.log });
      });
    const onEnd = () =>
      guarded('actor subscription', w, () => {
        update(w, { ...describe(w, actor.getSnapshot()), log: w.view.log });
      });
    try {
      const sub = actor.subscribe({ next: onSnapshot, error: onEnd, complete: onEnd });
      w.stops.push(() => sub.unsubscribe());
      if (recording === 'none') recording = 'subscribe';
    } catch (cause) {
      problem ??= `subscribe threw: ${previewValue(cause)}`;
    }
    w.view = { ...w.view, recording };
    let snapshot: unknown;
    try {
      snapshot = actor.getSnapshot();
      w.logged = snapshot;
    } catch (cause) {
      problem ??= `getSnapshot threw: ${previewValue(cause)}`;
    }
    w.view = describe(w, snapshot, problem);
  };

  const detach = (w: Watched) => {
    for (const stop of w.stops.splice(0)) {
      try {
        stop();
      } catch (cause) {
        report('unsubscribe', cause);
      }
    }
  };

  const find = (name: unknown, owner: string): Watched => {
    const w = typeof name === 'string' ? watched.get(name) : undefined;
    if (!w) throw invalidArgument('name', 'the name of a watched actor', name, `${OWNER}.${owner}`);
    return w;
  };

  return {
    watch(name, actor) {
      const problem = watchProblem(name, actor);
      if (problem) throw problem;
      const previous = watched.get(name);
      if (previous?.actor === actor) return;
      if (previous) detach(previous);
      let actorId = '';
      let machine: unknown;
      try {
        actorId = typeof actor.id === 'string' ? actor.id : '';
        const logic = (actor as { logic?: unknown }).logic;
        machine = isMachine(logic) ? logic : undefined;
      } catch {
        // An actor whose fields throw is still watched; it just has no id or diagram.
      }
      const w: Watched = {
        name,
        actor,
        logged: undefined,
        pending: [],
        seq: 0,
        stops: [],
        view: { name, actorId, machine, status: 'unknown', value: undefined, activeStates: [], accepted: [], log: [], recording: 'none' },
      };
      watched.set(name, w);
      attach(w);
      notify();
    },
    unwatch(name) {
      const w = watched.get(name);
      if (!w) return;
      watched.delete(name);
      detach(w);
      notify();
    },
    views: () => list,
    subscribe(listener) {
      if (typeof listener !== 'function') throw invalidArgument('listener', 'a function', listener, `${OWNER}.subscribe`);
      const own = () => listener();
      listeners.add(own);
      return () => void listeners.delete(own);
    },
    send(name, event) {
      const w = find(name, 'send');
      let type: unknown;
      try {
        type = isRecord(event) ? event.type : undefined;
      } catch {
        type = undefined;
      }
      if (typeof type !== 'string' || type === '')
        throw invalidArgument('event', 'an object with a non-empty string type', event, `${OWNER}.send`);
      return guardCallback(`${name}.send`, () => void w.actor.send(event), errors);
    },
    clearLog(name) {
      const w = find(name, 'clearLog');
      if (w.view.log.length > 0) w.view = { ...w.view, log: [] };
      notify();
    },
    dispose() {
      for (const w of watched.values()) detach(w);
      watched.clear();
      listeners.clear();
      list = [];
    },
  };
}
