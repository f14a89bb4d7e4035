// What the current state of an actor answers to: the event types its active state nodes have transitions
// for, and whether each would be taken as a bare `{ type }` event now (guards evaluated by `snapshot.can`).
import { __unsafe_getAllOwnEventDescriptors as ownEventDescriptors } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';

/** One event the current state handles. */
export interface AcceptedEvent {
  readonly type: string;
  /** Whether `{ type }` alone would take a transition now (false when a guard wants more of the event, or says no). */
  readonly enabled: boolean;
}

/** XState's own events (delays, done and error events) and wildcard descriptors are not something a user sends. */
function isUserEvent(descriptor: string): boolean {
  return !descriptor.startsWith('xstate.') && !descriptor.includes('*') && descriptor !== '';
}

/** The events `snapshot`'s active states handle, sorted by type; [] for a snapshot that is not an active machine's. Never throws. */
export function acceptedEvents(snapshot: unknown): AcceptedEvent[] {
  let descriptors: string[];
  try {
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    if (machineSnapshot.status !== 'active' || !Array.isArray((machineSnapshot as unknown as { _nodes?: unknown })._nodes)) return [];
    // Stryker disable next-line ConditionalExpression: XState's event descriptors are all strings; the typeof test narrows the type
    descriptors = ownEventDescriptors(machineSnapshot).filter((d): d is string => typeof d === 'string' && isUserEvent(d));
  } catch {
    return [];
  }
  return [...new Set(descriptors)].sort().map((type) => {
    let enabled = false;
    try {
      enabled = (snapshot as AnyMachineSnapshot).can({ type }) === true;
    } catch {
      // A guard that throws on a bare event does not take it.
    }
    return { type, enabled };
  });
}

/** The active state paths of a state value, parents first: `{ visible: 'running' }` → ['visible', 'visible.running']. Never throws. */
export function activeStatePaths(value: unknown, prefix: readonly string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (typeof value !== 'object' || value === null) return [];
  try {
    return Object.keys(value).flatMap((key) => {
      const path = [...prefix, key];
      return [path.join('.'), ...activeStatePaths((value as Record<string, unknown>)[key], path)];
    });
  } catch {
    return [];
  }
}

// The words the diagram exporter writes for XState's own transitions: eventless, delayed, done and error events.
const EXPORTER_WORDS = new Set(['always', 'after', 'done', 'error']);

/**
 * The event a transition label of an exported diagram names (`INIT [guard] / action` → 'INIT'), or undefined
 * when it names none a user sends (`always`, `after 3000 ms`, `done fetch`, XState's own and wildcard events).
 */
export function eventOfTransitionLabel(label: string): string | undefined {
  if (typeof label !== 'string') return undefined;
  // Stryker disable next-line Regex,StringLiteral: one space or many gives the same first word of a trimmed label; split gives one at least
  const first = label.trim().split(/\s+/, 1)[0] ?? '';
  // An empty label is no user event (isUserEvent says so).
  if (EXPORTER_WORDS.has(first) || !isUserEvent(first)) return undefined;
  return first;
}
