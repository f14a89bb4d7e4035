// The connect layer: framework-neutral props from a machine's snapshot, and the layer effects the machines own.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createLayerStack } from '../../core/ui/layer-stack.js';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import {
  buttonMachine,
  connectButton,
  connectDialog,
  connectLoadingOverlay,
  connectMessageBox,
  connectNotification,
  connectNotifier,
  connectToaster,
  createUiKit,
  inputValue,
  isComposing,
  isSnapshot,
  loadingOverlayMachine,
  loadingOverlayView,
  notifierMachine,
  NOTIFICATION_REGION_ID,
  popupMachine,
  popupView,
  TOAST_REGION_ID,
  toasterMachine,
} from '../../machines/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import { normalizeProps } from '../../react/normalize-props.js';

function popup(modal = true) {
  const stack = createLayerStack(undefined);
  const locks: string[] = [];
  const scrollLock = {
    lock: (o: string) => void locks.push(`lock:${o}`),
    unlock: (o: string) => void locks.push(`unlock:${o}`),
    holderCount: 0,
    count: 0,
    locked: false,
  };
  const actor = createActor(popupMachine, { input: { id: 'p', modal, stack, scrollLock } }).start();
  return { actor, stack, locks };
}

describe('popup effects are owned by the machine', () => {
  it('opening pushes the popup onto the layer stack and takes the scroll lock; closing gives both back', () => {
    const { actor, stack, locks } = popup();
    actor.send({ type: 'OPEN' });
    expect(stack.size).toBe(1);
    expect(locks).toEqual(['lock:p']);
    actor.send({ type: 'CLOSE' });
    expect(stack.size).toBe(0);
    expect(locks).toEqual(['lock:p', 'unlock:p']);
  });

  it('Escape on the stack reaches the open popup, which closes with reason escape', () => {
    const { actor, stack } = popup();
    const reasons: string[] = [];
    actor.on('closed', (e) => reasons.push(e.reason));
    actor.send({ type: 'OPEN' });
    const event = { key: 'Escape', isComposing: false, stopPropagation() {} } as unknown as KeyboardEvent;
    expect(stack.handleKeyDown(event)).toBe(true);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(reasons).toEqual(['escape']);
  });

  it('a non-modal popup takes no scroll lock; stopping the actor removes its layer', () => {
    const { actor, stack, locks } = popup(false);
    actor.send({ type: 'OPEN' });
    actor.stop();
    expect(locks).toEqual([]);
    expect(stack.size).toBe(0);
  });
});

const escapeKey = () => ({ key: 'Escape', preventDefault() {}, stopPropagation() {} }) as unknown as KeyboardEvent;

/** What the region tests use of a toaster or notifier actor; either machine's events are sent as plain objects. */
interface RegionActor {
  send(event: { type: string; [field: string]: unknown }): void;
  getSnapshot(): { value: unknown; context: { items: { id: string }[] } };
  on(type: string, listener: (event: unknown) => void): unknown;
  stop(): void;
}

describe('toast and notification regions are layers their machines hold (spec §B9, §S9)', () => {
  const regions = [
    {
      name: 'toaster',
      start: (input: object) => createActor(toasterMachine, { input }).start() as unknown as RegionActor,
      show: (id: string) => ({ type: 'ADD', toast: { id, message: id } }) as const,
      closedEvent: 'toast.closed',
    },
    {
      name: 'notifier',
      start: (input: object) => createActor(notifierMachine, { input }).start() as unknown as RegionActor,
      show: (id: string) => ({ type: 'NOTIFY', notification: { id, message: id } }) as const,
      closedEvent: 'notification.closed',
    },
  ] as const;

  for (const region of regions) {
    it(`${region.name}: the region is a layer exactly while something is shown`, () => {
      const stack = createLayerStack(undefined);
      const actor = region.start({ stack });
      expect(stack.size).toBe(0);
      actor.send(region.show('a'));
      expect(stack.size).toBe(1);
      actor.send(region.show('b'));
      expect(stack.size).toBe(1);
      actor.send({ type: 'CLOSE' });
      actor.send({ type: 'DISMISS' });
      expect(actor.getSnapshot().context.items).toStrictEqual([]);
      expect(stack.size).toBe(0);
      actor.send(region.show('c'));
      expect(stack.size).toBe(1);
      actor.stop();
      expect(stack.size).toBe(0);
    });

    it(`${region.name}: Escape on the stack closes the newest item, with reason escape`, () => {
      const stack = createLayerStack(undefined);
      const actor = region.start({ stack });
      const closed: unknown[] = [];
      actor.on(region.closedEvent, (e) => void closed.push(e));
      actor.send(region.show('a'));
      actor.send(region.show('b'));
      expect(stack.handleKeyDown(escapeKey())).toBe(true);
      expect(closed).toStrictEqual([{ type: region.closedEvent, id: 'b', reason: 'escape' }]);
      expect(actor.getSnapshot().context.items.map((i) => i.id)).toStrictEqual(['a']);
    });

    it(`${region.name}: a newly shown item brings the region above a modal opened since; one closing does not`, () => {
      const stack = createLayerStack(undefined);
      const actor = region.start({ stack });
      const modalEscapes: string[] = [];
      actor.send(region.show('a'));
      actor.send(region.show('b'));
      const modal = stack.push({ onEscape: () => void modalEscapes.push('modal') });
      expect(modal.isTop()).toBe(true);
      // Closing one item leaves the modal on top: Escape reaches the modal, and both items stay.
      actor.send(region.name === 'toaster' ? { type: 'DISMISS', id: 'b' } : { type: 'CLOSE', id: 'b' });
      expect(stack.handleKeyDown(escapeKey())).toBe(true);
      expect(modalEscapes).toStrictEqual(['modal']);
      expect(actor.getSnapshot().context.items.map((i) => i.id)).toStrictEqual(['a']);
      actor.send(region.show('c'));
      expect(modal.isTop()).toBe(false);
      stack.handleKeyDown(escapeKey());
      expect(modalEscapes).toStrictEqual(['modal']);
      expect(actor.getSnapshot().context.items.map((i) => i.id)).toStrictEqual(['a']);
    });

    it(`${region.name}: the connect hands out the region id the layer looks for`, () => {
      const actor = region.start({ regionId: 'my-region' });
      const props =
        region.name === 'toaster'
          ? connectToaster(actor.getSnapshot() as never, actor.send as never).getRegionProps()
          : connectNotifier(actor.getSnapshot() as never, actor.send as never).getRegionProps();
      expect({ id: props.id, node: props['data-exkit-node'] }).toStrictEqual({ id: 'my-region', node: 'my-region' });
    });
  }

  it('a toaster made before the host (a toast fired before the app mounted) joins the stack on SET_HOST; a malformed one is ignored', () => {
    const actor = createActor(toasterMachine, { input: {} }).start();
    actor.send({ type: 'ADD', toast: { id: 'a', message: 'a' } });
    const stack = createLayerStack(undefined);
    actor.send({ type: 'SET_HOST', stack: { push: 1 } } as never);
    expect(actor.getSnapshot().context.stack).toBeUndefined();
    actor.send({ type: 'SET_HOST', stack });
    expect(actor.getSnapshot().context.stack).toBe(stack);
    expect(stack.size).toBe(1);
    // The shown toast survives the host change.
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toStrictEqual(['a']);
    expect(actor.getSnapshot().value).toStrictEqual({ active: 'shown' });
  });

  it('region ids: the app kit uses the constants; each isolated kit numbers its own', () => {
    const platform = memoryPlatform();
    const app = createUiKit(platform);
    const one = createUiKit(platform, { isolatedToaster: true });
    const two = createUiKit(platform, { isolatedToaster: true });
    const ids = [app, one, two].map((kit) => [kit.toaster.getSnapshot().context.regionId, kit.notifier.getSnapshot().context.regionId]);
    expect(ids[0]).toStrictEqual([TOAST_REGION_ID, NOTIFICATION_REGION_ID]);
    expect(new Set(ids.flat()).size).toBe(6);
    expect(ids[1]![0]).toMatch(new RegExp(`^${TOAST_REGION_ID}-\\d+$`));
    expect(ids[1]![1]).toMatch(new RegExp(`^${NOTIFICATION_REGION_ID}-\\d+$`));
    for (const kit of [app, one, two]) kit.dispose();
  });
});

describe('connectDialog', () => {
  it('ties the trigger, title and body to the content by id and follows the state', () => {
    const { actor } = popup();
    let api = connectDialog(actor.getSnapshot(), actor.send);
    expect(api.getTriggerProps()).toMatchObject({ 'aria-expanded': false, 'aria-controls': 'p-content', 'data-state': 'closed' });
    expect(api.getContentProps()).toMatchObject({
      id: 'p-content',
      role: 'dialog',
      'aria-labelledby': 'p-title',
      'aria-describedby': 'p-body',
      hidden: true,
    });
    api.getTriggerProps().onclick();
    api = connectDialog(actor.getSnapshot(), actor.send);
    expect(api.state).toBe('open');
    expect(api.getContentProps()).toMatchObject({ hidden: false, 'aria-modal': true, 'data-state': 'open' });
    api.getCloseTriggerProps().onclick();
    expect(connectDialog(actor.getSnapshot(), actor.send).open).toBe(false);
  });
});

describe('connectButton and normalizeProps', () => {
  it('a loading button is aria-busy and its click is ignored; React names are onClick and tabIndex', () => {
    const actor = createActor(buttonMachine, { input: { loading: true } }).start();
    const clicks: number[] = [];
    actor.on('clicked', () => clicks.push(1));
    const props = connectButton(actor.getSnapshot(), actor.send).getButtonProps();
    expect(props).toMatchObject({ 'aria-busy': true, 'aria-disabled': true, disabled: false, 'data-loading': '' });
    props.onclick();
    expect(clicks).toEqual([]);
    const react = normalizeProps({ onclick: props.onclick, tabindex: -1, oninput: () => {}, role: 'x' });
    expect(Object.keys(react).sort()).toEqual(['onChange', 'onClick', 'role', 'tabIndex']);
  });
});

describe('connect functions keep the export contract for bad arguments', () => {
  const send = (): void => undefined;
  const view = { state: 'open', zIndex: 2000, modal: true, owner: 'dlg' } as const;
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();

  function thrown(call: () => unknown): unknown {
    try {
      call();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it('a state that is neither a snapshot nor a view is an InvalidArgumentError naming state', () => {
    for (const bad of [null, 42, revoked, { matches: () => true }]) {
      const error = thrown(() => connectDialog(bad as never, send));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'state' });
    }
  });

  it('a view with a bad field names that field under state', () => {
    const error = thrown(() => connectDialog({ ...view, owner: 7 } as never, send));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'state.owner' });
  });

  it('a send that is not a function is an InvalidArgumentError naming send', () => {
    for (const connect of [
      () => connectDialog(view, 'send' as never),
      () => connectButton({ loading: false, disabled: false, clickable: true }, null as never),
    ]) {
      const error = thrown(connect);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'send' });
    }
  });

  it('a view selector given a non-snapshot names snapshot', () => {
    const error = thrown(() => popupView(view as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'snapshot' });
  });

  it('bad options name the option', () => {
    const error = thrown(() => connectDialog(view, send, { viewportWidth: Number.NaN }));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'options.viewportWidth' });
  });

  it('the predicates answer false for hostile values instead of throwing', () => {
    const getters = Object.defineProperty({}, 'isComposing', {
      get() {
        throw new Error('getter');
      },
    });
    for (const bad of [null, undefined, revoked, getters, Symbol('s')]) {
      expect(isComposing(bad as never)).toBe(false);
      expect(isSnapshot(bad)).toBe(false);
      expect(inputValue(bad as never)).toBe('');
    }
  });

  it('handlers take a hostile DOM event without throwing and still send what they mean', () => {
    const sent: unknown[] = [];
    const record = (event: unknown): void => void sent.push(event);
    const box = connectMessageBox(
      {
        id: 'b1',
        phase: 'open',
        options: { kind: 'prompt', message: 'Name?' },
        showCancel: true,
        value: '',
        error: undefined,
        exceeded: false,
        zIndex: 1,
      },
      record,
    );
    const input = box.getInputProps();
    for (const bad of [null, revoked, 5]) {
      expect(() => input.oninput(bad as never)).not.toThrow();
      expect(() => input.onkeydown(bad as never)).not.toThrow();
    }
    const throwingPrevent = {
      key: 'Enter',
      preventDefault() {
        throw new Error('prevent');
      },
    };
    expect(() => input.onkeydown(throwingPrevent)).not.toThrow();
    expect(sent).toEqual([{ type: 'INPUT', value: '' }, { type: 'INPUT', value: '' }, { type: 'INPUT', value: '' }, { type: 'ENTER' }]);

    const notification = connectNotification(
      {
        id: 'n1',
        title: undefined,
        message: 'Body',
        type: 'info',
        position: 'top-right',
        showClose: true,
        data: undefined,
        zIndex: 1,
        hovered: false,
      },
      record,
      { id: 'n1', offset: 16 },
      16,
    );
    expect(() => notification.getCloseProps().onclick(revoked as never)).not.toThrow();
    expect(sent.at(-1)).toEqual({ type: 'CLOSE', id: 'n1' });
  });
});

/** The field an InvalidArgumentError thrown by `call` names (the test fails on any other outcome). */
function fieldOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return ((error as InvalidArgumentError).extra as { field?: unknown }).field;
  }
  return 'no error';
}

/** The message of the InvalidArgumentError thrown by `call`. */
function messageOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return (error as Error).message;
  }
  return 'no error';
}

function recorder() {
  const sent: unknown[] = [];
  return { sent, send: (event: unknown): void => void sent.push(event) };
}

describe('connectButton: props and events', () => {
  it('each flag sets its own attributes; the native disabled only follows disabled', () => {
    const cases = [
      [{ loading: false, disabled: false, clickable: true }, [false, false, false, undefined, undefined]],
      [{ loading: true, disabled: false, clickable: false }, [false, true, true, '', undefined]],
      [{ loading: false, disabled: true, clickable: false }, [true, true, false, undefined, '']],
      [{ loading: true, disabled: true, clickable: false }, [true, true, true, '', '']],
    ] as const;
    for (const [status, [disabled, ariaDisabled, busy, dataLoading, dataDisabled]] of cases) {
      const api = connectButton(status, () => undefined);
      expect({ loading: api.loading, disabled: api.disabled, clickable: api.clickable }).toStrictEqual(status);
      const { onclick, ...props } = api.getButtonProps();
      expect(typeof onclick).toBe('function');
      expect(props).toStrictEqual({
        type: 'button',
        disabled,
        'aria-disabled': ariaDisabled,
        'aria-busy': busy,
        'data-loading': dataLoading,
        'data-disabled': dataDisabled,
      });
    }
  });

  it('click, setDisabled and setLoading send the events the machine takes', () => {
    const { sent, send } = recorder();
    const api = connectButton({ loading: false, disabled: false, clickable: true }, send);
    api.getButtonProps().onclick();
    api.setDisabled(true);
    api.setDisabled(false);
    api.setLoading(true);
    api.setLoading(false);
    expect(sent).toStrictEqual([
      { type: 'CLICK' },
      { type: 'DISABLE' },
      { type: 'ENABLE' },
      { type: 'START_LOADING' },
      { type: 'STOP_LOADING' },
    ]);
  });

  it('reads a live snapshot: a disabled button is disabled and not clickable', () => {
    const actor = createActor(buttonMachine, { input: { disabled: true } }).start();
    const api = connectButton(actor.getSnapshot(), actor.send);
    expect([api.loading, api.disabled, api.clickable]).toStrictEqual([false, true, false]);
    api.setDisabled(false);
    expect(connectButton(actor.getSnapshot(), actor.send).clickable).toBe(true);
  });

  it('every field of a button view is a required boolean', () => {
    const status = { loading: false, disabled: false, clickable: true };
    for (const field of ['loading', 'disabled', 'clickable'] as const) {
      const { [field]: _gone, ...rest } = status;
      expect(fieldOf(() => connectButton(rest as never, () => undefined))).toBe(`state.${field}`);
      expect(fieldOf(() => connectButton({ ...status, [field]: 1 } as never, () => undefined))).toBe(`state.${field}`);
    }
    expect(messageOf(() => connectButton({ ...status, loading: 'yes' } as never, () => undefined))).toBe(
      'connectButton: state.loading must be a boolean, got "yes"',
    );
  });

  it('a send that throws is caught: the handler returns and the error goes to the console', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const api = connectButton({ loading: false, disabled: false, clickable: true }, () => {
        throw new Error('send failed');
      });
      expect(() => api.getButtonProps().onclick()).not.toThrow();
      expect(errors.mock.calls.map((call) => call[0])).toStrictEqual(['[exkit] connectButton: send threw']);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('connectLoadingOverlay and loadingOverlayView', () => {
  const removedProps = {
    'data-exkit-loading': '',
    role: 'status',
    'aria-live': 'polite',
    'aria-busy': false,
    'data-state': 'removed',
    hidden: true,
  };

  it('no overlay (undefined or null) is removed and not mounted', () => {
    expect(loadingOverlayView(undefined)).toStrictEqual({ state: 'removed', text: undefined });
    expect(loadingOverlayView(null as never)).toStrictEqual({ state: 'removed', text: undefined });
    const api = connectLoadingOverlay(undefined);
    expect([api.state, api.text, api.mounted]).toStrictEqual(['removed', undefined, false]);
    expect(api.getOverlayProps()).toStrictEqual(removedProps);
  });

  it('follows an overlay through visible, hiding and removed', () => {
    const clock = new SimulatedClock();
    const actor = createActor(loadingOverlayMachine, { input: { target: 'form', text: 'Saving', leaveMs: 100 }, clock }).start();
    expect(loadingOverlayView(actor.getSnapshot())).toStrictEqual({ state: 'visible', text: 'Saving' });
    const visible = connectLoadingOverlay(actor.getSnapshot());
    expect(visible.mounted).toBe(true);
    expect(visible.getOverlayProps()).toStrictEqual({ ...removedProps, 'aria-busy': true, 'data-state': 'visible', hidden: false });
    actor.send({ type: 'RELEASE' });
    const hiding = connectLoadingOverlay(actor.getSnapshot());
    expect([hiding.state, hiding.text, hiding.mounted]).toStrictEqual(['hiding', 'Saving', true]);
    expect(hiding.getOverlayProps()).toStrictEqual({ ...removedProps, 'data-state': 'hiding', hidden: false });
    clock.increment(100);
    expect(actor.getSnapshot().status).toBe('done');
    expect(loadingOverlayView(actor.getSnapshot())).toStrictEqual({ state: 'removed', text: undefined });
    expect(connectLoadingOverlay(actor.getSnapshot()).mounted).toBe(false);
  });

  it('a derived view is checked: state one of visible, hiding, removed; text a string', () => {
    expect(connectLoadingOverlay({ state: 'visible', text: undefined }).getOverlayProps()['aria-busy']).toBe(true);
    expect(fieldOf(() => connectLoadingOverlay({ text: 'x' } as never))).toBe('state.state');
    expect(messageOf(() => connectLoadingOverlay({ state: 'gone', text: undefined } as never))).toBe(
      'connectLoadingOverlay: state.state must be one of visible, hiding, removed, got "gone"',
    );
    expect(fieldOf(() => connectLoadingOverlay({ state: 'hiding', text: 5 } as never))).toBe('state.text');
    expect(fieldOf(() => loadingOverlayView({} as never))).toBe('snapshot');
  });
});

describe('connectDialog: every part, every state', () => {
  it('names each state of a popup with delays: closed, opening, open, closing', () => {
    const clock = new SimulatedClock();
    const actor = createActor(popupMachine, { input: { id: 'd', openDelay: 50, closeDelay: 70 }, clock }).start();
    const states = () => [popupView(actor.getSnapshot()).state, connectDialog(actor.getSnapshot(), actor.send).open];
    expect(states()).toStrictEqual(['closed', false]);
    actor.send({ type: 'OPEN' });
    expect(states()).toStrictEqual(['opening', false]);
    clock.increment(50);
    expect(states()).toStrictEqual(['open', true]);
    actor.send({ type: 'CLOSE' });
    expect(states()).toStrictEqual(['closing', true]);
    clock.increment(70);
    expect(states()).toStrictEqual(['closed', false]);
    expect(popupView(actor.getSnapshot())).toMatchObject({ owner: 'd', modal: false });
  });

  it('an open modal dialog: ids tie every part together; the layout is the medium wide one', () => {
    const { sent, send } = recorder();
    const api = connectDialog({ state: 'open', zIndex: 2005, modal: true, owner: 'dlg' }, send);
    expect([api.open, api.state, api.zIndex]).toStrictEqual([true, 'open', 2005]);
    const { onclick: triggerClick, ...trigger } = api.getTriggerProps();
    expect(trigger).toStrictEqual({
      id: 'dlg-trigger',
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': true,
      'aria-controls': 'dlg-content',
      'data-state': 'open',
    });
    expect(api.getBackdropProps()).toStrictEqual({
      id: 'dlg-backdrop',
      'data-exkit-dialog-backdrop': '',
      'aria-hidden': true,
      hidden: false,
      'data-state': 'open',
      style: { zIndex: 2005 },
    });
    expect(api.getContentProps()).toStrictEqual({
      id: 'dlg-content',
      'data-exkit-node': 'dlg-content',
      'data-exkit-dialog': '',
      role: 'dialog',
      'aria-modal': true,
      'aria-labelledby': 'dlg-title',
      'aria-describedby': 'dlg-body',
      tabindex: -1,
      hidden: false,
      'data-state': 'open',
      style: { zIndex: 2005, width: '480px', maxWidth: '100%', marginTop: '15vh' },
    });
    expect(api.getTitleProps()).toStrictEqual({ id: 'dlg-title', 'data-exkit-dialog-title': '' });
    expect(api.getBodyProps()).toStrictEqual({ id: 'dlg-body', 'data-exkit-dialog-body': '' });
    expect(api.getFooterProps()).toStrictEqual({ id: 'dlg-footer', 'data-exkit-dialog-footer': '' });
    const { onclick: closeClick, ...close } = api.getCloseTriggerProps();
    expect(close).toStrictEqual({ type: 'button' });
    triggerClick();
    closeClick();
    api.setOpen(true);
    api.setOpen(false);
    expect(sent).toStrictEqual([{ type: 'TOGGLE' }, { type: 'CLOSE' }, { type: 'OPEN' }, { type: 'CLOSE' }]);
  });

  it('a closed or opening dialog is hidden and collapsed; a non-modal one has no aria-modal; closing is still shown', () => {
    for (const [state, shown] of [
      ['closed', false],
      ['opening', false],
      ['closing', true],
    ] as const) {
      const api = connectDialog({ state, zIndex: 1, modal: false, owner: 'o' }, () => undefined);
      expect(api.open).toBe(shown);
      expect(api.getTriggerProps()['aria-expanded']).toBe(shown);
      expect(api.getBackdropProps().hidden).toBe(!shown);
      expect(api.getContentProps().hidden).toBe(!shown);
      expect(api.getContentProps()['aria-modal']).toBeUndefined();
      expect(api.getContentProps()['data-state']).toBe(state);
    }
  });

  it('size, top and a narrow viewport shape the content style', () => {
    const view = { state: 'open', zIndex: 3, modal: true, owner: 'o' } as const;
    expect(connectDialog(view, () => undefined, { size: 'large', top: '10px' }).getContentProps().style).toStrictEqual({
      zIndex: 3,
      width: '640px',
      maxWidth: '100%',
      marginTop: '10px',
    });
    expect(connectDialog(view, () => undefined, { viewportWidth: 375 }).getContentProps().style).toStrictEqual({
      zIndex: 3,
      width: '480px',
      maxWidth: '100%',
      marginTop: '15vh',
      maxHeight: '80vh',
      minHeight: '30vh',
    });
    expect(connectDialog(view, () => undefined, { viewportWidth: 0 }).getContentProps().style).toHaveProperty('maxHeight', '80vh');
  });

  it('every field of a dialog view and every option is checked', () => {
    const view = { state: 'open', zIndex: 3, modal: true, owner: 'o' };
    for (const field of ['state', 'zIndex', 'modal', 'owner'] as const) {
      const { [field]: _gone, ...rest } = view;
      expect(fieldOf(() => connectDialog(rest as never, () => undefined))).toBe(`state.${field}`);
    }
    expect(fieldOf(() => connectDialog({ ...view, state: 'shown' } as never, () => undefined))).toBe('state.state');
    expect(fieldOf(() => connectDialog({ ...view, zIndex: Infinity } as never, () => undefined))).toBe('state.zIndex');
    expect(fieldOf(() => connectDialog({ ...view, zIndex: '3' } as never, () => undefined))).toBe('state.zIndex');
    expect(fieldOf(() => connectDialog({ ...view, modal: 'yes' } as never, () => undefined))).toBe('state.modal');
    expect(fieldOf(() => connectDialog({ ...view, owner: '' } as never, () => undefined))).toBe('state.owner');
    expect(messageOf(() => connectDialog({ ...view, zIndex: Number.NaN } as never, () => undefined))).toBe(
      'connectDialog: state.zIndex must be a finite number, got NaN',
    );
    const ok = view as never;
    expect(fieldOf(() => connectDialog(ok, () => undefined, { size: 'huge' } as never))).toBe('options.size');
    expect(messageOf(() => connectDialog(ok, () => undefined, { size: 'huge' } as never))).toBe(
      'connectDialog: options.size must be one of small, medium, large, extraLarge, got "huge"',
    );
    expect(fieldOf(() => connectDialog(ok, () => undefined, { top: 15 } as never))).toBe('options.top');
    expect(fieldOf(() => connectDialog(ok, () => undefined, { viewportWidth: -1 }))).toBe('options.viewportWidth');
    expect(messageOf(() => connectDialog(ok, () => undefined, { viewportWidth: '9' } as never))).toBe(
      'connectDialog: options.viewportWidth must be a number of px from 0 (Infinity for wide), got "9"',
    );
    expect(fieldOf(() => connectDialog(ok, () => undefined, null as never))).toBe('options');
    expect(connectDialog(ok, () => undefined, { viewportWidth: Infinity }).getContentProps().style).not.toHaveProperty('maxHeight');
  });

  it('a snapshot whose reading throws is an InvalidArgumentError naming state, with the machine named', () => {
    const stand = { matches: () => true, context: undefined };
    expect(fieldOf(() => connectDialog(stand as never, () => undefined))).toBe('state');
    expect(messageOf(() => connectDialog(stand as never, () => undefined))).toMatch(
      /^connectDialog: state must be a snapshot of the machine's actor/,
    );
    expect(messageOf(() => popupView(42 as never))).toBe('popupView: snapshot must be an actor snapshot, got 42');
  });
});
