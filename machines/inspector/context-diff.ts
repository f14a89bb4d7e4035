// The inspector's own small structural diff of two contexts: which paths were added, removed or changed,
// each with a bounded preview of the values. Plain objects and arrays are walked; anything else (an actor
// ref, a Decimal, a class instance) is compared by identity, as XState's own `assign` replaces it.
import { isArrayLike, isPlainRecord, previewValue } from './preview-value.js';

export type ContextChangeKind = 'added' | 'removed' | 'changed';

/** One difference between two contexts. */
export interface ContextChange {
  /** Where: `balance`, `boxes[0].id`, `["odd key"]`; '' for the whole context. */
  readonly path: string;
  readonly kind: ContextChangeKind;
  /** A preview of the value before (absent when added). */
  readonly before?: string;
  /** A preview of the value after (absent when removed). */
  readonly after?: string;
}

export interface ContextDiff {
  readonly changes: readonly ContextChange[];
  /** Whether more changes were found than `limit` allowed to keep. */
  readonly truncated: boolean;
}

export interface ContextDiffOptions {
  /** The most changes kept; 50 by default. */
  limit?: number;
  /** How deep plain objects and arrays are walked before a whole subtree counts as one change; 8 by default. */
  depth?: number;
}

export const DEFAULT_DIFF_LIMIT = 50;
export const DEFAULT_DIFF_DEPTH = 8;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/** The own enumerable keys of a plain object or the indices of an array; undefined when they cannot be read. */
function keysOf(value: object): Array<string | number> | undefined {
  try {
    if (isArrayLike(value)) return Array.from({ length: value.length }, (_, i) => i);
    return Object.keys(value);
  } catch {
    return undefined;
  }
}

function read(value: object, key: string | number): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: (value as Record<string | number, unknown>)[key] };
  } catch {
    return { ok: false };
  }
}

/** The changes from `before` to `after`; never throws (a value whose fields cannot be read counts as changed). */
export function diffContext(before: unknown, after: unknown, options: ContextDiffOptions = {}): ContextDiff {
  const limit = options.limit ?? DEFAULT_DIFF_LIMIT;
  const maxDepth = options.depth ?? DEFAULT_DIFF_DEPTH;
  const changes: ContextChange[] = [];
  let truncated = false;
  const push = (change: ContextChange) => {
    if (changes.length < limit) changes.push(change);
    else truncated = true;
  };
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (truncated || Object.is(a, b)) return;
    const bothArrays = isArrayLike(a) && isArrayLike(b);
    const bothRecords = isPlainRecord(a) && isPlainRecord(b);
    if ((bothArrays || bothRecords) && depth < maxDepth) {
      const keysA = keysOf(a as object);
      const keysB = keysOf(b as object);
      if (keysA !== undefined && keysB !== undefined) {
        const inB = new Set(keysB);
        const inA = new Set(keysA);
        for (const key of keysA) {
          const left = read(a as object, key);
          if (!inB.has(key)) {
            push({ path: childPath(path, key), kind: 'removed', before: left.ok ? previewValue(left.value) : '(unreadable)' });
            continue;
          }
          const right = read(b as object, key);
          if (left.ok && right.ok) walk(left.value, right.value, childPath(path, key), depth + 1);
          else push({ path: childPath(path, key), kind: 'changed', before: '(unreadable)', after: '(unreadable)' });
          // Stryker disable next-line ConditionalExpression: only saves work; once truncated, every later push and walk does nothing
          if (truncated) return;
        }
        for (const key of keysB) {
          if (inA.has(key)) continue;
          const right = read(b as object, key);
          push({ path: childPath(path, key), kind: 'added', after: right.ok ? previewValue(right.value) : '(unreadable)' });
          // Stryker disable next-line ConditionalExpression: only saves work; once truncated, every later push and walk does nothing
          if (truncated) return;
        }
        return;
      }
    }
    push({ path, kind: 'changed', before: previewValue(a), after: previewValue(b) });
  };
  walk(before, after, '', 0);
  return { changes, truncated };
}
