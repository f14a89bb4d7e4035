// The connect layer: framework-neutral props from a machine's snapshot, and the layer effects the machines own.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createLayerStack } from '../../core/ui/layer-stack.js';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import {
  buttonMachine,
  connectButton,
  connectDialog,
  connectMessageBox,
  connectNotification,
  connectNotifier,
  connectToaster,
  createUiKit,
  inputValue,
  isComposing,
  isSnapshot,
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
