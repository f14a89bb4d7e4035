import { useActorSelector as useSelector } from './use-actor-selector.js';
import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import { queuedToastCount, toastPlacements } from '../machines/toaster.machine.js';
import type { ToastPlacement } from '../machines/toaster.machine.js';
import type { ToastApi } from '../machines/toast-api.js';
import type { ToastContext } from '../machines/toast.machine.js';
import { useMeasuredHeight } from './use-measured-height.js';
import { useLayer, useReducedMotion, useToast, useToasterActor, useLayerHost } from './use-ui-host.js';

/**
 * `next` with every unchanged placement replaced by the previous object (and the previous array when
 * nothing changed), so a memoised item keeps its props when another toast comes or goes and only the
 * toasts that moved re-render. A placement carries its index, so only the one in the same slot can match;
 * its actor stands for its id.
 */
function sharePlacements(previous: ToastPlacement[], next: ToastPlacement[]): ToastPlacement[] {
  let changed = previous.length !== next.length;
  const shared = next.map((p, i) => {
    const old = previous[i];
    if (old?.ref === p.ref && old.offset === p.offset) return old;
    changed = true;
    return p;
  });
  return changed ? shared : previous;
}

export interface UseToasterResult {
  /** Shown toasts in order, each with its derived top offset. */
  placements: ToastPlacement[];
  /** How many toasts wait for a free slot. */
  queued: number;
  toast: ToastApi;
  /**
   * Props for the live region, which exists before the first toast so screen readers announce it. It
   * announces additions and text changes, ARIA's default `aria-relevant`, so the attribute is left out.
   */
  getRegionProps(label?: string): {
    ref: (node: HTMLElement | null) => void;
    role: 'region';
    'aria-label': string;
    'aria-live': 'polite';
    'data-reduced-motion': boolean | undefined;
    onPointerEnter: () => void;
    onPointerLeave: () => void;
  };
}

/**
 * The toast stack for a renderer: placements derived from measured heights, a live region whose clicks
 * never count as outside clicks for a modal, hover pause and Escape for the newest toast when on top.
 */
export function useToaster(): UseToasterResult {
  const host = useLayerHost();
  const toaster = useToasterActor();
  const toast = useToast();
  const reducedMotion = useReducedMotion();
  // The last placements handed out, shared with the next ones (a cache, like the selector's own).
  const lastPlacements = useRef<ToastPlacement[]>([]);
  const placements = useSelector(toaster, (s) => (lastPlacements.current = sharePlacements(lastPlacements.current, toastPlacements(s.context))));
  const queued = useSelector(toaster, (s) => queuedToastCount(s.context));
  const regionRef = useRef<HTMLElement | null>(null);
  useEffect(() => host.stack.addBranch(() => regionRef.current), [host.stack]);
  // Each newly shown toast brings the region's layer above a modal that was already open; a toast
  // closing never does, so a modal opened later stays on top.
  const layerKey = useSelector(toaster, (s) => s.context.shownTotal);
  useLayer(placements.length > 0, { node: () => regionRef.current, onEscape: () => toaster.send({ type: 'ESCAPE' }) }, layerKey);
  return {
    placements,
    queued,
    toast,
    getRegionProps: (label = 'Messages') => ({
      ref: (node) => {
        regionRef.current = node;
      },
      role: 'region',
      'aria-label': label,
      'aria-live': 'polite',
      'data-reduced-motion': reducedMotion || undefined,
      onPointerEnter: () => toaster.send({ type: 'POINTER_ENTER' }),
      onPointerLeave: () => toaster.send({ type: 'POINTER_LEAVE' }),
    }),
  };
}

export interface UseToastItemResult {
  toast: Pick<ToastContext, 'id' | 'type' | 'message' | 'title' | 'closable' | 'data' | 'zIndex' | 'revision'>;
  state: 'hidden' | 'visible' | 'closed';
  getRootProps(): {
    ref: (node: HTMLElement | null) => void;
    role: 'status' | 'alert';
    'aria-atomic': true;
    'data-type': string;
    'data-state': string;
    style: CSSProperties;
  };
  getCloseProps(): { type: 'button'; hidden: boolean; onClick: () => void };
}

/** One shown toast: its content, its fixed position from the placement, and its measured height reported back. */
export function useToastItem(placement: ToastPlacement): UseToastItemResult {
  const toaster = useToasterActor();
  const ref = placement.ref;
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => (s.status === 'done' ? 'closed' : s.matches('hidden') ? 'hidden' : 'visible'));
  const setNode = useMeasuredHeight(toaster, placement.id);
  return {
    toast: context,
    state,
    getRootProps: () => ({
      ref: setNode,
      role: context.type === 'error' ? 'alert' : 'status',
      'aria-atomic': true,
      'data-type': context.type,
      'data-state': state,
      style: { position: 'fixed', top: placement.offset, zIndex: context.zIndex },
    }),
    getCloseProps: () => ({ type: 'button', hidden: !context.closable, onClick: () => ref.send({ type: 'CLOSE' }) }),
  };
}
