// exkit with no framework: toasts, a dialog, the message-box queue and a button, rendered from the machines'
// connects with `applyProps`. The machines own Escape, outside clicks, the focus trap and the scroll lock.
import { applyProps, browserPlatform } from 'exkit';
import {
  buttonMachine,
  connectButton,
  connectDialog,
  connectMessageBox,
  connectToast,
  connectToaster,
  createUiKit,
  currentMessageBox,
  popupMachine,
} from 'exkit/machines';
import { createActor } from 'xstate';

const platform = browserPlatform();
const ui = createUiKit(platform, { isolatedToaster: true });
const $ = (id: string) => document.getElementById(id)!;
const el = (tag: string, props: object = {}, text = '') => {
  const node = document.createElement(tag);
  applyProps(node, props);
  node.textContent = text;
  return node;
};

// Toasts: the region exists from the start; each shown toast is fixed at its placement and reports its height.
// The connect gives the region its own id (the toaster's layer finds it by that id), so it is found by an attribute.
const region = document.querySelector<HTMLElement>('[data-toasts]')!;
const heights = new Map<string, number>();
const renderToasts = () => {
  const toaster = connectToaster(ui.toaster.getSnapshot(), ui.toaster.send);
  applyProps(region, toaster.getRegionProps());
  region.replaceChildren(
    ...toaster.placements.map((placement) => {
      const item = connectToast(placement.ref.getSnapshot(), placement.ref.send, placement, ui.toaster.send);
      const node = el('div', { ...item.getRootProps(), 'data-toast': '' }, item.toast.message);
      queueMicrotask(() => {
        if (heights.get(placement.id) === node.offsetHeight) return;
        heights.set(placement.id, node.offsetHeight);
        item.reportHeight(node.offsetHeight);
      });
      return node;
    }),
  );
};
ui.toaster.subscribe(renderToasts);
renderToasts();
$('toast').onclick = () => ui.toast.success('Saved', { duration: 1000 });

// The dialog: its content is always in the page, hidden while closed.
const popup = createActor(popupMachine, {
  input: {
    id: 'demo',
    modal: true,
    layers: ui.host.layers,
    stack: ui.host.stack,
    scrollLock: ui.host.scrollLock,
    ...(ui.host.dom ? { dom: ui.host.dom } : {}),
  },
}).start();
const [trigger, content, title, body, close] = ['open-dialog', 'dialog', 'dialog-title', 'dialog-body', 'dialog-close'].map($);
const renderDialog = () => {
  const dialog = connectDialog(popup.getSnapshot(), popup.send);
  applyProps(trigger!, dialog.getTriggerProps());
  applyProps(content!, dialog.getContentProps());
  applyProps(title!, dialog.getTitleProps());
  applyProps(body!, dialog.getBodyProps());
  applyProps(close!, dialog.getCloseTriggerProps());
};
popup.subscribe(renderDialog);
renderDialog();

// Message boxes: the queue shows one at a time; the box on screen is rendered from its own snapshot.
const boxes = $('boxes');
let shown: { unsubscribe(): void } | undefined;
ui.messageBoxQueue.subscribe((snapshot) => {
  const box = currentMessageBox(snapshot.context);
  if (boxes.dataset.id === (box?.id ?? '')) return;
  boxes.dataset.id = box?.id ?? '';
  shown?.unsubscribe();
  boxes.replaceChildren();
  shown = box?.ref.subscribe((s) => {
    const api = connectMessageBox(s, box.ref.send);
    const confirm = el('button', api.getConfirmProps(), api.confirmText);
    const cancel = el('button', api.getCancelProps(), api.cancelText);
    const panel = el('div', api.getPanelProps());
    panel.append(el('p', api.getMessageProps(), api.message), cancel, confirm);
    if (!boxes.firstChild) boxes.append(panel);
    else applyProps(boxes.firstChild as HTMLElement, api.getPanelProps());
  });
});
$('ask').onclick = () => {
  for (const n of [1, 2, 3]) void ui.messageBox.confirm(`Question ${n}`).then((r) => $('answers').append(`${n}:${r.action} `));
};

// The button: disabled (aria-busy, clicks ignored) while its work is pending.
const button = createActor(buttonMachine, { input: {} }).start();
const submit = $('submit');
button.on('clicked', () => {
  button.send({ type: 'START_LOADING' });
  platform.timers.setTimeout(() => button.send({ type: 'STOP_LOADING' }), 500);
  $('clicks').textContent = String(Number($('clicks').textContent) + 1);
});
const renderButton = () => applyProps(submit, connectButton(button.getSnapshot(), button.send).getButtonProps());
button.subscribe(renderButton);
renderButton();
