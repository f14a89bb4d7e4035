/** Spec §S9: the layering (z-index) counter starts here. */
export const LAYER_BASE = 2000;

/** One app's z-index counter: popups, dialogs, message boxes, notifications and toasts take the next value. */
export interface LayerCounter {
  /** Takes the next z-index (the first call returns the base + 1). */
  next(): number;
  /** The last value handed out (the base before the first call). */
  current(): number;
}

/**
 * Creates a layering counter starting at `base` (spec §S9: 2000).
 *
 * @example
 * ```ts
 * const layers = createLayerCounter(); // starts at LAYER_BASE, 2000
 * layers.next(); // 2001: the z-index of the next overlay
 * layers.current(); // 2001
 * ```
 */
export function createLayerCounter(base: number = LAYER_BASE): LayerCounter {
  let value = base;
  return {
    next: () => ++value,
    current: () => value,
  };
}
