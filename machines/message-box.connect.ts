import type { SnapshotFrom } from 'xstate';
import { dialogLayout } from '../core/ui/dialog-layout.js';
import { isTypingKey, MESSAGE_BOX_OPTION_RULES, MESSAGE_BOX_TOP_OFFSET, messageBoxDomIds } from './message-box.machine.js';
import type { MessageBoxEvent, MessageBoxKind, MessageBoxOptions, messageBoxMachine } from './message-box.machine.js';
import { graphemeCount } from '../core/content/graphemes.js';
import { inputValue, isComposing } from './props.js';
import { callEventMethod, checkSend, connectOptions, FINITE, readView, selectSnapshot, VIEWPORT_WIDTH } from './connect-checks.js';
import { BOOLEAN, fieldsOrThrow, ID, isRecord, isString, oneOfRule, prop, required, STRING } from './fields.js';
import type { FieldRules } from './fields.js';
import type { InputEventLike, KeyEventLike, Send, StyleProps } from './props.js';

export type MessageBoxSnapshot = SnapshotFrom<typeof messageBoxMachine>;
export type MessageBoxPhase = 'entering' | 'open' | 'leaving';

/** What a message box's props are built from. */
export interface MessageBoxView {
  id: string;
  phase: MessageBoxPhase;
  options: MessageBoxOptions;
  showCancel: boolean;
  value: string;
  error: string | undefined;
  exceeded: boolean;
  zIndex: number;
}

const MESSAGE_BOX_VIEW_RULES: FieldRules<MessageBoxView> = {
  id: required(ID),
  phase: required(oneOfRule(['entering', 'open', 'leaving'])),
  options: { check: isRecord, expect: "a message box's options", required: true },
  showCancel: required(BOOLEAN),
  value: required(STRING),
  error: { check: isString, expect: 'a string or undefined' },
  exceeded: required(BOOLEAN),
  zIndex: required(FINITE),
};

/** The view of a message-box snapshot; InvalidArgumentError naming 'snapshot' for anything else. */
export function messageBoxView(snapshot: MessageBoxSnapshot): MessageBoxView {
  return selectSnapshot('messageBoxView', 'snapshot', snapshot, selectMessageBoxView);
}

function selectMessageBoxView(snapshot: MessageBoxSnapshot): MessageBoxView {
  const phase: MessageBoxPhase =
    snapshot.status === 'done' || snapshot.matches('leaving') ? 'leaving' : snapshot.matches({ showing: 'open' }) ? 'open' : 'entering';
  const { id, options, showCancel, value, error, exceeded, zIndex } = snapshot.context;
  return { id, phase, options, showCancel, value, error, exceeded, zIndex };
}

export interface MessageBoxLabels {
  confirm: string;
  cancel: string;
  close: string;
}

/** The button labels used when a box sets none. */
export const MESSAGE_BOX_LABELS: MessageBoxLabels = { confirm: 'OK', cancel: 'Cancel', close: 'Close' };

export interface MessageBoxConnectOptions {
  /** Button labels when the box does not set its own. */
  labels?: Partial<MessageBoxLabels>;
  /** The viewport's width in CSS px, to pick the mobile layout (default: wide). */
  viewportWidth?: number;
  /** Marks the root `data-reduced-motion` (the user asks for reduced motion). */
  reducedMotion?: boolean;
}

const MESSAGE_BOX_CONNECT_OPTION_RULES: FieldRules<MessageBoxConnectOptions> = {
  labels: { check: isRecord, expect: 'an object of button labels' },
  viewportWidth: VIEWPORT_WIDTH,
  reducedMotion: BOOLEAN,
};

const LABEL_RULES: FieldRules<Partial<MessageBoxLabels>> = { confirm: STRING, cancel: STRING, close: STRING };

export interface MessageBoxInputProps {
  id: string;
  value: string;
  placeholder: string | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-labelledby': string;
  'data-exceeded': '' | undefined;
  /** 'auto': what is typed takes the direction of its first strong character, whatever the page's direction. */
  dir: 'auto';
  oninput: (event: InputEventLike) => void;
  onkeydown: (event: KeyEventLike) => void;
}

export interface MessageBoxButtonProps {
  id?: string;
  type: 'button';
  hidden: boolean;
  'aria-label'?: string;
  'data-action': 'confirm' | 'cancel' | 'close';
  onclick: () => void;
}

/** A message box's texts and the props of its parts, in DOM terms. */
export interface MessageBoxConnectApi {
  id: string;
  kind: MessageBoxKind;
  phase: MessageBoxPhase;
  title: string | undefined;
  message: string;
  /** A prompt (it has an input). */
  prompt: boolean;
  /** A prompt with a multi-line input (Enter adds a line). */
  multiline: boolean;
  value: string;
  /** The validation message while the prompt's input is invalid. */
  error: string | undefined;
  /** `length/maxLength` when the prompt has a maximum length, the length in user-perceived characters. */
  counter: string | undefined;
  confirmText: string;
  cancelText: string;
  closeLabel: string;
  getRootProps(): { 'data-state': MessageBoxPhase; 'data-reduced-motion': true | undefined };
  getBackdropProps(): { 'aria-hidden': true; style: StyleProps };
  /**
   * The alertdialog node: the box's layer and focus trap find it by its id. A prompt's panel holds focus until its
   * input takes it (the focus delay): what is typed on the panel meanwhile goes into the value.
   */
  getPanelProps(): {
    id: string;
    'data-exkit-node': string;
    role: 'alertdialog';
    'aria-modal': true;
    'aria-labelledby': string;
    'aria-describedby': string;
    tabindex: -1;
    'data-kind': MessageBoxKind;
    style: StyleProps;
    onkeydown: (event: KeyEventLike) => void;
  };
  getTitleProps(): { id: string; hidden: boolean };
  getMessageProps(): { id: string };
  getInputProps(): MessageBoxInputProps;
  getCounterProps(): { id: string; hidden: boolean; 'data-exceeded': '' | undefined };
  getErrorProps(): { id: string; role: 'alert'; hidden: boolean };
  getConfirmProps(): MessageBoxButtonProps;
  getCancelProps(): MessageBoxButtonProps;
  getCloseProps(): MessageBoxButtonProps;
}

/**
 * The props of an alert, confirm or prompt box (`connectMessageBox(box.getSnapshot(), box.send)`, `box` the
 * queue's `currentMessageBox`), for any renderer. Enter confirms a single-line box (not while an IME composes).
 * A bad state, send or options is an InvalidArgumentError naming it.
 */
export function connectMessageBox(
  state: MessageBoxSnapshot | MessageBoxView,
  send: Send<MessageBoxEvent>,
  options: MessageBoxConnectOptions = {},
): MessageBoxConnectApi {
  const view = readView('connectMessageBox', state, selectMessageBoxView, MESSAGE_BOX_VIEW_RULES);
  const box = fieldsOrThrow('connectMessageBox', view.options, MESSAGE_BOX_OPTION_RULES, 'state.options');
  send = checkSend('connectMessageBox', send);
  options = connectOptions('connectMessageBox', options, MESSAGE_BOX_CONNECT_OPTION_RULES);
  const ids = messageBoxDomIds(view.id);
  const labels = {
    ...MESSAGE_BOX_LABELS,
    ...(options.labels && fieldsOrThrow('connectMessageBox', options.labels, LABEL_RULES, 'options.labels')),
  };
  const { mobile: _mobile, ...layout } = dialogLayout({
    viewportWidth: options.viewportWidth ?? Number.POSITIVE_INFINITY,
    top: box.top ?? MESSAGE_BOX_TOP_OFFSET,
    ...(box.size ? { size: box.size } : {}),
  });
  const flag = (on: boolean): '' | undefined => (on ? '' : undefined);
  const invalid = view.error !== undefined;
  // The input is described by the error while there is one, and by the counter when it has one.
  const describedBy = [invalid ? ids.error : '', box.maxLength === undefined ? '' : ids.counter].filter(Boolean).join(' ') || undefined;
  return {
    id: view.id,
    kind: box.kind,
    phase: view.phase,
    title: box.title,
    message: box.message,
    prompt: box.kind === 'prompt',
    multiline: box.multiline === true,
    value: view.value,
    error: view.error,
    counter: box.maxLength === undefined ? undefined : `${graphemeCount(view.value)}/${box.maxLength}`,
    confirmText: box.confirmText ?? labels.confirm,
    cancelText: box.cancelText ?? labels.cancel,
    closeLabel: labels.close,
    getRootProps: () => ({ 'data-state': view.phase, 'data-reduced-motion': options.reducedMotion === true || undefined }),
    getBackdropProps: () => ({ 'aria-hidden': true, style: { zIndex: view.zIndex } }),
    getPanelProps: () => ({
      id: ids.panel,
      'data-exkit-node': ids.panel,
      role: 'alertdialog',
      'aria-modal': true,
      'aria-labelledby': box.title ? ids.title : ids.message,
      'aria-describedby': ids.message,
      tabindex: -1,
      'data-kind': box.kind,
      style: { zIndex: view.zIndex, ...layout },
      onkeydown: (event) => {
        // Only keys pressed on the panel itself (not on its buttons or input) that type or erase a character.
        if (box.kind !== 'prompt' || prop(event, 'target') !== prop(event, 'currentTarget') || isComposing(event)) return;
        if (prop(event, 'metaKey') === true || (prop(event, 'ctrlKey') === true && prop(event, 'altKey') !== true)) return;
        const key = prop(event, 'key');
        // Enter typed ahead does what it does in the input: confirms a single-line prompt, adds a line otherwise.
        if (key === 'Enter') {
          callEventMethod(event, 'preventDefault');
          send(box.multiline ? { type: 'KEY_AHEAD', key: '\n' } : { type: 'ENTER' });
          return;
        }
        if (!isTypingKey(key)) return;
        callEventMethod(event, 'preventDefault');
        send({ type: 'KEY_AHEAD', key });
      },
    }),
    getTitleProps: () => ({ id: ids.title, hidden: !box.title }),
    getMessageProps: () => ({ id: ids.message }),
    getInputProps: () => ({
      id: ids.input,
      value: view.value,
      placeholder: box.inputPlaceholder,
      'aria-invalid': invalid || view.exceeded,
      'aria-describedby': describedBy,
      'aria-labelledby': ids.message,
      'data-exceeded': flag(view.exceeded),
      dir: 'auto',
      oninput: (event) => send({ type: 'INPUT', value: inputValue(event) }),
      onkeydown: (event) => {
        if (prop(event, 'key') !== 'Enter' || box.multiline || isComposing(event)) return;
        callEventMethod(event, 'preventDefault');
        send({ type: 'ENTER' });
      },
    }),
    getCounterProps: () => ({ id: ids.counter, hidden: box.maxLength === undefined, 'data-exceeded': flag(view.exceeded) }),
    getErrorProps: () => ({ id: ids.error, role: 'alert', hidden: !invalid }),
    getConfirmProps: () => ({
      id: ids.confirm,
      type: 'button',
      hidden: false,
      'data-action': 'confirm',
      onclick: () => send({ type: 'CONFIRM' }),
    }),
    getCancelProps: () => ({ type: 'button', hidden: !view.showCancel, 'data-action': 'cancel', onclick: () => send({ type: 'CANCEL' }) }),
    getCloseProps: () => ({
      type: 'button',
      hidden: box.showClose === false,
      'aria-label': labels.close,
      'data-action': 'close',
      onclick: () => send({ type: 'CLOSE' }),
    }),
  };
}
