// The argument checks every connect shares (internal: not re-exported). A connect takes a snapshot or an
// already derived view, the actor's `send` and options from any caller, and keeps the export contract: a bad
// one is an InvalidArgumentError naming it, never a TypeError from deep inside a props getter.
import { guardCallback } from '../core/errors/guard-callback.js';
import { invalidArgument, readGuarded } from '../core/validate/describe-value.js';
import { checkArgument, fieldsOrThrow, isFunction, prop } from './fields.js';
import type { FieldRule, FieldRules } from './fields.js';
import { isSnapshot } from './props.js';
import type { Send } from './props.js';

/**
 * Runs `select` on `snapshot`, a machine's snapshot given to `owner` as `field`. InvalidArgumentError naming
 * `field` when it is not a snapshot, or when reading it throws (a stand-in without the machine's context).
 */
export function selectSnapshot<S, V>(owner: string, field: string, snapshot: unknown, select: (snapshot: S) => V): V {
  if (!isSnapshot(snapshot)) throw invalidArgument(field, 'an actor snapshot', snapshot, owner);
  return readGuarded(field, "a snapshot of the machine's actor", snapshot, owner, () => select(snapshot as S));
}

/**
 * The view a connect builds its props from: `select(state)` for a snapshot, else a checked copy of `state` as
 * an already derived view. InvalidArgumentError naming `state` or `state.<field>` otherwise.
 */
export function readView<S, V>(owner: string, state: unknown, select: (snapshot: S) => V, rules: FieldRules<V>): V {
  if (isSnapshot(state)) return selectSnapshot(owner, 'state', state, select);
  return fieldsOrThrow(owner, state, rules, 'state');
}

/** A connect's options: undefined (none) or an object whose fields pass `rules`. */
export function connectOptions<T>(owner: string, options: unknown, rules: FieldRules<T>): T {
  return options === undefined ? ({} as T) : fieldsOrThrow(owner, options, rules, 'options');
}

/**
 * Checks a connect's `send` (or another sender named `field`): a function. Returns it guarded: the props' handlers
 * run in the browser's event dispatch, where a throw would reach the page's uncaught-error handler, so a `send`
 * that throws is reported as a UserCallbackError (on the console) and the handler returns.
 */
export function checkSend<E>(owner: string, send: unknown, field = 'send'): Send<E> {
  const checked = checkArgument(owner, field, send, isFunction, "a function (the actor's send)") as Send<E>;
  const name = `${owner}: ${field}`;
  return (event) => {
    guardCallback(name, () => checked(event));
  };
}

/** A finite number (a z-index, an offset in px that may be negative). */
// Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number, so the typeof test only narrows the type
export const FINITE: FieldRule = { check: (value) => typeof value === 'number' && Number.isFinite(value), expect: 'a finite number' };
/** A connect option for the viewport's width in px (Infinity: wide). */
export const VIEWPORT_WIDTH: FieldRule = {
  check: (value) => typeof value === 'number' && value >= 0,
  expect: 'a number of px from 0 (Infinity for wide)',
};

/**
 * Calls `event[name]()` (preventDefault, stopPropagation) when the event has that method. A handler runs in a
 * DOM callback where a throw reaches nobody, so a hostile event's throw is dropped rather than raised.
 */
export function callEventMethod(event: unknown, name: string): void {
  const method = prop(event, name);
  if (typeof method !== 'function') return;
  try {
    (method as () => void).call(event);
  } catch {
    // Nothing to report to: the caller is the browser's event dispatch.
  }
}
