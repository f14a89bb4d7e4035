// The UI machines' definitions are built when their modules load: XState refuses a malformed one (a compound state
// without its initial state, an unknown target) by throwing then. Importing each module inside a test turns such a
// refusal into a failing test instead of a test file that cannot load; each machine's id is pinned too (the
// diagrams in docs/machines/ and the inspection tools show it, and `#id.state` targets depend on it).
import { describe, expect, it } from 'vitest';

const MODULES: ReadonlyArray<readonly [id: string, load: () => Promise<Record<string, unknown>>, exported: string]> = [
  ['button', () => import('../../machines/button.machine.js'), 'buttonMachine'],
  ['popup', () => import('../../machines/popup.machine.js'), 'popupMachine'],
  ['toast', () => import('../../machines/toast.machine.js'), 'toastMachine'],
  ['toaster', () => import('../../machines/toaster.machine.js'), 'toasterMachine'],
  ['notification', () => import('../../machines/notification.machine.js'), 'notificationMachine'],
  ['notifier', () => import('../../machines/notifier.machine.js'), 'notifierMachine'],
  ['messageBox', () => import('../../machines/message-box.machine.js'), 'messageBoxMachine'],
  ['messageBoxQueue', () => import('../../machines/message-box-queue.machine.js'), 'messageBoxQueueMachine'],
  ['loadingOverlay', () => import('../../machines/loading-overlay.machine.js'), 'loadingOverlayMachine'],
];

describe('UI machine definitions', () => {
  it.each(MODULES)('%s: the module loads and its machine has that id', async (id, load, exported) => {
    const module = await load();
    expect((module[exported] as { id: string }).id).toBe(id);
  });
});
