import { shallowEqual } from '@xstate/react';
import { useId, useMemo, useSyncExternalStore } from 'react';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { prop } from '../machines/fields.js';
import { connectLoadingOverlay, loadingOverlayView } from '../machines/loading-overlay.connect.js';
import type { LoadingOverlayProps, LoadingOverlayView, LoadingState } from '../machines/loading-overlay.connect.js';
import { useUi } from './use-ui.js';

export type { LoadingState } from '../machines/loading-overlay.connect.js';

export interface UseLoadingResult {
  state: LoadingState;
  /** Whether the overlay should be rendered (visible or leaving). */
  mounted: boolean;
  text: string | undefined;
  /** Starts one request on the target's overlay; returns its release. */
  show(options?: { text?: string }): () => void;
  /** Shows the overlay for the life of a promise (a non-promise rejects with InvalidArgumentError, showing nothing). */
  track<T>(promise: Promise<T>, options?: { text?: string }): Promise<T>;
  getOverlayProps(): LoadingOverlayProps;
}

// Stryker disable next-line ArrowFunction: a function returning undefined instead of one with an empty body is the same callback
const noop = () => {};
const hiddenOverlay = () => loadingOverlayView(undefined);

/**
 * A loading overlay over `target` (a key shared by every component showing it; this hook's own id when
 * omitted). Overlapping requests share one overlay until the last ends (spec §S4, §S9).
 */
export function useLoading(target?: unknown, onRemoved?: () => void): UseLoadingResult {
  const { loading } = useUi();
  const ownKey = useId();
  const key = target ?? ownKey;
  // One subscription: to the registry, and through it to the target's overlay while there is one.
  const store = useMemo(() => {
    // The last view handed out, kept while the next one is equal (useSyncExternalStore needs a stable value).
    // Stryker disable next-line ObjectLiteral: without a first view, the first read finds none equal and keeps the view it reads
    const last: { view: LoadingOverlayView } = { view: loadingOverlayView(loading.get(key)?.getSnapshot()) };
    const read = () => {
      const next = loadingOverlayView(loading.get(key)?.getSnapshot());
      if (!shallowEqual(last.view, next)) last.view = next;
      return last.view;
    };
    const subscribe = (onChange: () => void) => {
      let actorSub: { unsubscribe(): void } | undefined;
      const follow = () => {
        actorSub?.unsubscribe();
        actorSub = loading.get(key)?.subscribe({ next: onChange, error: onChange, complete: onChange });
        onChange();
      };
      const stopRegistry = loading.subscribe(follow);
      follow();
      return () => {
        stopRegistry();
        actorSub?.unsubscribe();
      };
    };
    return { read, subscribe };
  }, [loading, key]);
  // No overlay in a server render: the running page shows them, so none there and while hydrating.
  const view = useSyncExternalStore(store.subscribe, store.read, hiddenOverlay);
  const api = connectLoadingOverlay(view);
  const show = (options: { text?: string } = {}) => loading.show(key, onRemoved ?? noop, options);
  return {
    state: api.state,
    mounted: api.mounted,
    text: api.text,
    show,
    track: (promise, options) => {
      // Async by contract: a bad argument rejects, and no overlay is shown that nothing would release.
      if (typeof prop(promise, 'then') !== 'function') {
        return Promise.reject(new InvalidArgumentError('useLoading: track needs a promise', { field: 'promise', value: promise }));
      }
      let release: () => void;
      try {
        release = show(options);
      } catch (error) {
        return Promise.reject(error);
      }
      return Promise.resolve(promise).finally(release);
    },
    getOverlayProps: api.getOverlayProps,
  };
}
