import { TOAST_TYPES } from 'exkit/machines';
import { useToast } from 'exkit/react';
import { ActionButton } from './action-button.js';

/** A message of each kind, as an exchange would show it. */
const TOAST_SAMPLES = {
  success: 'Order placed: buy 0.01 BTC at 64,250.50 USDT',
  error: 'Order rejected: insufficient balance',
  warning: 'Price moved more than 5% since you opened this form',
  info: 'Futures funding is settled every 8 hours',
  question: 'Not sure about leverage? Read the futures guide',
} as const;

/** Fires one toast of each type, or a loading toast that settles. */
export function ToastDemo() {
  const toast = useToast();
  return (
    <section className="card">
      <h2>Toasts</h2>
      <div className="buttons">
        {TOAST_TYPES.filter((t) => t !== 'loading').map((type) => (
          <ActionButton key={type} data-testid={`toast-${type}`} action={() => toast[type](TOAST_SAMPLES[type])}>
            {type}
          </ActionButton>
        ))}
        <ActionButton
          data-testid="toast-promise"
          action={() =>
            toast
              .promise(new Promise((resolve) => window.setTimeout(resolve, 1500)), {
                loading: 'Placing order…',
                success: 'Order placed',
                error: 'Order failed',
              })
              .catch(() => undefined)
          }
        >
          loading → success
        </ActionButton>
        <ActionButton action={() => toast.dismiss()}>dismiss all</ActionButton>
      </div>
    </section>
  );
}
