import type { MessageBoxApi } from '../machines/message-box.api.js';
import { currentMessageBox } from '../machines/message-box-queue.machine.js';
import type { QueuedMessageBox } from '../machines/message-box-queue.machine.js';
import { useAppActorView } from './hydration.js';
import { useUi } from './use-ui.js';

const noBox = () => undefined;

/** alert, confirm and prompt on the app's queue; each promise says confirm, cancel or close. */
export function useMessageBox(): MessageBoxApi {
  return useUi().messageBox;
}

/** The box on screen (for a custom host: `connectMessageBox(box.ref.getSnapshot(), box.ref.send)`), or undefined. */
export function useCurrentMessageBox(): QueuedMessageBox | undefined {
  const { messageBoxQueue } = useUi();
  // None on the server and while hydrating: a box is opened by the running page, never by a server render.
  return useAppActorView(messageBoxQueue, (s) => currentMessageBox(s.context), noBox);
}
