import type { DomPort, Timers } from '../platform/types.js';
import { createLayerCounter, LAYER_BASE } from './layer-counter.js';
import { createLayerStack } from './layer-stack.js';
import type { LayerCounter } from './layer-counter.js';
import type { LayerStack } from './layer-stack.js';
import { createScrollLock } from './scroll-lock.js';
import type { ScrollLock } from './scroll-lock.js';
import { readRecord } from '../validate/describe-value.js';

/** The layering part of an app's host: the DOM, the z-index counter and the layer stack. */
export interface LayerHost {
  readonly dom: DomPort | undefined;
  readonly layers: LayerCounter;
  readonly stack: LayerStack;
}

/** The per-app DOM services every overlay shares: one z-index counter, one layer stack, one scroll lock. */
export interface UiHost extends LayerHost {
  readonly scrollLock: ScrollLock;
}

export interface UiHostOptions {
  dom: DomPort | undefined;
  timers: Timers;
  /** Default LAYER_BASE (spec §S9). */
  layerBase?: number;
  /** An existing counter to share (the root toaster's, when toasts fired before the app mounted). */
  layers?: LayerCounter;
  /** Default SCROLL_RESTORE_DELAY_MS (spec §B9). */
  scrollRestoreDelayMs?: number;
}

/**
 * Creates the shared overlay services of one app from its DOM and timers.
 *
 * @example
 * ```ts
 * const platform = browserPlatform();
 * const host = createUiHost({ dom: platform.dom, timers: platform.timers });
 * const dialog = createActor(popupMachine, {
 *   input: { id: 'settings', modal: true, layers: host.layers, stack: host.stack, scrollLock: host.scrollLock, dom: host.dom },
 * }).start();
 * ```
 */
export function createUiHost(options: UiHostOptions): UiHost {
  options = readRecord('options', options, 'createUiHost');
  const layers = options.layers ?? createLayerCounter(options.layerBase ?? LAYER_BASE);
  return {
    dom: options.dom,
    layers,
    stack: createLayerStack(options.dom, layers),
    scrollLock: createScrollLock(
      options.dom,
      options.timers,
      // An undefined delay is the default delay, as createScrollLock reads it.
      { restoreDelayMs: options.scrollRestoreDelayMs },
    ),
  };
}
