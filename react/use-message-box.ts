import { useSelector } from '@xstate/react';
import type { MessageBoxApi } from '../machines/message-box-api.js';
import { currentMessageBox } from '../machines/message-box-queue.machine.js';
import type { QueuedMessageBox } from '../machines/message-box-queue.machine.js';
import { useUi } from './use-ui.js';

/** alert, confirm and prompt on the app's queue; each promise says confirm, cancel or close. */
export function useMessageBox(): MessageBoxApi {
  return useUi().messageBox;
}

/** The box on screen (for a custom host), or undefined. */
export function useCurrentMessageBox(): QueuedMessageBox | undefined {
  const { messageBoxQueue } = useUi();
  return useSelector(messageBoxQueue, (s) => currentMessageBox(s.context));
}
