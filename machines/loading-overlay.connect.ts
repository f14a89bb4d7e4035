import type { SnapshotFrom } from 'xstate';
import type { loadingOverlayMachine } from './loading-overlay.machine.js';

export type LoadingState = 'visible' | 'hiding' | 'removed';
export type LoadingOverlaySnapshot = SnapshotFrom<typeof loadingOverlayMachine>;

/** What a loading overlay's props are built from. */
export interface LoadingOverlayView {
  state: LoadingState;
  text: string | undefined;
}

/** The view of a loading overlay's snapshot; no overlay (undefined) or a finished one is 'removed'. */
export function loadingOverlayView(snapshot: LoadingOverlaySnapshot | undefined): LoadingOverlayView {
  if (!snapshot || snapshot.status !== 'active') return { state: 'removed', text: undefined };
  return { state: snapshot.value as LoadingState, text: snapshot.context.text };
}

export interface LoadingOverlayProps {
  role: 'status';
  'aria-live': 'polite';
  'aria-busy': boolean;
  'data-state': LoadingState;
  hidden: boolean;
}

/** A loading overlay's state and the props of its node, in DOM terms. */
export interface LoadingOverlayApi extends LoadingOverlayView {
  /** Whether the overlay should be rendered (visible or leaving). */
  mounted: boolean;
  getOverlayProps(): LoadingOverlayProps;
}

/** The props of the overlay of a target (`connectLoadingOverlay(loading.get(target)?.getSnapshot())`), for any renderer. */
export function connectLoadingOverlay(state: LoadingOverlaySnapshot | LoadingOverlayView | undefined): LoadingOverlayApi {
  const view = state !== undefined && 'state' in state && !('status' in state) ? (state as LoadingOverlayView) : loadingOverlayView(state as LoadingOverlaySnapshot | undefined);
  return {
    ...view,
    mounted: view.state !== 'removed',
    getOverlayProps: () => ({ role: 'status', 'aria-live': 'polite', 'aria-busy': view.state === 'visible', 'data-state': view.state, hidden: view.state === 'removed' }),
  };
}
