import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createLoadingOverlays, loadingOverlayMachine, LOADING_LEAVE_MS } from '../../machines/index.js';
import type { LoadingOverlayEvent } from '../../machines/index.js';
import { walk } from './graph.js';

const events: LoadingOverlayEvent[] = [{ type: 'ACQUIRE' }, { type: 'RELEASE' }];

describe('loading overlay machine', () => {
  it('"Loading overlays go visible, hiding, removed" and every event is handled', () => {
    const { values, unhandled } = walk(loadingOverlayMachine, { input: { target: 'table' }, events });
    expect(values).toEqual(expect.arrayContaining(['"visible"', '"hiding"', '"removed"']));
    expect(unhandled).toEqual([]);
  });

  it('"loading leave 300 ms"', () => {
    const clock = new SimulatedClock();
    const actor = createActor(loadingOverlayMachine, { input: { target: 'table' }, clock }).start();
    const removed: unknown[] = [];
    actor.on('removed', (e) => removed.push(e));
    actor.send({ type: 'RELEASE' });
    clock.increment(LOADING_LEAVE_MS - 1);
    expect(actor.getSnapshot().value).toBe('hiding');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('removed');
    expect(removed).toEqual([{ type: 'removed', target: 'table' }]);
    expect(LOADING_LEAVE_MS).toBe(300);
  });

  it('"Creating one without a target instance ... is a typed error"', () => {
    const actor = createActor(loadingOverlayMachine, { input: {} as never });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    expect(errors[0]).toMatchObject({ name: 'LoadingTargetMissingError', code: 'LOADING_TARGET_MISSING' });
  });
});

describe('loading overlays registry', () => {
  it('"Several overlapping requests for the same target keep one overlay until the last ends"', () => {
    const clock = new SimulatedClock();
    const overlays = createLoadingOverlays({ clock });
    const target = {};
    const removed: string[] = [];
    const releaseA = overlays.show(target, () => removed.push('a'));
    const releaseB = overlays.show(target, () => removed.push('b'), { text: 'Loading orders' });
    const actor = overlays.get(target)!;
    expect(actor.getSnapshot().context).toMatchObject({ holders: 2, text: 'Loading orders' });
    releaseA();
    releaseA();
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('visible');
    releaseB();
    clock.increment(150);
    const releaseC = overlays.show(target, () => removed.push('c'));
    expect(overlays.get(target)).toBe(actor);
    expect(actor.getSnapshot().value).toBe('visible');
    releaseC();
    clock.increment(300);
    expect(overlays.get(target)).toBeUndefined();
    expect(removed).toEqual(['a', 'b', 'c']);
  });

  it('"loading needs an instance and callback": each missing piece is a typed error', () => {
    const overlays = createLoadingOverlays();
    expect(() => overlays.show(undefined, () => {})).toThrow(expect.objectContaining({ name: 'LoadingTargetMissingError', code: 'LOADING_TARGET_MISSING' }));
    expect(() => overlays.show('t', undefined as never)).toThrow(expect.objectContaining({ name: 'LoadingTargetMissingError', code: 'LOADING_CALLBACK_MISSING' }));
  });

  it('subscribers hear overlays appear and go', () => {
    const clock = new SimulatedClock();
    const overlays = createLoadingOverlays({ clock, leaveMs: 0 });
    let calls = 0;
    const stop = overlays.subscribe(() => calls++);
    const release = overlays.show('page', () => {});
    release();
    clock.increment(0);
    expect(calls).toBe(2);
    stop();
  });
});
