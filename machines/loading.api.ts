import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { guardCallback } from '../core/errors/guard-callback.js';
import type { ErrorReporter, Timers } from '../core/platform/types.js';
import type { MotionPreference } from '../core/ui/motion.js';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { LoadingTargetMissingError } from '../core/ui/errors.js';
import { DELAY, REPORTER, STRING, fieldsOrThrow, hasMethods, prop } from './fields.js';
import type { FieldRules } from './fields.js';
import { loadingOverlayMachine } from './loading-overlay.machine.js';

export type LoadingOverlayActor = ActorRefFrom<typeof loadingOverlayMachine>;

export interface LoadingOverlaysOptions {
  /** The timers the overlays' leave delay runs on (XState's default clock when omitted). */
  clock?: Timers;
  /** Default LOADING_LEAVE_MS. */
  leaveMs?: number;
  /** An overlay shown while the user asks for reduced motion leaves in 0 ms. */
  motion?: MotionPreference;
  /** Where a throwing `onRemoved` callback or listener is logged: the platform's error reporter (the console without one). */
  errors?: ErrorReporter;
}

const optionsRules: FieldRules<LoadingOverlaysOptions> = {
  clock: { check: hasMethods('setTimeout', 'clearTimeout'), expect: 'timers (setTimeout and clearTimeout)' },
  leaveMs: DELAY,
  motion: { check: (v) => typeof prop(v, 'reduced') === 'boolean', expect: 'a motion preference' },
  errors: REPORTER,
};

/** Reference-counted loading overlays keyed by target. */
export interface LoadingOverlays {
  /**
   * Shows (or joins) the overlay of `target`; `onRemoved` runs once the overlay has left. Returns the
   * release for this request. Throws LoadingTargetMissingError without a target or a callback, and
   * InvalidArgumentError for a text that is not a string. A callback that throws is logged; the others still run.
   */
  show(target: unknown, onRemoved: () => void, options?: { text?: string }): () => void;
  /** The overlay actor of a target, while it exists. */
  get(target: unknown): LoadingOverlayActor | undefined;
  /** Calls `listener` whenever an overlay appears or is removed (a listener that throws is logged). */
  subscribe(listener: () => void): () => void;
  /**
   * Tears the registry down: removes every overlay at once (no leave transition, no timer left; their `onRemoved`
   * callbacks run) and drops the listeners. A later `show()` starts a new overlay as before.
   */
  dispose(): void;
}

/**
 * Creates the loading-overlay registry of an app.
 *
 * @example
 * ```ts
 * const loading = createLoadingOverlays({ clock: platform.timers });
 * const release = loading.show(formElement, () => console.log('overlay gone'), { text: 'Saving…' });
 * release(); // the overlay leaves once every holder released it
 * ```
 */
export function createLoadingOverlays(given?: LoadingOverlaysOptions): LoadingOverlays {
  const options = fieldsOrThrow<LoadingOverlaysOptions>('loading', given ?? {}, optionsRules, 'options');
  const overlays = new Map<unknown, { actor: LoadingOverlayActor; callbacks: Set<() => void> }>();
  const listeners = new Set<() => void>();
  // One caller's failing callback is logged and must not keep the others from running.
  const notify = () => [...listeners].forEach((l) => guardCallback('loading listener', l, options.errors));
  const removed = (callbacks: Set<() => void>) => {
    for (const callback of callbacks) guardCallback('onRemoved', callback, options.errors);
  };

  return {
    show(target, onRemoved, given) {
      if (target === undefined || target === null || target === '') throw new LoadingTargetMissingError('target');
      if (typeof onRemoved !== 'function') throw new LoadingTargetMissingError('callback');
      const showOptions = fieldsOrThrow<{ text?: string }>('loading.show', given ?? {}, { text: STRING }, 'options');
      let entry = overlays.get(target);
      if (entry) {
        entry.actor.send(showOptions.text === undefined ? { type: 'ACQUIRE' } : { type: 'ACQUIRE', text: showOptions.text });
      } else {
        const leaveMs = options.motion?.reduced ? 0 : options.leaveMs;
        const actor = createActor(loadingOverlayMachine, {
          // A leaveMs left undefined is dropped by the machine's input rules: the overlay takes its default.
          input: { target, leaveMs, ...showOptions },
          ...(options.clock ? { clock: options.clock } : {}),
        });
        const created = { actor, callbacks: new Set<() => void>() };
        entry = created;
        overlays.set(target, created);
        actor.on('removed', () => {
          overlays.delete(target);
          removed(created.callbacks);
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
      if (typeof listener !== 'function')
        throw new InvalidArgumentError('loading.subscribe: listener must be a function', { field: 'listener', value: listener });
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      const entries = [...overlays.values()];
      overlays.clear();
      for (const entry of entries) {
        entry.actor.stop();
        removed(entry.callbacks);
      }
      if (entries.length > 0) notify();
      listeners.clear();
    },
  };
}
