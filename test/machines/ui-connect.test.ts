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
  connectToast,
  connectToaster,
  createUiKit,
  inputValue,
  isComposing,
  isSnapshot,
  loadingOverlayMachine,
  loadingOverlayView,
  MESSAGE_BOX_LABELS,
  messageBoxMachine,
  messageBoxView,
  notificationView,
  notifierMachine,
  notifierView,
  NOTIFICATION_REGION_ID,
  popupMachine,
  popupView,
  TOAST_REGION_ID,
  toasterMachine,
  toasterView,
  toastMachine,
  toastView,
} from '../../machines/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import { normalizeProps } from '../../react/normalize-props.js';
import {
  ANY,
  BOOLEAN,
  CAP,
  checkArgument,
  clearable,
  CLOCK,
  DELAY,
  DISPLAY_DURATION,
  fieldsOrThrow,
  fieldsOrUndefined,
  hasMethods,
  ID,
  isAny,
  isBoolean,
  isCap,
  isDelay,
  isDisplayDuration,
  isExtent,
  isFunction,
  isId,
  isString,
  isUiPlatform,
  LAYERS,
  oneOf,
  oneOfRule,
  prop,
  PX,
  readFields,
  readOnce,
  REPORTER,
  required,
  STRING,
} from '../../machines/fields.js';
import type { FieldRule } from '../../machines/fields.js';
import {
  callEventMethod,
  checkSend,
  connectOptions,
  FINITE,
  readView,
  selectSnapshot,
  VIEWPORT_WIDTH,
} from '../../machines/connect-checks.js';
import { fieldOf, messageOf } from '../support/invalid-argument.js';

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

describe('connectMessageBox: every part, every kind', () => {
  const boxView = (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id: 'm1',
    phase: 'open',
    options: { kind: 'alert', message: 'Body', ...options },
    showCancel: false,
    value: '',
    error: undefined,
    exceeded: false,
    zIndex: 2010,
    ...extra,
  });
  const base = 'exkit-message-box-m1';

  it('names the phase of a live box: entering, open, leaving (and leaving once done)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(messageBoxMachine, {
      input: { id: 'live', kind: 'confirm', message: 'Sure?', transitionMs: 100 },
      clock,
    }).start();
    const phase = () => messageBoxView(actor.getSnapshot()).phase;
    expect(phase()).toBe('entering');
    actor.send({ type: 'SHOW', zIndex: 2001 });
    expect(phase()).toBe('entering');
    clock.increment(100);
    expect(phase()).toBe('open');
    expect(messageBoxView(actor.getSnapshot())).toMatchObject({
      id: 'live',
      showCancel: true,
      value: '',
      error: undefined,
      exceeded: false,
      zIndex: 2001,
    });
    actor.send({ type: 'CONFIRM' });
    expect(phase()).toBe('leaving');
    clock.increment(100);
    expect(actor.getSnapshot().status).toBe('done');
    expect(phase()).toBe('leaving');
    expect(connectMessageBox(actor.getSnapshot(), actor.send).getRootProps()['data-state']).toBe('leaving');
  });

  it('an alert: texts, default labels, wide layout at 30vh, every part with its ids', () => {
    const { sent, send } = recorder();
    const api = connectMessageBox(boxView({}) as never, send);
    expect({
      id: api.id,
      kind: api.kind,
      phase: api.phase,
      title: api.title,
      message: api.message,
      prompt: api.prompt,
      multiline: api.multiline,
      value: api.value,
      error: api.error,
      counter: api.counter,
      confirmText: api.confirmText,
      cancelText: api.cancelText,
      closeLabel: api.closeLabel,
    }).toStrictEqual({
      id: 'm1',
      kind: 'alert',
      phase: 'open',
      title: undefined,
      message: 'Body',
      prompt: false,
      multiline: false,
      value: '',
      error: undefined,
      counter: undefined,
      confirmText: 'OK',
      cancelText: 'Cancel',
      closeLabel: 'Close',
    });
    expect(MESSAGE_BOX_LABELS).toStrictEqual({ confirm: 'OK', cancel: 'Cancel', close: 'Close' });
    expect(api.getRootProps()).toStrictEqual({ 'data-state': 'open', 'data-reduced-motion': undefined });
    expect(api.getBackdropProps()).toStrictEqual({ 'aria-hidden': true, style: { zIndex: 2010 } });
    const { onkeydown: _panelKeys, ...panel } = api.getPanelProps();
    expect(panel).toStrictEqual({
      id: base,
      'data-exkit-node': base,
      role: 'alertdialog',
      'aria-modal': true,
      'aria-labelledby': `${base}-message`,
      'aria-describedby': `${base}-message`,
      tabindex: -1,
      'data-kind': 'alert',
      style: { zIndex: 2010, width: '480px', maxWidth: '100%', marginTop: '30vh' },
    });
    expect(api.getTitleProps()).toStrictEqual({ id: `${base}-title`, hidden: true });
    expect(api.getMessageProps()).toStrictEqual({ id: `${base}-message` });
    const { oninput: _in, onkeydown: _keys, ...input } = api.getInputProps();
    expect(input).toStrictEqual({
      id: `${base}-input`,
      value: '',
      placeholder: undefined,
      'aria-invalid': false,
      'aria-describedby': undefined,
      'aria-labelledby': `${base}-message`,
      'data-exceeded': undefined,
      dir: 'auto',
    });
    expect(api.getCounterProps()).toStrictEqual({ id: `${base}-counter`, hidden: true, 'data-exceeded': undefined });
    expect(api.getErrorProps()).toStrictEqual({ id: `${base}-error`, role: 'alert', hidden: true });
    const { onclick: confirm, ...confirmProps } = api.getConfirmProps();
    expect(confirmProps).toStrictEqual({ id: `${base}-confirm`, type: 'button', hidden: false, 'data-action': 'confirm' });
    const { onclick: cancel, ...cancelProps } = api.getCancelProps();
    expect(cancelProps).toStrictEqual({ type: 'button', hidden: true, 'data-action': 'cancel' });
    const { onclick: close, ...closeProps } = api.getCloseProps();
    expect(closeProps).toStrictEqual({ type: 'button', hidden: false, 'aria-label': 'Close', 'data-action': 'close' });
    confirm();
    cancel();
    close();
    expect(sent).toStrictEqual([{ type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'CLOSE' }]);
  });

  it("a box's own texts, size and top win; the caller's labels fill the rest; reduced motion and a narrow viewport show", () => {
    const api = connectMessageBox(
      boxView(
        { kind: 'confirm', title: 'Title', confirmText: 'Yes', size: 'small', top: '5vh', showClose: false },
        { showCancel: true, phase: 'entering' },
      ) as never,
      () => undefined,
      { labels: { cancel: 'No', close: 'Dismiss', confirm: 'Fine' }, reducedMotion: true, viewportWidth: 320 },
    );
    expect([api.title, api.confirmText, api.cancelText, api.closeLabel, api.phase]).toStrictEqual([
      'Title',
      'Yes',
      'No',
      'Dismiss',
      'entering',
    ]);
    expect(api.getRootProps()).toStrictEqual({ 'data-state': 'entering', 'data-reduced-motion': true });
    expect(api.getPanelProps()['aria-labelledby']).toBe(`${base}-title`);
    expect(api.getPanelProps()['data-kind']).toBe('confirm');
    expect(api.getPanelProps().style).toStrictEqual({
      zIndex: 2010,
      width: '396px',
      maxWidth: '100%',
      marginTop: '5vh',
      maxHeight: '80vh',
      minHeight: '30vh',
    });
    expect(api.getTitleProps().hidden).toBe(false);
    expect(api.getCancelProps().hidden).toBe(false);
    expect(api.getCloseProps()).toMatchObject({ hidden: true, 'aria-label': 'Dismiss' });
    expect(
      connectMessageBox(boxView({}) as never, () => undefined, { reducedMotion: false }).getRootProps()['data-reduced-motion'],
    ).toBeUndefined();
    expect(connectMessageBox(boxView({ showClose: true }) as never, () => undefined).getCloseProps().hidden).toBe(false);
  });

  it('a prompt: its input is described by the error and the counter, counted in user-perceived characters', () => {
    const prompt = (extra: Record<string, unknown>, options: Record<string, unknown> = {}) =>
      connectMessageBox(boxView({ kind: 'prompt', inputPlaceholder: 'Name', ...options }, extra) as never, () => undefined);
    const plain = prompt({ value: 'ab' });
    expect([plain.prompt, plain.counter]).toStrictEqual([true, undefined]);
    expect(plain.getInputProps()).toMatchObject({ value: 'ab', placeholder: 'Name', 'aria-invalid': false, 'aria-describedby': undefined });
    const counted = prompt({ value: 'e\u0301👍🏽' }, { maxLength: 5 });
    expect(counted.counter).toBe('2/5');
    expect(counted.getInputProps()['aria-describedby']).toBe(`${base}-counter`);
    expect(counted.getCounterProps()).toStrictEqual({ id: `${base}-counter`, hidden: false, 'data-exceeded': undefined });
    const zero = prompt({ value: '' }, { maxLength: 0 });
    expect([zero.counter, zero.getCounterProps().hidden]).toStrictEqual(['0/0', false]);
    const invalid = prompt({ value: 'x', error: 'Bad' });
    expect(invalid.error).toBe('Bad');
    expect(invalid.getInputProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': `${base}-error` });
    expect(invalid.getErrorProps().hidden).toBe(false);
    const both = prompt({ value: 'toolong', error: 'Bad', exceeded: true }, { maxLength: 3 });
    expect(both.getInputProps()).toMatchObject({
      'aria-invalid': true,
      'aria-describedby': `${base}-error ${base}-counter`,
      'data-exceeded': '',
    });
    expect(both.getCounterProps()['data-exceeded']).toBe('');
    const exceededOnly = prompt({ value: 'abcd', exceeded: true }, { maxLength: 3 });
    expect(exceededOnly.getInputProps()['aria-invalid']).toBe(true);
    expect(prompt({}, { multiline: true }).multiline).toBe(true);
    expect(prompt({}, { multiline: false }).multiline).toBe(false);
  });

  it("the input's Enter confirms a single-line prompt, not a multi-line one, not while composing; other keys do nothing", () => {
    const { sent, send } = recorder();
    const single = connectMessageBox(boxView({ kind: 'prompt' }) as never, send).getInputProps();
    const prevented: string[] = [];
    const key = (k: string, extra: object = {}) => ({ key: k, preventDefault: () => void prevented.push(k), ...extra });
    single.onkeydown(key('a'));
    single.onkeydown(key('Enter', { isComposing: true }));
    single.onkeydown(key('Enter', { nativeEvent: { isComposing: true } }));
    expect([sent, prevented]).toStrictEqual([[], []]);
    single.onkeydown(key('Enter'));
    expect([sent, prevented]).toStrictEqual([[{ type: 'ENTER' }], ['Enter']]);
    connectMessageBox(boxView({ kind: 'prompt', multiline: true }) as never, send)
      .getInputProps()
      .onkeydown(key('Enter'));
    expect(sent).toHaveLength(1);
    single.oninput({ target: { value: 'typed' } });
    expect(sent.at(-1)).toStrictEqual({ type: 'INPUT', value: 'typed' });
  });

  it("keys typed on a prompt's panel before its input has focus go into the value; on anything else they do nothing", () => {
    const { sent, send } = recorder();
    const panel = connectMessageBox(boxView({ kind: 'prompt' }) as never, send).getPanelProps();
    const self = {};
    let prevented = 0;
    const on = (key: unknown, extra: object = {}) =>
      panel.onkeydown({ key, target: self, currentTarget: self, preventDefault: () => void prevented++, ...extra } as never);
    on('a');
    on('é');
    on('Backspace');
    expect(sent).toStrictEqual([
      { type: 'KEY_AHEAD', key: 'a' },
      { type: 'KEY_AHEAD', key: 'é' },
      { type: 'KEY_AHEAD', key: 'Backspace' },
    ]);
    expect(prevented).toBe(3);
    // AltGr (Ctrl and Alt together) types characters on many keyboards.
    on('@', { ctrlKey: true, altKey: true });
    expect(sent.at(-1)).toStrictEqual({ type: 'KEY_AHEAD', key: '@' });
    sent.length = 0;
    prevented = 0;
    on('Tab');
    on('ArrowLeft');
    on(undefined);
    on('c', { ctrlKey: true });
    on('v', { metaKey: true });
    on('a', { isComposing: true });
    panel.onkeydown({ key: 'a', target: {}, currentTarget: self, preventDefault: () => void prevented++ } as never);
    expect([sent, prevented]).toStrictEqual([[], 0]);
    on('Enter');
    expect([sent, prevented]).toStrictEqual([[{ type: 'ENTER' }], 1]);
    const multi = connectMessageBox(boxView({ kind: 'prompt', multiline: true }) as never, send).getPanelProps();
    multi.onkeydown({ key: 'Enter', target: self, currentTarget: self, preventDefault: () => void prevented++ } as never);
    expect([sent.at(-1), prevented]).toStrictEqual([{ type: 'KEY_AHEAD', key: '\n' }, 2]);
    // Not a prompt: the panel takes no keys.
    const confirm = connectMessageBox(boxView({ kind: 'confirm' }) as never, send).getPanelProps();
    confirm.onkeydown({ key: 'a', target: self, currentTarget: self, preventDefault: () => void prevented++ } as never);
    expect([sent.length, prevented]).toStrictEqual([2, 2]);
  });

  it('every field of a box view, its options and the connect options is checked', () => {
    const view = boxView({});
    const required = ['id', 'phase', 'options', 'showCancel', 'value', 'exceeded', 'zIndex'] as const;
    for (const field of required) {
      const { [field]: _gone, ...rest } = view;
      expect(fieldOf(() => connectMessageBox(rest as never, () => undefined))).toBe(`state.${field}`);
    }
    const bad: Array<[string, unknown]> = [
      ['id', ''],
      ['phase', 'closed'],
      ['options', 'alert'],
      ['showCancel', 1],
      ['value', 2],
      ['error', 3],
      ['exceeded', 'no'],
      ['zIndex', Infinity],
    ];
    for (const [field, value] of bad)
      expect(fieldOf(() => connectMessageBox({ ...view, [field]: value } as never, () => undefined))).toBe(`state.${field}`);
    expect(messageOf(() => connectMessageBox({ ...view, options: 1 } as never, () => undefined))).toBe(
      "connectMessageBox: state.options must be a message box's options, got 1",
    );
    expect(messageOf(() => connectMessageBox({ ...view, error: 3 } as never, () => undefined))).toBe(
      'connectMessageBox: state.error must be a string or undefined, got 3',
    );
    expect(fieldOf(() => connectMessageBox({ ...view, options: { kind: 'toast', message: 'm' } } as never, () => undefined))).toBe(
      'state.options.kind',
    );
    expect(fieldOf(() => connectMessageBox({ ...view, options: { kind: 'alert' } } as never, () => undefined))).toBe(
      'state.options.message',
    );
    const ok = view as never;
    expect(fieldOf(() => connectMessageBox(ok, () => undefined, { labels: 'OK' } as never))).toBe('options.labels');
    expect(messageOf(() => connectMessageBox(ok, () => undefined, { labels: 'OK' } as never))).toBe(
      'connectMessageBox: options.labels must be an object of button labels, got "OK"',
    );
    for (const label of ['confirm', 'cancel', 'close'])
      expect(fieldOf(() => connectMessageBox(ok, () => undefined, { labels: { [label]: 1 } } as never))).toBe(`options.labels.${label}`);
    expect(fieldOf(() => connectMessageBox(ok, () => undefined, { viewportWidth: -5 }))).toBe('options.viewportWidth');
    expect(fieldOf(() => connectMessageBox(ok, () => undefined, { reducedMotion: 'yes' } as never))).toBe('options.reducedMotion');
    expect(fieldOf(() => connectMessageBox(ok, 'send' as never))).toBe('send');
    expect(fieldOf(() => messageBoxView({} as never))).toBe('snapshot');
  });
});

describe('connectToaster and connectToast: every part', () => {
  it('the region: its id, label, live politeness, reduced motion and the pointer pausing every toast', () => {
    const { sent, send } = recorder();
    const api = connectToaster({ placements: [], queued: 0, regionId: 'r1' }, send);
    expect([api.placements, api.queued, api.regionId]).toStrictEqual([[], 0, 'r1']);
    const { onpointerenter, onpointerleave, ...region } = api.getRegionProps();
    expect(region).toStrictEqual({
      id: 'r1',
      'data-exkit-node': 'r1',
      role: 'region',
      'aria-label': 'Messages',
      'aria-live': 'polite',
      'data-reduced-motion': undefined,
    });
    onpointerenter();
    onpointerleave();
    expect(sent).toStrictEqual([{ type: 'POINTER_ENTER' }, { type: 'POINTER_LEAVE' }]);
    expect(api.getRegionProps('Alerts')['aria-label']).toBe('Alerts');
    expect(fieldOf(() => api.getRegionProps(5 as never))).toBe('label');
    expect(messageOf(() => api.getRegionProps(5 as never))).toBe('connectToaster: label must be a string, got 5');
    const reduced = connectToaster({ placements: [], queued: 0, regionId: 'r1' }, send, { reducedMotion: true });
    expect(reduced.getRegionProps()['data-reduced-motion']).toBe(true);
    expect(
      connectToaster({ placements: [], queued: 0, regionId: 'r1' }, send, { reducedMotion: false }).getRegionProps()['data-reduced-motion'],
    ).toBeUndefined();
  });

  it('a live toaster: the shown toasts placed from the top, the rest counted as queued', () => {
    const toaster = createActor(toasterMachine, { input: { maxVisible: 2, top: 10, gap: 5 } }).start();
    for (const id of ['a', 'b', 'c']) toaster.send({ type: 'ADD', toast: { id, message: id } });
    toaster.send({ type: 'MEASURED', id: 'a', height: 40 });
    const view = toasterView(toaster.getSnapshot());
    expect(view.placements.map((p) => [p.id, p.offset])).toStrictEqual([
      ['a', 10],
      ['b', 55],
    ]);
    expect([view.queued, view.regionId]).toStrictEqual([1, TOAST_REGION_ID]);
    const api = connectToaster(toaster.getSnapshot(), toaster.send);
    expect(api.queued).toBe(1);
    expect(api.placements.map((p) => p.id)).toStrictEqual(['a', 'b']);
    toaster.stop();
  });

  it('a toaster view is checked field by field', () => {
    const view = { placements: [], queued: 0, regionId: 'r' };
    for (const field of ['placements', 'queued', 'regionId'] as const) {
      const { [field]: _gone, ...rest } = view;
      expect(fieldOf(() => connectToaster(rest as never, () => undefined))).toBe(`state.${field}`);
    }
    expect(messageOf(() => connectToaster({ ...view, placements: {} } as never, () => undefined))).toBe(
      'connectToaster: state.placements must be an array, got an object',
    );
    for (const queued of [-1, 1.5, '1', Infinity])
      expect(fieldOf(() => connectToaster({ ...view, queued } as never, () => undefined))).toBe('state.queued');
    expect(messageOf(() => connectToaster({ ...view, queued: -1 } as never, () => undefined))).toBe(
      'connectToaster: state.queued must be a whole number from 0, got -1',
    );
    expect(fieldOf(() => connectToaster({ ...view, regionId: '' } as never, () => undefined))).toBe('state.regionId');
    expect(fieldOf(() => connectToaster(view, () => undefined, { reducedMotion: 1 } as never))).toBe('options.reducedMotion');
    expect(fieldOf(() => toasterView({} as never))).toBe('snapshot');
  });

  const toastOf = (extra: Record<string, unknown> = {}) => ({
    id: 't1',
    type: 'info',
    message: 'Saved',
    title: undefined,
    closable: true,
    data: undefined,
    zIndex: 2003,
    revision: 0,
    state: 'visible',
    ...extra,
  });

  it('a toast: a status fixed at its offset, an error toast an alert; close and height go to their actors', () => {
    const toastSent = recorder();
    const toasterSent = recorder();
    const api = connectToast(toastOf() as never, toastSent.send, { id: 't1', offset: 24 }, toasterSent.send);
    expect(api.state).toBe('visible');
    expect(api.toast).toStrictEqual({ id: 't1', type: 'info', message: 'Saved', closable: true, zIndex: 2003, revision: 0 });
    expect(api.getRootProps()).toStrictEqual({
      role: 'status',
      'aria-atomic': true,
      'data-type': 'info',
      'data-state': 'visible',
      style: { position: 'fixed', top: '24px', zIndex: 2003 },
    });
    const { onclick, ...close } = api.getCloseProps();
    expect(close).toStrictEqual({ type: 'button', hidden: false });
    onclick();
    api.reportHeight(48);
    expect(toastSent.sent).toStrictEqual([{ type: 'CLOSE' }]);
    expect(toasterSent.sent).toStrictEqual([{ type: 'MEASURED', id: 't1', height: 48 }]);
    const error = connectToast(
      toastOf({ type: 'error', closable: false, state: 'hidden' }) as never,
      () => undefined,
      { id: 't1', offset: 0 },
      () => undefined,
    );
    expect(error.getRootProps()).toMatchObject({ role: 'alert', 'data-type': 'error', 'data-state': 'hidden' });
    expect(error.getCloseProps().hidden).toBe(true);
  });

  it('a live toast: hidden before SHOW, visible while shown, closed once done', () => {
    const toast = createActor(toastMachine, { input: { id: 'x', message: 'hello', duration: 0 } }).start();
    expect(toastView(toast.getSnapshot()).state).toBe('hidden');
    toast.send({ type: 'SHOW', zIndex: 7 });
    expect(toastView(toast.getSnapshot())).toMatchObject({ id: 'x', message: 'hello', state: 'visible', zIndex: 7, closable: true });
    toast.send({ type: 'CLOSE' });
    expect(toast.getSnapshot().status).toBe('done');
    expect(toastView(toast.getSnapshot()).state).toBe('closed');
    expect(connectToast(toast.getSnapshot(), toast.send, { id: 'x', offset: 0 }, () => undefined).state).toBe('closed');
  });

  it('a toast view, its placement and both senders are checked', () => {
    const view = toastOf();
    const placement = { id: 't1', offset: 0 };
    const connect = (state: unknown, p: unknown = placement, send: unknown = () => undefined, toasterSend: unknown = () => undefined) =>
      connectToast(state as never, send as never, p as never, toasterSend as never);
    for (const field of ['id', 'type', 'message', 'closable', 'zIndex', 'state'] as const) {
      const { [field]: _gone, ...rest } = view;
      expect(fieldOf(() => connect(rest))).toBe(`state.${field}`);
    }
    const bad: Array<[string, unknown]> = [
      ['id', ''],
      ['type', 'fatal'],
      ['message', 1],
      ['title', 2],
      ['closable', 'yes'],
      ['zIndex', Number.NaN],
      ['state', 'gone'],
    ];
    for (const [field, value] of bad) expect(fieldOf(() => connect({ ...view, [field]: value }))).toBe(`state.${field}`);
    expect(messageOf(() => connect({ ...view, type: 'fatal' }))).toBe(
      'connectToast: state.type must be one of success, warning, info, error, question, loading, got "fatal"',
    );
    expect(connect({ ...view, data: { any: 'thing' }, revision: 'r', title: 'T' }).toast).toMatchObject({
      data: { any: 'thing' },
      revision: 'r',
      title: 'T',
    });
    expect(fieldOf(() => connect(view, { offset: 0 }))).toBe('placement.id');
    expect(fieldOf(() => connect(view, { id: 't1' }))).toBe('placement.offset');
    expect(fieldOf(() => connect(view, { id: 't1', offset: Infinity }))).toBe('placement.offset');
    expect(fieldOf(() => connect(view, null))).toBe('placement');
    expect(fieldOf(() => connect(view, placement, 1))).toBe('send');
    expect(fieldOf(() => connect(view, placement, () => undefined, 1))).toBe('toasterSend');
    expect(messageOf(() => connect(view, placement, () => undefined, 1))).toBe(
      "connectToast: toasterSend must be a function (the actor's send)",
    );
    expect(fieldOf(() => toastView({} as never))).toBe('snapshot');
  });
});

describe('connectNotifier and connectNotification: every part', () => {
  it('the region: id, label, politeness, reduced motion; close sends one id or every one', () => {
    const { sent, send } = recorder();
    const api = connectNotifier({ placements: [], gap: 16, regionId: 'n-region' }, send);
    expect([api.placements, api.gap, api.regionId]).toStrictEqual([[], 16, 'n-region']);
    expect(api.getRegionProps()).toStrictEqual({
      id: 'n-region',
      'data-exkit-node': 'n-region',
      role: 'region',
      'aria-label': 'Notifications',
      'aria-live': 'polite',
      'data-reduced-motion': undefined,
    });
    expect(api.getRegionProps('Inbox')['aria-label']).toBe('Inbox');
    expect(fieldOf(() => api.getRegionProps(null as never))).toBe('label');
    expect(messageOf(() => api.getRegionProps(null as never))).toBe('connectNotifier: label must be a string, got null');
    expect(
      connectNotifier({ placements: [], gap: 0, regionId: 'r' }, send, { reducedMotion: true }).getRegionProps()['data-reduced-motion'],
    ).toBe(true);
    api.close();
    api.close('n1');
    expect(sent).toStrictEqual([{ type: 'CLOSE' }, { type: 'CLOSE', id: 'n1' }]);
    expect(fieldOf(() => api.close(5 as never))).toBe('id');
    expect(messageOf(() => api.close(5 as never))).toBe('connectNotifier: id must be a string, got 5');
    expect(sent).toHaveLength(2);
  });

  it('a live notifier: placements per corner, its gap and region id; a notification is hovered while the pointer is on it', () => {
    const notifier = createActor(notifierMachine, { input: { gap: 12 } }).start();
    notifier.send({ type: 'NOTIFY', notification: { id: 'a', message: 'A' } });
    notifier.send({ type: 'NOTIFY', notification: { id: 'b', message: 'B', position: 'bottom-left' } });
    const view = notifierView(notifier.getSnapshot());
    expect(view.placements.map((p) => [p.id, p.position, p.offset])).toStrictEqual([
      ['a', 'top-right', 12],
      ['b', 'bottom-left', 12],
    ]);
    expect([view.gap, view.regionId]).toStrictEqual([12, NOTIFICATION_REGION_ID]);
    expect(connectNotifier(notifier.getSnapshot(), notifier.send).placements).toHaveLength(2);
    const ref = view.placements[0]!.ref;
    expect(notificationView(ref.getSnapshot())).toMatchObject({ id: 'a', message: 'A', position: 'top-right', hovered: false });
    notifier.send({ type: 'POINTER_ENTER', id: 'a' });
    expect(notificationView(ref.getSnapshot()).hovered).toBe(true);
    expect(connectNotification(ref.getSnapshot(), notifier.send, view.placements[0]!, 12).hovered).toBe(true);
    notifier.stop();
  });

  const notificationOf = (extra: Record<string, unknown> = {}) => ({
    id: 'n1',
    title: 'Heads up',
    message: 'Body',
    type: 'success',
    position: 'bottom-left',
    showClose: true,
    data: undefined,
    zIndex: 2100,
    hovered: false,
    ...extra,
  });

  it('a notification sits in its corner at its offset and the gap; every handler names it to the notifier', () => {
    const { sent, send } = recorder();
    const api = connectNotification(notificationOf() as never, send, { id: 'n1', offset: 30 }, 16);
    expect(api.hovered).toBe(false);
    expect(api.notification).toStrictEqual({
      id: 'n1',
      title: 'Heads up',
      message: 'Body',
      type: 'success',
      position: 'bottom-left',
      showClose: true,
      zIndex: 2100,
    });
    const { onpointerenter, onpointerleave, onclick, ...root } = api.getRootProps();
    expect(root).toStrictEqual({
      role: 'status',
      'aria-atomic': true,
      'data-position': 'bottom-left',
      'data-type': 'success',
      style: { position: 'fixed', bottom: '30px', left: '16px', zIndex: 2100 },
    });
    onpointerenter();
    onpointerleave();
    onclick();
    let stopped = 0;
    const { onclick: close, ...closeProps } = api.getCloseProps();
    expect(closeProps).toStrictEqual({ type: 'button', hidden: false });
    close({ stopPropagation: () => void stopped++ });
    close();
    api.reportHeight(64);
    expect(stopped).toBe(1);
    expect(sent).toStrictEqual([
      { type: 'POINTER_ENTER', id: 'n1' },
      { type: 'POINTER_LEAVE', id: 'n1' },
      { type: 'CLICK', id: 'n1' },
      { type: 'CLOSE', id: 'n1' },
      { type: 'CLOSE', id: 'n1' },
      { type: 'MEASURED', id: 'n1', height: 64 },
    ]);
    const error = connectNotification(
      notificationOf({ type: 'error', position: 'top-right', showClose: false }) as never,
      send,
      { id: 'n1', offset: 8 },
      0,
    );
    expect(error.getRootProps()).toMatchObject({ role: 'alert', style: { position: 'fixed', top: '8px', right: '0px', zIndex: 2100 } });
    expect(error.getCloseProps().hidden).toBe(true);
    const untyped = connectNotification(notificationOf({ type: undefined }) as never, send, { id: 'n1', offset: 8 }, 0);
    expect(untyped.getRootProps()).toMatchObject({ role: 'status', 'data-type': undefined });
  });

  it('a notifier view, a notification view, its placement and gap are checked', () => {
    const region = { placements: [], gap: 16, regionId: 'r' };
    for (const field of ['placements', 'gap', 'regionId'] as const) {
      const { [field]: _gone, ...rest } = region;
      expect(fieldOf(() => connectNotifier(rest as never, () => undefined))).toBe(`state.${field}`);
    }
    expect(fieldOf(() => connectNotifier({ ...region, placements: 'none' } as never, () => undefined))).toBe('state.placements');
    expect(fieldOf(() => connectNotifier({ ...region, gap: -1 }, () => undefined))).toBe('state.gap');
    expect(fieldOf(() => connectNotifier({ ...region, regionId: '' }, () => undefined))).toBe('state.regionId');
    expect(fieldOf(() => connectNotifier(region, () => undefined, { reducedMotion: 'no' } as never))).toBe('options.reducedMotion');
    expect(fieldOf(() => notifierView({} as never))).toBe('snapshot');

    const view = notificationOf();
    const placement = { id: 'n1', offset: 0 };
    const connect = (state: unknown, p: unknown = placement, gap: unknown = 16) =>
      connectNotification(state as never, () => undefined, p as never, gap as never);
    for (const field of ['id', 'message', 'position', 'showClose', 'zIndex', 'hovered'] as const) {
      const { [field]: _gone, ...rest } = view;
      expect(fieldOf(() => connect(rest))).toBe(`state.${field}`);
    }
    const bad: Array<[string, unknown]> = [
      ['id', ''],
      ['title', 1],
      ['message', null],
      ['type', 2],
      ['position', 'middle'],
      ['showClose', 'no'],
      ['zIndex', Infinity],
      ['hovered', 0],
    ];
    for (const [field, value] of bad) expect(fieldOf(() => connect({ ...view, [field]: value }))).toBe(`state.${field}`);
    expect(messageOf(() => connect({ ...view, position: 'middle' }))).toBe(
      'connectNotification: state.position must be one of top-right, top-left, bottom-right, bottom-left, got "middle"',
    );
    expect(connect({ ...view, data: [1] }).notification.data).toStrictEqual([1]);
    expect(fieldOf(() => connect(view, { offset: 1 }))).toBe('placement.id');
    expect(fieldOf(() => connect(view, { id: 'n1', offset: '1' }))).toBe('placement.offset');
    for (const gap of [-1, Infinity, '16', null]) expect(fieldOf(() => connect(view, placement, gap))).toBe('gap');
    expect(messageOf(() => connect(view, placement, -1))).toBe('connectNotification: gap must be a finite number of px from 0');
    expect(fieldOf(() => notificationView({} as never))).toBe('snapshot');
  });
});

describe('field rules: the checks every machine, connect and API share', () => {
  it('readFields copies the fields its rules name, checked; drops the rest; names the first that fails', () => {
    const rules = { a: STRING, b: required(ID), c: clearable(BOOLEAN), d: BOOLEAN };
    expect(readFields({ a: 'x', b: 'id', extra: 1 }, rules)).toStrictEqual({ ok: true, value: { a: 'x', b: 'id' } });
    // An explicit undefined is kept only for a clearable field.
    expect(readFields({ b: 'id', c: undefined, d: undefined }, rules)).toStrictEqual({ ok: true, value: { b: 'id', c: undefined } });
    expect(readFields({ a: 'x' }, rules)).toStrictEqual({ ok: false, field: 'b', value: undefined, expect: 'a non-empty string' });
    expect(readFields({ a: 1, b: 'id' }, rules)).toStrictEqual({ ok: false, field: 'a', value: 1, expect: 'a string' });
    expect(readFields({ b: 'id', c: 'no' }, rules)).toStrictEqual({ ok: false, field: 'c', value: 'no', expect: 'a boolean' });
    expect(readFields('text', rules)).toStrictEqual({ ok: false, field: 'value', value: 'text', expect: 'an object', whole: true });
    expect(readFields([1], rules, 'input')).toStrictEqual({ ok: false, field: 'input', value: [1], expect: 'an object', whole: true });
    const getter = Object.defineProperty({ b: 'id' }, 'a', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(readFields(getter, rules)).toStrictEqual({
      ok: false,
      field: 'a',
      value: undefined,
      expect: 'a string (its getter threw)',
      threw: true,
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(readFields(proxy, rules, 'options')).toStrictEqual({
      ok: false,
      field: 'options',
      value: undefined,
      expect: 'a readable object',
      threw: true,
      whole: true,
    });
    // Inherited fields count as present.
    expect(readFields(Object.create({ a: 'inherited', b: 'id' }), rules)).toStrictEqual({ ok: true, value: { a: 'inherited', b: 'id' } });
  });

  it('fieldsOrUndefined gives the copy or undefined; fieldsOrThrow names the field under its argument', () => {
    expect(fieldsOrUndefined({ a: 'x', z: 1 }, { a: STRING })).toStrictEqual({ a: 'x' });
    expect(fieldsOrUndefined({ a: 1 }, { a: STRING })).toBeUndefined();
    expect(fieldsOrUndefined(null, { a: STRING })).toBeUndefined();
    expect(messageOf(() => fieldsOrThrow('owner', { a: 1 }, { a: STRING }))).toBe('owner: a must be a string, got 1');
    expect(messageOf(() => fieldsOrThrow('owner', { a: 1 }, { a: STRING }, 'options'))).toBe('owner: options.a must be a string, got 1');
    expect(messageOf(() => fieldsOrThrow('owner', 7, { a: STRING }, 'options'))).toBe('owner: options must be an object, got 7');
    expect(messageOf(() => fieldsOrThrow('owner', 7, { a: STRING }))).toBe('owner: value must be an object, got 7');
    const getter = Object.defineProperty({}, 'a', {
      get() {
        throw new Error('no');
      },
    });
    expect(messageOf(() => fieldsOrThrow('owner', getter, { a: STRING }, 'options'))).toBe(
      'owner: options.a must be a string (its getter threw)',
    );
    try {
      fieldsOrThrow('owner', getter, { a: STRING }, 'options');
    } catch (error) {
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'options.a', value: undefined });
    }
  });

  it('checkArgument returns a passing value and names a failing one; a check that throws fails', () => {
    expect(checkArgument('owner', 'x', 5, (v) => v === 5, 'five')).toBe(5);
    expect(messageOf(() => checkArgument('owner', 'x', 4, (v) => v === 5, 'five'))).toBe('owner: x must be five');
    expect(
      fieldOf(() =>
        checkArgument(
          'owner',
          'x',
          5,
          () => {
            throw new Error('check');
          },
          'five',
        ),
      ),
    ).toBe('x');
  });

  it('prop reads a field, and undefined for a non-object or a throwing getter', () => {
    expect(prop({ a: 1 }, 'a')).toBe(1);
    expect(prop(null, 'a')).toBeUndefined();
    expect(prop('str', 'length')).toBeUndefined();
    expect(
      prop(
        Object.defineProperty({}, 'a', {
          get() {
            throw new Error('no');
          },
        }),
        'a',
      ),
    ).toBeUndefined();
  });

  it('the predicates draw their bounds where the rules say', () => {
    expect([isString(''), isString(1), isId(''), isId('a'), isId(1), isId(['a']), isBoolean(false), isBoolean(0)]).toStrictEqual([
      true,
      false,
      false,
      true,
      false,
      false,
      true,
      false,
    ]);
    expect([0, 5.5, -1, Infinity, Number.NaN, '1'].map(isExtent)).toStrictEqual([true, true, false, false, false, false]);
    expect([Infinity, 1, 2 ** 53 - 1, 0, -1, 1.5, 2 ** 53, -Infinity, '1'].map(isCap)).toStrictEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, Infinity, 1, 2 ** 31 - 1, 2 ** 31, -1, Number.NaN].map(isDisplayDuration)).toStrictEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([0, 1, 2 ** 31 - 1, 2 ** 31, -1, Infinity].map(isDelay)).toStrictEqual([true, true, true, false, false, false]);
    expect([oneOf(['a', 1])('a'), oneOf(['a', 1])(1), oneOf(['a', 1])('b')]).toStrictEqual([true, true, false]);
    expect([isAny(), isFunction(() => 1), isFunction({})]).toStrictEqual([true, true, false]);
    const both = hasMethods('a', 'b');
    expect([both({ a() {}, b() {} }), both({ a() {} }), both({ a() {}, b: 1 }), both(null)]).toStrictEqual([true, false, false, false]);
  });

  it('each shared rule accepts what it says and its text says what it wants', () => {
    const cases: Array<[FieldRule, unknown, unknown, string]> = [
      [STRING, '', 1, 'a string'],
      [ID, 'a', '', 'a non-empty string'],
      [BOOLEAN, true, 'true', 'a boolean'],
      [PX, 0, -1, 'a finite number of px from 0'],
      [CAP, Infinity, 0, 'a positive whole number or Infinity'],
      [DISPLAY_DURATION, 0, -1, 'a number of ms up to 2^31 − 1, 0 or Infinity'],
      [DELAY, 0, Infinity, 'a number of ms from 0 up to 2^31 − 1'],
      [CLOCK, { now: () => 0 }, {}, 'a clock'],
      [LAYERS, { next: () => 1 }, { next: 1 }, 'a layer counter'],
      [REPORTER, { report() {} }, console, 'an error reporter'],
    ];
    for (const [rule, good, bad, text] of cases) {
      expect([rule.check(good), rule.check(bad), rule.expect]).toStrictEqual([true, false, text]);
      expect([rule.required, rule.clearable]).toStrictEqual([undefined, undefined]);
    }
    expect([ANY.check(undefined), ANY.check(Symbol('s')), ANY.expect]).toStrictEqual([true, true, 'anything']);
    expect(required(STRING)).toStrictEqual({ check: STRING.check, expect: 'a string', required: true });
    expect(clearable(STRING)).toStrictEqual({ check: STRING.check, expect: 'a string', clearable: true });
    const rule = oneOfRule(['x', 'y']);
    expect([rule.check('x'), rule.check('z'), rule.expect]).toStrictEqual([true, false, 'one of x, y']);
  });

  it('isUiPlatform wants timers, a clock, visibility changes and an error reporter', () => {
    const platform = memoryPlatform();
    expect(isUiPlatform(platform)).toBe(true);
    expect(isUiPlatform({ ...platform })).toBe(true);
    for (const [part, broken] of [
      ['timers', { setTimeout() {} }],
      ['clock', {}],
      ['visibility', { changes: {} }],
      ['errors', {}],
    ] as const)
      expect(isUiPlatform({ ...platform, [part]: broken })).toBe(false);
    expect(isUiPlatform(null)).toBe(false);
  });

  it('readOnce reads each event once and gives every caller the same value', () => {
    let reads = 0;
    const read = readOnce((event: { n: number }) => ({ doubled: event.n * 2, read: ++reads }));
    const event = { n: 2 };
    const first = read(event);
    expect(read(event)).toBe(first);
    expect(first).toStrictEqual({ doubled: 4, read: 1 });
    expect(read({ n: 3 })).toStrictEqual({ doubled: 6, read: 2 });
    const none = readOnce(() => undefined);
    const e = {};
    expect([none(e), none(e)]).toStrictEqual([undefined, undefined]);
  });
});

describe('connect checks shared by every connect', () => {
  it('selectSnapshot runs the selector on a snapshot; a non-snapshot or a throwing read names the field', () => {
    const snapshot = { matches: () => true, context: { n: 3 } };
    expect(selectSnapshot('own', 'snap', snapshot, (s: typeof snapshot) => s.context.n)).toBe(3);
    expect(messageOf(() => selectSnapshot('own', 'snap', {}, () => 1))).toBe('own: snap must be an actor snapshot, got an object');
    const thrown = (() => {
      try {
        selectSnapshot('own', 'snap', snapshot, () => {
          throw new TypeError('deep');
        });
      } catch (error) {
        return error as InvalidArgumentError;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(InvalidArgumentError);
    expect(thrown!.message).toMatch(/^own: snap must be a snapshot of the machine's actor/);
    expect((thrown as { cause?: unknown }).cause).toBeInstanceOf(TypeError);
  });

  it('readView selects from a snapshot, else checks a derived view under state', () => {
    const rules = { n: required(FINITE) };
    expect(readView('own', { matches: () => true, n: 1 }, () => ({ n: 9 }), rules)).toStrictEqual({ n: 9 });
    expect(readView('own', { n: 2, other: 1 }, () => ({ n: 9 }), rules)).toStrictEqual({ n: 2 });
    expect(fieldOf(() => readView('own', { n: '2' }, () => ({ n: 9 }), rules))).toBe('state.n');
  });

  it('connectOptions: none is an empty object; an object is checked under options', () => {
    expect(connectOptions('own', undefined, { a: STRING })).toStrictEqual({});
    expect(connectOptions('own', { a: 'x', b: 1 }, { a: STRING })).toStrictEqual({ a: 'x' });
    expect(fieldOf(() => connectOptions('own', { a: 1 }, { a: STRING }))).toBe('options.a');
    expect(fieldOf(() => connectOptions('own', null, { a: STRING }))).toBe('options');
  });

  it('checkSend wants a function, names the field it was given as, and reports a throwing send instead of throwing', () => {
    expect(messageOf(() => checkSend('own', 1))).toBe("own: send must be a function (the actor's send)");
    expect(fieldOf(() => checkSend('own', 1, 'toasterSend'))).toBe('toasterSend');
    const sent: unknown[] = [];
    checkSend<unknown>('own', (e: unknown) => void sent.push(e))({ type: 'X' });
    expect(sent).toStrictEqual([{ type: 'X' }]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const send = checkSend<unknown>(
        'own',
        () => {
          throw new Error('down');
        },
        'other',
      );
      expect(send({ type: 'X' })).toBeUndefined();
      expect(errors.mock.calls.map((call) => call[0])).toStrictEqual(['[exkit] own: other threw']);
    } finally {
      errors.mockRestore();
    }
  });

  it('FINITE and VIEWPORT_WIDTH: their bounds and texts', () => {
    expect([0, -5, 1e9, Infinity, Number.NaN, '1'].map(FINITE.check)).toStrictEqual([true, true, true, false, false, false]);
    expect(FINITE.expect).toBe('a finite number');
    expect([0, 320, Infinity, -1, Number.NaN, '1'].map(VIEWPORT_WIDTH.check)).toStrictEqual([true, true, true, false, false, false]);
    expect(VIEWPORT_WIDTH.expect).toBe('a number of px from 0 (Infinity for wide)');
  });

  it('callEventMethod calls the method on its event when there is one, and swallows its throw', () => {
    const calls: unknown[] = [];
    const event = {
      preventDefault(this: unknown) {
        calls.push(this);
      },
    };
    callEventMethod(event, 'preventDefault');
    expect(calls).toStrictEqual([event]);
    expect(() => callEventMethod({ preventDefault: 1 }, 'preventDefault')).not.toThrow();
    expect(() =>
      callEventMethod(
        {
          stopPropagation() {
            throw new Error('x');
          },
        },
        'stopPropagation',
      ),
    ).not.toThrow();
  });

  it('the props helpers read a composing flag from the event or its native event, and an input value', () => {
    expect(isComposing({ key: 'a', isComposing: true, preventDefault() {} })).toBe(true);
    expect(isComposing({ key: 'a', nativeEvent: { isComposing: true }, preventDefault() {} })).toBe(true);
    expect(isComposing({ key: 'a', isComposing: false, nativeEvent: { isComposing: false }, preventDefault() {} })).toBe(false);
    expect(isComposing({ key: 'a', isComposing: 'yes' as never, preventDefault() {} })).toBe(false);
    expect(inputValue({ target: { value: 'v' } })).toBe('v');
    expect(inputValue({ target: { value: 3 } } as never)).toBe('');
    expect(isSnapshot({ matches: () => true })).toBe(true);
    expect(isSnapshot({ matches: true })).toBe(false);
  });
});
