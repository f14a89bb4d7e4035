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
  // The last snapshot read and the value kept for it (an actor's snapshot is never undefined).
  const cache = useRef<{ snapshot?: unknown; value?: T }>({});
  const read = () => {
    const snapshot = actor.getSnapshot() as SnapshotFrom<A>;
    const previous = cache.current;
    if (previous.snapshot !== snapshot) {
      const value = selector(snapshot);
      const kept = previous.snapshot !== undefined && compare(previous.value as T, value);
      cache.current = { snapshot, value: kept ? previous.value : value };
    }
    return cache.current.value as T;
  };
  return useSyncExternalStore(subscribe, read, read);
}

/** Whether two views have the same keys with `Object.is`-equal values (a selector's compare for view objects). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
