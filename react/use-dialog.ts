import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import { assertDialogNode, dialogLayout } from '../core/ui/dialog-layout.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import { checkDuration } from '../core/validate/duration.js';
import type { DialogSize } from '../core/ui/dialog-layout.js';
import { popupMachine } from '../machines/popup.machine.js';
import type { PopupCloseReason } from '../machines/popup.machine.js';
import { useExkit } from './provider.js';
import { useFocusTrap, useLayer, useReducedMotion, useUiHost } from './use-ui-host.js';

export interface UseDialogOptions {
  /** Controlled open state. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean, reason?: PopupCloseReason) => void;
  /** Locks page scroll and traps focus (default true). */
  modal?: boolean;
  /** Default true. */
  closeOnEscape?: boolean;
  /** Default true. */
  closeOnBackdrop?: boolean;
  /** Default 'medium' (seed 001 §2). */
  size?: DialogSize;
  /** CSS top offset (default 15vh, seed 001 §2). */
  top?: string;
  /** Ms before it shows (default 0); a negative, non-finite or over-2^31 − 1 value throws InvalidArgumentError. */
  openDelay?: number;
  /** A leave animation's length; 0 under reduced motion (checked like `openDelay`). */
  closeDelay?: number;
  /** The element to focus on open (default: the first tabbable inside). */
  initialFocus?: () => HTMLElement | null;
}

export type DialogState = 'closed' | 'opening' | 'open' | 'closing';

export interface UseDialogResult {
  /** Whether the dialog is on screen (open or closing). */
  open: boolean;
  state: DialogState;
  zIndex: number;
  setOpen(open: boolean): void;
  getTriggerProps(): { type: 'button'; 'aria-haspopup': 'dialog'; 'aria-expanded': boolean; onClick: () => void };
  getBackdropProps(): { 'aria-hidden': true; 'data-state': DialogState; style: CSSProperties };
  getContentProps(): {
    ref: (node: HTMLElement | null) => void;
    role: 'dialog';
    'aria-modal': boolean | undefined;
    'aria-labelledby': string;
    'aria-describedby': string;
    tabIndex: -1;
    'data-state': DialogState;
    style: CSSProperties;
  };
  /** The title: the dialog's accessible name (`aria-labelledby`). */
  getTitleProps(): { id: string };
  /** The body: the dialog's accessible description (`aria-describedby`). */
  getBodyProps(): { id: string };
  /**
   * The footer, the fourth part of a dialog (seed 001 §2: title, close button, body and footer), for its
   * actions. It is not part of the description, so a screen reader does not read the buttons as text.
   */
  getFooterProps(): { id: string };
  getCloseTriggerProps(): { type: 'button'; onClick: () => void };
  /** The popup actor driving this dialog, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof popupMachine>;
}

/**
 * A dialog (seed 001 §2, seed 000 §4) with title, close button, body and footer: open/close delays, Escape
 * and backdrop each switchable, the app's z-index, scroll lock and focus trap; the content node must have
 * role dialog (DialogRoleMissingError).
 */
export function useDialog(options: UseDialogOptions = {}): UseDialogResult {
  const host = useUiHost();
  const reducedMotion = useReducedMotion();
  const { platform } = useExkit();
  const modal = options.modal ?? true;
  const closeOnEscape = options.closeOnEscape ?? true;
  const closeOnBackdrop = options.closeOnBackdrop ?? true;
  // Checked here, where a bad delay throws InvalidArgumentError in the caller's render, rather than in the
  // popup's context factory, which would leave an actor in error.
  checkDuration('openDelay', options.openDelay, { allowZero: true, owner: 'useDialog' });
  checkDuration('closeDelay', options.closeDelay, { allowZero: true, owner: 'useDialog' });
  const actor = useActorRef(popupMachine, {
    input: {
      modal,
      closeOnEscape,
      closeOnOutsideClick: closeOnBackdrop,
      scrollLock: host.scrollLock,
      layers: host.layers,
      openDelay: options.openDelay ?? 0,
      closeDelay: reducedMotion ? 0 : (options.closeDelay ?? 0),
    },
    clock: platform.timers,
  });
  const state = useSelector(actor, (s): DialogState =>
    s.matches('opening') ? 'opening' : s.matches({ shown: 'closing' }) ? 'closing' : s.matches('shown') ? 'open' : 'closed',
  );
  const zIndex = useSelector(actor, (s) => s.context.zIndex);
  const shown = state === 'open' || state === 'closing';
  const nodeRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const footerId = useId();
  const onOpenChange = useRef(options.onOpenChange);
  onOpenChange.current = options.onOpenChange;

  useEffect(() => {
    actor.send({ type: 'SET_OPTIONS', options: { modal, closeOnEscape, closeOnOutsideClick: closeOnBackdrop } });
  }, [actor, modal, closeOnEscape, closeOnBackdrop]);

  useEffect(() => {
    // The caller's handler runs guarded: a throw is logged through the platform (a UserCallbackError).
    const opened = actor.on('opened', () => guardCallback('onOpenChange', () => onOpenChange.current?.(true), platform.errors));
    const closed = actor.on('closed', (e) => guardCallback('onOpenChange', () => onOpenChange.current?.(false, e.reason), platform.errors));
    if (options.defaultOpen && options.open === undefined) actor.send({ type: 'OPEN' });
    return () => {
      opened.unsubscribe();
      closed.unsubscribe();
    };
    // defaultOpen applies once, on mount.
  }, [actor]);

  useEffect(() => {
    if (options.open === undefined) return;
    const snapshot = actor.getSnapshot();
    const isOpen = snapshot.matches({ shown: 'opened' }) || snapshot.matches('opening');
    if (options.open && !isOpen) actor.send({ type: 'OPEN' });
    if (!options.open && isOpen) actor.send({ type: 'CLOSE' });
  }, [actor, options.open]);

  useEffect(() => {
    // Checked after commit, when the content's ref is attached: a shown dialog needs a dialog node.
    if (shown && host.dom) assertDialogNode(nodeRef.current);
  }, [shown, host.dom]);

  useLayer(shown, {
    node: () => nodeRef.current,
    onEscape: () => actor.send({ type: 'ESCAPE' }),
    onOutsideClick: () => actor.send({ type: 'OUTSIDE_CLICK' }),
  });
  useFocusTrap(state === 'open', () => nodeRef.current, {
    trap: modal,
    ...(options.initialFocus ? { initialFocus: options.initialFocus } : {}),
  });

  const viewportWidth = host.dom?.window.innerWidth ?? Number.POSITIVE_INFINITY;
  const layout = dialogLayout({
    viewportWidth,
    ...(options.size ? { size: options.size } : {}),
    ...(options.top ? { top: options.top } : {}),
  });
  const { mobile: _mobile, ...layoutStyle } = layout;

  return {
    open: shown,
    state,
    zIndex,
    setOpen: (open) => actor.send({ type: open ? 'OPEN' : 'CLOSE' }),
    getTriggerProps: () => ({
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': shown,
      onClick: () => actor.send({ type: 'TOGGLE' }),
    }),
    getBackdropProps: () => ({ 'aria-hidden': true, 'data-state': state, style: { zIndex } }),
    getContentProps: () => ({
      ref: (node: HTMLElement | null) => {
        nodeRef.current = node;
      },
      role: 'dialog',
      'aria-modal': modal || undefined,
      'aria-labelledby': titleId,
      'aria-describedby': bodyId,
      tabIndex: -1,
      'data-state': state,
      style: { zIndex, ...layoutStyle },
    }),
    getTitleProps: () => ({ id: titleId }),
    getBodyProps: () => ({ id: bodyId }),
    getFooterProps: () => ({ id: footerId }),
    getCloseTriggerProps: () => ({ type: 'button', onClick: () => actor.send({ type: 'CLOSE' }) }),
    actor,
  };
}
