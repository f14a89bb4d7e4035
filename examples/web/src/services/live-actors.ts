// The running actors of the app by machine name (the names of docs/machines/*.md), so the Diagrams page
// can light up the state each one is in. Machines that spawn children (toaster, notifier, message-box
// queue) lend their newest child for the child machine's diagram. Actors that hooks create (button, popup,
// bridge-request) are registered by the components using them, through `useLiveActor`.
import type { AnyActorRef } from 'xstate';
import { valueStore } from './store.js';

export type LiveActors = Readonly<Record<string, AnyActorRef | undefined>>;

/** A registry of live actors; `register` replaces the actor a name points to. */
export function createLiveActors() {
  const actors = valueStore<LiveActors>({});
  return {
    actors,
    register(name: string, actor: AnyActorRef | undefined) {
      if (actors.get()[name] === actor) return;
      actors.set({ ...actors.get(), [name]: actor });
    },
  };
}

export type LiveActorRegistry = ReturnType<typeof createLiveActors>;
