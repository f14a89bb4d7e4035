import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom, SnapshotFrom } from 'xstate';
import { toastMachine, TOAST_DURATION_MS, TOAST_TYPES } from '../../machines/index.js';
import { describeTransitionTable, expectInvalidArgument, startError, startRun } from './transition-table.js';
import type { TableRow, TableRun } from './transition-table.js';

function start(input: InputFrom<typeof toastMachine>) {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine, { input, clock }).start();
  return { actor, clock };
}

describe('toast machine', () => {
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

// ---------------------------------------------------------------------------------------------------------------
// The transition table (spec §B4): hidden → visible (running, paused or waiting) → closed. Every toast is `t`,
// 1000 ms, with a title and data to see what an update keeps and clears; `clock` is the run's own simulated clock,
// so a pause keeps the time left. Effects: the toast's content and timer fields.
const BASE = { id: 't', message: 'm', title: 'Title0', data: 'd0', duration: 1000 };
function startToast(config: unknown): TableRun {
  const { withClock, ...input } = config as { withClock: boolean };
  const clock = new SimulatedClock();
  return startRun(toastMachine, { ...input, ...(withClock ? { clock } : {}) }, clock);
}
function toastEffects(run: TableRun) {
  const { type, message, title, closable, data, duration, remaining, startedAt, paused, zIndex, revision, reason } = (
    run.actor.getSnapshot() as SnapshotFrom<typeof toastMachine>
  ).context;
  return { type, message, title, closable, data, duration, remaining, startedAt, paused, zIndex, revision, reason };
}
type ToastEffects = ReturnType<typeof toastEffects>;
const change = (patch: Partial<ToastEffects>) => (e: ToastEffects) => ({ ...e, ...patch });
const UPDATED = { message: 'm2', title: 'T', data: 'd', closable: false, revision: 1 };
const RETYPED = (duration: number) => ({ type: 'error' as const, title: undefined, duration, remaining: duration, revision: 1 });
const closedBy = (reason: string) => [{ type: 'closed', id: 't', reason }];
const CLOSING_EVENTS = [
  ['CLOSE', 'close-button'],
  ['CLOSE (dismiss)', 'dismiss'],
] as const;

const TIMED = { ...BASE, withClock: true };
const UNTIMED = { ...BASE, withClock: false };
const LOADING = { ...BASE, duration: undefined, type: 'loading', withClock: true };
type ToastState =
  | 'hidden'
  | 'hidden paused'
  | 'running'
  | 'running 400'
  | 'updated at 400'
  | 'paused'
  | 'resumed'
  | 'no clock running 400'
  | 'waiting'
  | 'closed';
type ToastTableEvent =
  | 'SHOW'
  | 'SHOW (malformed)'
  | 'UPDATE'
  | 'UPDATE (type)'
  | 'UPDATE (malformed)'
  | 'PAUSE'
  | 'RESUME'
  | 'CLOSE'
  | 'CLOSE (dismiss)'
  | 'CLOSE (malformed)'
  | 'ESCAPE'
  | 'wait 599'
  | 'wait 600'
  | 'wait 1000';
// Every visible toast closes on CLOSE (close-button), CLOSE with a reason, and Escape, and ignores SHOW and malformed events.
const closes = (from: ToastState): TableRow<ToastState, ToastTableEvent>[] => [
  ...CLOSING_EVENTS.map(([event, reason]) => [from, event, 'closed', closedBy(reason), change({ reason })] as const),
  [from, 'ESCAPE', 'closed', closedBy('escape'), change({ reason: 'escape' })],
];
const VISIBLE_IGNORES = ['SHOW', 'SHOW (malformed)', 'UPDATE (malformed)', 'CLOSE (malformed)'] as const;

describeTransitionTable<ToastState, ToastTableEvent>({
  name: 'toast transition table (spec §B4: hidden, then visible, then closed by its timer, its close button or Escape)',
  start: startToast,
  effects: toastEffects,
  states: {
    hidden: { value: 'hidden', input: TIMED },
    'hidden paused': { value: 'hidden', input: TIMED, path: ['PAUSE'] },
    running: { value: { visible: 'running' }, input: TIMED, path: ['SHOW'] },
    'running 400': { value: { visible: 'running' }, input: TIMED, path: ['SHOW', { advance: 400 }] },
    'updated at 400': { value: { visible: 'running' }, input: TIMED, path: ['SHOW', { advance: 400 }, 'UPDATE'] as never },
    paused: { value: { visible: 'paused' }, input: TIMED, path: ['SHOW', { advance: 400 }, 'PAUSE'] as never },
    resumed: { value: { visible: 'running' }, input: TIMED, path: ['SHOW', { advance: 400 }, 'PAUSE', 'wait 1000', 'RESUME'] as never },
    'no clock running 400': { value: { visible: 'running' }, input: UNTIMED, path: ['SHOW', { advance: 400 }] },
    waiting: { value: { visible: 'waiting' }, input: LOADING, path: ['SHOW'] },
    closed: { value: 'closed', status: 'done', input: TIMED, path: ['SHOW', 'CLOSE'] },
  },
  events: {
    SHOW: { type: 'SHOW', zIndex: 5 },
    'SHOW (malformed)': { type: 'SHOW', zIndex: Number.NaN },
    UPDATE: { type: 'UPDATE', patch: { message: 'm2', title: 'T', data: 'd', closable: false } },
    'UPDATE (type)': { type: 'UPDATE', patch: { type: 'error', title: undefined } },
    'UPDATE (malformed)': { type: 'UPDATE', patch: { message: 'm3', duration: -5 } },
    PAUSE: { type: 'PAUSE' },
    RESUME: { type: 'RESUME' },
    CLOSE: { type: 'CLOSE' },
    'CLOSE (dismiss)': { type: 'CLOSE', reason: 'dismiss' },
    'CLOSE (malformed)': { type: 'CLOSE', reason: 'nope' },
    ESCAPE: { type: 'ESCAPE' },
    'wait 599': { advance: 599 },
    'wait 600': { advance: 600 },
    'wait 1000': { advance: 1000 },
  },
  rows: [
    ['hidden', 'SHOW', 'running', [], change({ zIndex: 5, startedAt: 0 })],
    ['hidden', 'UPDATE', 'hidden', [], change(UPDATED)],
    ['hidden', 'UPDATE (type)', 'hidden', [], change(RETYPED(3000))],
    ['hidden', 'PAUSE', 'hidden paused', [], change({ paused: true })],
    ...CLOSING_EVENTS.map(([event, reason]) => ['hidden', event, 'closed', closedBy(reason), change({ reason })] as const),

    ['hidden paused', 'SHOW', 'paused', [], change({ zIndex: 5 })],
    ['hidden paused', 'UPDATE', 'hidden paused', [], change(UPDATED)],
    ['hidden paused', 'UPDATE (type)', 'hidden paused', [], change(RETYPED(3000))],
    ['hidden paused', 'RESUME', 'hidden', [], change({ paused: false })],
    ...CLOSING_EVENTS.map(([event, reason]) => ['hidden paused', event, 'closed', closedBy(reason), change({ reason })] as const),

    ['running', 'UPDATE', 'running', [], change(UPDATED)],
    ['running', 'UPDATE (type)', 'running', [], change(RETYPED(3000))],
    ['running', 'PAUSE', 'paused', [], change({ paused: true, startedAt: undefined })],
    ...closes('running'),
    ['running', 'wait 1000', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],

    ['running 400', 'UPDATE', 'running', [], change({ ...UPDATED, startedAt: 400 })],
    ['running 400', 'UPDATE (type)', 'running', [], change({ ...RETYPED(3000), startedAt: 400 })],
    ['running 400', 'PAUSE', 'paused', [], change({ paused: true, startedAt: undefined, remaining: 600 })],
    ...closes('running 400'),
    ['running 400', 'wait 600', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],
    ['running 400', 'wait 1000', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],

    // An update restarts the full timer: 600 ms after it the toast is still up, 1000 ms after it it closes.
    ['updated at 400', 'UPDATE', 'running', [], change({ revision: 2 })],
    ['updated at 400', 'UPDATE (type)', 'running', [], change({ ...RETYPED(3000), revision: 2 })],
    ['updated at 400', 'PAUSE', 'paused', [], change({ paused: true, startedAt: undefined })],
    ...closes('updated at 400'),
    ['updated at 400', 'wait 1000', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],

    ['paused', 'UPDATE', 'paused', [], change({ ...UPDATED, remaining: 1000 })],
    ['paused', 'UPDATE (type)', 'paused', [], change(RETYPED(3000))],
    ['paused', 'RESUME', 'running', [], change({ paused: false, startedAt: 400 })],
    ...closes('paused'),

    // Resumed at 1400 with the 600 ms it had left.
    ['resumed', 'UPDATE', 'running', [], change({ ...UPDATED, remaining: 1000 })],
    ['resumed', 'UPDATE (type)', 'running', [], change(RETYPED(3000))],
    ['resumed', 'PAUSE', 'paused', [], change({ paused: true, startedAt: undefined })],
    ...closes('resumed'),
    ['resumed', 'wait 600', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],
    ['resumed', 'wait 1000', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],

    // Without a clock, a pause keeps the full duration (it cannot tell how much has passed).
    ['no clock running 400', 'UPDATE', 'running', [], change(UPDATED)],
    ['no clock running 400', 'UPDATE (type)', 'running', [], change(RETYPED(3000))],
    ['no clock running 400', 'PAUSE', 'paused', [], change({ paused: true })],
    ...closes('no clock running 400'),
    ['no clock running 400', 'wait 600', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],
    ['no clock running 400', 'wait 1000', 'closed', closedBy('timeout'), change({ reason: 'timeout' })],

    // A loading toast waits for an update; one that gives it a timed type starts that type's default timer.
    ['waiting', 'UPDATE', 'waiting', [], change(UPDATED)],
    ['waiting', 'UPDATE (type)', 'running', [], change({ ...RETYPED(3000), startedAt: 0 })],
    ['waiting', 'PAUSE', 'waiting', [], change({ paused: true })],
    ...closes('waiting'),
  ],
  ignored: {
    hidden: ['SHOW (malformed)', 'UPDATE (malformed)', 'CLOSE (malformed)', 'ESCAPE', 'wait 599', 'wait 600', 'wait 1000'],
    'hidden paused': ['SHOW (malformed)', 'UPDATE (malformed)', 'CLOSE (malformed)', 'ESCAPE', 'wait 599', 'wait 600', 'wait 1000'],
    running: [...VISIBLE_IGNORES, 'wait 599', 'wait 600'],
    'running 400': [...VISIBLE_IGNORES, 'wait 599'],
    'updated at 400': [...VISIBLE_IGNORES, 'wait 599', 'wait 600'],
    paused: [...VISIBLE_IGNORES, 'wait 599', 'wait 600', 'wait 1000'],
    resumed: [...VISIBLE_IGNORES, 'wait 599'],
    'no clock running 400': [...VISIBLE_IGNORES, 'wait 599'],
    waiting: [...VISIBLE_IGNORES, 'wait 599', 'wait 600', 'wait 1000'],
  },
  // PAUSE and RESUME are taken in every state (the toaster pauses hidden toasts too); a second one changes nothing.
  absorbed: {
    hidden: ['RESUME'],
    'hidden paused': ['PAUSE'],
    running: ['RESUME'],
    'running 400': ['RESUME'],
    'updated at 400': ['RESUME'],
    paused: ['PAUSE'],
    resumed: ['RESUME'],
    'no clock running 400': ['RESUME'],
    waiting: ['RESUME'],
  },
});

describe('toast input, defaults and closing reasons', () => {
  const contextOf = (input: unknown) =>
    createActor(toastMachine, { input: input as never })
      .start()
      .getSnapshot().context;

  it('an omitted input is an empty, closable info toast `toast` with the default 3000 ms', () => {
    const { id, type, message, closable, duration, defaultDuration, paused } = contextOf(undefined);
    expect({ id, type, message, closable, duration, defaultDuration, paused }).toStrictEqual({
      id: 'toast',
      type: 'info',
      message: '',
      closable: true,
      duration: 3000,
      defaultDuration: 3000,
      paused: false,
    });
    expect(contextOf({ id: 't', closable: false }).closable).toBe(false);
    expect(contextOf({ id: 't' }).message).toBe('');
  });

  it('a malformed input is an InvalidArgumentError naming the field; an input that is not an object names the input', () => {
    expectInvalidArgument(
      startError(toastMachine, { id: 't', message: 5 }),
      'toast: input.message must be a string, got 5',
      'input.message',
    );
    expectInvalidArgument(startError(toastMachine, 'hi'), 'toast: input must be an object, got "hi"', 'input');
  });

  it('a default duration of 0 keeps timed types until closed; a positive one is theirs', () => {
    expect(contextOf({ id: 't', defaultDuration: 0 }).duration).toBe(Infinity);
    expect(contextOf({ id: 't', defaultDuration: 1 }).duration).toBe(1);
    const { actor, clock } = start({ id: 't', message: 'm', defaultDuration: 0 });
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(1e9);
    expect(actor.getSnapshot().value).toStrictEqual({ visible: 'waiting' });
  });

  it('an update that sets only a duration applies it (and restarts the timer with it)', () => {
    const { actor, clock } = start({ id: 't', message: 'm', duration: 1000 });
    actor.send({ type: 'SHOW', zIndex: 1 });
    actor.send({ type: 'UPDATE', patch: { duration: 500 } });
    expect(actor.getSnapshot().context.duration).toBe(500);
    clock.increment(499);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().output).toStrictEqual({ id: 't', reason: 'timeout' });
  });

  it.each(['timeout', 'close-button', 'escape', 'dismiss'] as const)(
    'a CLOSE may give the reason %s, and the toast closes with it',
    (reason) => {
      const { actor } = start({ id: 't', message: 'm' });
      actor.send({ type: 'CLOSE', reason });
      expect(actor.getSnapshot().output).toStrictEqual({ id: 't', reason });
    },
  );

  it('with a clock that answers no number, a pause keeps the full duration (never a NaN timer)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, {
      input: { id: 't', message: 'm', duration: 1000, clock: { now: () => undefined as never } },
      clock,
    }).start();
    actor.send({ type: 'SHOW', zIndex: 1 });
    clock.increment(400);
    actor.send({ type: 'PAUSE' });
    expect(actor.getSnapshot().context.remaining).toBe(1000);
    actor.send({ type: 'RESUME' });
    clock.increment(999);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().output).toStrictEqual({ id: 't', reason: 'timeout' });
  });
});
