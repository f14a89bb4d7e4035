import type { SnapshotFrom } from 'xstate';
import { DIALOG_WIDTHS_PX, dialogLayout } from '../core/ui/dialog-layout.js';
import type { DialogSize } from '../core/ui/dialog-layout.js';
import { popupDomIds } from './popup.machine.js';
import type { PopupEvent, popupMachine } from './popup.machine.js';
import type { Send, StyleProps } from './props.js';
import { checkSend, connectOptions, FINITE, readView, selectSnapshot, VIEWPORT_WIDTH } from './connect-checks.js';
import { BOOLEAN, ID, oneOfRule, required, STRING } from './fields.js';
import type { FieldRules } from './fields.js';

export type PopupSnapshot = SnapshotFrom<typeof popupMachine>;

export type DialogState = 'closed' | 'opening' | 'open' | 'closing';

/** What a dialog's props are built from: the few values of a popup snapshot a renderer shows. */
export interface PopupView {
  state: DialogState;
  zIndex: number;
  modal: boolean;
  owner: string;
}

const DIALOG_STATES = ['closed', 'opening', 'open', 'closing'] as const;

const POPUP_VIEW_RULES: FieldRules<PopupView> = {
  state: required(oneOfRule(DIALOG_STATES)),
  zIndex: required(FINITE),
  modal: required(BOOLEAN),
  owner: required(ID),
};

/** The view of a popup snapshot (a renderer re-renders when one of its fields changes); InvalidArgumentError naming 'snapshot' for anything
 * else. */
export function popupView(snapshot: PopupSnapshot): PopupView {
  return selectSnapshot('popupView', 'snapshot', snapshot, selectPopupView);
}

function selectPopupView(snapshot: PopupSnapshot): PopupView {
  const state: DialogState = snapshot.matches('opening')
    ? 'opening'
    : snapshot.matches({ shown: 'closing' })
      ? 'closing'
      : snapshot.matches('shown')
        ? 'open'
        : 'closed';
  const { zIndex, modal, owner } = snapshot.context;
  return { state, zIndex, modal, owner };
}

export interface DialogConnectOptions {
  /** Default 'medium' (spec §S2). */
  size?: DialogSize;
  /** CSS top offset (default 15vh, spec §S2). */
  top?: string;
  /** The viewport's width in CSS px, to pick the mobile layout (default: wide). */
  viewportWidth?: number;
}

const DIALOG_OPTION_RULES: FieldRules<DialogConnectOptions> = {
  size: oneOfRule(Object.keys(DIALOG_WIDTHS_PX)),
  top: STRING,
  viewportWidth: VIEWPORT_WIDTH,
};

export interface DialogTriggerProps {
  id: string;
  type: 'button';
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string;
  'data-state': DialogState;
  onclick: () => void;
}
export interface DialogBackdropProps {
  id: string;
  /** What the optional stylesheet (`exkit/styles.css`) styles as a dialog's backdrop. */
  'data-exkit-dialog-backdrop': '';
  'aria-hidden': true;
  hidden: boolean;
  'data-state': DialogState;
  style: StyleProps;
}
export interface DialogContentProps {
  id: string;
  'data-exkit-node': string;
  /** What the optional stylesheet (`exkit/styles.css`) styles as a dialog's panel. */
  'data-exkit-dialog': '';
  role: 'dialog';
  'aria-modal': boolean | undefined;
  'aria-labelledby': string;
  'aria-describedby': string;
  tabindex: -1;
  hidden: boolean;
  'data-state': DialogState;
  style: StyleProps;
}
export interface DialogCloseTriggerProps {
  type: 'button';
  onclick: () => void;
}

/** A dialog's state and the props of its parts, in DOM terms. */
export interface DialogApi {
  /** Whether the dialog is on screen (open or closing). */
  open: boolean;
  state: DialogState;
  zIndex: number;
  setOpen(open: boolean): void;
  getTriggerProps(): DialogTriggerProps;
  getBackdropProps(): DialogBackdropProps;
  /** The dialog node: the popup's layer and focus trap find it by its id. */
  getContentProps(): DialogContentProps;
  /** The title: the dialog's accessible name (`aria-labelledby`). */
  getTitleProps(): { id: string; 'data-exkit-dialog-title': '' };
  /** The body: the dialog's accessible description (`aria-describedby`). */
  getBodyProps(): { id: string; 'data-exkit-dialog-body': '' };
  /**
   * The footer, the fourth part of a dialog (spec §S2: title, close button, body and footer), for its
   * actions. It is not part of the description, so a screen reader does not read the buttons as text.
   */
  getFooterProps(): { id: string; 'data-exkit-dialog-footer': '' };
  getCloseTriggerProps(): DialogCloseTriggerProps;
}

/**
 * The props of a dialog driven by a popup actor (`connectDialog(actor.getSnapshot(), actor.send)`), for any
 * renderer: ids tie the title and body to the content, which the popup's own effects (layer, focus trap,
 * scroll lock) find by its id. A bad state, send or options is an InvalidArgumentError naming it.
 */
export function connectDialog(state: PopupSnapshot | PopupView, send: Send<PopupEvent>, options: DialogConnectOptions = {}): DialogApi {
  const view = readView('connectDialog', state, selectPopupView, POPUP_VIEW_RULES);
  send = checkSend('connectDialog', send);
  options = connectOptions('connectDialog', options, DIALOG_OPTION_RULES);
  const ids = popupDomIds(view.owner);
  const shown = view.state === 'open' || view.state === 'closing';
  const { mobile: _mobile, ...layout } = dialogLayout({
    viewportWidth: options.viewportWidth ?? Number.POSITIVE_INFINITY,
    ...(options.size ? { size: options.size } : {}),
    ...(options.top ? { top: options.top } : {}),
  });
  return {
    open: shown,
    state: view.state,
    zIndex: view.zIndex,
    setOpen: (open) => send({ type: open ? 'OPEN' : 'CLOSE' }),
    getTriggerProps: () => ({
      id: ids.trigger,
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': shown,
      'aria-controls': ids.content,
      'data-state': view.state,
      onclick: () => send({ type: 'TOGGLE' }),
    }),
    getBackdropProps: () => ({
      id: ids.backdrop,
      'data-exkit-dialog-backdrop': '',
      'aria-hidden': true,
      hidden: !shown,
      'data-state': view.state,
      style: { zIndex: view.zIndex },
    }),
    getContentProps: () => ({
      id: ids.content,
      'data-exkit-node': ids.content,
      'data-exkit-dialog': '',
      role: 'dialog',
      'aria-modal': view.modal || undefined,
      'aria-labelledby': ids.title,
      'aria-describedby': ids.body,
      tabindex: -1,
      hidden: !shown,
      'data-state': view.state,
      style: { zIndex: view.zIndex, ...layout },
    }),
    getTitleProps: () => ({ id: ids.title, 'data-exkit-dialog-title': '' }),
    getBodyProps: () => ({ id: ids.body, 'data-exkit-dialog-body': '' }),
    getFooterProps: () => ({ id: ids.footer, 'data-exkit-dialog-footer': '' }),
    getCloseTriggerProps: () => ({ type: 'button', onclick: () => send({ type: 'CLOSE' }) }),
  };
}
