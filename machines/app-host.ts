import { reportCallbackError, UserCallbackError } from '../core/errors/guard-callback.js';
import type { Platform } from '../core/platform/types.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import { createLayerStack } from '../core/ui/layer-stack.js';
import { createScrollLock } from '../core/ui/scroll-lock.js';
import type { LayerHost, UiHost } from '../core/ui/ui-host.js';
import { hasRootToaster, rootToaster } from './toast.api.js';
import type { ToasterActor } from './toast.api.js';
import type { ToasterInput } from './toaster.machine.js';
import { checkArgument, isUiPlatform } from './fields.js';

const checkPlatform = (owner: string, platform: unknown) => checkArgument(owner, 'platform', platform, isUiPlatform, 'a Platform');

const layerHosts = new WeakMap<Platform, LayerHost>();
const hosts = new WeakMap<Platform, UiHost>();
const forwarded = new WeakSet<Platform>();

/**
 * The layering half of a platform's host (z-index counter and layer stack), made once. It shares the root
 * toaster's counter when toasts were fired before the app mounted. Toast-only code needs nothing more.
 */
export function appLayers(platform: Platform): LayerHost {
  checkPlatform('appLayers', platform);
  let host = layerHosts.get(platform);
  if (!host) {
    const layers = hasRootToaster() ? rootToaster().getSnapshot().context.layers : createLayerCounter();
    host = { dom: platform.dom, layers, stack: createLayerStack(platform.dom, layers) };
    layerHosts.set(platform, host);
  }
  return host;
}

/** The full overlay host of a platform: its layers plus the shared scroll lock, made once. */
export function appHost(platform: Platform): UiHost {
  checkPlatform('appHost', platform);
  let host = hosts.get(platform);
  if (!host) {
    host = { ...appLayers(platform), scrollLock: createScrollLock(platform.dom, platform.timers) };
    hosts.set(platform, host);
  }
  return host;
}

/**
 * What a toaster takes from its platform and host: the clock, visibility, error reporter, counter, stack and
 * document. Internal: exkit/machines does not export it.
 */
export function toasterInputOf(platform: Platform, host: LayerHost): ToasterInput {
  return {
    layers: host.layers,
    clock: platform.clock,
    visibility: platform.visibility,
    errors: platform.errors,
    stack: host.stack,
    ...(host.dom ? { dom: host.dom } : {}),
  };
}

/** The root toaster bound to a platform: its timers, clock, visibility and the host's counter. */
export function appToaster(platform: Platform): ToasterActor {
  checkPlatform('appToaster', platform);
  const existed = hasRootToaster();
  const host = appLayers(platform);
  const toaster = rootToaster({ input: toasterInputOf(platform, host), clock: platform.timers });
  // A root toaster made before the app knew its platform still pauses while the page is hidden, and its region
  // joins this platform's layer stack.
  if (existed && !forwarded.has(platform)) {
    forwarded.add(platform);
    toaster.send({ type: 'SET_HOST', stack: host.stack, ...(host.dom ? { dom: host.dom } : {}) });
    platform.visibility.changes.subscribe({
      next: (v) => toaster.send({ type: v === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' }),
      error: (error: unknown) =>
        reportCallbackError(platform.errors, new UserCallbackError('visibility.changes', error, 'visibility.changes failed')),
    });
  }
  return toaster;
}
