import { expectArray, invalidArgument } from '../validate/describe-value.js';
/**
 * Offsets of stacked items (toasts, notifications) from the first one's edge: item i sits at `start`
 * plus the measured heights of the items before it plus one `gap` per item before it.
 */
export function stackOffsets(heights: readonly number[], start: number, gap: number): number[] {
  expectArray('heights', heights, 'stackOffsets', 'an array of numbers');
  if (typeof start !== 'number') throw invalidArgument('start', 'a number', start, 'stackOffsets');
  if (typeof gap !== 'number') throw invalidArgument('gap', 'a number', gap, 'stackOffsets');
  const out: number[] = [];
  let next = start;
  for (const height of heights) {
    if (typeof height !== 'number') throw invalidArgument('heights', 'an array of numbers', heights, 'stackOffsets');
    out.push(next);
    next += height + gap;
  }
  return out;
}
