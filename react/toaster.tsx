import { memo } from 'react';
import type { ReactNode } from 'react';
import type { ToastPlacement } from '../machines/toaster.machine.js';
import { Portal } from './portal.js';
import { useToaster, useToastItem } from './use-toaster.js';
import type { UseToastItemResult } from './use-toaster.js';

export interface ToasterProps {
  /** The live region's accessible name (default 'Messages'). */
  label?: string;
  /** The close button's accessible name (default 'Close'). */
  closeLabel?: string;
  /** Custom body of a toast; the default renders the title and message. */
  renderToast?: (item: UseToastItemResult) => ReactNode;
}

// Memoised: a toast re-renders when its own actor changes or its placement moves, not when another
// toast is added or updated (the placements keep their identity, see sharePlacements).
const ToastView = memo(function ToastView({
  placement,
  closeLabel,
  renderToast,
}: {
  placement: ToastPlacement;
  closeLabel: string;
  renderToast?: ToasterProps['renderToast'] | undefined;
}) {
  const item = useToastItem(placement);
  const close = item.getCloseProps();
  return (
    <div {...item.getRootProps()} data-exkit-toast="">
      {renderToast ? (
        renderToast(item)
      ) : (
        <>
          {item.toast.title ? <strong>{item.toast.title}</strong> : null}
          <span>{item.toast.message}</span>
        </>
      )}
      {close.hidden ? null : (
        <button type="button" aria-label={closeLabel} onClick={close.onClick} data-exkit-toast-close="">
          ×
        </button>
      )}
    </div>
  );
});

/** The unstyled toast region: a live region present before the first toast, rendered into the body. */
export function Toaster({ label = 'Messages', closeLabel = 'Close', renderToast }: ToasterProps) {
  const { placements, getRegionProps } = useToaster();
  return (
    <Portal>
      <section {...getRegionProps(label)} data-exkit-toaster="">
        {placements.map((placement) => (
          <ToastView key={placement.id} placement={placement} closeLabel={closeLabel} renderToast={renderToast} />
        ))}
      </section>
    </Portal>
  );
}
