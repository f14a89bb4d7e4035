import { useEffect, useRef } from 'react';
import type { Platform } from '../core/platform/types.js';
import type { FocusTrapOptions } from '../core/ui/focus-trap.js';
import { createFocusTrap } from '../core/ui/focus-trap.js';
import type { LayerOptions } from '../core/ui/layer-stack.js';
import { createUiKit } from '../machines/ui-kit.js';
import type { UiKit } from '../machines/ui-kit.js';
import { useExkit } from './provider.js';

// One kit per platform when the provider was not handed one, so every hook of an app shares it.
const kits = new WeakMap<Platform, UiKit>();

/** The app's overlay services: the provider's `ui`, or one made once from its platform. */
export function useUi(): UiKit {
  const services = useExkit();
  if (services.ui) return services.ui;
  let kit = kits.get(services.platform);
  if (!kit) {
    kit = createUiKit(services.platform);
    kits.set(services.platform, kit);
  }
  return kit;
}

/** Whether transitions should be skipped (the user asked for reduced motion). */
export function useReducedMotion(): boolean {
  return useUi().reducedMotion;
}

/** Keeps a layer in the app's stack while `active`; `key` changes bring it to the top again. */
export function useLayer(active: boolean, options: LayerOptions, key?: unknown): void {
  const { stack } = useUi().host;
  const latest = useRef(options);
  latest.current = options;
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
  const { dom } = useUi().host;
  const latest = useRef(options);
  latest.current = options;
  const trapOn = options.trap ?? true;
  useEffect(() => {
    const el = node();
    if (!active || !dom || !el) return;
    const trap = createFocusTrap(dom, el, {
      trap: trapOn,
      initialFocus: () => latest.current.initialFocus?.(),
      returnFocus: () => latest.current.returnFocus?.(),
      allowOutside: (target) => latest.current.allowOutside?.(target) ?? false,
    });
    trap.activate();
    return () => trap.deactivate();
    // `node` is a ref getter read when the effect runs, so it is not a dependency.
  }, [active, dom, trapOn]);
}
