import type { SnapshotFrom } from 'xstate';
import { TOAST_TYPES } from './toast.machine.js';
import type { ToastContext, ToastEvent, toastMachine } from './toast.machine.js';
import { queuedToastCount, toastPlacements } from './toaster.machine.js';
import type { ToasterEvent, ToasterSnapshot, ToastPlacement } from './toaster.machine.js';
import type { Send, StyleProps } from './props.js';
import { checkSend, connectOptions, FINITE, readView, selectSnapshot } from './connect-checks.js';
import { ANY, BOOLEAN, fieldsOrThrow, ID, oneOfRule, required, STRING } from './fields.js';
import type { FieldRule, FieldRules } from './fields.js';
import { expectString, isArrayValue } from '../core/validate/describe-value.js';

/** What a toast region's props are built from. */
export interface ToasterView {
  /** Shown toasts in order, each with its derived top offset. */
  placements: ToastPlacement[];
  /** How many toasts wait for a free slot. */
  queued: number;
  /** The region's DOM id: the toaster's layer finds the region by it. */
  regionId: string;
}

/** A list the connect passes on as it is (placements hold actor refs). */
const LIST: FieldRule = { check: isArrayValue, expect: 'an array' };
/** A count of toasts: a whole number from 0. */
const COUNT: FieldRule = { check: (v) => Number.isSafeInteger(v) && (v as number) >= 0, expect: 'a whole number from 0' };

const TOASTER_VIEW_RULES: FieldRules<ToasterView> = { placements: required(LIST), queued: required(COUNT), regionId: required(ID) };

/** The view of a toaster snapshot; InvalidArgumentError naming 'snapshot' for anything else. */
export function toasterView(snapshot: ToasterSnapshot): ToasterView {
  return selectSnapshot('toasterView', 'snapshot', snapshot, selectToasterView);
}

function selectToasterView(snapshot: ToasterSnapshot): ToasterView {
  return {
    placements: toastPlacements(snapshot.context),
    queued: queuedToastCount(snapshot.context),
    regionId: snapshot.context.regionId,
  };
}

export interface ToasterConnectOptions {
  /** Marks the region `data-reduced-motion` (the user asks for reduced motion). */
  reducedMotion?: boolean;
}

const TOASTER_OPTION_RULES: FieldRules<ToasterConnectOptions> = { reducedMotion: BOOLEAN };

export interface ToastRegionProps {
  id: string;
  'data-exkit-node': string;
  role: 'region';
  'aria-label': string;
  'aria-live': 'polite';
  'data-reduced-motion': true | undefined;
  onpointerenter: () => void;
  onpointerleave: () => void;
}

/** The toast region's state and props, in DOM terms. */
export interface ToasterApi extends ToasterView {
  /**
   * Props for the live region, which exists before the first toast so screen readers announce it. It
   * announces additions and text changes, ARIA's default `aria-relevant`, so the attribute is left out. The
   * pointer over it pauses every toast.
   */
  getRegionProps(label?: string): ToastRegionProps;
}

/** The props of a toast region driven by a toaster actor (`connectToaster(toaster.getSnapshot(), toaster.send)`). */
export function connectToaster(
  state: ToasterSnapshot | ToasterView,
  send: Send<ToasterEvent>,
  options: ToasterConnectOptions = {},
): ToasterApi {
  const view = readView('connectToaster', state, selectToasterView, TOASTER_VIEW_RULES);
  send = checkSend('connectToaster', send);
  options = connectOptions('connectToaster', options, TOASTER_OPTION_RULES);
  return {
    placements: view.placements,
    queued: view.queued,
    regionId: view.regionId,
    getRegionProps: (label = 'Messages') => ({
      id: view.regionId,
      'data-exkit-node': view.regionId,
      role: 'region',
      'aria-label': expectString('label', label, 'connectToaster'),
      'aria-live': 'polite',
      'data-reduced-motion': options.reducedMotion === true || undefined,
      onpointerenter: () => send({ type: 'POINTER_ENTER' }),
      onpointerleave: () => send({ type: 'POINTER_LEAVE' }),
    }),
  };
}

export type ToastSnapshot = SnapshotFrom<typeof toastMachine>;
export type ToastState = 'hidden' | 'visible' | 'closed';
export type ShownToast = Pick<ToastContext, 'id' | 'type' | 'message' | 'title' | 'closable' | 'data' | 'zIndex' | 'revision'>;

/** What one toast's props are built from. */
export interface ToastView extends ShownToast {
  state: ToastState;
}

const TOAST_VIEW_RULES: FieldRules<ToastView> = {
  id: required(ID),
  type: required(oneOfRule(TOAST_TYPES)),
  message: required(STRING),
  title: STRING,
  closable: required(BOOLEAN),
  data: ANY,
  zIndex: required(FINITE),
  revision: ANY,
  state: required(oneOfRule(['hidden', 'visible', 'closed'])),
};

const PLACEMENT_RULES: FieldRules<Pick<ToastPlacement, 'id' | 'offset'>> = { id: required(ID), offset: required(FINITE) };

/** The view of a toast snapshot; InvalidArgumentError naming 'snapshot' for anything else. */
export function toastView(snapshot: ToastSnapshot): ToastView {
  return selectSnapshot('toastView', 'snapshot', snapshot, selectToastView);
}

function selectToastView(snapshot: ToastSnapshot): ToastView {
  const { id, type, message, title, closable, data, zIndex, revision } = snapshot.context;
  const state: ToastState = snapshot.status === 'done' ? 'closed' : snapshot.matches('hidden') ? 'hidden' : 'visible';
  return { id, type, message, title, closable, data, zIndex, revision, state };
}

export interface ToastRootProps {
  role: 'status' | 'alert';
  'aria-atomic': true;
  'data-type': string;
  'data-state': ToastState;
  style: StyleProps;
}

/** One toast's content and props, in DOM terms. */
export interface ToastItemApi {
  toast: ShownToast;
  state: ToastState;
  getRootProps(): ToastRootProps;
  getCloseProps(): { type: 'button'; hidden: boolean; onclick: () => void };
  /** Tells the toaster the toast's rendered height, from which the toasts below are placed. */
  reportHeight(height: number): void;
}

/**
 * The props of one shown toast (`connectToast(placement.ref.getSnapshot(), placement.ref.send, placement,
 * toaster.send)`): fixed at its placement's offset; an error toast is an alert, the others a status. A bad
 * argument is an InvalidArgumentError naming it.
 */
export function connectToast(
  state: ToastSnapshot | ToastView,
  send: Send<ToastEvent>,
  placement: Pick<ToastPlacement, 'id' | 'offset'>,
  toasterSend: Send<ToasterEvent>,
): ToastItemApi {
  const { state: toastState, ...toast } = readView('connectToast', state, selectToastView, TOAST_VIEW_RULES);
  send = checkSend('connectToast', send);
  placement = fieldsOrThrow('connectToast', placement, PLACEMENT_RULES, 'placement');
  toasterSend = checkSend('connectToast', toasterSend, 'toasterSend');
  return {
    toast,
    state: toastState,
    getRootProps: () => ({
      role: toast.type === 'error' ? 'alert' : 'status',
      'aria-atomic': true,
      'data-type': toast.type,
      'data-state': toastState,
      style: { position: 'fixed', top: `${placement.offset}px`, zIndex: toast.zIndex },
    }),
    getCloseProps: () => ({ type: 'button', hidden: !toast.closable, onclick: () => send({ type: 'CLOSE' }) }),
    reportHeight: (height) => toasterSend({ type: 'MEASURED', id: placement.id, height }),
  };
}
