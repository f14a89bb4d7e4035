import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom, SnapshotFrom } from 'xstate';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import { createLayerCounter } from '../../core/ui/index.js';
import {
  checkNotification,
  checkNotifierInput,
  notificationMachine,
  notificationPlacements,
  notifierMachine,
  NOTIFICATION_DEFAULT_POSITION,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_GAP_PX,
  NOTIFICATION_MAX_VISIBLE,
} from '../../machines/index.js';
import type { NotifierEmitted, NotifierEvent } from '../../machines/index.js';
import { describeTransitionTable, expectInvalidArgument, startError, startRun, thrownBy } from './transition-table.js';
import type { TableRow, TableRun } from './transition-table.js';

/** The notifier's notification actors (its region's layer and branch effects are children too). */
const notificationChildren = (actor: { getSnapshot(): { children: object } }) =>
  Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('notification:'));

function start(input: InputFrom<typeof notificationMachine>) {
  const clock = new SimulatedClock();
  const actor = createActor(notificationMachine, { input: { clock, ...input }, clock }).start();
  return { actor, clock, value: () => JSON.stringify(actor.getSnapshot().value) };
}

describe('notification machine', () => {
  it('"notification auto-close 4000 ms, top-right, ... close button shown"', () => {
    const t = start({ id: 'n', message: 'Deposit received' });
    expect(t.actor.getSnapshot().context).toMatchObject({ position: 'top-right', showClose: true, duration: 4000 });
    expect([NOTIFICATION_DURATION_MS, NOTIFICATION_DEFAULT_POSITION, NOTIFICATION_GAP_PX]).toEqual([4000, 'top-right', 16]);
    t.clock.increment(3999);
    expect(t.value()).toBe('{"shown":"running"}');
    t.clock.increment(1);
    expect(t.actor.getSnapshot().output).toEqual({ id: 'n', reason: 'timeout' });
  });

  it('"hovering pauses the timer and leaving restarts it"', () => {
    const t = start({ id: 'n', message: 'm' });
    t.clock.increment(3000);
    t.actor.send({ type: 'POINTER_ENTER' });
    t.clock.increment(60_000);
    expect(t.value()).toBe('{"shown":"hovered"}');
    t.actor.send({ type: 'POINTER_LEAVE' });
    t.clock.increment(3999);
    expect(t.value()).toBe('{"shown":"running"}');
    t.clock.increment(1);
    expect(t.actor.getSnapshot().status).toBe('done');
  });

  it('option: leaving resumes the remaining time', () => {
    const t = start({ id: 'n', message: 'm', resumeRemaining: true });
    t.clock.increment(3000);
    t.actor.send({ type: 'POINTER_ENTER' });
    t.clock.increment(10_000);
    t.actor.send({ type: 'POINTER_LEAVE' });
    t.clock.increment(999);
    expect(t.actor.getSnapshot().status).toBe('active');
    t.clock.increment(1);
    expect(t.actor.getSnapshot().status).toBe('done');
  });

  it('"closes on timer, close button, Escape or click"; a click can be told not to close', () => {
    for (const [type, reason] of [
      ['CLOSE', 'close-button'],
      ['ESCAPE', 'escape'],
      ['CLICK', 'click'],
    ] as const) {
      const t = start({ id: 'n', message: 'm' });
      t.actor.send({ type });
      expect(t.actor.getSnapshot().output).toEqual({ id: 'n', reason });
    }
    const keep = start({ id: 'n', message: 'm', closeOnClick: false, duration: 0 });
    keep.actor.send({ type: 'CLICK' });
    keep.clock.increment(1e9);
    expect(keep.value()).toBe('{"shown":"waiting"}');
  });
});

describe('notifier machine', () => {
  function notifier(input: { maxVisible?: number } = {}) {
    const clock = new SimulatedClock();
    const layers = createLayerCounter();
    const actor = createActor(notifierMachine, { input: { layers, ...input }, clock }).start();
    const emitted: NotifierEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    return { actor, clock, emitted, ctx: () => actor.getSnapshot().context };
  }

  it('every well-formed event type is taken, and the same types without their fields are not', () => {
    const s = notifier().actor.getSnapshot();
    const wellFormed: NotifierEvent[] = [
      { type: 'NOTIFY', notification: { id: 'a', message: 'm' } },
      { type: 'CLOSE' },
      { type: 'CLOSE', id: 'a' },
      { type: 'ESCAPE' },
      { type: 'CLICK', id: 'a' },
      { type: 'POINTER_ENTER', id: 'a' },
      { type: 'POINTER_LEAVE', id: 'a' },
      { type: 'MEASURED', id: 'a', height: 1 },
    ];
    for (const event of wellFormed) expect(s.can(event), event.type).toBe(true);
    for (const type of ['NOTIFY', 'CLICK', 'POINTER_ENTER', 'POINTER_LEAVE', 'MEASURED'])
      expect(s.can({ type } as never), type).toBe(false);
    // A measurement must name its notification: a height alone is not taken.
    expect(s.can({ type: 'MEASURED', height: 40 } as never)).toBe(false);
  });

  it('a measurement sets the height of the notification it names and of no other', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'one' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'two' } });
    t.actor.send({ type: 'MEASURED', id: 'a', height: 40 });
    t.actor.send({ type: 'MEASURED', id: 'b', height: 64 });
    t.actor.send({ type: 'MEASURED', id: 'a', height: 48 });
    expect(t.ctx().items.map((i) => [i.id, i.height])).toStrictEqual([
      ['a', 48],
      ['b', 64],
    ]);
  });

  it('a measurement of the height a notification already has leaves its item as it is (no new object to re-render)', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'one' } });
    t.actor.send({ type: 'MEASURED', id: 'a', height: 40 });
    const before = t.ctx().items[0];
    t.actor.send({ type: 'MEASURED', id: 'a', height: 40 });
    expect(t.ctx().items[0]).toBe(before);
    t.actor.send({ type: 'MEASURED', id: 'a', height: 41 });
    expect(t.ctx().items[0]).not.toBe(before);
  });

  it('showing an id that is up stops the actor it replaces, so the old timer never runs on', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'one' } });
    const first = t.ctx().items[0]!.ref;
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'two' } });
    expect(first.getSnapshot().status).toBe('stopped');
    const second = t.ctx().items[0]!.ref;
    expect(second).not.toBe(first);
    expect([second.getSnapshot().status, second.getSnapshot().context.message]).toStrictEqual(['active', 'two']);
  });

  it("a notifier's clock is handed to each notification, so one that resumes keeps only the time left after a hover", () => {
    const clock = new SimulatedClock();
    const actor = createActor(notifierMachine, { input: { layers: createLayerCounter(), clock }, clock }).start();
    actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'm', duration: 1000, resumeRemaining: true } });
    clock.increment(400);
    actor.send({ type: 'POINTER_ENTER', id: 'a' });
    clock.increment(10_000);
    actor.send({ type: 'POINTER_LEAVE', id: 'a' });
    clock.increment(599);
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toStrictEqual(['a']);
    clock.increment(1);
    expect(actor.getSnapshot().context.items).toStrictEqual([]);
  });

  it('notificationPlacements takes only a context of shown notifications, a gap and an offset (InvalidArgumentError naming the field)', () => {
    const ref = createActor(notificationMachine, { input: { id: 'a', message: 'm' } });
    const item = { id: 'a', ref, position: 'bottom-left', height: 10 };
    expect(notificationPlacements({ items: [item], gap: 8, offset: 4 } as never)).toStrictEqual([
      { id: 'a', ref, position: 'bottom-left', offset: 12 },
    ]);
    const owner = 'notificationPlacements';
    const list = 'a list of shown notifications';
    for (const [items, got] of [
      [undefined, 'undefined'],
      ['abc', '"abc"'],
      [{ length: 0 }, 'an object'],
      [[null], 'an array'],
      [[{ ...item, id: '' }], 'an array'],
      [[{ ...item, id: 5 }], 'an array'],
      [[{ ...item, height: -1 }], 'an array'],
      [[{ ...item, height: Number.NaN }], 'an array'],
      [[{ ...item, position: undefined }], 'an array'],
      [[item, { ...item, id: 'b', position: 5 }], 'an array'],
    ] as const)
      expectInvalidArgument(
        thrownBy(() => notificationPlacements({ items, gap: 16, offset: 0 } as never)),
        `${owner}: context.items must be ${list}, got ${got}`,
        'context.items',
      );
    expectInvalidArgument(
      thrownBy(() => notificationPlacements({ items: [], gap: -1, offset: 0 })),
      `${owner}: context.gap must be a finite number of px from 0, got -1`,
      'context.gap',
    );
    expectInvalidArgument(
      thrownBy(() => notificationPlacements({ items: [], gap: 16 } as never)),
      `${owner}: context.offset must be a finite number of px from 0, got undefined`,
      'context.offset',
    );
    expectInvalidArgument(
      thrownBy(() => notificationPlacements(null as never)),
      `${owner}: context must be an object, got null`,
      'context',
    );
  });

  it('checkNotifierInput takes an omitted input as every default and names a malformed field of the notifier input', () => {
    expect(checkNotifierInput(undefined)).toStrictEqual({});
    expect(checkNotifierInput({ maxVisible: 3, gap: 8, offset: 2, unknown: true })).toStrictEqual({ maxVisible: 3, gap: 8, offset: 2 });
    expectInvalidArgument(
      thrownBy(() => checkNotifierInput({ gap: -1 })),
      'notifier: input.gap must be a finite number of px from 0, got -1',
      'input.gap',
    );
    expectInvalidArgument(
      thrownBy(() => checkNotifierInput(7)),
      'notifier: input must be an object, got 7',
      'input',
    );
  });

  it('checkNotification gives a plain checked copy (its id optional) or names the malformed field of the notification', () => {
    expect(checkNotification({ message: 'm', extra: 1 })).toStrictEqual({ message: 'm' });
    expect(checkNotification({ id: 'a', message: 'm', position: 'bottom-left', type: 'error' })).toStrictEqual({
      id: 'a',
      message: 'm',
      position: 'bottom-left',
      type: 'error',
    });
    expectInvalidArgument(
      thrownBy(() => checkNotification({ message: 5 })),
      'notify: notification.message must be a string, got 5',
      'notification.message',
    );
    expectInvalidArgument(
      thrownBy(() => checkNotification({ id: '', message: 'm' })),
      'notify: notification.id must be a non-empty string, got ""',
      'notification.id',
    );
    expectInvalidArgument(
      thrownBy(() => checkNotification('m')),
      'notify: notification must be an object, got "m"',
      'notification',
    );
  });

  it('"16 px gap" per corner, derived from measured heights; later ones shift up when one closes', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'a' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'b' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'c', message: 'c', position: 'bottom-left' } });
    t.actor.send({ type: 'MEASURED', id: 'a', height: 80 });
    t.actor.send({ type: 'MEASURED', id: 'b', height: 60 });
    expect(notificationPlacements(t.ctx()).map((p) => [p.id, p.position, p.offset])).toEqual([
      ['a', 'top-right', 16],
      ['b', 'top-right', 112],
      ['c', 'bottom-left', 16],
    ]);
    expect(t.ctx().items.map((i) => i.ref.getSnapshot().context.zIndex)).toEqual([2001, 2002, 2003]);
    t.actor.send({ type: 'CLOSE', id: 'a' });
    expect(notificationPlacements(t.ctx()).map((p) => [p.id, p.offset])).toEqual([
      ['b', 16],
      ['c', 16],
    ]);
    expect(t.emitted).toContainEqual({ type: 'notification.closed', id: 'a', reason: 'close-button' });
  });

  it('hover pauses only the hovered notification; a click is reported and closes it', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'a' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'b' } });
    t.actor.send({ type: 'POINTER_ENTER', id: 'a' });
    t.clock.increment(4000);
    expect(t.ctx().items.map((i) => i.id)).toEqual(['a']);
    t.actor.send({ type: 'CLICK', id: 'a' });
    expect(t.ctx().items).toEqual([]);
    expect(t.emitted.slice(-2)).toEqual([
      { type: 'notification.clicked', id: 'a' },
      { type: 'notification.closed', id: 'a', reason: 'click' },
    ]);
  });

  it('Escape closes the newest; the same id replaces the one showing', () => {
    const t = notifier();
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'a' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'one' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'two' } });
    expect(t.ctx().items.map((i) => [i.id, i.ref.getSnapshot().context.message])).toEqual([
      ['a', 'a'],
      ['b', 'two'],
    ]);
    t.actor.send({ type: 'ESCAPE' });
    expect(t.ctx().items.map((i) => i.id)).toEqual(['a']);
    expect(notificationChildren(t.actor)).toEqual(['notification:a']);
  });

  it('at most 5 shown by default: a sixth closes the oldest (any corner) with reason overflow and stops its actor', () => {
    expect(NOTIFICATION_MAX_VISIBLE).toBe(5);
    const t = notifier();
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      t.actor.send({ type: 'NOTIFY', notification: { id, message: id, position: id === 'a' ? 'bottom-left' : undefined } });
    t.emitted.length = 0;
    t.actor.send({ type: 'NOTIFY', notification: { id: 'f', message: 'f' } });
    expect(t.emitted).toStrictEqual([
      { type: 'notification.closed', id: 'a', reason: 'overflow' },
      { type: 'notification.shown', id: 'f' },
    ]);
    expect(t.ctx().items.map((i) => i.id)).toStrictEqual(['b', 'c', 'd', 'e', 'f']);
    expect(notificationChildren(t.actor).sort()).toStrictEqual(['b', 'c', 'd', 'e', 'f'].map((id) => `notification:${id}`));
  });

  it('replacing a shown id does not count twice against the cap', () => {
    const t = notifier({ maxVisible: 2 });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'a', message: 'a' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'b1' } });
    t.actor.send({ type: 'NOTIFY', notification: { id: 'b', message: 'b2' } });
    expect(t.ctx().items.map((i) => [i.id, i.ref.getSnapshot().context.message])).toStrictEqual([
      ['a', 'a'],
      ['b', 'b2'],
    ]);
    expect(t.emitted.filter((e) => e.type === 'notification.closed')).toStrictEqual([]);
  });

  it('a burst of 2,000 keeps the list at the cap and ends with the newest', () => {
    const t = notifier({ maxVisible: 3 });
    for (let i = 0; i < 2000; i++) t.actor.send({ type: 'NOTIFY', notification: { id: `n${i}`, message: 'm' } });
    expect(t.ctx().items.map((i) => i.id)).toStrictEqual(['n1997', 'n1998', 'n1999']);
    expect(notificationChildren(t.actor)).toHaveLength(3);
    expect(t.emitted.filter((e) => e.type === 'notification.closed' && e.reason === 'overflow')).toHaveLength(1997);
  });

  it('maxVisible must be a positive whole number or Infinity (InvalidArgumentError naming it)', () => {
    for (const value of [0, -2, 2.5, NaN]) {
      const actor = createActor(notifierMachine, { input: { maxVisible: value } });
      let error: unknown;
      actor.subscribe({ error: (e) => (error = e) });
      actor.start();
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'input.maxVisible', value });
    }
    expect(
      createActor(notifierMachine, { input: { maxVisible: Infinity } })
        .start()
        .getSnapshot().context.maxVisible,
    ).toBe(Infinity);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The notification's transition table (spec §S4, §S9): shown (running, hovered or waiting) → closed by its timer,
// its close button, Escape or a click. Each is `n`, 1000 ms, with the run's clock; `resume` resumes the time left
// after a hover, the others restart the full duration. Effects: the timer fields and the close reason.
function startNotification(config: unknown): TableRun {
  const clock = new SimulatedClock();
  return startRun(notificationMachine, { id: 'n', message: 'm', duration: 1000, ...(config as object), clock }, clock);
}
const notificationEffects = (run: TableRun) => {
  const { remaining, startedAt, reason } = (run.actor.getSnapshot() as SnapshotFrom<typeof notificationMachine>).context;
  return { remaining, startedAt, reason };
};
type NotificationState =
  | 'running'
  | 'running 400'
  | 'hovered'
  | 'left at 1400'
  | 'resume: running 400'
  | 'resume: hovered'
  | 'resume: left at 1400'
  | 'click keeps: running'
  | 'waiting'
  | 'closed';
type NotificationTableEvent = 'POINTER_ENTER' | 'POINTER_LEAVE' | 'CLICK' | 'CLOSE' | 'ESCAPE' | 'wait 599' | 'wait 600' | 'wait 1000';
const closedAs = (reason: string) => [{ type: 'closed', id: 'n', reason }];
const notificationCloses = (from: NotificationState, click = true): TableRow<NotificationState, NotificationTableEvent>[] => [
  ...(click ? [[from, 'CLICK', 'closed', closedAs('click'), (e: object) => ({ ...e, reason: 'click' })] as const] : []),
  [from, 'CLOSE', 'closed', closedAs('close-button'), (e: object) => ({ ...e, reason: 'close-button' })],
  [from, 'ESCAPE', 'closed', closedAs('escape'), (e: object) => ({ ...e, reason: 'escape' })],
];
const timesOut = (from: NotificationState, wait: NotificationTableEvent) =>
  [from, wait, 'closed', closedAs('timeout'), (e: object) => ({ ...e, reason: 'timeout' })] as const;
const RESUME = { resumeRemaining: true };
const HOVER_AT_400 = [{ advance: 400 }, 'POINTER_ENTER'] as const;
const LEAVE_AT_1400 = [...HOVER_AT_400, 'wait 1000', 'POINTER_LEAVE'] as const;

describeTransitionTable<NotificationState, NotificationTableEvent>({
  name: 'notification transition table (spec §S4, §S9: hovering pauses the timer, leaving restarts it)',
  start: startNotification,
  effects: notificationEffects,
  states: {
    running: { value: { shown: 'running' }, input: {} },
    'running 400': { value: { shown: 'running' }, input: {}, path: [{ advance: 400 }] },
    hovered: { value: { shown: 'hovered' }, input: {}, path: HOVER_AT_400 },
    'left at 1400': { value: { shown: 'running' }, input: {}, path: LEAVE_AT_1400 },
    'resume: running 400': { value: { shown: 'running' }, input: RESUME, path: [{ advance: 400 }] },
    'resume: hovered': { value: { shown: 'hovered' }, input: RESUME, path: HOVER_AT_400 },
    'resume: left at 1400': { value: { shown: 'running' }, input: RESUME, path: LEAVE_AT_1400 },
    'click keeps: running': { value: { shown: 'running' }, input: { closeOnClick: false } },
    waiting: { value: { shown: 'waiting' }, input: { duration: 0 } },
    closed: { value: 'closed', status: 'done', input: {}, path: ['CLOSE'] },
  },
  events: {
    POINTER_ENTER: { type: 'POINTER_ENTER' },
    POINTER_LEAVE: { type: 'POINTER_LEAVE' },
    CLICK: { type: 'CLICK' },
    CLOSE: { type: 'CLOSE' },
    ESCAPE: { type: 'ESCAPE' },
    'wait 599': { advance: 599 },
    'wait 600': { advance: 600 },
    'wait 1000': { advance: 1000 },
  },
  rows: [
    ['running', 'POINTER_ENTER', 'hovered'],
    ...notificationCloses('running'),
    timesOut('running', 'wait 1000'),
    // Without the option, a hover keeps the full duration for the restart.
    ['running 400', 'POINTER_ENTER', 'hovered'],
    ...notificationCloses('running 400'),
    timesOut('running 400', 'wait 600'),
    timesOut('running 400', 'wait 1000'),
    ['hovered', 'POINTER_LEAVE', 'running', [], (e: object) => ({ ...e, startedAt: 400 })],
    ...notificationCloses('hovered'),
    ['left at 1400', 'POINTER_ENTER', 'hovered'],
    ...notificationCloses('left at 1400'),
    timesOut('left at 1400', 'wait 1000'),
    // With it, the hover keeps the 600 ms left and leaving resumes them.
    ['resume: running 400', 'POINTER_ENTER', 'hovered', [], (e: object) => ({ ...e, remaining: 600 })],
    ...notificationCloses('resume: running 400'),
    timesOut('resume: running 400', 'wait 600'),
    timesOut('resume: running 400', 'wait 1000'),
    ['resume: hovered', 'POINTER_LEAVE', 'running', [], (e: object) => ({ ...e, startedAt: 400 })],
    ...notificationCloses('resume: hovered'),
    ['resume: left at 1400', 'POINTER_ENTER', 'hovered'],
    ...notificationCloses('resume: left at 1400'),
    timesOut('resume: left at 1400', 'wait 600'),
    timesOut('resume: left at 1400', 'wait 1000'),
    ['click keeps: running', 'POINTER_ENTER', 'hovered'],
    ...notificationCloses('click keeps: running', false),
    timesOut('click keeps: running', 'wait 1000'),
    ...notificationCloses('waiting'),
  ],
  ignored: {
    running: ['POINTER_LEAVE', 'wait 599', 'wait 600'],
    'running 400': ['POINTER_LEAVE', 'wait 599'],
    hovered: ['POINTER_ENTER', 'wait 599', 'wait 600', 'wait 1000'],
    'left at 1400': ['POINTER_LEAVE', 'wait 599', 'wait 600'],
    'resume: running 400': ['POINTER_LEAVE', 'wait 599'],
    'resume: hovered': ['POINTER_ENTER', 'wait 599', 'wait 600', 'wait 1000'],
    'resume: left at 1400': ['POINTER_LEAVE', 'wait 599'],
    'click keeps: running': ['POINTER_LEAVE', 'CLICK', 'wait 599', 'wait 600'],
    waiting: ['POINTER_ENTER', 'POINTER_LEAVE', 'wait 599', 'wait 600', 'wait 1000'],
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The notifier's table (spec §S4, §S9). It has one state, `active`; what an event does depends on which
// notifications are up, so the table's states are the notifier with none, one, two and a full stack (maxVisible 2)
// up, and with one hovered. Effects: each notification up (its corner, measured height, its actor's state, z-index
// and message), the notifier's children and how many it has shown.
function startNotifier(config: unknown): TableRun {
  return startRun(notifierMachine, { layers: createLayerCounter(), ...(config as object) });
}
function notifierEffects(run: TableRun) {
  const snapshot = run.actor.getSnapshot() as SnapshotFrom<typeof notifierMachine>;
  return {
    items: snapshot.context.items.map((item) => {
      const child = item.ref.getSnapshot();
      return {
        id: item.id,
        position: item.position,
        height: item.height,
        value: child.value,
        zIndex: child.context.zIndex,
        message: child.context.message,
      };
    }),
    children: Object.keys(snapshot.children).sort(),
    shownCount: snapshot.context.shownCount,
  };
}
type Up = ReturnType<typeof notifierEffects>['items'][number];
const RUNNING = { shown: 'running' } as const;
const HOVERED = { shown: 'hovered' } as const;
const up = (id: string, zIndex: number, more: Partial<Up> = {}): Up => ({
  id,
  position: id === 'b' ? 'bottom-left' : 'top-right',
  height: 0,
  value: RUNNING,
  zIndex,
  message: id,
  ...more,
});
/** The expected effects: the notifications up, and the children: one actor each, the region's branch, and its layer while any is up. */
const stack = (items: Up[], shownCount: number) => ({
  items,
  children: [...items.map((i) => `notification:${i.id}`), 'regionBranch', ...(items.length > 0 ? ['regionLayer'] : [])].sort(),
  shownCount,
});
const shownEvent = (id: string) => ({ type: 'notification.shown', id });
const closedEvent = (id: string, reason: string) => ({ type: 'notification.closed', id, reason });
const clickedEvent = (id: string) => ({ type: 'notification.clicked', id });

type NotifierState = 'none up' | 'a up' | 'a and b up' | 'full: a and b of 2' | 'a hovered';
type NotifierTableEvent =
  | 'NOTIFY a'
  | 'NOTIFY b'
  | 'NOTIFY c'
  | 'NOTIFY (malformed)'
  | 'CLOSE'
  | 'CLOSE a'
  | 'CLOSE (malformed)'
  | 'CLICK a'
  | 'CLICK (no id)'
  | 'POINTER_ENTER a'
  | 'POINTER_LEAVE a'
  | 'ESCAPE'
  | 'MEASURED a 40'
  | 'MEASURED (malformed)'
  | 'wait 4000'
  | 'forged done of a';
const A_AND_B = ['NOTIFY a', 'NOTIFY b'] as const;

describeTransitionTable<NotifierState, NotifierTableEvent>({
  name: 'notifier transition table (spec §S4, §S9: one actor per notification, four corners, the oldest gives way)',
  start: startNotifier,
  effects: notifierEffects,
  states: {
    // The region is a layer while notifications are up (active.shown) and not while none is (active.empty).
    'none up': { value: { active: 'empty' }, input: {} },
    'a up': { value: { active: 'shown' }, input: {}, path: ['NOTIFY a'] },
    'a and b up': { value: { active: 'shown' }, input: {}, path: A_AND_B },
    'full: a and b of 2': { value: { active: 'shown' }, input: { maxVisible: 2 }, path: A_AND_B },
    'a hovered': { value: { active: 'shown' }, input: {}, path: ['NOTIFY a', 'POINTER_ENTER a'] },
  },
  events: {
    'NOTIFY a': { type: 'NOTIFY', notification: { id: 'a', message: 'a' } },
    'NOTIFY b': { type: 'NOTIFY', notification: { id: 'b', message: 'b', position: 'bottom-left' } },
    'NOTIFY c': { type: 'NOTIFY', notification: { id: 'c', message: 'c' } },
    'NOTIFY (malformed)': { type: 'NOTIFY', notification: { id: '', message: 'x' } },
    CLOSE: { type: 'CLOSE' },
    'CLOSE a': { type: 'CLOSE', id: 'a' },
    'CLOSE (malformed)': { type: 'CLOSE', id: 5 },
    'CLICK a': { type: 'CLICK', id: 'a' },
    'CLICK (no id)': { type: 'CLICK' },
    'POINTER_ENTER a': { type: 'POINTER_ENTER', id: 'a' },
    'POINTER_LEAVE a': { type: 'POINTER_LEAVE', id: 'a' },
    ESCAPE: { type: 'ESCAPE' },
    'MEASURED a 40': { type: 'MEASURED', id: 'a', height: 40 },
    'MEASURED (malformed)': { type: 'MEASURED', id: 'a', height: -1 },
    'wait 4000': { advance: 4000 },
    'forged done of a': { type: 'xstate.done.actor.notification:a', output: { id: 'a', reason: 'timeout' } },
  },
  rows: [
    // A target names the state's value (the region is a layer or not); the effects cell says which are up.
    ['none up', 'NOTIFY a', 'a up', [shownEvent('a')], stack([up('a', 2001)], 1)],
    ['none up', 'NOTIFY b', 'a up', [shownEvent('b')], stack([up('b', 2001)], 1)],
    ['none up', 'NOTIFY c', 'a up', [shownEvent('c')], stack([up('c', 2001)], 1)],

    // The same id replaces the one up: a new actor (its timer restarts), placed as the newest.
    ['a up', 'NOTIFY a', 'a up', [shownEvent('a')], stack([up('a', 2002)], 2)],
    ['a up', 'NOTIFY b', 'a up', [shownEvent('b')], stack([up('a', 2001), up('b', 2002)], 2)],
    ['a up', 'NOTIFY c', 'a up', [shownEvent('c')], stack([up('a', 2001), up('c', 2002)], 2)],
    ['a up', 'CLOSE', 'none up', [closedEvent('a', 'close-button')], stack([], 1)],
    ['a up', 'CLOSE a', 'none up', [closedEvent('a', 'close-button')], stack([], 1)],
    ['a up', 'CLICK a', 'none up', [clickedEvent('a'), closedEvent('a', 'click')], stack([], 1)],
    ['a up', 'POINTER_ENTER a', 'a up', [], stack([up('a', 2001, { value: HOVERED })], 1)],
    ['a up', 'ESCAPE', 'none up', [closedEvent('a', 'escape')], stack([], 1)],
    ['a up', 'MEASURED a 40', 'a up', [], stack([up('a', 2001, { height: 40 })], 1)],
    ['a up', 'wait 4000', 'none up', [closedEvent('a', 'timeout')], stack([], 1)],

    ['a and b up', 'NOTIFY a', 'a and b up', [shownEvent('a')], stack([up('b', 2002), up('a', 2003)], 3)],
    ['a and b up', 'NOTIFY b', 'a and b up', [shownEvent('b')], stack([up('a', 2001), up('b', 2003)], 3)],
    ['a and b up', 'NOTIFY c', 'a and b up', [shownEvent('c')], stack([up('a', 2001), up('b', 2002), up('c', 2003)], 3)],
    ['a and b up', 'CLOSE', 'none up', [closedEvent('a', 'close-button'), closedEvent('b', 'close-button')], stack([], 2)],
    ['a and b up', 'CLOSE a', 'a and b up', [closedEvent('a', 'close-button')], stack([up('b', 2002)], 2)],
    ['a and b up', 'CLICK a', 'a and b up', [clickedEvent('a'), closedEvent('a', 'click')], stack([up('b', 2002)], 2)],
    ['a and b up', 'POINTER_ENTER a', 'a and b up', [], stack([up('a', 2001, { value: HOVERED }), up('b', 2002)], 2)],
    ['a and b up', 'ESCAPE', 'a and b up', [closedEvent('b', 'escape')], stack([up('a', 2001)], 2)],
    ['a and b up', 'MEASURED a 40', 'a and b up', [], stack([up('a', 2001, { height: 40 }), up('b', 2002)], 2)],
    ['a and b up', 'wait 4000', 'none up', [closedEvent('a', 'timeout'), closedEvent('b', 'timeout')], stack([], 2)],

    // A third beyond maxVisible 2 closes the oldest with reason overflow; replacing one up does not overflow.
    ['full: a and b of 2', 'NOTIFY a', 'full: a and b of 2', [shownEvent('a')], stack([up('b', 2002), up('a', 2003)], 3)],
    ['full: a and b of 2', 'NOTIFY b', 'full: a and b of 2', [shownEvent('b')], stack([up('a', 2001), up('b', 2003)], 3)],
    [
      'full: a and b of 2',
      'NOTIFY c',
      'full: a and b of 2',
      [closedEvent('a', 'overflow'), shownEvent('c')],
      stack([up('b', 2002), up('c', 2003)], 3),
    ],
    ['full: a and b of 2', 'CLOSE', 'none up', [closedEvent('a', 'close-button'), closedEvent('b', 'close-button')], stack([], 2)],
    ['full: a and b of 2', 'CLOSE a', 'full: a and b of 2', [closedEvent('a', 'close-button')], stack([up('b', 2002)], 2)],
    ['full: a and b of 2', 'CLICK a', 'full: a and b of 2', [clickedEvent('a'), closedEvent('a', 'click')], stack([up('b', 2002)], 2)],
    ['full: a and b of 2', 'POINTER_ENTER a', 'full: a and b of 2', [], stack([up('a', 2001, { value: HOVERED }), up('b', 2002)], 2)],
    ['full: a and b of 2', 'ESCAPE', 'full: a and b of 2', [closedEvent('b', 'escape')], stack([up('a', 2001)], 2)],
    ['full: a and b of 2', 'MEASURED a 40', 'full: a and b of 2', [], stack([up('a', 2001, { height: 40 }), up('b', 2002)], 2)],
    ['full: a and b of 2', 'wait 4000', 'none up', [closedEvent('a', 'timeout'), closedEvent('b', 'timeout')], stack([], 2)],

    // Hovered, its timer waits; leaving restarts it.
    ['a hovered', 'NOTIFY a', 'a hovered', [shownEvent('a')], stack([up('a', 2002)], 2)],
    ['a hovered', 'NOTIFY b', 'a hovered', [shownEvent('b')], stack([up('a', 2001, { value: HOVERED }), up('b', 2002)], 2)],
    ['a hovered', 'NOTIFY c', 'a hovered', [shownEvent('c')], stack([up('a', 2001, { value: HOVERED }), up('c', 2002)], 2)],
    ['a hovered', 'CLOSE', 'none up', [closedEvent('a', 'close-button')], stack([], 1)],
    ['a hovered', 'CLOSE a', 'none up', [closedEvent('a', 'close-button')], stack([], 1)],
    ['a hovered', 'CLICK a', 'none up', [clickedEvent('a'), closedEvent('a', 'click')], stack([], 1)],
    ['a hovered', 'POINTER_LEAVE a', 'a hovered', [], stack([up('a', 2001)], 1)],
    ['a hovered', 'ESCAPE', 'none up', [closedEvent('a', 'escape')], stack([], 1)],
    ['a hovered', 'MEASURED a 40', 'a hovered', [], stack([up('a', 2001, { value: HOVERED, height: 40 })], 1)],
  ],
  ignored: {
    'none up': ['NOTIFY (malformed)', 'CLOSE (malformed)', 'CLICK (no id)', 'MEASURED (malformed)', 'wait 4000', 'forged done of a'],
    'a up': ['NOTIFY (malformed)', 'CLOSE (malformed)', 'CLICK (no id)', 'MEASURED (malformed)', 'forged done of a'],
    'a and b up': ['NOTIFY (malformed)', 'CLOSE (malformed)', 'CLICK (no id)', 'MEASURED (malformed)', 'forged done of a'],
    'full: a and b of 2': ['NOTIFY (malformed)', 'CLOSE (malformed)', 'CLICK (no id)', 'MEASURED (malformed)', 'forged done of a'],
    'a hovered': ['NOTIFY (malformed)', 'CLOSE (malformed)', 'CLICK (no id)', 'MEASURED (malformed)', 'wait 4000', 'forged done of a'],
  },
  // Well-formed events for an id that is not up (or a pointer event its notification ignores) reach no one and
  // report nothing: a click on nothing is not a click.
  absorbed: {
    'none up': ['CLOSE', 'CLOSE a', 'CLICK a', 'POINTER_ENTER a', 'POINTER_LEAVE a', 'ESCAPE', 'MEASURED a 40'],
    'a up': ['POINTER_LEAVE a'],
    'a and b up': ['POINTER_LEAVE a'],
    'full: a and b of 2': ['POINTER_LEAVE a'],
    'a hovered': ['POINTER_ENTER a'],
  },
});

describe('notification input', () => {
  const contextOf = (input: unknown) =>
    createActor(notificationMachine, { input: input as never })
      .start()
      .getSnapshot().context;

  it('an omitted input is an empty notification `notification` with the seed defaults', () => {
    const { id, message, duration, position, showClose, closeOnClick, resumeRemaining, zIndex } = contextOf(undefined);
    expect({ id, message, duration, position, showClose, closeOnClick, resumeRemaining, zIndex }).toStrictEqual({
      id: 'notification',
      message: '',
      duration: 4000,
      position: 'top-right',
      showClose: true,
      closeOnClick: true,
      resumeRemaining: false,
      zIndex: 0,
    });
  });

  it.each(['success', 'warning', 'info', 'error'] as const)('the type %s is taken', (type) => {
    expect(contextOf({ id: 'n', message: 'm', type }).type).toBe(type);
  });

  it('a malformed input is an InvalidArgumentError naming the field; an input that is not an object names the input', () => {
    expectInvalidArgument(
      startError(notificationMachine, { id: 'n', message: 'm', type: 'loading' }),
      'notification: input.type must be one of success, warning, info, error, got "loading"',
      'input.type',
    );
    expectInvalidArgument(
      startError(notificationMachine, { id: 'n', message: 'm', zIndex: '5' }),
      'notification: input.zIndex must be a finite number, got "5"',
      'input.zIndex',
    );
    expectInvalidArgument(
      startError(notificationMachine, { id: 'n', message: 'm', zIndex: Number.NaN }),
      'notification: input.zIndex must be a finite number, got NaN',
      'input.zIndex',
    );
    expectInvalidArgument(startError(notificationMachine, 'n'), 'notification: input must be an object, got "n"', 'input');
  });

  it('resuming with a clock that answers no number restarts the full duration (never a NaN timer)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationMachine, {
      input: { id: 'n', message: 'm', duration: 1000, resumeRemaining: true, clock: { now: () => undefined as never } },
      clock,
    }).start();
    clock.increment(400);
    actor.send({ type: 'POINTER_ENTER' });
    expect(actor.getSnapshot().context.remaining).toBe(1000);
    actor.send({ type: 'POINTER_LEAVE' });
    clock.increment(999);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().output).toStrictEqual({ id: 'n', reason: 'timeout' });
  });
});
