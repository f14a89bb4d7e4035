// The connect layer: framework-neutral props from a machine's snapshot, and the layer effects the machines own.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createLayerStack } from '../../core/ui/layer-stack.js';
import { buttonMachine, connectButton, connectDialog, popupMachine } from '../../machines/index.js';
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
    expect(api.getContentProps()).toMatchObject({ id: 'p-content', role: 'dialog', 'aria-labelledby': 'p-title', 'aria-describedby': 'p-body', hidden: true });
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
