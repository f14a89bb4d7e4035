import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Timers } from '../core/platform/types.js';
import type { MotionPreference } from '../core/ui/motion.js';
import { LoadingTargetMissingError } from '../core/ui/errors.js';
import { loadingOverlayMachine } from './loading-overlay.machine.js';

export type LoadingOverlayActor = ActorRefFrom<typeof loadingOverlayMachine>;

export interface LoadingOverlaysOptions {
  /** The timers the overlays' leave delay runs on (XState's default clock when omitted). */
  clock?: Timers;
  /** Default LOADING_LEAVE_MS. */
  leaveMs?: number;
  /** An overlay shown while the user asks for reduced motion leaves in 0 ms. */
  motion?: MotionPreference;
}

/** Reference-counted loading overlays keyed by target. */
export interface LoadingOverlays {
  /**
   * Shows (or joins) the overlay of `target`; `onRemoved` runs once the overlay has left. Returns the
   * release for this request. Throws LoadingTargetMissingError without a target or a callback.
   */
  show(target: unknown, onRemoved: () => void, options?: { text?: string }): () => void;
  /** The overlay actor of a target, while it exists. */
  get(target: unknown): LoadingOverlayActor | undefined;
  /** Calls `listener` whenever an overlay appears or is removed. */
  subscribe(listener: () => void): () => void;
}

/** Creates the loading-overlay registry of an app. */
export function createLoadingOverlays(options: LoadingOverlaysOptions = {}): LoadingOverlays {
  const overlays = new Map<unknown, { actor: LoadingOverlayActor; callbacks: Set<() => void> }>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  return {
    show(target, onRemoved, showOptions = {}) {
      if (target === undefined || target === null || target === '') throw new LoadingTargetMissingError('target');
      if (typeof onRemoved !== 'function') throw new LoadingTargetMissingError('callback');
      let entry = overlays.get(target);
      if (entry) {
        entry.actor.send(showOptions.text === undefined ? { type: 'ACQUIRE' } : { type: 'ACQUIRE', text: showOptions.text });
      } else {
        const leaveMs = options.motion?.reduced ? 0 : options.leaveMs;
        const actor = createActor(loadingOverlayMachine, {
          input: { target, ...(leaveMs === undefined ? {} : { leaveMs }), ...showOptions },
          ...(options.clock ? { clock: options.clock } : {}),
        });
        const created = { actor, callbacks: new Set<() => void>() };
        entry = created;
        overlays.set(target, created);
        actor.on('removed', () => {
          overlays.delete(target);
          for (const callback of created.callbacks) callback();
          notify();
        });
        actor.start();
        notify();
      }
      entry.callbacks.add(onRemoved);
      const actor = entry.actor;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        actor.send({ type: 'RELEASE' });
      };
    },
    get: (target) => overlays.get(target)?.actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
