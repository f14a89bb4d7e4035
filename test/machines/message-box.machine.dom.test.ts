// @vitest-environment jsdom
// The message box's DOM effects on a real (jsdom) document: its layer in the app's stack (Escape and backdrop
// clicks), its focus trap (confirm button first; a prompt's input at once, or its panel until a focus delay ends).
// The pure machine tests are in message-box.machine.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom } from 'xstate';
import { createLayerStack } from '../../core/ui/index.js';
import { messageBoxMachine } from '../../machines/index.js';
import { jsdomPort, key, pointerDown } from '../core/ui/dom.js';

afterEach(() => document.body.replaceChildren());

// A box's nodes as a renderer gives them (ids from messageBoxDomIds): cancel comes before confirm, so the first
// tabbable is not the confirm button.
const html = (id: string) =>
  `<button id="opener">open</button><div id="outside">page</div>` +
  `<div id="exkit-message-box-${id}" tabindex="-1"><input id="exkit-message-box-${id}-input">` +
  `<button id="cancel">cancel</button><button id="exkit-message-box-${id}-confirm">ok</button></div>`;

function shown(input: InputFrom<typeof messageBoxMachine>) {
  const clock = new SimulatedClock();
  const actor = createActor(messageBoxMachine, { input, clock }).start();
  actor.send({ type: 'SHOW', zIndex: 2001 });
  return { actor, clock };
}

describe('message box focus on a real document', () => {
  it('a confirm box moves focus to its confirm button and keeps Tab inside its panel', () => {
    const dom = jsdomPort(html('c'));
    document.getElementById('opener')!.focus();
    const { actor, clock } = shown({ id: 'c', kind: 'confirm', message: 'm', dom });
    expect(document.activeElement?.id).toBe('exkit-message-box-c-confirm');
    const tab = key(dom, 'Tab');
    expect([tab.defaultPrevented, document.activeElement?.id]).toStrictEqual([true, 'exkit-message-box-c-input']);
    actor.send({ type: 'CONFIRM' });
    expect(document.activeElement?.id).toBe('opener');
    clock.increment(200);
    expect(actor.getSnapshot().output).toStrictEqual({ id: 'c', action: 'confirm' });
  });

  it('a prompt with focusDelayMs: 0 moves focus to its input at once', () => {
    const dom = jsdomPort(html('n'));
    const { actor, clock } = shown({ id: 'n', kind: 'prompt', message: 'm', dom, focusDelayMs: 0 });
    expect(document.activeElement?.id).toBe('exkit-message-box-n-input');
    clock.increment(500);
    expect([document.activeElement?.id, actor.getSnapshot().status]).toStrictEqual(['exkit-message-box-n-input', 'active']);
  });

  it('"prompt focus delay 500 ms": a prompt holds focus on its panel, then moves it to its input after the delay', () => {
    const dom = jsdomPort(html('p'));
    const { actor, clock } = shown({ id: 'p', kind: 'prompt', message: 'm', dom });
    expect(document.activeElement?.id).toBe('exkit-message-box-p');
    clock.increment(499);
    expect(document.activeElement?.id).toBe('exkit-message-box-p');
    clock.increment(1);
    expect(document.activeElement?.id).toBe('exkit-message-box-p-input');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a prompt whose input is missing, or cannot take focus, keeps working', () => {
    const missing = jsdomPort(html('p').replace('<input id="exkit-message-box-p-input">', ''));
    const a = shown({ id: 'p', kind: 'prompt', message: 'm', dom: missing, focusDelayMs: 500 });
    a.clock.increment(500);
    expect([a.actor.getSnapshot().status, document.activeElement?.id]).toStrictEqual(['active', 'exkit-message-box-p']);
    a.actor.stop();
    const dom = jsdomPort(html('q'));
    Object.defineProperty(document.getElementById('exkit-message-box-q-input')!, 'focus', { value: undefined });
    const b = shown({ id: 'q', kind: 'prompt', message: 'm', dom, focusDelayMs: 500 });
    b.clock.increment(500);
    expect([b.actor.getSnapshot().status, document.activeElement?.id]).toStrictEqual(['active', 'exkit-message-box-q']);
    b.actor.stop();
    // Without a delay, a missing input leaves focus on the panel's first tabbable control.
    const none = jsdomPort(html('r').replace('<input id="exkit-message-box-r-input">', ''));
    const c = shown({ id: 'r', kind: 'prompt', message: 'm', dom: none, focusDelayMs: 0 });
    c.clock.increment(0);
    expect([c.actor.getSnapshot().status, document.activeElement?.id]).toStrictEqual(['active', 'cancel']);
  });
});

describe("message box in the app's layer stack", () => {
  it('Escape and a click outside its panel close a confirm box (action close); a click inside does not', () => {
    for (const close of [
      (dom: ReturnType<typeof jsdomPort>) => key(dom, 'Escape'),
      () => pointerDown(undefined as never, document.getElementById('outside')!),
    ]) {
      const dom = jsdomPort(html('c'));
      const stack = createLayerStack(dom);
      const { actor, clock } = shown({ id: 'c', kind: 'confirm', message: 'm', dom, stack });
      pointerDown(dom, document.getElementById('cancel')!);
      expect(actor.getSnapshot().value).toStrictEqual({ showing: 'entering' });
      close(dom);
      expect(actor.getSnapshot().value).toBe('leaving');
      clock.increment(200);
      expect(actor.getSnapshot().output).toStrictEqual({ id: 'c', action: 'close' });
    }
  });

  it('"alert does not close on Escape/backdrop": it takes both from the stack and stays', () => {
    const dom = jsdomPort(html('a'));
    const stack = createLayerStack(dom);
    const { actor, clock } = shown({ id: 'a', kind: 'alert', message: 'm', dom, stack });
    pointerDown(dom, document.getElementById('outside')!);
    key(dom, 'Escape');
    clock.increment(200);
    expect(actor.getSnapshot().value).toStrictEqual({ showing: 'open' });
    expect(stack.size).toBe(1);
  });

  it('an alert opened with closeOnEscape: true closes on Escape from the stack (action close)', () => {
    const dom = jsdomPort(html('a'));
    const stack = createLayerStack(dom);
    const { actor, clock } = shown({ id: 'a', kind: 'alert', message: 'm', dom, stack, closeOnEscape: true });
    key(dom, 'Escape');
    expect(actor.getSnapshot().value).toBe('leaving');
    clock.increment(200);
    expect(actor.getSnapshot().output).toStrictEqual({ id: 'a', action: 'close' });
  });
});
