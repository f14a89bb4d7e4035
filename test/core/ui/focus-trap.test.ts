// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createFocusTrap, tabbables } from '../../../core/ui/index.js';
import { jsdomPort, key } from './dom.js';

const html = `
  <button id="opener">open</button>
  <div id="dialog" role="dialog"><button id="first">a</button><input id="mid"><button id="last">b</button><button tabindex="-1" id="skip">c</button><button hidden id="hidden">d</button></div>
  <div id="inner" role="dialog"><button id="inner-btn">x</button></div>
`;

describe('focus trap', () => {
  it('"Focus moves into the dialog on open, is trapped while modal, and returns to the element that opened it"', () => {
    const port = jsdomPort(html);
    const doc = port.document;
    const opener = doc.getElementById('opener')!;
    opener.focus();
    const trap = createFocusTrap(port, doc.getElementById('dialog')!);
    trap.activate();
    expect(doc.activeElement?.id).toBe('first');
    doc.getElementById('last')!.focus();
    const tab = key(port, 'Tab');
    expect(tab.defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('first');
    key(port, 'Tab', { shiftKey: true });
    expect(doc.activeElement?.id).toBe('last');
    opener.focus();
    expect(doc.activeElement?.id).toBe('first');
    trap.deactivate();
    expect(doc.activeElement?.id).toBe('opener');
  });

  it('nested traps: only the top one holds focus; closing it returns focus into the outer one', () => {
    const port = jsdomPort(html);
    const doc = port.document;
    const outer = createFocusTrap(port, doc.getElementById('dialog')!);
    outer.activate();
    doc.getElementById('mid')!.focus();
    const inner = createFocusTrap(port, doc.getElementById('inner')!);
    inner.activate();
    expect(doc.activeElement?.id).toBe('inner-btn');
    key(port, 'Tab');
    expect(doc.activeElement?.id).toBe('inner-btn');
    inner.deactivate();
    expect(doc.activeElement?.id).toBe('mid');
    outer.deactivate({ returnFocus: false });
    expect(outer.active).toBe(false);
  });

  it('tabbables skip disabled, hidden and tabindex=-1 elements; an empty container takes focus itself', () => {
    const port = jsdomPort(html);
    const doc = port.document;
    expect(tabbables(port, doc.getElementById('dialog')!).map((e) => e.id)).toEqual(['first', 'mid', 'last']);
    const empty = doc.createElement('div');
    doc.body.append(empty);
    const trap = createFocusTrap(port, empty, { trap: false });
    trap.activate();
    expect(doc.activeElement).toBe(empty);
    expect(empty.getAttribute('tabindex')).toBe('-1');
  });
});
