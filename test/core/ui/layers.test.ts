// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLayerCounter, createLayerStack, LAYER_BASE } from '../../../core/ui/index.js';
import { jsdomPort, key, pointerDown } from './dom.js';

describe('layering counter', () => {
  it('"layering base 2000" (spec §S9): each layer takes the next value', () => {
    const counter = createLayerCounter();
    expect(LAYER_BASE).toBe(2000);
    expect(counter.current()).toBe(2000);
    expect(counter.next()).toBe(2001);
    expect(counter.next()).toBe(2002);
    expect(createLayerCounter(10).next()).toBe(11);
  });
});

describe('layer stack', () => {
  it('"Escape is handled by the topmost layer only"', () => {
    const port = jsdomPort();
    const stack = createLayerStack(port);
    const closed: string[] = [];
    const a = stack.push({ onEscape: () => closed.push('a') });
    const b = stack.push({ onEscape: () => closed.push('b') });
    expect(b.zIndex).toBeGreaterThan(a.zIndex);
    key(port, 'Escape');
    expect(closed).toEqual(['b']);
    b.remove();
    key(port, 'Escape');
    expect(closed).toEqual(['b', 'a']);
    a.remove();
    key(port, 'Escape');
    expect(closed).toEqual(['b', 'a']);
    expect(stack.size).toBe(0);
  });

  it('a top layer without an Escape handler (an alert) swallows Escape', () => {
    const port = jsdomPort();
    const stack = createLayerStack(port);
    const closed: string[] = [];
    stack.push({ onEscape: () => closed.push('dialog') });
    stack.push({});
    key(port, 'Escape');
    expect(closed).toEqual([]);
    key(port, 'Enter');
    expect(closed).toEqual([]);
  });

  it('"clicking a toast never counts as an outside click for an open modal"', () => {
    const port = jsdomPort(
      '<div id="modal"><button id="inside"></button></div><div id="backdrop"></div><section id="toasts"><button id="toast"></button></section>',
    );
    const doc = port.document;
    const stack = createLayerStack(port);
    const outside: string[] = [];
    stack.push({ node: () => doc.getElementById('modal'), onOutsideClick: () => outside.push('modal') });
    stack.addBranch(() => doc.getElementById('toasts'));
    pointerDown(port, doc.getElementById('toast')!);
    pointerDown(port, doc.getElementById('inside')!);
    expect(outside).toEqual([]);
    pointerDown(port, doc.getElementById('backdrop')!);
    expect(outside).toEqual(['modal']);
  });

  it('a toast layer above a modal keeps its own clicks and lets backdrop clicks reach the modal', () => {
    const port = jsdomPort('<div id="modal"></div><div id="backdrop"></div><div id="toast"></div>');
    const doc = port.document;
    const stack = createLayerStack(port);
    const seen: string[] = [];
    stack.push({ node: () => doc.getElementById('modal'), onOutsideClick: () => seen.push('modal') });
    const toasts = stack.push({ node: () => doc.getElementById('toast'), onEscape: () => seen.push('toast-escape') });
    pointerDown(port, doc.getElementById('toast')!);
    expect(seen).toEqual([]);
    pointerDown(port, doc.getElementById('backdrop')!);
    expect(seen).toEqual(['modal']);
    key(port, 'Escape');
    expect(seen).toEqual(['modal', 'toast-escape']);
    toasts.remove();
  });

  it('nested popups: an outside click goes to the topmost listener only', () => {
    const port = jsdomPort('<div id="outer"><div id="inner"></div></div><p id="page"></p>');
    const doc = port.document;
    const stack = createLayerStack(port);
    const seen: string[] = [];
    stack.push({ node: () => doc.getElementById('outer'), onOutsideClick: () => seen.push('outer') });
    const inner = stack.push({ node: () => doc.getElementById('inner'), onOutsideClick: () => seen.push('inner') });
    pointerDown(port, doc.getElementById('page')!);
    expect(seen).toEqual(['inner']);
    inner.remove();
    pointerDown(port, doc.getElementById('page')!);
    expect(seen).toEqual(['inner', 'outer']);
  });

  it('bringToFront gives a layer the next z-index and the top position', () => {
    const stack = createLayerStack(undefined);
    const a = stack.push({});
    const b = stack.push({});
    expect(b.isTop()).toBe(true);
    a.bringToFront();
    expect(a.isTop()).toBe(true);
    expect(a.zIndex).toBe(2003);
  });
});
