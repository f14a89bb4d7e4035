// The toast and notification regions are branches of the layer stack their machines register (spec §B9, §S9): a click
// in a region never closes a modal as an outside click, while a click elsewhere still does.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createLayerStack } from '../../core/ui/layer-stack.js';
import { notifierMachine, toasterMachine } from '../../machines/index.js';

const dom = { window, document };
const pointerDown = (target: Element) => target.dispatchEvent(new window.PointerEvent('pointerdown', { bubbles: true }));

afterEach(() => document.body.replaceChildren());

describe('regions are branches of the layer stack', () => {
  for (const [name, start] of [
    ['toaster', (stack: ReturnType<typeof createLayerStack>) => createActor(toasterMachine, { input: { stack, dom, regionId: 'r' } })],
    ['notifier', (stack: ReturnType<typeof createLayerStack>) => createActor(notifierMachine, { input: { stack, dom, regionId: 'r' } })],
  ] as const) {
    it(`${name}: a pointer-down in the region is not an outside click for a modal; one elsewhere is`, () => {
      const region = Object.assign(document.createElement('section'), { id: 'r' });
      const inner = document.createElement('button');
      region.append(inner);
      const elsewhere = document.createElement('p');
      document.body.append(region, elsewhere);
      const stack = createLayerStack(dom);
      const actor = start(stack).start();
      const outside: string[] = [];
      const modal = stack.push({ node: () => null, onOutsideClick: () => void outside.push('outside') });
      pointerDown(inner);
      expect(outside).toStrictEqual([]);
      pointerDown(elsewhere);
      expect(outside).toStrictEqual(['outside']);
      // Once the machine stops, its branch goes: the region's clicks count as outside clicks again.
      actor.stop();
      pointerDown(inner);
      expect(outside).toStrictEqual(['outside', 'outside']);
      modal.remove();
    });
  }
});
