// The method sweep: every method reachable from a service, kit or handle the package hands out is called with a
// hostile value in each argument position (the table of hostile-arguments.ts, then arbitrary values from
// fast-check), the other positions held at a valid baseline; one baseline per documented branch. The rule: the
// call returns a documented result or throws/rejects an ExkitError (an async method rejects, never throws), a
// refused call changes nothing the object shows, and afterwards a normal call still works.
import fc from 'fast-check';
import { types } from 'node:util';
import { ExkitError } from '../../core/index.js';
import { hostileValues } from './hostile-arguments.js';

type AnyFunction = (...args: unknown[]) => unknown;

/** One object the sweep starts from: how to build a fresh one, and how to end it. */
export interface SweepRoot {
  name: string;
  make(): unknown;
  /** Ends the object after its methods were swept (default: its `dispose()`, when it has one). */
  end?(made: unknown): void;
}

/** One method found under a root: its path (`http.use`, `kit.toast.success`) and how to reach its owner on a fresh root. */
export interface SweptMethod {
  path: string;
  reach(root: unknown): unknown;
  /** The name of the method on its owner; `''` when the owner is itself the function (a returned handle, the toast API). */
  method: string;
  /** How many parameters the function declares. */
  arity: number;
}

/**
 * Valid arguments by method path: a list of baselines, one per documented branch (the first is the usual call).
 * A path not listed is called with no arguments as its baseline.
 */
export type Baselines = Record<string, unknown[][]>;

/** Paths whose owner cannot work after them (teardown): the "still works" check does not apply. */
const TEARDOWN = /(^|\.)(dispose|uninstall)$/;

/**
 * Members that are the host's, not exkit's: a platform's `fetch`, WebCrypto's `subtle` and `getRandomValues` are
 * handed through as the host gives them, so their contract is the host's.
 */
const SKIPPED_PATHS = /\.(fetch|subtle|getRandomValues)$/;

const SKIPPED_NAMES = new Set(['constructor', 'toString', 'toJSON', 'valueOf', 'toLocaleString']);

function isObservable(value: object): boolean {
  return typeof (value as { subscribe?: unknown }).subscribe === 'function' && typeof (value as { pipe?: unknown }).pipe === 'function';
}

/** An XState actor: its methods are XState's contract (events to machines are swept by the machines' own tests). */
function isActor(value: object): boolean {
  return typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function' && typeof (value as { send?: unknown }).send === 'function';
}

/** Objects the sweep walks into: the package's own services and handles, not data, streams, collections or actors. */
function isWalkable(value: unknown): value is object {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  if (Array.isArray(value) || value instanceof Map || value instanceof Set || value instanceof Error || ArrayBuffer.isView(value))
    return false;
  if (types.isPromise(value) || value instanceof Date || value instanceof RegExp) return false;
  if (isObservable(value) || isActor(value)) return false;
  return true;
}

/** The function-valued members of an object, own and inherited (not Object's or Function's). */
function methodNames(value: object): string[] {
  const names = new Set<string>();
  for (
    let proto: object | null = value;
    proto && proto !== Object.prototype && proto !== Function.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (SKIPPED_NAMES.has(key) || key.startsWith('_')) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, key);
      if (descriptor && typeof descriptor.value === 'function' && !(descriptor.value.prototype instanceof Error)) names.add(key);
    }
  }
  return [...names];
}

/** Own data properties holding an object the sweep can walk (nested services: `security.keys`, `kit.loading`). */
function nestedObjects(value: object): [string, object][] {
  const out: [string, object][] = [];
  for (const key of Object.getOwnPropertyNames(value)) {
    if (key.startsWith('_')) continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !('value' in descriptor) || !isWalkable(descriptor.value)) continue;
    // A function member is a method; one that carries methods of its own (the toast API) is walked as well.
    if (typeof descriptor.value !== 'function' || methodNames(descriptor.value).length > 0) out.push([key, descriptor.value]);
  }
  return out;
}

function quiet<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

/**
 * Finds every method reachable from a root: its own, those of objects it holds, and those of handles its methods
 * return for their baseline (to `depth` levels). Promised handles are not followed (the sweep calls synchronously).
 */
export function discover(root: SweepRoot, baselines: Baselines, depth = 3): SweptMethod[] {
  const found: SweptMethod[] = [];
  const seen = new Set<object>();
  // Breadth first, so that an object reachable two ways is named by its shortest path (`platform.timers`).
  const queue: { value: object; path: string; reach: (root: unknown) => unknown; level: number }[] = [];
  const visit = (value: object, path: string, reach: (root: unknown) => unknown, level: number) => {
    if (seen.has(value) || level > depth || SKIPPED_PATHS.test(path)) return;
    seen.add(value);
    queue.push({ value, path, reach, level });
  };
  const made = root.make();
  if (isWalkable(made)) visit(made, root.name, (r) => r, 0);
  while (queue.length > 0) {
    const { value, path, reach, level } = queue.shift()!;
    if (typeof value === 'function') found.push({ path, reach, method: '', arity: (value as AnyFunction).length });
    for (const [key, nested] of nestedObjects(value))
      visit(nested, `${path}.${key}`, (r) => (reach(r) as Record<string, unknown>)[key], level + 1);
    for (const name of methodNames(value)) {
      const fn = (value as Record<string, AnyFunction>)[name]!;
      const methodPath = `${path}.${name}`;
      if (SKIPPED_PATHS.test(methodPath)) continue;
      found.push({ path: methodPath, reach, method: name, arity: fn.length });
      if (TEARDOWN.test(methodPath)) continue;
      const args = baselines[methodPath]?.[0] ?? [];
      const returned = quiet(() => fn.apply(value, args));
      if (types.isPromise(returned)) returned.catch(() => undefined);
      if (isWalkable(returned))
        visit(returned, `${methodPath}()`, (r) => (reach(r) as Record<string, AnyFunction>)[name]!.apply(reach(r), args), level + 1);
    }
  }
  quiet(() => (root.end ?? defaultEnd)(made));
  return found;
}

function defaultEnd(made: unknown): void {
  (made as { dispose?: () => void } | undefined)?.dispose?.();
}

/** What a call did. A promise is given a short window; one still pending is kept to check once its owner is ended. */
interface Outcome {
  kind: 'returned' | 'threw' | 'rejected' | 'pending';
  error?: unknown;
  promise?: Promise<unknown>;
}

const SETTLE_WINDOW_MS = 5;

async function outcome(call: () => unknown): Promise<Outcome> {
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return { kind: 'threw', error };
  }
  if (!types.isPromise(result)) return { kind: 'returned' };
  const promise = result;
  const settled = promise.then(
    () => ({ kind: 'returned' as const }),
    (error: unknown) => ({ kind: 'rejected' as const, error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const window = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), SETTLE_WINDOW_MS);
  });
  const first = await Promise.race([settled, window]);
  clearTimeout(timer);
  return first === 'pending' ? { kind: 'pending', promise: settled } : { ...first, promise };
}

const isRaw = (o: Outcome) => (o.kind === 'threw' || o.kind === 'rejected') && !(o.error instanceof ExkitError);
const describeError = (error: unknown) => {
  const e = error as { name?: unknown; message?: unknown } | undefined;
  return `${String(e?.name)}: ${String(e?.message).slice(0, 120)}`;
};
/** A coarse reading of an outcome for the "still works" comparison. */
const verdict = (o: Outcome) => (o.kind === 'threw' || o.kind === 'rejected' ? `failed (${(o.error as Error)?.name})` : 'worked');

/** What an object shows: its readable non-function members, as text (the "a refused call changes nothing" probe). */
export function shownState(owner: unknown): string {
  if ((typeof owner !== 'object' && typeof owner !== 'function') || owner === null) return '';
  const parts: string[] = [];
  for (
    let proto: object | null = owner;
    proto && proto !== Object.prototype && proto !== Function.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      if (typeof descriptor.value === 'function' || key === 'prototype' || key === 'length' || key === 'name') continue;
      const value = quiet(() => (owner as Record<string, unknown>)[key]);
      if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) parts.push(`${key}=${String(value)}`);
    }
  }
  return parts.join(' ');
}

/** Reads extra state a method's owner keeps out of sight (a probe per root, such as the store's keys). */
export type StateProbe = (root: unknown) => string;

export interface SweepOptions {
  baselines: Baselines;
  /** Extra state to compare before and after a refused call, per root. */
  probe?: StateProbe;
  /** Arbitrary values per argument position (fast-check). */
  arbitraryRuns: number;
  /** Methods (paths) exempt from the "refused call changes nothing" probe, with why. */
}

/** fast-check's arbitrary values, biased to the shapes that break unguarded code. */
function arbitraryValues(runs: number, seed: number): unknown[] {
  const anything = fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  });
  return fc.sample(fc.oneof(anything, fc.string({ unit: 'grapheme' }), fc.double(), fc.func(fc.anything())), { numRuns: runs, seed });
}

function seedOf(path: string): number {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

/** Every contract violation of one method, as readable lines. */
export async function sweepMethod(root: SweepRoot, swept: SweptMethod, options: SweepOptions): Promise<string[]> {
  const out: string[] = [];
  const made = root.make();
  const end = () => quiet(() => (root.end ?? defaultEnd)(made));
  const owner = quiet(() => swept.reach(made));
  if (owner === undefined) {
    end();
    return [`${swept.path}: its owner could not be reached on a fresh ${root.name}`];
  }
  const call = (args: unknown[]) => () => {
    const target = owner as Record<string, AnyFunction>;
    return swept.method === '' ? (owner as AnyFunction)(...args) : target[swept.method]!.apply(owner, args);
  };
  const baselines = options.baselines[swept.path] ?? [[]];
  const pending: { where: string; promise: Promise<unknown> }[] = [];
  let async = false;
  const syncThrows: string[] = [];
  const note = (where: string, o: Outcome) => {
    if (o.promise) async = true;
    if (o.kind === 'pending') pending.push({ where, promise: o.promise! });
    if (isRaw(o)) out.push(`${where}: ${o.kind} a raw ${describeError(o.error)}`);
    if (o.kind === 'threw') syncThrows.push(where);
  };
  const teardown = TEARDOWN.test(swept.path);
  for (const [b, baseline] of baselines.entries()) {
    const label = baselines.length > 1 ? ` (baseline ${b})` : '';
    // The baseline on this object, twice: the second call is what a repeat looks like without a hostile call between.
    note(`${swept.path}${label}: the baseline call`, await outcome(call(baseline)));
    const repeat = teardown ? undefined : await outcome(call(baseline));
    if (repeat) note(`${swept.path}${label}: the baseline called again`, repeat);
    const positions = Math.max(swept.arity + 1, baseline.length, 1);
    for (let position = 0; position < positions; position++) {
      const values: [string, unknown][] = [
        ...hostileValues(),
        ...arbitraryValues(options.arbitraryRuns, seedOf(`${swept.path}#${b}#${position}`)).map((v, i): [string, unknown] => [
          `arbitrary #${i} (${safeText(v)})`,
          v,
        ]),
      ];
      for (const [name, value] of values) {
        const args = Array.from({ length: positions }, (_, i) => (i === position ? value : baseline[i]));
        const where = `${swept.path}${label}: argument ${position} = ${name}`;
        const before = shownState(owner) + (options.probe?.(made) ?? '');
        const o = await outcome(call(args));
        note(where, o);
        if ((o.kind === 'threw' || o.kind === 'rejected') && !teardown) {
          const after = shownState(owner) + (options.probe?.(made) ?? '');
          if (after !== before) out.push(`${where}: refused, yet what the object shows changed (${before} → ${after})`);
        }
        if (teardown || !repeat) continue;
        const again = await outcome(call(baseline));
        if (isRaw(again) || verdict(again) !== verdict(repeat))
          out.push(
            `${where}: afterwards the baseline call ${verdict(again)}${isRaw(again) ? ` (${describeError(again.error)})` : ''}, where it ${verdict(repeat)} before`,
          );
        if (again.kind === 'pending') pending.push({ where: `${where} (the baseline after it)`, promise: again.promise! });
      }
    }
  }
  if (async) for (const where of syncThrows) out.push(`${where}: threw synchronously although the method returns promises`);
  end();
  // A promise still pending must settle once its owner is ended (or by itself): nothing hangs.
  if (pending.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), 1000);
    });
    const settled = new Set<number>();
    await Promise.race([Promise.all(pending.map(({ promise }, i) => promise.then(() => settled.add(i)))), limit]);
    clearTimeout(timer);
    const hung = pending.filter((_, i) => !settled.has(i));
    if (hung.length > 0) out.push(`${hung[0]!.where}: the promise did not settle, even after its owner was ended (${hung.length} such)`);
    for (const [i, { where, promise }] of pending.entries())
      if (settled.has(i)) {
        const o = (await promise) as Outcome;
        if (isRaw(o)) out.push(`${where}: rejected (late) a raw ${describeError(o.error)}`);
      }
  }
  return out;
}

function safeText(value: unknown): string {
  try {
    return fc.stringify(value).slice(0, 60);
  } catch {
    return typeof value;
  }
}
