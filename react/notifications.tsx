import type { ReactNode } from 'react';
import type { NotificationPlacement } from '../machines/notifier.machine.js';
import { Portal } from './portal.js';
import { useNotificationItem, useNotifications } from './use-notifications.js';
import type { UseNotificationItemResult } from './use-notifications.js';

export interface NotificationsProps {
  /** The live region's accessible name (default 'Notifications'). */
  label?: string;
  /** The close button's accessible name (default 'Close'). */
  closeLabel?: string;
  renderNotification?: (item: UseNotificationItemResult) => ReactNode;
}

function NotificationView({
  placement,
  closeLabel,
  render,
}: {
  placement: NotificationPlacement;
  closeLabel: string;
  render?: NotificationsProps['renderNotification'];
}) {
  const item = useNotificationItem(placement);
  const close = item.getCloseProps();
  return (
    <div {...item.getRootProps()} data-exkit-notification="">
      {render ? (
        render(item)
      ) : (
        <>
          {item.notification.title ? <strong>{item.notification.title}</strong> : null}
          <p>{item.notification.message}</p>
        </>
      )}
      {close.hidden ? null : (
        <button type="button" aria-label={closeLabel} onClick={close.onClick} data-exkit-notification-close="">
          ×
        </button>
      )}
    </div>
  );
}

/** The unstyled notification region: a live region present before the first notification, in the body. */
export function Notifications({ label = 'Notifications', closeLabel = 'Close', renderNotification }: NotificationsProps) {
  const { placements, getRegionProps } = useNotifications();
  return (
    <Portal>
      <section {...getRegionProps(label)} data-exkit-notifications="">
        {placements.map((placement) => (
          <NotificationView
            key={placement.id}
            placement={placement}
            closeLabel={closeLabel}
            {...(renderNotification ? { render: renderNotification } : {})}
          />
        ))}
      </section>
    </Portal>
  );
}
