import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import type { NotificationContent, NotificationContext } from '../machines/notification.machine.js';
import { checkNotification, notificationPlacements } from '../machines/notifier.machine.js';
import type { NotificationPlacement } from '../machines/notifier.machine.js';
import { useUi } from './use-ui.js';
import { useLayer, useReducedMotion } from './use-ui-host.js';
import { useMeasuredHeight } from './use-measured-height.js';

let seq = 0;

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
  getRegionProps(label?: string): {
    ref: (node: HTMLElement | null) => void;
    role: 'region';
    'aria-label': string;
    'aria-live': 'polite';
    'data-reduced-motion': boolean | undefined;
  };
}

/** The app's notifications (seed 001 §4, §9): notify/close plus placements per corner for a renderer. */
export function useNotifications(): UseNotificationsResult {
  const ui = useUi();
  const notifier = ui.notifier;
  const reducedMotion = useReducedMotion();
  const placements = useSelector(notifier, (s) => notificationPlacements(s.context), samePlacements);
  const regionRef = useRef<HTMLElement | null>(null);
  useEffect(() => ui.host.stack.addBranch(() => regionRef.current), [ui.host.stack]);
  const layerKey = useSelector(notifier, (s) => s.context.shownTotal);
  useLayer(placements.length > 0, { node: () => regionRef.current, onEscape: () => notifier.send({ type: 'ESCAPE' }) }, layerKey);
  return {
    notify: (content) => {
      // A malformed notification throws InvalidArgumentError here rather than being ignored by the notifier.
      const checked = checkNotification(content);
      const id = checked.id ?? `notification-${++seq}`;
      notifier.send({ type: 'NOTIFY', notification: { ...checked, id } });
      return id;
    },
    close: (id) => notifier.send(id === undefined ? { type: 'CLOSE' } : { type: 'CLOSE', id }),
    placements,
    getRegionProps: (label = 'Notifications') => ({
      ref: (node) => {
        regionRef.current = node;
      },
      role: 'region',
      'aria-label': label,
      'aria-live': 'polite',
      'data-reduced-motion': reducedMotion || undefined,
    }),
  };
}

export interface UseNotificationItemResult {
  notification: Pick<NotificationContext, 'id' | 'title' | 'message' | 'type' | 'position' | 'showClose' | 'data' | 'zIndex'>;
  hovered: boolean;
  getRootProps(): {
    ref: (node: HTMLElement | null) => void;
    role: 'status' | 'alert';
    'aria-atomic': true;
    'data-position': string;
    'data-type': string | undefined;
    style: CSSProperties;
    onPointerEnter: () => void;
    onPointerLeave: () => void;
    onClick: () => void;
  };
  getCloseProps(): { type: 'button'; hidden: boolean; onClick: (event: { stopPropagation(): void }) => void };
}

/** One notification: fixed in its corner at its derived offset, pausing on hover, closing on click or its button. */
export function useNotificationItem(placement: NotificationPlacement): UseNotificationItemResult {
  const { notifier } = useUi();
  const context = useSelector(placement.ref, (s) => s.context);
  const hovered = useSelector(placement.ref, (s) => s.matches({ shown: 'hovered' }));
  const setNode = useMeasuredHeight(notifier, placement.id);
  const [vertical, horizontal] = context.position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const id = placement.id;
  return {
    notification: context,
    hovered,
    getRootProps: () => ({
      ref: setNode,
      role: context.type === 'error' ? 'alert' : 'status',
      'aria-atomic': true,
      'data-position': context.position,
      'data-type': context.type,
      style: { position: 'fixed', [vertical]: placement.offset, [horizontal]: notifierGap(notifier), zIndex: context.zIndex },
      onPointerEnter: () => notifier.send({ type: 'POINTER_ENTER', id }),
      onPointerLeave: () => notifier.send({ type: 'POINTER_LEAVE', id }),
      onClick: () => notifier.send({ type: 'CLICK', id }),
    }),
    getCloseProps: () => ({
      type: 'button',
      hidden: !context.showClose,
      onClick: (event) => {
        event.stopPropagation();
        notifier.send({ type: 'CLOSE', id });
      },
    }),
  };
}

const notifierGap = (notifier: ReturnType<typeof useUi>['notifier']) => notifier.getSnapshot().context.gap;
