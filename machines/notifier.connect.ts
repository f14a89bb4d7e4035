import type { SnapshotFrom } from 'xstate';
import type { NotificationContext, notificationMachine } from './notification.machine.js';
import { notificationPlacements } from './notifier.machine.js';
import type { NotificationPlacement, NotifierEvent, notifierMachine } from './notifier.machine.js';
import { isSnapshot } from './props.js';
import type { Send, StoppableEventLike, StyleProps } from './props.js';

export type NotifierSnapshot = SnapshotFrom<typeof notifierMachine>;

/** What a notification region's props are built from. */
export interface NotifierView {
  placements: NotificationPlacement[];
  /** The gap from the viewport's side edge, in px. */
  gap: number;
}

/** The view of a notifier snapshot. */
export function notifierView(snapshot: NotifierSnapshot): NotifierView {
  return { placements: notificationPlacements(snapshot.context), gap: snapshot.context.gap };
}

export interface NotificationRegionProps {
  role: 'region';
  'aria-label': string;
  'aria-live': 'polite';
  'data-reduced-motion': true | undefined;
}

/** The notification region's state and props, in DOM terms. */
export interface NotifierApi extends NotifierView {
  getRegionProps(label?: string): NotificationRegionProps;
  /** Closes one notification, or all of them. */
  close(id?: string): void;
}

/** The props of a notification region driven by a notifier actor (`connectNotifier(notifier.getSnapshot(), notifier.send)`). */
export function connectNotifier(state: NotifierSnapshot | NotifierView, send: Send<NotifierEvent>, options: { reducedMotion?: boolean } = {}): NotifierApi {
  const view = isSnapshot(state) ? notifierView(state as NotifierSnapshot) : (state as NotifierView);
  return {
    placements: view.placements,
    gap: view.gap,
    getRegionProps: (label = 'Notifications') => ({
      role: 'region',
      'aria-label': label,
      'aria-live': 'polite',
      'data-reduced-motion': options.reducedMotion === true || undefined,
    }),
    close: (id) => send(id === undefined ? { type: 'CLOSE' } : { type: 'CLOSE', id }),
  };
}

export type NotificationSnapshot = SnapshotFrom<typeof notificationMachine>;
export type ShownNotification = Pick<NotificationContext, 'id' | 'title' | 'message' | 'type' | 'position' | 'showClose' | 'data' | 'zIndex'>;

/** What one notification's props are built from. */
export interface NotificationView extends ShownNotification {
  hovered: boolean;
}

/** The view of a notification snapshot. */
export function notificationView(snapshot: NotificationSnapshot): NotificationView {
  const { id, title, message, type, position, showClose, data, zIndex } = snapshot.context;
  return { id, title, message, type, position, showClose, data, zIndex, hovered: snapshot.matches({ shown: 'hovered' }) };
}

export interface NotificationRootProps {
  role: 'status' | 'alert';
  'aria-atomic': true;
  'data-position': string;
  'data-type': string | undefined;
  style: StyleProps;
  onpointerenter: () => void;
  onpointerleave: () => void;
  onclick: () => void;
}

/** One notification's content and props, in DOM terms. */
export interface NotificationApi {
  notification: ShownNotification;
  hovered: boolean;
  getRootProps(): NotificationRootProps;
  getCloseProps(): { type: 'button'; hidden: boolean; onclick: (event?: StoppableEventLike) => void };
  /** Tells the notifier the notification's rendered height, from which the ones below are placed. */
  reportHeight(height: number): void;
}

/**
 * The props of one notification (`connectNotification(placement.ref.getSnapshot(), notifier.send, placement, gap)`):
 * fixed in its corner at its derived offset, pausing on hover, closing on a click or its button. Events go
 * through the notifier, which names the notification.
 */
export function connectNotification(
  state: NotificationSnapshot | NotificationView,
  send: Send<NotifierEvent>,
  placement: Pick<NotificationPlacement, 'id' | 'offset'>,
  gap: number,
): NotificationApi {
  const { hovered, ...notification } = isSnapshot(state) ? notificationView(state as NotificationSnapshot) : (state as NotificationView);
  const [vertical, horizontal] = notification.position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const id = placement.id;
  return {
    notification,
    hovered,
    getRootProps: () => ({
      role: notification.type === 'error' ? 'alert' : 'status',
      'aria-atomic': true,
      'data-position': notification.position,
      'data-type': notification.type,
      style: { position: 'fixed', [vertical]: `${placement.offset}px`, [horizontal]: `${gap}px`, zIndex: notification.zIndex },
      onpointerenter: () => send({ type: 'POINTER_ENTER', id }),
      onpointerleave: () => send({ type: 'POINTER_LEAVE', id }),
      onclick: () => send({ type: 'CLICK', id }),
    }),
    getCloseProps: () => ({
      type: 'button',
      hidden: !notification.showClose,
      onclick: (event) => {
        // The root's own click would close it a second time as a 'click'.
        event?.stopPropagation();
        send({ type: 'CLOSE', id });
      },
    }),
    reportHeight: (height) => send({ type: 'MEASURED', id, height }),
  };
}
