import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { dialogLayout } from '../core/ui/dialog-layout.js';
import { MESSAGE_BOX_TOP_OFFSET } from '../machines/message-box.machine.js';
import type { QueuedMessageBox } from '../machines/message-box-queue.machine.js';
import { Portal } from './portal.js';
import { useCurrentMessageBox } from './use-message-box.js';
import { useUi } from './use-ui.js';
import { useFocusTrap, useLayer, useReducedMotion } from './use-ui-host.js';

export interface MessageBoxLabels {
  confirm: string;
  cancel: string;
  close: string;
}

const DEFAULT_LABELS: MessageBoxLabels = { confirm: 'OK', cancel: 'Cancel', close: 'Close' };

export interface MessageBoxHostProps {
  /** Button labels when a box does not set its own. */
  labels?: Partial<MessageBoxLabels>;
}

function MessageBoxView({ box, labels }: { box: QueuedMessageBox; labels: MessageBoxLabels }) {
  const ui = useUi();
  const queue = ui.messageBoxQueue;
  const reducedMotion = useReducedMotion();
  const ctx = useSelector(box.ref, (s) => s.context);
  const phase = useSelector(box.ref, (s) => (s.matches('leaving') || s.status === 'done' ? 'leaving' : s.matches({ showing: 'open' }) ? 'open' : 'entering'));
  const panel = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const confirmButton = useRef<HTMLButtonElement | null>(null);
  const titleId = useId();
  const messageId = useId();
  const errorId = useId();
  const { options } = ctx;
  const isPrompt = options.kind === 'prompt';

  useEffect(() => {
    const sub = box.ref.on('focusInput', () => input.current?.focus());
    return () => sub.unsubscribe();
  }, [box.ref]);
  useLayer(true, {
    node: () => panel.current,
    onEscape: () => queue.send({ type: 'ESCAPE' }),
    onOutsideClick: () => queue.send({ type: 'BACKDROP_CLICK' }),
  });
  // A prompt's input takes focus after the seed's delay (the focusInput emit); until then the panel holds it.
  useFocusTrap(true, () => panel.current, { initialFocus: () => (isPrompt ? panel.current : confirmButton.current) });

  const layout = dialogLayout({
    viewportWidth: ui.host.dom?.window.innerWidth ?? Number.POSITIVE_INFINITY,
    top: options.top ?? MESSAGE_BOX_TOP_OFFSET,
    ...(options.size ? { size: options.size } : {}),
  });
  const { mobile: _mobile, ...panelStyle } = layout;
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Enter' || options.multiline || event.nativeEvent.isComposing) return;
    event.preventDefault();
    queue.send({ type: 'ENTER' });
  };
  const inputProps = {
    ref: (node: HTMLInputElement | HTMLTextAreaElement | null) => {
      input.current = node;
    },
    value: ctx.value,
    placeholder: options.inputPlaceholder,
    'aria-invalid': ctx.error !== undefined,
    'aria-describedby': ctx.error !== undefined ? errorId : undefined,
    'aria-labelledby': messageId,
    'data-exceeded': ctx.exceeded || undefined,
    onChange: (event: { target: { value: string } }) => queue.send({ type: 'INPUT', value: event.target.value }),
    onKeyDown,
  };

  return (
    <div data-exkit-message-box-root="" data-state={phase} data-reduced-motion={reducedMotion || undefined}>
      <div aria-hidden data-exkit-message-box-backdrop="" style={{ zIndex: ctx.zIndex }} />
      <div
        ref={panel}
        role="alertdialog"
        aria-modal
        aria-labelledby={options.title ? titleId : messageId}
        aria-describedby={messageId}
        tabIndex={-1}
        data-kind={options.kind}
        data-exkit-message-box=""
        style={{ zIndex: ctx.zIndex, ...panelStyle }}
      >
        {options.title ? <h2 id={titleId}>{options.title}</h2> : null}
        <p id={messageId}>{options.message}</p>
        {isPrompt ? (
          <div data-exkit-message-box-input="">
            {options.multiline ? <textarea {...inputProps} /> : <input type="text" {...inputProps} />}
            {options.maxLength !== undefined ? (
              <span data-exkit-counter="" data-exceeded={ctx.exceeded || undefined}>
                {ctx.value.length}/{options.maxLength}
              </span>
            ) : null}
            {ctx.error !== undefined ? (
              <p id={errorId} role="alert" data-exkit-message-box-error="">
                {ctx.error}
              </p>
            ) : null}
          </div>
        ) : null}
        <div data-exkit-message-box-actions="">
          {ctx.showCancel ? (
            <button type="button" onClick={() => queue.send({ type: 'CANCEL' })} data-action="cancel">
              {options.cancelText ?? labels.cancel}
            </button>
          ) : null}
          <button type="button" ref={confirmButton} onClick={() => queue.send({ type: 'CONFIRM' })} data-action="confirm">
            {options.confirmText ?? labels.confirm}
          </button>
        </div>
        {options.showClose === false ? null : (
          <button type="button" aria-label={labels.close} onClick={() => queue.send({ type: 'CLOSE' })} data-action="close">
            ×
          </button>
        )}
      </div>
    </div>
  );
}

/** Renders the message box on screen (one at a time, in queue order) into the body. */
export function MessageBoxHost({ labels }: MessageBoxHostProps) {
  const box = useCurrentMessageBox();
  if (!box) return null;
  return (
    <Portal>
      <MessageBoxView key={box.id} box={box} labels={{ ...DEFAULT_LABELS, ...labels }} />
    </Portal>
  );
}
