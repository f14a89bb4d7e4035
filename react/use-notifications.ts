import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { connectNotification, connectNotifier, notificationView } from '../machines/notifier.connect.js';
import type { ShownNotification, NotificationRegionProps, NotificationRootProps } from '../machines/notifier.connect.js';
import type { NotificationContent } from '../machines/notification.machine.js';
import { checkNotification, notificationPlacements } from '../machines/notifier.machine.js';
import type { NotificationPlacement, NotifierContext } from '../machines/notifier.machine.js';
import { normalizeProps } from './normalize-props.js';
import type { ReactProps } from './normalize-props.js';
import { useAppActorView } from './hydration.js';
import { useUi } from './use-ui.js';
import { useReducedMotion } from './use-ui-host.js';
import { useMeasuredHeight } from './use-measured-height.js';

let seq = 0;
const NO_PLACEMENTS: NotificationPlacement[] = [];

const samePlacements = (a: NotificationPlacement[], b: NotificationPlacement[]) =>
  a.length === b.length && a.every((p, i) => p.id === b[i]!.id && p.offset === b[i]!.offset);

export interface UseNotificationsResult {
  /**
   * Shows a notification; returns its id (pass `id` to replace one that is showing). A malformed one throws
   * InvalidArgumentError naming the field.
   */
  notify(content: NotificationContent & { id?: string }): string;
  /** Closes one notification, or all of them. */
  close(id?: string): void;
  placements: NotificationPlacement[];
  getRegionProps(label?: string): NotificationRegionProps;
}

/** The app's notifications (spec §S4, §S9): notify/close plus placements per corner for a renderer. */
export function useNotifications(): UseNotificationsResult {
  const ui = useUi();
  const notifier = ui.notifier;
  const reducedMotion = useReducedMotion();
  // One subscription: placements (kept while no id or offset moved), the gap and the region's id. The notifier
  // itself holds the region's layer and branch.
  // Stryker disable next-line ArrayDeclaration: any other start is replaced by the first placements read (no item
  // matches), so only an empty list's identity differs
  const last = useRef<NotificationPlacement[]>([]);
  const select = useCallback((s: { context: NotifierContext }) => {
    const next = notificationPlacements(s.context);
    if (!samePlacements(last.current, next)) last.current = next;
    return { placements: last.current, gap: s.context.gap, regionId: s.context.regionId };
    // Stryker disable next-line ArrayDeclaration: a constant dependency list keeps the callback as an empty one does
  }, []);
  // No notification on the server and while hydrating (they are the running page's).
  const serverView = useCallback(() => {
    const { context } = notifier.getSnapshot();
    return { placements: NO_PLACEMENTS, gap: context.gap, regionId: context.regionId };
    // Stryker disable next-line ArrayDeclaration: the server view is read only in a component's first render (server or
    // hydrating), so it is never reused
  }, [notifier]);
  const view = useAppActorView(notifier, select, serverView);
  const api = connectNotifier(view, notifier.send, { reducedMotion });
  return {
    notify: (content) => {
      // A malformed notification throws InvalidArgumentError here rather than being ignored by the notifier.
      const checked = checkNotification(content);
      const id = checked.id ?? `notification-${++seq}`;
      notifier.send({ type: 'NOTIFY', notification: { ...checked, id } });
      return id;
    },
    close: api.close,
    placements: api.placements,
    getRegionProps: (label) => api.getRegionProps(label),
  };
}

export interface UseNotificationItemResult {
  notification: ShownNotification;
  hovered: boolean;
  getRootProps(): ReactProps<NotificationRootProps> & { ref: (node: HTMLElement | null) => void };
  getCloseProps(): { type: 'button'; hidden: boolean; onClick: (event?: { stopPropagation(): void }) => void };
}

/** One notification: fixed in its corner at its derived offset, pausing on hover, closing on click or its button. */
export function useNotificationItem(placement: NotificationPlacement): UseNotificationItemResult {
  const { notifier } = useUi();
  const view = useSelector(placement.ref, notificationView, shallowEqual);
  // The gap is fixed for the notifier's life, so it is read, not subscribed to.
  const gap = notifier.getSnapshot().context.gap;
  const setNode = useMeasuredHeight(notifier, placement.id);
  const api = connectNotification(view, notifier.send, placement, gap);
  return {
    notification: api.notification,
    hovered: api.hovered,
    getRootProps: () => ({ ...normalizeProps(api.getRootProps()), ref: setNode }),
    getCloseProps: () => normalizeProps(api.getCloseProps()),
  };
}
