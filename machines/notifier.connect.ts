import type { SnapshotFrom } from 'xstate';
import { NOTIFICATION_POSITIONS } from './notification.machine.js';
import type { NotificationContext, notificationMachine } from './notification.machine.js';
import { notificationPlacements } from './notifier.machine.js';
import type { NotificationPlacement, NotifierEvent, notifierMachine } from './notifier.machine.js';
import type { Send, StoppableEventLike, StyleProps } from './props.js';
import { callEventMethod, checkSend, connectOptions, FINITE, readView, selectSnapshot } from './connect-checks.js';
import { ANY, BOOLEAN, ID, checkArgument, fieldsOrThrow, oneOfRule, PX, required, STRING } from './fields.js';
import type { FieldRules } from './fields.js';
import { expectString, isArrayValue } from '../core/validate/describe-value.js';

export type NotifierSnapshot = SnapshotFrom<typeof notifierMachine>;

/** What a notification region's props are built from. */
export interface NotifierView {
  placements: NotificationPlacement[];
  /** The gap from the viewport's side edge, in px. */
  gap: number;
  /** The region's DOM id: the notifier's layer finds the region by it. */
  regionId: string;
}

const NOTIFIER_VIEW_RULES: FieldRules<NotifierView> = {
  placements: { check: isArrayValue, expect: 'an array', required: true },
  gap: required(PX),
  regionId: required(ID),
};

/** The view of a notifier snapshot; InvalidArgumentError naming 'snapshot' for anything else. */
export function notifierView(snapshot: NotifierSnapshot): NotifierView {
  return selectSnapshot('notifierView', 'snapshot', snapshot, selectNotifierView);
}

function selectNotifierView(snapshot: NotifierSnapshot): NotifierView {
  return { placements: notificationPlacements(snapshot.context), gap: snapshot.context.gap, regionId: snapshot.context.regionId };
}

export interface NotificationRegionProps {
  id: string;
  'data-exkit-node': string;
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
export function connectNotifier(
  state: NotifierSnapshot | NotifierView,
  send: Send<NotifierEvent>,
  options: { reducedMotion?: boolean } = {},
): NotifierApi {
  const view = readView('connectNotifier', state, selectNotifierView, NOTIFIER_VIEW_RULES);
  send = checkSend('connectNotifier', send);
  options = connectOptions<{ reducedMotion?: boolean }>('connectNotifier', options, { reducedMotion: BOOLEAN });
  return {
    placements: view.placements,
    gap: view.gap,
    regionId: view.regionId,
    getRegionProps: (label = 'Notifications') => ({
      id: view.regionId,
      'data-exkit-node': view.regionId,
      role: 'region',
      'aria-label': expectString('label', label, 'connectNotifier'),
      'aria-live': 'polite',
      'data-reduced-motion': options.reducedMotion === true || undefined,
    }),
    close: (id) => send(id === undefined ? { type: 'CLOSE' } : { type: 'CLOSE', id: expectString('id', id, 'connectNotifier') }),
  };
}

export type NotificationSnapshot = SnapshotFrom<typeof notificationMachine>;
export type ShownNotification = Pick<
  NotificationContext,
  'id' | 'title' | 'message' | 'type' | 'position' | 'showClose' | 'data' | 'zIndex'
>;

/** What one notification's props are built from. */
export interface NotificationView extends ShownNotification {
  hovered: boolean;
}

const NOTIFICATION_VIEW_RULES: FieldRules<NotificationView> = {
  id: required(ID),
  title: STRING,
  message: required(STRING),
  type: STRING,
  position: required(oneOfRule(NOTIFICATION_POSITIONS)),
  showClose: required(BOOLEAN),
  data: ANY,
  zIndex: required(FINITE),
  hovered: required(BOOLEAN),
};

const PLACEMENT_RULES: FieldRules<Pick<NotificationPlacement, 'id' | 'offset'>> = { id: required(ID), offset: required(FINITE) };

/** The view of a notification snapshot; InvalidArgumentError naming 'snapshot' for anything else. */
export function notificationView(snapshot: NotificationSnapshot): NotificationView {
  return selectSnapshot('notificationView', 'snapshot', snapshot, selectNotificationView);
}

function selectNotificationView(snapshot: NotificationSnapshot): NotificationView {
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
 * through the notifier, which names the notification. A bad argument is an InvalidArgumentError naming it.
 */
export function connectNotification(
  state: NotificationSnapshot | NotificationView,
  send: Send<NotifierEvent>,
  placement: Pick<NotificationPlacement, 'id' | 'offset'>,
  gap: number,
): NotificationApi {
  const { hovered, ...notification } = readView('connectNotification', state, selectNotificationView, NOTIFICATION_VIEW_RULES);
  send = checkSend('connectNotification', send);
  placement = fieldsOrThrow('connectNotification', placement, PLACEMENT_RULES, 'placement');
  checkArgument('connectNotification', 'gap', gap, PX.check, PX.expect);
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
        callEventMethod(event, 'stopPropagation');
        send({ type: 'CLOSE', id });
      },
    }),
    reportHeight: (height) => send({ type: 'MEASURED', id, height }),
  };
}
