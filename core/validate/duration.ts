import { InvalidArgumentError } from '../errors/exkit-error.js';
import { readRecord } from './describe-value.js';

/** The longest delay every host's timer honours, in ms (2^31 − 1): a longer one wraps and fires at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** What `checkDuration` accepts besides a delay in ms. */
export interface DurationRule {
  /** Also accept 0 (for example "retry at once"). Default false. */
  allowZero?: boolean;
  /** A value that means "no limit" (for example `false` for no timeout); accepted as is. */
  none?: unknown;
  /** Prefix for the error message, naming the service (for example `'http'`). */
  owner?: string;
}

/** True when `value` is a delay every host's timer honours: finite, > 0 (or 0 when allowed), ≤ 2^31 − 1 ms. */
export function isDuration(value: unknown, allowZero = false): value is number {
  return (
    // Stryker disable next-line ConditionalExpression,LogicalOperator: Number.isFinite is false for every non-number; the typeof test
    // narrows the type.
    typeof value === 'number' && Number.isFinite(value) && (allowZero ? value >= 0 : value > 0) && value <= MAX_TIMER_DELAY_MS
  );
}

/**
 * Throws InvalidArgumentError naming `field` unless `value` is undefined, the rule's "none" value, or a
 * delay every host's timer honours (finite, positive, at most 2^31 − 1 ms).
 */
export function checkDuration(field: string, value: unknown, rule: DurationRule = {}): void {
  rule = readRecord('rule', rule, 'checkDuration');
  if (value === undefined) return;
  if ('none' in rule && Object.is(value, rule.none)) return;
  if (isDuration(value, rule.allowZero === true)) return;
  const lower = rule.allowZero === true ? 'a finite number of ms from 0' : 'a positive, finite number of ms';
  const none = 'none' in rule ? ` or ${String(rule.none)}` : '';
  const prefix = rule.owner === undefined ? '' : `${rule.owner}: `;
  throw new InvalidArgumentError(`${prefix}${field} must be ${lower} up to ${MAX_TIMER_DELAY_MS}${none}`, {
    field,
    value,
  });
}
