import { useDialog } from 'exkit/react';
import { useLiveActor } from '../app-context.js';

/** A modal dialog with title, body and footer: scroll lock, focus trap, Escape and backdrop close, the app's z-index. */
export function DialogDemo() {
  const dialog = useDialog({ size: 'small' });
  useLiveActor('popup', dialog.actor);
  return (
    <section className="card">
      <h2>Dialog</h2>
      <button {...dialog.getTriggerProps()} data-testid="open-dialog">
        Open dialog
      </button>
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
