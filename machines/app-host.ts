import type { Platform } from '../core/platform/types.js';
import { createUiHost } from '../core/ui/ui-host.js';
import type { UiHost } from '../core/ui/ui-host.js';
import { hasRootToaster, rootToaster } from './toast-api.js';
import type { ToasterActor } from './toast-api.js';

const hosts = new WeakMap<Platform, UiHost>();
const forwarded = new WeakSet<Platform>();

/**
 * The overlay host (z-index counter, layer stack, scroll lock) of a platform, made once. It shares the
 * root toaster's counter when toasts were fired before the app mounted.
 */
export function appHost(platform: Platform): UiHost {
  let host = hosts.get(platform);
  if (!host) {
    host = createUiHost({
      dom: platform.dom,
      timers: platform.timers,
      ...(hasRootToaster() ? { layers: rootToaster().getSnapshot().context.layers } : {}),
    });
    hosts.set(platform, host);
  }
  return host;
}

/** The root toaster bound to a platform: its timers, clock, visibility and the host's counter. */
export function appToaster(platform: Platform): ToasterActor {
  const existed = hasRootToaster();
  const host = appHost(platform);
  const toaster = rootToaster({
    input: { layers: host.layers, clock: platform.clock, visibility: platform.visibility },
    clock: platform.timers,
  });
  // A root toaster made before the app knew its platform still pauses while the page is hidden.
  if (existed && !forwarded.has(platform)) {
    forwarded.add(platform);
    platform.visibility.changes.subscribe((v) => toaster.send({ type: v === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' }));
  }
  return toaster;
}
