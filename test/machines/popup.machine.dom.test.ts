// @vitest-environment jsdom
// The popup's focus effect on a real (jsdom) document: it moves focus in while the popup is opened and back when it
// closes, and checks the content node first (spec §B4). The pure machine tests are in popup.machine.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ErrorReport } from '../../core/platform/types.js';
import { LAYER_NODE_INVALID_EVENT, popupMachine } from '../../machines/index.js';
import { jsdomPort } from '../core/ui/dom.js';

afterEach(() => document.body.replaceChildren());

const html = (role: string) =>
  `<button id="opener">open</button><div id="p-content"${role}><button id="first">a</button><button id="second">b</button></div>`;

describe('popup focus on a real document', () => {
  it('opening moves focus to the first tabbable inside the content; closing gives it back', () => {
    const dom = jsdomPort(html(' role="dialog"'));
    document.getElementById('opener')!.focus();
    const actor = createActor(popupMachine, { input: { id: 'p', dom } }).start();
    actor.send({ type: 'OPEN' });
    expect(document.activeElement?.id).toBe('first');
    actor.send({ type: 'CLOSE' });
    expect(document.activeElement?.id).toBe('opener');
  });

  it('initialFocus picks the element focused on open', () => {
    const dom = jsdomPort(html(' role="dialog"'));
    const actor = createActor(popupMachine, { input: { id: 'p', dom, initialFocus: () => document.getElementById('second') } }).start();
    actor.send({ type: 'OPEN' });
    expect(document.activeElement?.id).toBe('second');
  });

  it('content without role dialog is reported (DialogRoleMissingError) and focus stays where it was', () => {
    const dom = jsdomPort(html(''));
    document.getElementById('opener')!.focus();
    const reports: ErrorReport[] = [];
    const actor = createActor(popupMachine, { input: { id: 'p', dom, errors: { report: (r) => void reports.push(r) } } }).start();
    actor.send({ type: 'OPEN' });
    expect(reports.map((r) => [r.event, (r.error as Error).name])).toStrictEqual([[LAYER_NODE_INVALID_EVENT, 'DialogRoleMissingError']]);
    expect(document.activeElement?.id).toBe('opener');
    expect(actor.getSnapshot().value).toStrictEqual({ shown: 'opened' });
  });
});
