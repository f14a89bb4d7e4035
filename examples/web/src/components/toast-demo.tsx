import { TOAST_TYPES } from 'exkit/machines';
import { useToast } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** Fires one toast of each type (a message of each kind, as an exchange would show it), or a loading toast that settles. */
export function ToastDemo() {
  const toast = useToast();
  const t = useText().toastDemo;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <div className="buttons">
        {TOAST_TYPES.filter((type) => type !== 'loading').map((type) => (
          <ActionButton key={type} data-testid={`toast-${type}`} action={() => toast[type](t.sample[type])}>
            {t.type[type]}
          </ActionButton>
        ))}
        <ActionButton
          data-testid="toast-promise"
          action={() => toast.promise(new Promise((resolve) => window.setTimeout(resolve, 1500)), t.promise).catch(() => undefined)}
        >
          {t.promiseButton}
        </ActionButton>
        <ActionButton action={() => toast.dismiss()}>{t.dismissAll}</ActionButton>
      </div>
    </section>
  );
}
