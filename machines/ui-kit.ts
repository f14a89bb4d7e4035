import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Platform } from '../core/platform/types.js';
import { LAYER_BASE } from '../core/ui/layer-counter.js';
import { fixedMotion, motionPreference } from '../core/ui/motion.js';
import type { MotionPreference } from '../core/ui/motion.js';
import { createUiHost } from '../core/ui/ui-host.js';
import type { UiHost } from '../core/ui/ui-host.js';
import { createLoadingOverlays } from './loading.api.js';
import type { LoadingOverlays } from './loading.api.js';
import { createMessageBoxApi } from './message-box.api.js';
import type { MessageBoxApi } from './message-box.api.js';
import { messageBoxQueueMachine } from './message-box-queue.machine.js';
import { notifierMachine, NOTIFICATION_REGION_ID } from './notifier.machine.js';
import { appHost, appToaster, toasterInputOf } from './app-host.js';
import { BOOLEAN, checkArgument, fieldsOrThrow, isFunction, isRecord, isUiPlatform } from './fields.js';
import type { FieldRules } from './fields.js';
import { createToastApi } from './toast.api.js';
import type { ToastApi, ToasterActor } from './toast.api.js';
import { toasterMachine } from './toaster.machine.js';
import { checkToasterInput, TOAST_REGION_ID } from './toaster.machine.js';
import type { ToasterInput } from './toaster.machine.js';

// Numbers the regions of isolated kits, so that two kits on one page never share a region id.
let isolatedKits = 0;

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
  /**
   * The user's prefers-reduced-motion setting, followed live: while it is on, message boxes opened, loading
   * overlays leaving and dialogs closing take 0 ms, and the components carry `data-reduced-motion`.
   */
  readonly motion: MotionPreference;
  /**
   * Stops the kit's own actors: message boxes still open resolve as closed, loading overlays are removed, and
   * no timer of theirs is left (the shared root toaster lives on).
   */
  dispose(): void;
}

export interface UiKitOptions {
  /** Use a private toaster instead of the app's root toaster (tests, embedded widgets). */
  isolatedToaster?: boolean;
  /** Input of an isolated toaster (the root toaster is configured with `configureRootToaster`). */
  toaster?: Omit<ToasterInput, 'layers' | 'clock' | 'visibility' | 'errors' | 'stack' | 'dom'>;
  /** Default LAYER_BASE; applies to an isolated kit (an app kit shares the platform's host). */
  layerBase?: number;
  /** Replaces the platform's prefers-reduced-motion setting with a fixed answer. */
  reducedMotion?: boolean;
  /**
   * The current locale ('en', 'zh-CN', …), read whenever a text is chosen: a prompt's default failure text
   * is the catalogue's `invalidData` in it (spec §S8). Default 'en'.
   */
  locale?: () => string;
}

const optionRules: FieldRules<UiKitOptions> = {
  isolatedToaster: BOOLEAN,
  toaster: { check: isRecord, expect: 'a toaster input' },
  layerBase: { check: (v) => typeof v === 'number' && Number.isFinite(v), expect: 'a finite number' },
  reducedMotion: BOOLEAN,
  locale: { check: isFunction, expect: 'a function giving the locale' },
};

/**
 * Builds an app's overlay services on a platform. Malformed options throw InvalidArgumentError naming the
 * option, before anything is created. Toasts go to the root toaster (so `toast.success()`
 * fired before this call is kept), unless `isolatedToaster` asks for a private one.
 *
 * @example
 * ```ts
 * const ui = createUiKit(browserPlatform());
 * ui.toast.success('Saved');
 * const { action } = await ui.messageBox.confirm('Delete this address?'); // 'confirm' | 'cancel' | 'close'
 * ui.dispose();
 * ```
 */
export function createUiKit(platform: Platform, given?: UiKitOptions): UiKit {
  checkArgument('createUiKit', 'platform', platform, isUiPlatform, 'a Platform');
  const options = fieldsOrThrow<UiKitOptions>('createUiKit', given ?? {}, optionRules, 'options');
  // No toaster input checks as an empty one.
  checkToasterInput(options.toaster, 'options.toaster');
  const motion = options.reducedMotion === undefined ? motionPreference(platform) : fixedMotion(options.reducedMotion);
  let ownToaster: ToasterActor | undefined;
  let host: UiHost;
  let toaster: ToasterActor;
  // An isolated kit's regions are numbered, so that they never share an id with the app's or another kit's.
  const kitNumber = options.isolatedToaster ? ++isolatedKits : undefined;
  if (options.isolatedToaster) {
    host = createUiHost({ dom: platform.dom, timers: platform.timers, layerBase: options.layerBase ?? LAYER_BASE });
    const input: ToasterInput = {
      ...options.toaster,
      ...toasterInputOf(platform, host),
      regionId: options.toaster?.regionId ?? `${TOAST_REGION_ID}-${kitNumber}`,
    };
    ownToaster = createActor(toasterMachine, { input, clock: platform.timers }).start();
    toaster = ownToaster;
  } else {
    host = appHost(platform);
    toaster = appToaster(platform);
  }
  const layers = host.layers;
  const notifier = createActor(notifierMachine, {
    input: {
      layers,
      clock: platform.clock,
      stack: host.stack,
      ...(host.dom ? { dom: host.dom } : {}),
      regionId: kitNumber === undefined ? NOTIFICATION_REGION_ID : `${NOTIFICATION_REGION_ID}-${kitNumber}`,
    },
    clock: platform.timers,
  }).start();
  const messageBoxQueue = createActor(messageBoxQueueMachine, {
    input: {
      layers,
      scrollLock: host.scrollLock,
      stack: host.stack,
      ...(host.dom ? { dom: host.dom } : {}),
      errors: platform.errors,
      ...(options.locale ? { locale: options.locale } : {}),
    },
    clock: platform.timers,
  }).start();
  const loading = createLoadingOverlays({ clock: platform.timers, motion, errors: platform.errors });
  const dispose = () => {
    ownToaster?.stop();
    notifier.stop();
    messageBoxQueue.stop();
    loading.dispose();
  };
  return {
    host,
    toaster,
    toast: createToastApi(() => toaster),
    notifier,
    messageBoxQueue,
    messageBox: createMessageBoxApi(() => messageBoxQueue, motion),
    loading,
    motion,
    dispose,
  };
}
