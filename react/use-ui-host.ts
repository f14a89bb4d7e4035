import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createFocusTrap } from '../core/ui/focus-trap.js';
import type { FocusTrapOptions } from '../core/ui/focus-trap.js';
import type { LayerOptions } from '../core/ui/layer-stack.js';
import { motionPreference } from '../core/ui/motion.js';
import type { LayerHost, UiHost } from '../core/ui/ui-host.js';
import { appHost, appLayers, appToaster } from '../machines/app-host.js';
import { toast as rootToastApi } from '../machines/toast.api.js';
import type { ToastApi, ToasterActor } from '../machines/toast.api.js';
import { useExkit } from './provider.js';

// These hooks need only the host and the toaster, so an app that imports just the toast hooks does not
// bundle the other overlay machines.

/** The app's overlay host: the provider's `ui.host`, or the platform's shared one. */
export function useUiHost(): UiHost {
  const services = useExkit();
  return services.ui?.host ?? appHost(services.platform);
}

/** The app's layers (DOM, z-index counter, layer stack) without the scroll lock. */
export function useLayerHost(): LayerHost {
  const services = useExkit();
  return services.ui?.host ?? appLayers(services.platform);
}

/** The app's toaster actor: the provider's `ui.toaster`, or the root toaster bound to the platform. */
export function useToasterActor(): ToasterActor {
  const services = useExkit();
  return services.ui?.toaster ?? appToaster(services.platform);
}

/** The imperative toast API of the app (the root `toast` unless the provider's kit is isolated). */
export function useToast(): ToastApi {
  const services = useExkit();
  if (services.ui) return services.ui.toast;
  appToaster(services.platform);
  return rootToastApi;
}

const fullMotion = () => false;

/** Whether transitions should be skipped (the user asks for reduced motion); re-renders when that changes. */
export function useReducedMotion(): boolean {
  const { ui, platform } = useExkit();
  const motion = useMemo(() => ui?.motion ?? motionPreference(platform), [ui, platform]);
  const reduced = () => motion.reduced;
  // A server render knows no visitor's setting: full motion there and while hydrating, the setting right after.
  return useSyncExternalStore(motion.subscribe, reduced, fullMotion);
}

/** Keeps a layer in the app's stack while `active`; `key` changes bring it to the top again. */
export function useLayer(active: boolean, options: LayerOptions, key?: unknown): void {
  const { stack } = useLayerHost();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!active) return;
    const layer = stack.push({
      node: () => latest.current.node?.(),
      ...(latest.current.onEscape ? { onEscape: (e: KeyboardEvent) => latest.current.onEscape?.(e) } : {}),
      ...(latest.current.onOutsideClick ? { onOutsideClick: (e: Event) => latest.current.onOutsideClick?.(e) } : {}),
    });
    return () => layer.remove();
  }, [active, stack, key]);
}

/** Traps focus in `node()` while `active` and restores it afterwards. */
export function useFocusTrap(active: boolean, node: () => HTMLElement | null, options: FocusTrapOptions = {}): void {
  const { dom } = useLayerHost();
  const latest = useRef({ options, node });
  useEffect(() => {
    latest.current = { options, node };
  });
  const trapOn = options.trap ?? true;
  useEffect(() => {
    const el = latest.current.node();
    if (!active || !dom || !el) return;
    const trap = createFocusTrap(dom, el, {
      trap: trapOn,
      initialFocus: () => latest.current.options.initialFocus?.(),
      returnFocus: () => latest.current.options.returnFocus?.(),
      allowOutside: (target) => latest.current.options.allowOutside?.(target) ?? false,
    });
    trap.activate();
    return () => trap.deactivate();
    // `node` is a ref getter read (the latest one) when the effect runs, so it is not a dependency.
  }, [active, dom, trapOn]);
}
