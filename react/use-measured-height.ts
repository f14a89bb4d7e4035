import { useCallback, useRef } from 'react';

/** A stack that places its items from their measured heights: the toaster and the notifier. */
interface HeightSink {
  send(event: { type: 'MEASURED'; id: string; height: number }): void;
}

/**
 * A ref for a stacked item's root that reports the item's height to its stack whenever it changes.
 *
 * A `ResizeObserver` reads the height in the frame's own layout pass, after React has committed and before
 * the frame is painted, so a commit never forces a synchronous layout, and every reflow is seen: a message
 * updated in place, a web font arriving, a narrower viewport wrapping the text. Where there is no
 * `ResizeObserver` (jsdom and other DOMs without layout), the height is read once, when the node mounts.
 *
 * The height is the layout height (`offsetHeight`), which ignores transforms, so an enter animation
 * that scales the item does not shrink the gap below it.
 */
export function useMeasuredHeight(stack: HeightSink, id: string): (node: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback(
    (node: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      let last = -1;
      const report = () => {
        const height = node.offsetHeight;
        if (height === last) return;
        last = height;
        stack.send({ type: 'MEASURED', id, height });
      };
      if (typeof ResizeObserver === 'function') (observer.current = new ResizeObserver(report)).observe(node);
      else report();
    },
    [stack, id],
  );
}
