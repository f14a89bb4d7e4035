import { shallowEqual, useSelector } from '@xstate/react';
import { connectMessageBox, messageBoxView } from '../machines/message-box.connect.js';
import type { MessageBoxLabels } from '../machines/message-box.connect.js';
import type { QueuedMessageBox } from '../machines/message-box-queue.machine.js';
import { normalizeProps } from './normalize-props.js';
import { Portal } from './portal.js';
import { useCurrentMessageBox } from './use-message-box.js';
import { useLayerHost, useReducedMotion } from './use-ui-host.js';

export type { MessageBoxLabels } from '../machines/message-box.connect.js';

export interface MessageBoxHostProps {
  /** Button labels when a box does not set its own. */
  labels?: Partial<MessageBoxLabels>;
}

// The box's layer, focus trap and the prompt's focus are the machine's own effects: this only renders.
function MessageBoxView({ box, labels }: { box: QueuedMessageBox; labels: Partial<MessageBoxLabels> | undefined }) {
  const { dom } = useLayerHost();
  const reducedMotion = useReducedMotion();
  const view = useSelector(box.ref, messageBoxView, shallowEqual);
  const api = connectMessageBox(view, box.ref.send, {
    ...(labels ? { labels } : {}),
    reducedMotion,
    viewportWidth: dom?.window.innerWidth ?? Number.POSITIVE_INFINITY,
  });
  const input = normalizeProps(api.getInputProps());
  const counter = api.getCounterProps();
  const error = api.getErrorProps();
  const cancel = normalizeProps(api.getCancelProps());
  const close = normalizeProps(api.getCloseProps());
  return (
    <div {...api.getRootProps()} data-exkit-message-box-root="">
      <div {...api.getBackdropProps()} data-exkit-message-box-backdrop="" />
      <div {...normalizeProps(api.getPanelProps())} data-exkit-message-box="">
        {api.title ? <h2 {...api.getTitleProps()}>{api.title}</h2> : null}
        <p {...api.getMessageProps()}>{api.message}</p>
        {api.prompt ? (
          <div data-exkit-message-box-input="">
            {api.multiline ? <textarea {...input} /> : <input type="text" {...input} />}
            {counter.hidden ? null : (
              <span id={counter.id} data-exkit-counter="" data-exceeded={counter['data-exceeded']}>
                {api.counter}
              </span>
            )}
            {error.hidden ? null : (
              <p {...error} data-exkit-message-box-error="">
                {api.error}
              </p>
            )}
          </div>
        ) : null}
        <div data-exkit-message-box-actions="">
          {cancel.hidden ? null : <button {...cancel}>{api.cancelText}</button>}
          <button {...normalizeProps(api.getConfirmProps())}>{api.confirmText}</button>
        </div>
        {close.hidden ? null : <button {...close}>×</button>}
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
      <MessageBoxView key={box.id} box={box} labels={labels} />
    </Portal>
  );
}
