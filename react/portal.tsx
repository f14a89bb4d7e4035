import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import { useHydrated } from './hydration.js';
import { useLayerHost } from './use-ui-host.js';

export interface PortalProps {
  children?: ReactNode;
  /** Where to render (default: the document body). */
  container?: Element | null;
}

/**
 * Renders children into the document body (or `container`), or in place where there is no DOM. Nothing on
 * the server and while hydrating: the server's HTML has no body to portal into, so the overlays appear right
 * after hydration instead of making the client's first render differ from the server's.
 */
export function Portal({ children, container }: PortalProps) {
  const { dom } = useLayerHost();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const target = container ?? dom?.document.body;
  return target ? createPortal(children, target) : children;
}
