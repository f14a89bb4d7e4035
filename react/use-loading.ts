import { useCallback, useId, useSyncExternalStore } from 'react';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { prop } from '../machines/fields.js';
import { useUi } from './use-ui.js';

export type LoadingState = 'visible' | 'hiding' | 'removed';

export interface UseLoadingResult {
  state: LoadingState;
  /** Whether the overlay should be rendered (visible or leaving). */
  mounted: boolean;
  text: string | undefined;
  /** Starts one request on the target's overlay; returns its release. */
  show(options?: { text?: string }): () => void;
  /** Shows the overlay for the life of a promise (a non-promise rejects with InvalidArgumentError, showing nothing). */
  track<T>(promise: Promise<T>, options?: { text?: string }): Promise<T>;
  overlayProps: { role: 'status'; 'aria-live': 'polite'; 'aria-busy': boolean; 'data-state': LoadingState; hidden: boolean };
}

const noop = () => {};

/**
 * A loading overlay over `target` (a key shared by every component showing it; this hook's own id when
 * omitted). Overlapping requests share one overlay until the last ends (seed 001 §4, §9).
 */
export function useLoading(target?: unknown, onRemoved?: () => void): UseLoadingResult {
  const { loading } = useUi();
  const ownKey = useId();
  const key = target ?? ownKey;
  const actor = useSyncExternalStore(
    loading.subscribe,
    () => loading.get(key),
    () => loading.get(key),
  );
  const subscribeActor = useCallback(
    (listener: () => void) => {
      if (!actor) return noop;
      const sub = actor.subscribe(listener);
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(
    subscribeActor,
    () => actor?.getSnapshot(),
    () => actor?.getSnapshot(),
  );
  const state: LoadingState = !snapshot || snapshot.status === 'done' ? 'removed' : (snapshot.value as LoadingState);
  const show = (options: { text?: string } = {}) => loading.show(key, onRemoved ?? noop, options);
  return {
    state,
    mounted: state !== 'removed',
    text: snapshot?.context.text,
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
    overlayProps: { role: 'status', 'aria-live': 'polite', 'aria-busy': state === 'visible', 'data-state': state, hidden: state === 'removed' },
  };
}
