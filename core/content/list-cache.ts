// Values worked out from a caller's list (own domains, app schemes) are kept per list, so a page that passes the
// same array on every call pays for them once. The key is the array, but an array can change in place: each hit
// compares the items with the ones the value was worked out from, so a list the app edited after a call (a scheme
// taken away, a domain added) is read again and never served stale.

/** A cache of values computed from arrays, checked against the array's items on every hit. */
export interface ListCache<T> {
  /** The value for `list`: the kept one when its items are still the same, else `compute()`'s, kept. */
  get(list: readonly unknown[], compute: () => T): T;
}

const sameItems = (kept: readonly unknown[], list: readonly unknown[]): boolean =>
  kept.length === list.length && kept.every((item, i) => Object.is(item, list[i]));

export function createListCache<T>(): ListCache<T> {
  const entries = new WeakMap<readonly unknown[], { items: readonly unknown[]; value: T }>();
  return {
    get(list, compute) {
      const kept = entries.get(list);
      if (kept && sameItems(kept.items, list)) return kept.value;
      // The items are copied before the value is worked out from them: what is compared next time is what was read.
      const items = Array.from(list);
      const value = compute();
      entries.set(list, { items, value });
      return value;
    },
  };
}
