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
  inputValue,
  isComposing,
  isSnapshot,
  popupMachine,
  popupView,
} from '../../machines/index.js';
import { normalizeProps } from '../../react/normalize-props.js';

function popup(modal = true) {
  const stack = createLayerStack(undefined);
  const locks: string[] = [];
  const scrollLock = {
    lock: (o: string) => void locks.push(`lock:${o}`),
    unlock: (o: string) => void locks.push(`unlock:${o}`),
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
