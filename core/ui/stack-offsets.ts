/**
 * Offsets of stacked items (toasts, notifications) from the first one's edge: item i sits at `start`
 * plus the measured heights of the items before it plus one `gap` per item before it.
 */
export function stackOffsets(heights: readonly number[], start: number, gap: number): number[] {
  const out: number[] = [];
  let next = start;
  for (const height of heights) {
    out.push(next);
    next += height + gap;
  }
  return out;
}
