import { useNotifications } from 'exkit/react';
import { ActionButton } from './action-button.js';

/** Notifications: close on timer, button, Escape or click; hovering pauses. */
export function NotificationDemo() {
  const { notify, close } = useNotifications();
  return (
    <section className="card">
      <h2>Notifications</h2>
      <div className="buttons">
        <ActionButton data-testid="notify" action={() => notify({ title: 'Order filled', message: 'Bought 0.01 BTC at 64,250.50 USDT' })}>
          notify
        </ActionButton>
        <ActionButton action={() => notify({ title: 'Price alert', message: 'ETH crossed 3,200 USDT', position: 'bottom-right' })}>
          notify bottom-right
        </ActionButton>
        <ActionButton action={() => close()}>close all</ActionButton>
      </div>
    </section>
  );
}
