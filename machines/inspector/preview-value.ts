// A short, never-throwing text of any value for the inspector's log: enough to read a context field or an
// event's payload, bounded so a huge or hostile value costs nothing to show.

/** The longest preview, in characters. */
export const MAX_PREVIEW_LENGTH = 160;
const MAX_DEPTH = 3;
const MAX_ITEMS = 8;

/** Whether `value` is a plain object (an object literal or a null-prototype record), read without throwing. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if (Array.isArray(value)) return false;
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}

/** Whether `value` is an array, answering false for a revoked Proxy instead of throwing. */
export function isArrayLike(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    // Stryker disable next-line BooleanLiteral: a revoked Proxy taken as an array throws on its first read: (unreadable) either way
    return false;
  }
}

/** The name an actor ref, a class instance or a function is shown under. */
function objectLabel(value: object): string {
  try {
    const record = value as { id?: unknown; sessionId?: unknown; send?: unknown; getSnapshot?: unknown };
    if (typeof record.send === 'function' && typeof record.getSnapshot === 'function') {
      return `ActorRef(${typeof record.id === 'string' ? record.id : '?'})`;
    }
    // Stryker disable next-line OptionalChaining: a null prototype makes a plain record, which is never labelled; the chain only types it
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    if (value instanceof Error)
      return `${typeof name === 'string' ? name : 'Error'}(${JSON.stringify(String(value.message).slice(0, 60))})`;
    return typeof name === 'string' && name !== '' ? name : 'object';
  } catch {
    return '(unreadable)';
  }
}

function render(value: unknown, depth: number, seen: Set<object>): string {
  switch (typeof value) {
    case 'string':
      // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: bounds the cost; the preview is cut there anyway
      return JSON.stringify(value.length > MAX_PREVIEW_LENGTH ? `${value.slice(0, MAX_PREVIEW_LENGTH)}…` : value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'symbol';
    case 'function':
      return 'function';
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.has(object)) return '(cycle)';
  const array = isArrayLike(object);
  if (!array && !isPlainRecord(object)) return objectLabel(object);
  if (depth >= MAX_DEPTH) return array ? '[…]' : '{…}';
  seen.add(object);
  try {
    if (array) {
      const items = (object as unknown[]).slice(0, MAX_ITEMS).map((item) => render(item, depth + 1, seen));
      if ((object as unknown[]).length > MAX_ITEMS) items.push(`…${(object as unknown[]).length - MAX_ITEMS} more`);
      return `[${items.join(', ')}]`;
    }
    const keys = Object.keys(object);
    const fields = keys.slice(0, MAX_ITEMS).map((key) => `${key}: ${render((object as Record<string, unknown>)[key], depth + 1, seen)}`);
    if (keys.length > MAX_ITEMS) fields.push(`…${keys.length - MAX_ITEMS} more`);
    return `{${fields.join(', ')}}`;
  } catch {
    return '(unreadable)';
  } finally {
    seen.delete(object);
  }
}

/** A one-line text of `value` of at most MAX_PREVIEW_LENGTH characters; never throws (a throwing getter reads as "(unreadable)"). */
export function previewValue(value: unknown): string {
  const text = render(value, 0, new Set());
  return text.length > MAX_PREVIEW_LENGTH ? `${text.slice(0, MAX_PREVIEW_LENGTH - 1)}…` : text;
}
