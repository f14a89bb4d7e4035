import type { Platform } from '../platform/types.js';
import { invalidArgument } from '../validate/describe-value.js';

/** The media query that asks for reduced motion; transitions then take 0 ms. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether transitions should take 0 ms, followed live. Shaped for React's `useSyncExternalStore`. */
export interface MotionPreference {
  /** True while the user asks for reduced motion (or the app says so). */
  readonly reduced: boolean;
  /** Calls `listener` once on subscribing and whenever the preference may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * The user's prefers-reduced-motion setting through the platform, read afresh on every access, so a
 * change in the system settings applies to the next transition without a reload.
 */
export function motionPreference(platform: Pick<Platform, 'matchMedia' | 'watchMedia'>): MotionPreference {
  return {
    get reduced() {
      return platform.matchMedia(REDUCED_MOTION_QUERY);
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw invalidArgument('listener', 'a function', listener, 'motion.subscribe');
      const sub = platform.watchMedia(REDUCED_MOTION_QUERY).subscribe(listener);
      return () => sub.unsubscribe();
    },
  };
}

/** The app's own answer (an in-app "reduce animations" switch, a test), in place of the media query. */
export function fixedMotion(reduced: boolean): MotionPreference {
  return { reduced, subscribe: () => () => undefined };
}
