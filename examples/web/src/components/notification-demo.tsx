import { useNotifications } from 'exkit/react';

/** Notifications: close on timer, button, Escape or click; hovering pauses. */
export function NotificationDemo() {
  const { notify, close } = useNotifications();
  return (
    <section className="card">
      <h2>Notifications</h2>
      <div className="buttons">
        <button
          type="button"
          data-testid="notify"
          onClick={() => notify({ title: 'Order filled', message: 'Bought 0.01 BTC at 64,250.50 USDT' })}
        >
          notify
        </button>
        <button type="button" onClick={() => notify({ title: 'Price alert', message: 'ETH crossed 3,200 USDT', position: 'bottom-right' })}>
          notify bottom-right
        </button>
        <button type="button" onClick={() => close()}>
          close all
        </button>
      </div>
    </section>
  );
}
