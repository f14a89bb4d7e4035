import type { SnapshotFrom } from 'xstate';
import type { loadingOverlayMachine } from './loading-overlay.machine.js';
import { readView, selectSnapshot } from './connect-checks.js';
import { oneOfRule, required, STRING } from './fields.js';
import type { FieldRules } from './fields.js';

export type LoadingState = 'visible' | 'hiding' | 'removed';
export type LoadingOverlaySnapshot = SnapshotFrom<typeof loadingOverlayMachine>;

/** What a loading overlay's props are built from. */
export interface LoadingOverlayView {
  state: LoadingState;
  text: string | undefined;
}

const REMOVED: LoadingOverlayView = { state: 'removed', text: undefined };

const LOADING_VIEW_RULES: FieldRules<LoadingOverlayView> = { state: required(oneOfRule(['visible', 'hiding', 'removed'])), text: STRING };

/**
 * The view of a loading overlay's snapshot; no overlay (undefined or null) or a finished one is 'removed'.
 * InvalidArgumentError naming 'snapshot' for anything else.
 */
export function loadingOverlayView(snapshot: LoadingOverlaySnapshot | undefined): LoadingOverlayView {
  if (snapshot === undefined || snapshot === null) return REMOVED;
  return selectSnapshot('loadingOverlayView', 'snapshot', snapshot, selectLoadingOverlayView);
}

function selectLoadingOverlayView(snapshot: LoadingOverlaySnapshot): LoadingOverlayView {
  if (snapshot.status !== 'active') return REMOVED;
  return { state: snapshot.value as LoadingState, text: snapshot.context.text };
}

export interface LoadingOverlayProps {
  /** What the optional stylesheet (`exkit/styles.css`) styles as an overlay over its positioned target. */
  'data-exkit-loading': '';
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

/**
 * The props of the overlay of a target (`connectLoadingOverlay(loading.get(target)?.getSnapshot())`), for any
 * renderer; a bad state is an InvalidArgumentError naming it.
 */
export function connectLoadingOverlay(state: LoadingOverlaySnapshot | LoadingOverlayView | undefined): LoadingOverlayApi {
  const view = state === undefined ? REMOVED : readView('connectLoadingOverlay', state, selectLoadingOverlayView, LOADING_VIEW_RULES);
  return {
    ...view,
    mounted: view.state !== 'removed',
    getOverlayProps: () => ({
      'data-exkit-loading': '',
      role: 'status',
      'aria-live': 'polite',
      'aria-busy': view.state === 'visible',
      'data-state': view.state,
      hidden: view.state === 'removed',
    }),
  };
}
