import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom } from 'xstate';
import { toastMachine, TOAST_DURATION_MS, TOAST_TYPES } from '../../machines/index.js';
import type { ToastEvent } from '../../machines/index.js';
import { walk } from './graph.js';

const events: ToastEvent[] = [
  { type: 'SHOW', zIndex: 2001 },
  { type: 'UPDATE', patch: { message: 'changed' } },
  { type: 'PAUSE' },
  { type: 'RESUME' },
  { type: 'CLOSE' },
  { type: 'ESCAPE' },
];

function start(input: InputFrom<typeof toastMachine>) {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine, { input, clock }).start();
  return { actor, clock };
}

describe('toast machine', () => {
  it('"hidden, then visible, then closed": every state is reachable and every event is handled somewhere', () => {
    const { values, unhandled } = walk(toastMachine, { input: { id: 't', message: 'hi' }, events });
    expect(values).toEqual(expect.arrayContaining(['"hidden"', '{"visible":"running"}', '{"visible":"paused"}', '"closed"']));
    expect(unhandled).toEqual([]);
    const loading = walk(toastMachine, { input: { id: 't', message: 'wait', type: 'loading' }, events });
    expect(loading.values).toContain('{"visible":"waiting"}');
  });

  it('"Types: success, warning, info, error, question, loading"', () => {
    expect(TOAST_TYPES).toEqual(['success', 'warning', 'info', 'error', 'question', 'loading']);
  });

  it('"Toast default duration: 3000 ms": it closes on its timer with reason timeout', () => {
    const { actor, clock } = start({ id: 't', message: 'saved', type: 'success' });
    const closed: unknown[] = [];
    actor.on('closed', (e) => closed.push(e));
    actor.send({ type: 'SHOW', zIndex: 2001 });
    expect(actor.getSnapshot().context.zIndex).toBe(2001);
    clock.increment(TOAST_DURATION_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ visible: 'running' });
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 't', reason: 'timeout' });
    expect(closed).toEqual([{ type: 'closed', id: 't', reason: 'timeout' }]);
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('"It closes on ... the close button, or the Escape key"', () => {
    const a = start({ id: 'a', message: 'x' });
    a.actor.send({ type: 'SHOW', zIndex: 1 });
    a.actor.send({ type: 'CLOSE' });
    expect(a.actor.getSnapshot().output).toEqual({ id: 'a', reason: 'close-button' });
    const b = start({ id: 'b', message: 'x' });
    b.actor.send({ type: 'SHOW', zIndex: 1 });
    b.actor.send({ type: 'ESCAPE' });
    expect(b.actor.getSnapshot().output).toEqual({ id: 'b', reason: 'escape' });
  });

  it('a hidden (queued) toast runs no timer and ignores Escape', () => {
    const { actor, clock } = start({ id: 'q', message: 'x' });
    clock.increment(10_000);
    actor.send({ type: 'ESCAPE' });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('a loading toast stays until it is updated, then runs the default timer', () => {
    const { actor, clock } = start({ id: 'l', message: 'Sending', type: 'loading' });
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toEqual({ visible: 'waiting' });
    actor.send({ type: 'UPDATE', patch: { type: 'success', message: 'Sent' } });
    expect(actor.getSnapshot().context).toMatchObject({ type: 'success', message: 'Sent', revision: 1, duration: 3000 });
    clock.increment(2999);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().output?.reason).toBe('timeout');
  });

  it('an update in place restarts the timer', () => {
    const { actor, clock } = start({ id: 'u', message: 'one' });
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(2000);
    actor.send({ type: 'UPDATE', patch: { message: 'two' } });
    clock.increment(2000);
    expect(actor.getSnapshot().context.message).toBe('two');
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1000);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('pausing keeps the remaining time when a clock is given', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { input: { id: 'p', message: 'x', clock }, clock }).start();
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(1000);
    actor.send({ type: 'PAUSE' });
    clock.increment(50_000);
    expect(actor.getSnapshot().value).toEqual({ visible: 'paused' });
    actor.send({ type: 'RESUME' });
    clock.increment(1999);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('without a clock a paused toast restarts its full duration', () => {
    const { actor, clock } = start({ id: 'p', message: 'x', duration: 1000 });
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(900);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'RESUME' });
    clock.increment(999);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a toast shown while paused starts paused; duration 0 means it stays', () => {
    const { actor } = start({ id: 'p', message: 'x', paused: true });
    actor.send({ type: 'SHOW', zIndex: 1 });
    expect(actor.getSnapshot().value).toEqual({ visible: 'paused' });
    const stay = start({ id: 's', message: 'x', duration: 0 });
    stay.actor.send({ type: 'SHOW', zIndex: 1 });
    stay.clock.increment(1e9);
    expect(stay.actor.getSnapshot().value).toEqual({ visible: 'waiting' });
  });
});
