import { ButtonDemo } from './button-demo.js';
import { DialogDemo } from './dialog-demo.js';
import { FailureDemo } from './failure-demo.js';
import { LoadingDemo } from './loading-demo.js';
import { MessageBoxDemo } from './message-box-demo.js';
import { NotificationDemo } from './notification-demo.js';
import { ToastDemo } from './toast-demo.js';

/** The UI primitives: toasts, notifications, queued message boxes, dialogs, loading overlays, the shared button. */
export function UiPage() {
  return (
    <div className="grid">
      <ToastDemo />
      <NotificationDemo />
      <MessageBoxDemo />
      <DialogDemo />
      <LoadingDemo />
      <ButtonDemo />
      <FailureDemo />
    </div>
  );
}
