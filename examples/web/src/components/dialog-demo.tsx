import { useState } from 'react';
import { useDialog } from 'exkit/react';
import { useLiveActor } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton, DOUBLE_CLICK_MS } from './action-button.js';

/**
 * A modal dialog with title, body and footer: scroll lock, focus trap, Escape and backdrop close, the app's
 * z-index. The trigger opens it (it never toggles), and the backdrop closes it only once the double-click
 * interval after opening has passed: the second click of a double-click on the trigger lands on the backdrop.
 */
export function DialogDemo() {
  const [justOpened, setJustOpened] = useState(false);
  const t = useText().dialogDemo;
  const dialog = useDialog({ size: 'small', closeOnBackdrop: !justOpened });
  useLiveActor('popup', dialog.actor);
  const { onClick: _toggle, ...trigger } = dialog.getTriggerProps();
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <ActionButton
        {...trigger}
        data-testid="open-dialog"
        action={() => {
          setJustOpened(true);
          dialog.setOpen(true);
          return new Promise((done) => setTimeout(done, DOUBLE_CLICK_MS)).then(() => setJustOpened(false));
        }}
      >
        {t.open}
      </ActionButton>
      {dialog.open ? (
        <>
          <div {...dialog.getBackdropProps()} className="backdrop" />
          <div {...dialog.getContentProps()} className="dialog" data-testid="dialog">
            <header className="dialog-header">
              <h3 {...dialog.getTitleProps()}>{t.title}</h3>
              <button {...dialog.getCloseTriggerProps()} className="dialog-close" aria-label={t.closeLabel} data-testid="dialog-close">
                ×
              </button>
            </header>
            <div {...dialog.getBodyProps()}>
              <p>{t.body}</p>
              <label className="field">
                <span>{t.amount}</span>
                <input aria-label={t.amountLabel} />
              </label>
            </div>
            <footer {...dialog.getFooterProps()} className="dialog-footer">
              <button {...dialog.getCloseTriggerProps()}>{t.close}</button>
            </footer>
          </div>
        </>
      ) : null}
    </section>
  );
}
