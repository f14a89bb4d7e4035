// A fake for a machine's promise actors that the test settles synchronously: the transition tables
// (transition-table.ts) check each row right after its step, so the fake must answer in the same tick. It is a real
// child actor: its output and error reach the parent through XState's own done and error events.
import type { ActorLogic, AnyActorRef, EventObject, Snapshot } from 'xstate';

type SettleEvent = { type: 'fake.resolve'; output: unknown } | { type: 'fake.reject'; error: unknown } | { type: 'xstate.stop' };
type SettleSnapshot = Snapshot<unknown> & { input: unknown };

/** One invocation of a settleable actor: what it was started with, and whether it is still running. */
export interface FakeCall<I> {
  input: I;
  ref: AnyActorRef;
  readonly running: boolean;
}

export type SettleableLogic = ActorLogic<SettleSnapshot, SettleEvent, unknown>;

/** Actor logic standing in for a promise actor; every start is recorded in `calls`, newest last. */
export function settleable<I>(calls: FakeCall<I>[]): SettleableLogic {
  return {
    transition: (snapshot, event) => {
      if (snapshot.status !== 'active') return snapshot;
      if (event.type === 'fake.resolve') return { ...snapshot, status: 'done', output: event.output };
      if (event.type === 'fake.reject') return { ...snapshot, status: 'error', error: event.error };
      if (event.type === 'xstate.stop') return { ...snapshot, status: 'stopped' };
      return snapshot;
    },
    getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, input }),
    // Recorded when started, not when created: XState creates an invoked actor on entry but starts it only if its
    // state is still active at the end of the step (an eventless transition may leave it at once).
    start: (snapshot, { self }) => {
      calls.push({
        input: snapshot.input as I,
        ref: self,
        get running() {
          return self.getSnapshot().status === 'active';
        },
      });
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

/**
 * An actor whose `send` hands the table's fake steps (`fake.resolve`, `fake.reject`) to the newest fake call and
 * every other event to the machine. A call that no longer runs ignores the answer, as a late promise would be; with
 * no call made yet the step does nothing.
 */
export function routeFakeSteps<A extends AnyActorRef>(
  actor: A,
  callsOf: (event: EventObject) => readonly FakeCall<unknown>[],
  /** Handles other test-only steps (a service emitting, say); true when it took the event. */
  intercept: (event: EventObject) => boolean = () => false,
): A {
  return new Proxy(actor, {
    get(target, key) {
      if (key === 'send') {
        return (event: EventObject) => {
          if (event.type === 'fake.resolve' || event.type === 'fake.reject') {
            // A finished call has nobody left to answer: the step is dropped here rather than sent to a stopped actor.
            const call = callsOf(event).at(-1);
            if (call?.running) call.ref.send(event);
          } else if (!intercept(event)) target.send(event);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
