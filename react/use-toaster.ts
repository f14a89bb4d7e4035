import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { connectToast, connectToaster, toastView } from '../machines/toaster.connect.js';
import type { ShownToast, ToastRegionProps, ToastRootProps, ToastState, ToasterView } from '../machines/toaster.connect.js';
import { queuedToastCount, toastPlacements } from '../machines/toaster.machine.js';
import type { ToasterSnapshot, ToastPlacement } from '../machines/toaster.machine.js';
import type { ToastApi } from '../machines/toast.api.js';
import { normalizeProps } from './normalize-props.js';
import type { ReactProps } from './normalize-props.js';
import { useAppActorView } from './hydration.js';
import { useMeasuredHeight } from './use-measured-height.js';
import { useReducedMotion, useToast, useToasterActor } from './use-ui-host.js';

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

const NO_PLACEMENTS: ToastPlacement[] = [];

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
  getRegionProps(label?: string): ReactProps<ToastRegionProps>;
}

/**
 * The toast stack for a renderer: placements derived from measured heights, a live region whose clicks
 * never count as outside clicks for a modal, hover pause and Escape for the newest toast when on top.
 */
export function useToaster(): UseToasterResult {
  const toaster = useToasterActor();
  const toast = useToast();
  const reducedMotion = useReducedMotion();
  // One subscription: the view (placements shared with the last ones, so unchanged toasts keep their props; the
  // queue length; the region's id). The toaster itself holds the region's layer and branch (spec §B9).
  // Stryker disable next-line ArrayDeclaration: a one-item first list differs from any first view too (length, or no ref)
  const shared = useRef<ToastPlacement[]>([]);
  const select = useCallback((s: ToasterSnapshot): ToasterView => {
    shared.current = sharePlacements(shared.current, toastPlacements(s.context));
    return { placements: shared.current, queued: queuedToastCount(s.context), regionId: s.context.regionId };
    // Stryker disable next-line ArrayDeclaration: the selector reads nothing from the render, so any constant list keeps the same selector
  }, []);
  // No toast on the server and while hydrating (toasts are the running page's), the region's id as it is.
  const serverView = useCallback(
    (): ToasterView => ({ placements: NO_PLACEMENTS, queued: 0, regionId: toaster.getSnapshot().context.regionId }),
    // Stryker disable next-line ArrayDeclaration: read only in a server or hydrating render, one render with one toaster
    [toaster],
  );
  const view = useAppActorView(toaster, select, serverView);
  const api = connectToaster(view, toaster.send, { reducedMotion });
  return {
    placements: api.placements,
    queued: api.queued,
    toast,
    getRegionProps: (label) => normalizeProps(api.getRegionProps(label)),
  };
}

export interface UseToastItemResult {
  toast: ShownToast;
  state: ToastState;
  getRootProps(): ToastRootProps & { ref: (node: HTMLElement | null) => void };
  getCloseProps(): { type: 'button'; hidden: boolean; onClick: () => void };
}

/** One shown toast: its content, its fixed position from the placement, and its measured height reported back. */
export function useToastItem(placement: ToastPlacement): UseToastItemResult {
  const toaster = useToasterActor();
  const view = useSelector(placement.ref, toastView, shallowEqual);
  const setNode = useMeasuredHeight(toaster, placement.id);
  const api = connectToast(view, placement.ref.send, placement, toaster.send);
  return {
    toast: api.toast,
    state: api.state,
    getRootProps: () => ({ ...api.getRootProps(), ref: setNode }),
    getCloseProps: () => normalizeProps(api.getCloseProps()),
  };
}
