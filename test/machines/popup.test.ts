import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom } from 'xstate';
import { memoryPlatform } from '../../core/platform/index.js';
import { createLayerCounter, createScrollLock } from '../../core/ui/index.js';
import { popupMachine } from '../../machines/index.js';
import type { PopupEmitted, PopupEvent } from '../../machines/index.js';
import { walk } from './graph.js';

const events: PopupEvent[] = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'TOGGLE' },
  { type: 'ESCAPE' },
  { type: 'OUTSIDE_CLICK' },
  { type: 'SET_OPTIONS', options: { modal: true } },
];

function start(input: InputFrom<typeof popupMachine> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(popupMachine, { input, clock }).start();
  const emitted: PopupEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const value = () => JSON.stringify(actor.getSnapshot().value);
  return { actor, clock, emitted, value };
}

describe('popup machine', () => {
  it('walks closed → opening → shown.opened → shown.closing → closed and handles every event', () => {
    const { values, unhandled } = walk(popupMachine, { input: { openDelay: 100, closeDelay: 100 }, events });
    expect(values).toEqual(expect.arrayContaining(['"closed"', '"opening"', '{"shown":"opened"}', '{"shown":"closing"}']));
    expect(unhandled).toEqual([]);
  });

  it('"closed to opened (optional open delay); opened to closed (optional close delay)"', () => {
    const t = start({ openDelay: 150, closeDelay: 300 });
    t.actor.send({ type: 'OPEN' });
    expect(t.value()).toBe('"opening"');
    t.clock.increment(149);
    expect(t.value()).toBe('"opening"');
    t.clock.increment(1);
    expect(t.value()).toBe('{"shown":"opened"}');
    t.actor.send({ type: 'CLOSE' });
    t.clock.increment(299);
    expect(t.value()).toBe('{"shown":"closing"}');
    t.clock.increment(1);
    expect(t.value()).toBe('"closed"');
    expect(t.emitted).toEqual([
      { type: 'opened', zIndex: 2001 },
      { type: 'closed', reason: 'close' },
    ]);
  });

  it('without delays it opens and closes at once; closing during the open delay cancels it', () => {
    const t = start();
    t.actor.send({ type: 'TOGGLE' });
    expect(t.value()).toBe('{"shown":"opened"}');
    t.actor.send({ type: 'TOGGLE' });
    expect(t.value()).toBe('"closed"');
    const d = start({ openDelay: 100 });
    d.actor.send({ type: 'OPEN' });
    d.actor.send({ type: 'CLOSE' });
    d.clock.increment(500);
    expect(d.value()).toBe('"closed"');
    expect(d.emitted).toEqual([]);
  });

  it('reopening during the close delay keeps it open', () => {
    const t = start({ closeDelay: 100 });
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'CLOSE' });
    t.actor.send({ type: 'OPEN' });
    t.clock.increment(500);
    expect(t.value()).toBe('{"shown":"opened"}');
  });

  it('"closes on backdrop click or Escape (each can be turned off)"', () => {
    const t = start();
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'ESCAPE' });
    expect(t.emitted.at(-1)).toEqual({ type: 'closed', reason: 'escape' });
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'OUTSIDE_CLICK' });
    expect(t.emitted.at(-1)).toEqual({ type: 'closed', reason: 'outside' });

    const locked = start({ closeOnEscape: false, closeOnOutsideClick: false });
    locked.actor.send({ type: 'OPEN' });
    locked.actor.send({ type: 'ESCAPE' });
    locked.actor.send({ type: 'OUTSIDE_CLICK' });
    expect(locked.value()).toBe('{"shown":"opened"}');
    locked.actor.send({ type: 'SET_OPTIONS', options: { closeOnEscape: true } });
    locked.actor.send({ type: 'ESCAPE' });
    expect(locked.value()).toBe('"closed"');
  });

  it('"A modal popup locks page scroll and restores it after about 200 ms"; nested modals do not unlock early', () => {
    const platform = memoryPlatform();
    const scrollLock = createScrollLock(undefined, platform.timers);
    const layers = createLayerCounter();
    const clock = new SimulatedClock();
    const outer = createActor(popupMachine, { input: { modal: true, scrollLock, layers }, clock }).start();
    const inner = createActor(popupMachine, { input: { modal: true, scrollLock, layers, closeDelay: 100 }, clock }).start();
    const plain = createActor(popupMachine, { input: { scrollLock, layers }, clock }).start();
    outer.send({ type: 'OPEN' });
    inner.send({ type: 'OPEN' });
    plain.send({ type: 'OPEN' });
    expect(scrollLock.count).toBe(2);
    expect([outer, inner, plain].map((a) => a.getSnapshot().context.zIndex)).toEqual([2001, 2002, 2003]);
    inner.send({ type: 'CLOSE' });
    expect(scrollLock.count).toBe(2);
    clock.increment(100);
    expect(scrollLock.count).toBe(1);
    platform.advance(1000);
    expect(scrollLock.locked).toBe(true);
    outer.send({ type: 'CLOSE' });
    platform.advance(199);
    expect(scrollLock.locked).toBe(true);
    platform.advance(1);
    expect(scrollLock.locked).toBe(false);
  });
});
