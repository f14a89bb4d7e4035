import { useNotifications } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** Notifications: close on timer, button, Escape or click; hovering pauses. */
export function NotificationDemo() {
  const { notify, close } = useNotifications();
  const t = useText().notificationDemo;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <div className="buttons">
        <ActionButton data-testid="notify" action={() => notify({ ...t.filled })}>
          {t.notify}
        </ActionButton>
        <ActionButton action={() => notify({ ...t.alert, position: 'bottom-right' })}>{t.notifyBottomRight}</ActionButton>
        <ActionButton action={() => close()}>{t.closeAll}</ActionButton>
      </div>
    </section>
  );
}
