import { useState } from 'react';
import { useDialog } from 'exkit/react';
import { useLiveActor } from '../app-context.js';
import { ActionButton, DOUBLE_CLICK_MS } from './action-button.js';

/**
 * A modal dialog with title, body and footer: scroll lock, focus trap, Escape and backdrop close, the app's
 * z-index. The trigger opens it (it never toggles), and the backdrop closes it only once the double-click
 * interval after opening has passed: the second click of a double-click on the trigger lands on the backdrop.
 */
export function DialogDemo() {
  const [justOpened, setJustOpened] = useState(false);
  const dialog = useDialog({ size: 'small', closeOnBackdrop: !justOpened });
  useLiveActor('popup', dialog.actor);
  const { onClick: _toggle, ...trigger } = dialog.getTriggerProps();
  return (
    <section className="card">
      <h2>Dialog</h2>
      <ActionButton
        {...trigger}
        data-testid="open-dialog"
        action={() => {
          setJustOpened(true);
          dialog.setOpen(true);
          return new Promise((done) => setTimeout(done, DOUBLE_CLICK_MS)).then(() => setJustOpened(false));
        }}
      >
        Open dialog
      </ActionButton>
      {dialog.open ? (
        <>
          <div {...dialog.getBackdropProps()} className="backdrop" />
          <div {...dialog.getContentProps()} className="dialog" data-testid="dialog">
            <header className="dialog-header">
              <h3 {...dialog.getTitleProps()}>Transfer</h3>
              <button {...dialog.getCloseTriggerProps()} className="dialog-close" aria-label="Close dialog" data-testid="dialog-close">
                ×
              </button>
            </header>
            <div {...dialog.getBodyProps()}>
              <p>Move funds between your spot and futures accounts.</p>
              <label className="field">
                <span>Amount</span>
                <input aria-label="Transfer amount" />
              </label>
            </div>
            <footer {...dialog.getFooterProps()} className="dialog-footer">
              <button {...dialog.getCloseTriggerProps()}>Close</button>
            </footer>
          </div>
        </>
      ) : null}
    </section>
  );
}
