import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * A selected slice of an actor's snapshot, re-rendering only when `compare` says it changed. The same
 * contract as @xstate/react's useSelector on React's own useSyncExternalStore, so the toast path needs
 * no shim.
 */
export function useActorSelector<A extends AnyActorRef, T>(
  actor: A,
  selector: (snapshot: SnapshotFrom<A>) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = actor.subscribe({ next: onChange, error: onChange });
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const cache = useRef<{ snapshot: unknown; value: T } | undefined>(undefined);
  const latest = useRef({ selector, compare });
  latest.current = { selector, compare };
  const read = () => {
    const snapshot = actor.getSnapshot() as SnapshotFrom<A>;
    const previous = cache.current;
    if (previous && previous.snapshot === snapshot) return previous.value;
    const value = latest.current.selector(snapshot);
    const kept = previous && latest.current.compare(previous.value, value) ? previous.value : value;
    cache.current = { snapshot, value: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, read, read);
}
