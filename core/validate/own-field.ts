/**
 * Gives `target` an own, enumerable, writable field. Defined, not assigned: `target['__proto__'] = value`
 * would call the inherited setter, make `value` the object's prototype (its fields then inherited by every
 * reader) and drop the key. A `__proto__` key from JSON.parse, a URL or a server answer stays plain data.
 */
export function putOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
