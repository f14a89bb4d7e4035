/** Freezes a catalogue value and everything reachable from it, so a table cannot be edited at run time. */
export function deepFreeze<T>(value: T): T {
  // Stryker disable next-line LogicalOperator: null and primitives are frozen and no table holds a function: the same values freeze
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
