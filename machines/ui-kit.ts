import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Platform } from '../core/platform/types.js';
import { createLayerCounter, LAYER_BASE } from '../core/ui/layer-counter.js';
import { createUiHost } from '../core/ui/ui-host.js';
import type { UiHost } from '../core/ui/ui-host.js';
import { createLoadingOverlays } from './loading-api.js';
import type { LoadingOverlays } from './loading-api.js';
import { createMessageBoxApi } from './message-box-api.js';
import type { MessageBoxApi } from './message-box-api.js';
import { messageBoxQueueMachine } from './message-box-queue.machine.js';
import { notifierMachine } from './notifier.machine.js';
import { createToastApi, hasRootToaster, rootToaster } from './toast-api.js';
import type { ToastApi, ToasterActor } from './toast-api.js';
import { toasterMachine } from './toaster.machine.js';
import type { ToasterInput } from './toaster.machine.js';

/** The media query that asks for reduced motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export type NotifierActor = ActorRefFrom<typeof notifierMachine>;
export type MessageBoxQueueActorRef = ActorRefFrom<typeof messageBoxQueueMachine>;

/** Every overlay service of one app, sharing one z-index counter, layer stack and scroll lock. */
export interface UiKit {
  readonly host: UiHost;
  readonly toaster: ToasterActor;
  readonly toast: ToastApi;
  readonly notifier: NotifierActor;
  readonly messageBoxQueue: MessageBoxQueueActorRef;
  readonly messageBox: MessageBoxApi;
  readonly loading: LoadingOverlays;
  /** Whether the user asked for reduced motion when the kit was made (transitions then take 0 ms). */
  readonly reducedMotion: boolean;
  stop(): void;
}

export interface UiKitOptions {
  /** Use a private toaster instead of the app's root toaster (tests, embedded widgets). */
  isolatedToaster?: boolean;
  toaster?: Omit<ToasterInput, 'layers' | 'clock' | 'visibility'>;
  /** Default LAYER_BASE. */
  layerBase?: number;
  /** Overrides the platform's prefers-reduced-motion answer. */
  reducedMotion?: boolean;
}

/**
 * Builds an app's overlay services on a platform. Toasts go to the root toaster (so `toast.success()`
 * fired before this call is kept), unless `isolatedToaster` asks for a private one.
 */
export function createUiKit(platform: Platform, options: UiKitOptions = {}): UiKit {
  const reducedMotion = options.reducedMotion ?? platform.matchMedia(REDUCED_MOTION_QUERY);
  const adopting = !options.isolatedToaster && hasRootToaster();
  const layers = adopting ? rootToaster().getSnapshot().context.layers : createLayerCounter(options.layerBase ?? LAYER_BASE);
  const host = createUiHost({ dom: platform.dom, timers: platform.timers, layers });
  const toasterInput: ToasterInput = { ...options.toaster, layers, clock: platform.clock, visibility: platform.visibility };
  let ownToaster: ToasterActor | undefined;
  let toaster: ToasterActor;
  if (options.isolatedToaster) {
    ownToaster = createActor(toasterMachine, { input: toasterInput, clock: platform.timers }).start();
    toaster = ownToaster;
  } else {
    toaster = rootToaster({ input: toasterInput, clock: platform.timers });
  }
  // A root toaster created before the app knew its platform still pauses while the page is hidden.
  const visibilitySub = adopting
    ? platform.visibility.changes.subscribe((v) => toaster.send({ type: v === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' }))
    : undefined;
  const notifier = createActor(notifierMachine, { input: { layers, clock: platform.clock }, clock: platform.timers }).start();
  const messageBoxQueue = createActor(messageBoxQueueMachine, {
    input: { layers, scrollLock: host.scrollLock, ...(reducedMotion ? { transitionMs: 0 } : {}) },
    clock: platform.timers,
  }).start();
  return {
    host,
    toaster,
    toast: createToastApi(() => toaster),
    notifier,
    messageBoxQueue,
    messageBox: createMessageBoxApi(() => messageBoxQueue),
    loading: createLoadingOverlays({ clock: platform.timers, ...(reducedMotion ? { leaveMs: 0 } : {}) }),
    reducedMotion,
    stop() {
      visibilitySub?.unsubscribe();
      ownToaster?.stop();
      notifier.stop();
      messageBoxQueue.stop();
    },
  };
}
