// The page the stylesheet tests drive: every overlay exkit renders or hands props for (toasts, notifications, a
// dialog, message boxes, a loading overlay), on the real browser platform, with or without exkit/styles.css
// (the test serves the page both ways). Bundled by esbuild in styles.test.ts.
import { createRoot } from 'react-dom/client';
import { browserPlatform } from '../../../core/platform/index.js';
import { createUiKit } from '../../../machines/index.js';
import type { MessageBoxResult } from '../../../machines/index.js';
import { ExkitProvider, MessageBoxHost, Notifications, Toaster, useDialog, useLoading } from '../../../react/index.js';

const platform = browserPlatform();
const ui = createUiKit(platform, { isolatedToaster: true });
const results: MessageBoxResult[] = [];

function Dialog() {
  const dialog = useDialog();
  return (
    <>
      <button {...dialog.getTriggerProps()} id="open-dialog">
        open dialog
      </button>
      <div {...dialog.getBackdropProps()} />
      <div {...dialog.getContentProps()}>
        <h2 {...dialog.getTitleProps()}>Transfer</h2>
        <div {...dialog.getBodyProps()}>Move funds between accounts.</div>
        <div {...dialog.getFooterProps()}>
          <button {...dialog.getCloseTriggerProps()} id="close-dialog">
            Close
          </button>
        </div>
      </div>
    </>
  );
}

function Loading() {
  const loading = useLoading('panel');
  return (
    <div id="target" style={{ position: 'relative', width: 300, height: 120, marginTop: 200 }}>
      <button id="load" onClick={() => Object.assign(window, { release: loading.show({ text: 'Loading' }) })}>
        load
      </button>
      {loading.mounted ? <div {...loading.getOverlayProps()}>{loading.text}</div> : null}
    </div>
  );
}

function App() {
  return (
    <ExkitProvider value={{ platform, ui }}>
      <Dialog />
      <Loading />
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
      void ui.messageBox[kind](message, options).then((r) => results.push(r));
    },
  },
});

createRoot(document.getElementById('root')!).render(<App />);
