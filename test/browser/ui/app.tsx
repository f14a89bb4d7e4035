// The page the UI browser tests drive in each engine: two nested modal dialogs, the toast and notification regions and
// the message-box host, on the real browser platform. Bundled by esbuild in ui.test.ts.
import { createRoot } from 'react-dom/client';
import { browserPlatform } from '../../../core/platform/index.js';
import { createUiKit } from '../../../machines/index.js';
import type { MessageBoxResult } from '../../../machines/index.js';
import { ExkitProvider, MessageBoxHost, Notifications, Toaster, useDialog } from '../../../react/index.js';

const platform = browserPlatform();
const ui = createUiKit(platform, { isolatedToaster: true });
const results: MessageBoxResult[] = [];

function Dialog({ name, children }: { name: string; children?: React.ReactNode }) {
  const dialog = useDialog();
  return (
    <>
      <button {...dialog.getTriggerProps()} id={`open-${name}`}>
        open {name}
      </button>
      {dialog.open ? (
        <>
          <div
            {...dialog.getBackdropProps()}
            id={`backdrop-${name}`}
            style={{ ...dialog.getBackdropProps().style, position: 'fixed', inset: 0, background: 'rgba(0,0,0,.3)' }}
          />
          <div
            {...dialog.getContentProps()}
            id={`dialog-${name}`}
            style={{ ...dialog.getContentProps().style, position: 'fixed', top: 0, left: 0, background: 'white', padding: 8 }}
          >
            <h2 {...dialog.getTitleProps()}>Dialog {name}</h2>
            <input id={`input-${name}`} aria-label={`field ${name}`} />
            {children}
            <button {...dialog.getCloseTriggerProps()} id={`close-${name}`}>
              close {name}
            </button>
          </div>
        </>
      ) : null}
    </>
  );
}

function App() {
  return (
    <ExkitProvider value={{ platform, ui }}>
      <div style={{ height: 3000 }}>
        <Dialog name="outer">
          <Dialog name="inner" />
        </Dialog>
      </div>
      <Toaster />
      <Notifications />
      <MessageBoxHost />
    </ExkitProvider>
  );
}

Object.assign(window, {
  exkit: {
    ui,
    results,
    ask(kind: 'alert' | 'confirm' | 'prompt', message: string, options: Record<string, unknown> = {}) {
      const opts = { ...options } as Record<string, unknown>;
      if (typeof opts.inputPattern === 'string') opts.inputPattern = new RegExp(opts.inputPattern);
      void ui.messageBox[kind](message, opts).then((r) => results.push(r));
    },
  },
});

createRoot(document.getElementById('root')!).render(<App />);
