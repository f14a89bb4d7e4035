import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { invalidArgument, isRecord } from '../core/validate/describe-value.js';
import { isDuration } from '../core/validate/duration.js';

/** One field's rule: the check its value must pass and what the check expects, for the error message. */
export interface FieldRule {
  check: (value: unknown) => boolean;
  expect: string;
  /** The field is required (undefined and absent fail). */
  required?: boolean;
  /** An explicit `undefined` is kept in the result (it clears the field in an update). */
  clearable?: boolean;
}

export type FieldRules<T> = { [K in keyof T]-?: FieldRule };

/** A checked copy of an object, or the first field that failed. */
export type FieldsResult<T> =
  | { ok: true; value: T }
  /** `threw`: the field's getter threw, so there is no value to describe; `whole`: the value itself failed (`field` is its name). */
  | { ok: false; field: string; value: unknown; expect: string; threw?: true; whole?: true };

/** Whether `value` is an object a field can be read from (core's one rule, re-exported for the machines). */
export { isRecord };

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** A size in px: a finite number ≥ 0. */
// Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number, so the typeof test only narrows the type
export const isExtent = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** A count cap: a positive whole number, or Infinity for none. */
export const isCap = (value: unknown): value is number => value === Infinity || (Number.isSafeInteger(value) && (value as number) > 0);
/** A display duration: a delay every timer honours, or 0 / Infinity for "until closed". */
export const isDisplayDuration = (value: unknown): boolean => value === 0 || value === Infinity || isDuration(value);
/** A transition or delay that may be 0 (reduced motion, no delay). */
export const isDelay = (value: unknown): boolean => isDuration(value, true);
export const oneOf =
  (values: readonly unknown[]) =>
  (value: unknown): boolean =>
    values.includes(value);
export const isAny = (): boolean => true;
/** An object with these methods (a port or service handed in: a clock, a layer counter, a reporter). */
export const hasMethods =
  (...names: string[]) =>
  (value: unknown): boolean =>
    names.every((name) => typeof prop(value, name) === 'function');
export const isFunction = (value: unknown): boolean => typeof value === 'function';

/**
 * Reads the fields named in `rules` from `value` into a plain copy, checking each. A value that is not an
 * object, a getter that throws, or a field that fails its check gives the failing field instead (fields
 * outside `rules` are dropped). Never throws: events and options from any caller go through it.
 */
export function readFields<T>(value: unknown, rules: FieldRules<T>, where = 'value'): FieldsResult<T> {
  if (!isRecord(value)) return { ok: false, field: where, value, expect: 'an object', whole: true };
  try {
    Reflect.ownKeys(value);
  } catch {
    // A revoked Proxy: no field of it can be read.
    return { ok: false, field: where, value: undefined, expect: 'a readable object', threw: true, whole: true };
  }
  const out: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(rules) as [string, FieldRule][]) {
    let present: boolean;
    let item: unknown;
    try {
      present = field in value;
      item = present ? value[field] : undefined;
    } catch {
      return { ok: false, field, value: undefined, expect: `${rule.expect} (its getter threw)`, threw: true };
    }
    if (item === undefined) {
      if (rule.required) return { ok: false, field, value: item, expect: rule.expect };
      if (present && rule.clearable) out[field] = undefined;
      continue;
    }
    if (!rule.check(item)) return { ok: false, field, value: item, expect: rule.expect };
    out[field] = item;
  }
  return { ok: true, value: out as T };
}

/** The checked copy, or undefined when a field failed: for events, where a malformed one is ignored. */
export function fieldsOrUndefined<T>(value: unknown, rules: FieldRules<T>): T | undefined {
  const result = readFields(value, rules);
  return result.ok ? result.value : undefined;
}

/**
 * The checked copy, or an InvalidArgumentError naming the failed field: for public functions. With `where` (the
 * argument's name) a failed field inside it is named `where.field` (`options.duration`), and the value itself
 * `where` when it is not an object.
 */
export function fieldsOrThrow<T>(owner: string, value: unknown, rules: FieldRules<T>, where?: string): T {
  const result = readFields(value, rules, where);
  if (result.ok) return result.value;
  // A value that is not an object is named `where` itself; a field of it, `where.field` (even one called `where`).
  const field = where === undefined || result.whole ? result.field : `${where}.${result.field}`;
  if (result.threw) throw new InvalidArgumentError(`${owner}: ${field} must be ${result.expect}`, { field, value: undefined });
  throw invalidArgument(field, result.expect, result.value, owner);
}

/** Reads one property of an event or object; a missing object or a throwing getter gives undefined. */
export function prop(value: unknown, key: string): unknown {
  try {
    return isRecord(value) ? value[key] : undefined;
  } catch {
    return undefined;
  }
}

/** Throws InvalidArgumentError naming `field` unless `value` passes `check`: for one argument of a public function. */
export function checkArgument<T>(owner: string, field: string, value: unknown, check: (value: unknown) => value is T, expect: string): T;
export function checkArgument(owner: string, field: string, value: unknown, check: (value: unknown) => boolean, expect: string): unknown;
export function checkArgument(owner: string, field: string, value: unknown, check: (value: unknown) => boolean, expect: string): unknown {
  let ok: boolean;
  try {
    ok = check(value);
  } catch {
    ok = false;
  }
  if (!ok) throw new InvalidArgumentError(`${owner}: ${field} must be ${expect}`, { field, value });
  return value;
}

/** Whether `value` looks like a Platform for the UI: timers, a clock, a visibility port and an error reporter. */
export function isUiPlatform(value: unknown): boolean {
  return (
    hasMethods('setTimeout', 'clearTimeout')(prop(value, 'timers')) &&
    hasMethods('now')(prop(value, 'clock')) &&
    hasMethods('subscribe')(prop(prop(value, 'visibility'), 'changes')) &&
    hasMethods('report')(prop(value, 'errors'))
  );
}

/**
 * Memoises a reader of events by the event object: a transition consults the same event in several guards and
 * actions, and this reads (and checks) its fields once, so all of them also see the same values.
 */
export function readOnce<E extends object, R>(read: (event: E) => R): (event: E) => R {
  const seen = new WeakMap<E, { value: R }>();
  return (event) => {
    const hit = seen.get(event);
    if (hit) return hit.value;
    const value = read(event);
    seen.set(event, { value });
    return value;
  };
}

// Shared rules (one object each, so every machine's rule table stays small in a bundle).
export const STRING: FieldRule = { check: isString, expect: 'a string' };
export const ID: FieldRule = { check: isId, expect: 'a non-empty string' };
export const BOOLEAN: FieldRule = { check: isBoolean, expect: 'a boolean' };
export const PX: FieldRule = { check: isExtent, expect: 'a finite number of px from 0' };
export const CAP: FieldRule = { check: isCap, expect: 'a positive whole number or Infinity' };
export const DISPLAY_DURATION: FieldRule = { check: isDisplayDuration, expect: 'a number of ms up to 2^31 − 1, 0 or Infinity' };
export const DELAY: FieldRule = { check: isDelay, expect: 'a number of ms from 0 up to 2^31 − 1' };
export const ANY: FieldRule = { check: isAny, expect: 'anything' };
export const CLOCK: FieldRule = { check: hasMethods('now'), expect: 'a clock' };
export const LAYERS: FieldRule = { check: hasMethods('next'), expect: 'a layer counter' };
export const REPORTER: FieldRule = { check: hasMethods('report'), expect: 'an error reporter' };
/** The rule, required. */
export const required = (rule: FieldRule): FieldRule => ({ ...rule, required: true });
/** The rule, with an explicit `undefined` kept (it clears the field in an update). */
export const clearable = (rule: FieldRule): FieldRule => ({ ...rule, clearable: true });
/** A rule accepting one of `values`. */
export const oneOfRule = (values: readonly unknown[]): FieldRule => ({ check: oneOf(values), expect: `one of ${values.join(', ')}` });
