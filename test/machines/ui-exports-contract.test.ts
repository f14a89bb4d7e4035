// The public contract of the UI machines' exported functions and imperative APIs (issue 18 §1 and §2): with a
// hostile value in any argument position, each returns a result or throws / rejects an ExkitError; an async one
// never throws synchronously.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ExkitError, guardCallback, reportCallbackError, UserCallbackError } from '../../core/errors/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import * as machines from '../../machines/index.js';
import { CountingClock, HUGE_STRING, throwingGetters } from './hostile-events.js';

const HOSTILE: unknown[] = [
  null,
  undefined,
  Number.NaN,
  -1,
  2 ** 53,
  '',
  HUGE_STRING,
  10n,
  Symbol('s'),
  [],
  {},
  () => undefined,
  throwingGetters(['items', 'boxes', 'queue', 'input', 'clock', 'text', 'id', 'message', 'then', 'matches', 'timers']),
];

/** Promises handed out during a test: each must settle (once its queue is drained or stopped), rejecting only with an ExkitError. */
const handedOut: Promise<unknown>[] = [];

/** Calls `fn` with `hostile` at position `at` and `base` elsewhere; the outcome must keep the contract. */
async function expectContract(name: string, fn: (...args: unknown[]) => unknown, base: unknown[], async = false) {
  for (let at = 0; at < base.length; at++) {
    for (const hostile of HOSTILE) {
      const args = base.slice();
      args[at] = hostile;
      let result: unknown;
      try {
        result = fn(...args);
      } catch (error) {
        expect(async, `${name} threw synchronously for argument ${at}`).toBe(false);
        expect(error, `${name}(argument ${at} = ${String(typeof hostile)})`).toBeInstanceOf(ExkitError);
        continue;
      }
      if (result instanceof Promise) {
        // Rejected with an ExkitError when it rejects at all; settled is checked once the queue stops.
        handedOut.push(
          result.then(
            () => undefined,
            (error: unknown) => expect(error, `${name} rejected for argument ${at}`).toBeInstanceOf(ExkitError),
          ),
        );
      }
    }
  }
}

describe('UI exports keep their contract under hostile arguments', () => {
  it('checkers, selectors and factories return a result or throw an ExkitError', async () => {
    // Without a reporter a failed callback goes to the console: kept quiet here, and counted.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clock = new CountingClock();
    const toaster = createActor(machines.toasterMachine, { clock } as never).start();
    const queue = createActor(machines.messageBoxQueueMachine, { clock } as never).start();
    const button = createActor(machines.buttonMachine, { clock } as never).start();
    const notifier = createActor(machines.notifierMachine, { clock } as never).start();
    const platform = memoryPlatform();
    const table: [string, (...args: never[]) => unknown, unknown[]][] = [
      ['checkToasterInput', machines.checkToasterInput, [{}]],
      ['newToastOf', machines.newToastOf, [{ id: 'a', message: 'm' }]],
      ['toastPatchOf', machines.toastPatchOf, [{ message: 'm' }]],
      ['toastPlacements', machines.toastPlacements, [toaster.getSnapshot().context]],
      ['queuedToastCount', machines.queuedToastCount, [toaster.getSnapshot().context]],
      ['createToastApi', machines.createToastApi, [() => toaster]],
      ['notificationPlacements', machines.notificationPlacements, [notifier.getSnapshot().context]],
      ['checkNotifierInput', machines.checkNotifierInput, [{}]],
      ['checkNotification', machines.checkNotification, [{ message: 'm' }]],
      ['notificationOf', machines.notificationOf, [{ id: 'a', message: 'm' }]],
      ['checkMessageBoxQueueInput', machines.checkMessageBoxQueueInput, [{}]],
      ['messageBoxOf', machines.messageBoxOf, [{ id: 'a', kind: 'alert', message: 'm' }]],
      ['currentMessageBox', machines.currentMessageBox, [queue.getSnapshot().context]],
      ['createMessageBoxApi', machines.createMessageBoxApi, [() => queue, undefined]],
      ['validatePrompt', machines.validatePrompt, [{ kind: 'prompt', message: 'm', inputPattern: /x/ }, 'x', 'en', undefined]],
      ['buttonStatus', machines.buttonStatus, [button.getSnapshot()]],
      ['createLoadingOverlays', machines.createLoadingOverlays, [{ clock }]],
      ['appLayers', machines.appLayers, [platform]],
      ['appHost', machines.appHost, [platform]],
      ['appToaster', machines.appToaster, [platform]],
      ['configureRootToaster', machines.configureRootToaster, [{ input: {} }]],
      ['rootToaster', machines.rootToaster, [{ input: {} }]],
      ['createUiKit', machines.createUiKit, [platform, { isolatedToaster: true }]],
      ['guardCallback', guardCallback, ['cb', () => 1, { report: () => undefined }]],
      ['reportCallbackError', reportCallbackError, [{ report: () => undefined }, new UserCallbackError('x', 1)]],
    ];
    for (const [name, fn, base] of table) await expectContract(name, fn as (...args: unknown[]) => unknown, base);
    // A hostile reporter falls back to the console; nothing was lost.
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    // The root toaster is the page's: a refused configuration left it working, and it is reset for other tests.
    expect(machines.rootToaster().getSnapshot().status).toBe('active');
    machines.configureRootToaster({});
    toaster.stop();
    queue.stop();
  });

  it('the toast, message-box and loading APIs refuse hostile arguments with an ExkitError (rejecting, for the async ones)', async () => {
    const clock = new CountingClock();
    const toaster = createActor(machines.toasterMachine, { clock } as never).start();
    const queue = createActor(machines.messageBoxQueueMachine, { input: { transitionMs: 0 }, clock }).start();
    const toast = machines.createToastApi(() => toaster);
    const box = machines.createMessageBoxApi(() => queue);
    const loading = machines.createLoadingOverlays({ clock });
    await expectContract('toast', toast as never, ['m', {}]);
    for (const type of ['success', 'warning', 'info', 'error', 'question', 'loading'] as const)
      await expectContract(`toast.${type}`, toast[type] as never, ['m', {}]);
    await expectContract('toast.update', toast.update as never, ['a', { message: 'm' }]);
    await expectContract('toast.dismiss', toast.dismiss as never, ['a']);
    await expectContract(
      'toast.promise',
      toast.promise as never,
      [Promise.resolve(1), { loading: 'l', success: 's', error: 'e' }, {}],
      true,
    );
    for (const kind of ['alert', 'confirm', 'prompt'] as const)
      await expectContract(`messageBox.${kind}`, box[kind] as never, ['m', {}], true);
    await expectContract('loading.show', loading.show as never, ['t', () => undefined, {}]);
    await expectContract('loading.subscribe', loading.subscribe as never, [() => undefined]);
    expect(toaster.getSnapshot().status).toBe('active');
    expect(queue.getSnapshot().status).toBe('active');
    loading.dispose();
    toaster.stop();
    // Stopping the queue settles the boxes still open; every promise handed out has then settled.
    queue.stop();
    let settled = false;
    void Promise.all(handedOut).then(() => (settled = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(settled).toBe(true);
  });
});
