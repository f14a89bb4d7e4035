import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { assertDialogNode } from '../core/ui/dialog-layout.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import { checkDuration } from '../core/validate/duration.js';
import type { DialogSize } from '../core/ui/dialog-layout.js';
import { popupMachine } from '../machines/popup.machine.js';
import type { PopupCloseReason } from '../machines/popup.machine.js';
import { connectDialog, popupView } from '../machines/popup.connect.js';
import type {
  DialogBackdropProps,
  DialogCloseTriggerProps,
  DialogContentProps,
  DialogState,
  DialogTriggerProps,
} from '../machines/popup.connect.js';
import { normalizeProps } from './normalize-props.js';
import type { ReactProps } from './normalize-props.js';
import { useExkit } from './provider.js';
import { useReducedMotion, useUiHost } from './use-ui-host.js';

export type { DialogState } from '../machines/popup.connect.js';

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
  /** Default 'medium' (spec §S2). */
  size?: DialogSize;
  /** CSS top offset (default 15vh, spec §S2). */
  top?: string;
  /** Ms before it shows (default 0); a negative, non-finite or over-2^31 − 1 value throws InvalidArgumentError. */
  openDelay?: number;
  /** A leave animation's length; 0 under reduced motion (checked like `openDelay`). */
  closeDelay?: number;
  /** The element to focus on open (default: the first tabbable inside). */
  initialFocus?: () => HTMLElement | null;
}

export interface UseDialogResult {
  /** Whether the dialog is on screen (open or closing). */
  open: boolean;
  state: DialogState;
  zIndex: number;
  setOpen(open: boolean): void;
  getTriggerProps(): ReactProps<DialogTriggerProps>;
  getBackdropProps(): ReactProps<DialogBackdropProps>;
  /** The dialog node; its `ref` checks the role (DialogRoleMissingError). */
  getContentProps(): ReactProps<DialogContentProps> & { ref: (node: HTMLElement | null) => void };
  /** The title: the dialog's accessible name (`aria-labelledby`). */
  getTitleProps(): { id: string };
  /** The body: the dialog's accessible description (`aria-describedby`). */
  getBodyProps(): { id: string };
  /**
   * The footer, the fourth part of a dialog (spec §S2: title, close button, body and footer), for its
   * actions. It is not part of the description, so a screen reader does not read the buttons as text.
   */
  getFooterProps(): { id: string };
  getCloseTriggerProps(): ReactProps<DialogCloseTriggerProps>;
  /** The popup actor driving this dialog, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof popupMachine>;
}

/**
 * A dialog (spec §S2, §B4) with title, close button, body and footer: open/close delays, Escape
 * and backdrop each switchable, the app's z-index, scroll lock and focus trap (the popup machine's own
 * effects); the content node must have role dialog (DialogRoleMissingError).
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
  const owner = useId();
  // The caller's latest callbacks, read when the machine calls them (never during render).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const actor = useActorRef(popupMachine, {
    input: {
      id: `exkit-dialog${owner.replace(/:/g, '')}`,
      modal,
      closeOnEscape,
      closeOnOutsideClick: closeOnBackdrop,
      scrollLock: host.scrollLock,
      layers: host.layers,
      stack: host.stack,
      ...(host.dom ? { dom: host.dom } : {}),
      initialFocus: () => latest.current.initialFocus?.(),
      errors: platform.errors,
      openDelay: options.openDelay ?? 0,
      closeDelay: reducedMotion ? 0 : (options.closeDelay ?? 0),
    },
    clock: platform.timers,
  });
  const view = useSelector(actor, popupView, shallowEqual);

  useEffect(() => {
    actor.send({ type: 'SET_OPTIONS', options: { modal, closeOnEscape, closeOnOutsideClick: closeOnBackdrop } });
  }, [actor, modal, closeOnEscape, closeOnBackdrop]);

  const defaultOpen = options.defaultOpen && options.open === undefined;
  useEffect(() => {
    // The caller's handler runs guarded: a throw is logged through the platform (a UserCallbackError).
    const opened = actor.on('opened', () => guardCallback('onOpenChange', () => latest.current.onOpenChange?.(true), platform.errors));
    const closed = actor.on('closed', (e) =>
      guardCallback('onOpenChange', () => latest.current.onOpenChange?.(false, e.reason), platform.errors),
    );
    return () => {
      opened.unsubscribe();
      closed.unsubscribe();
    };
  }, [actor, platform.errors]);
  // After the handlers above, so that onOpenChange hears it. defaultOpen applies once, on mount: a new platform
  // in the provider re-subscribes the handlers but never reopens a dialog the user has closed.
  useEffect(() => {
    if (defaultOpen) actor.send({ type: 'OPEN' });
    // Stryker disable next-line ArrayDeclaration: the actor of a module-level machine is the same object for the component's life
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (options.open === undefined) return;
    const snapshot = actor.getSnapshot();
    const isOpen = snapshot.matches({ shown: 'opened' }) || snapshot.matches('opening');
    if (options.open && !isOpen) actor.send({ type: 'OPEN' });
    if (!options.open && isOpen) actor.send({ type: 'CLOSE' });
  }, [actor, options.open]);

  // A shown dialog needs a dialog node: checked when the content node attaches, so the error reaches the
  // caller's error boundary (the popup's focus trap also checks it, for renderers without one).
  const checkNode = useCallback(
    (node: HTMLElement | null) => {
      if (node && host.dom) assertDialogNode(node);
    },
    [host.dom],
  );

  const api = connectDialog(view, actor.send, {
    viewportWidth: host.dom?.window.innerWidth ?? Number.POSITIVE_INFINITY,
    ...(options.size ? { size: options.size } : {}),
    ...(options.top ? { top: options.top } : {}),
  });
  return {
    open: api.open,
    state: api.state,
    zIndex: api.zIndex,
    setOpen: api.setOpen,
    getTriggerProps: () => normalizeProps(api.getTriggerProps()),
    getBackdropProps: () => normalizeProps(api.getBackdropProps()),
    getContentProps: () => ({ ...normalizeProps(api.getContentProps()), ref: checkNode }),
    getTitleProps: api.getTitleProps,
    getBodyProps: api.getBodyProps,
    getFooterProps: api.getFooterProps,
    getCloseTriggerProps: () => normalizeProps(api.getCloseTriggerProps()),
    actor,
  };
}
