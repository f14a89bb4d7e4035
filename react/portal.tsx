import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import { useLayerHost } from './use-ui-host.js';

export interface PortalProps {
  children?: ReactNode;
  /** Where to render (default: the document body). */
  container?: Element | null;
}

/** Renders children into the document body (or `container`), or in place where there is no DOM. */
export function Portal({ children, container }: PortalProps) {
  const { dom } = useLayerHost();
  const target = container ?? dom?.document.body;
  return target ? createPortal(children, target) : children;
}
