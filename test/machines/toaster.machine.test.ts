import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { memoryPlatform } from '../../core/platform/index.js';
import { createLayerCounter } from '../../core/ui/index.js';
import { createLayerStack } from '../../core/ui/layer-stack.js';
import type { LayerStack } from '../../core/ui/layer-stack.js';
import type { UserCallbackError } from '../../core/errors/guard-callback.js';
import type { ErrorReport } from '../../core/platform/types.js';
import {
  checkToasterInput,
  createToastApi,
  newToastOf,
  queuedToastCount,
  toasterMachine,
  toastPlacements,
  TOAST_GAP_PX,
  TOAST_MAX_QUEUED,
  ToastQueue,
  TOAST_REGION_ID,
  TOAST_TOP_OFFSET_PX,
} from '../../machines/index.js';
import type { ToasterEmitted, ToasterEvent, ToasterInput, ToasterSnapshot } from '../../machines/index.js';
import { walk } from './graph.js';
import { describeTransitionTable, expectInvalidArgument, startRun, thrownBy } from './transition-table.js';
import type { TableRun } from './transition-table.js';
import { inputClasses } from '../support/input-classes.js';

function setupToaster(input: ToasterInput = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { input, clock }).start();
  const emitted: ToasterEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const toast = createToastApi(() => actor);
  const ctx = () => actor.getSnapshot().context;
  const state = (id: string) => {
    const item = ctx().items.find((i) => i.id === id);
    if (ctx().queue.has(id)) return 'queued';
    return item ? JSON.stringify(item.ref.getSnapshot().value) : 'removed';
  };
  return { actor, clock, emitted, toast, ctx, state };
}

describe('toaster machine', () => {
  const everyEvent: ToasterEvent[] = [
    { type: 'ADD', toast: { id: 'a', message: 'm' } },
    { type: 'ADD', toast: { id: 'b', message: 'n' } },
    { type: 'UPDATE', id: 'a', patch: { message: 'm2' } },
    { type: 'DISMISS' },
    { type: 'DISMISS', id: 'a' },
    { type: 'ESCAPE' },
    { type: 'MEASURED', id: 'a', height: 1 },
    { type: 'PAGE_HIDDEN' },
    { type: 'PAGE_VISIBLE' },
    { type: 'POINTER_ENTER' },
    { type: 'POINTER_LEAVE' },
  ];

  it('every event type is taken by the toaster', () => {
    const snapshot = setupToaster().actor.getSnapshot();
    for (const event of everyEvent) expect(snapshot.can(event), event.type).toBe(true);
  });

  it('walks its paths (toasts shown, updated, closed; paused by page and pointer) and leaves no event unhandled', () => {
    // A toast's end reaches the toaster as its child's done event, which counts only once the child has really
    // finished; the walk steps the toaster alone (its children never run), so closing is left to the live tests.
    const { states, unhandled } = walk(toasterMachine, {
      // Two slots for the two ids: the walk branches from shared snapshots, and the waiting line is a mutable
      // structure updated in place, so it is left to the queue tests below, which run a live actor.
      input: { maxVisible: 2 },
      events: everyEvent,
      // The toaster has one state; what changes is what it holds, so that is what tells walked states apart.
      key: (s) => {
        const c = s.context as ToasterSnapshot['context'];
        return JSON.stringify([s.value, s.status, c.items.map((i) => [i.id, i.height]), c.pageHidden, c.hovered]);
      },
    });
    expect(unhandled).toEqual([]);
    const held = states.map((s) => s.context as ToasterSnapshot['context']);
    expect(held.some((c) => c.items.map((i) => i.id).join() === 'a,b')).toBe(true);
    expect(held.some((c) => c.items.some((i) => i.height === 1))).toBe(true);
    expect(held.some((c) => c.pageHidden && c.hovered)).toBe(true);
  });

  it('"Default top offset 100 px and 16 px between toasts; when one closes the ones below shift up"', () => {
    const t = setupToaster();
    const a = t.toast.success('a');
    const b = t.toast.info('b');
    const c = t.toast.error('c');
    t.actor.send({ type: 'MEASURED', id: a, height: 40 });
    t.actor.send({ type: 'MEASURED', id: b, height: 60 });
    t.actor.send({ type: 'MEASURED', id: c, height: 50 });
    expect(toastPlacements(t.ctx()).map((p) => [p.id, p.offset])).toEqual([
      [a, 100],
      [b, 156],
      [c, 232],
    ]);
    t.toast.dismiss(a);
    expect(toastPlacements(t.ctx()).map((p) => [p.id, p.offset])).toEqual([
      [b, 100],
      [c, 176],
    ]);
    expect([TOAST_TOP_OFFSET_PX, TOAST_GAP_PX]).toEqual([100, 16]);
  });

  it('each toast takes the next layer of the shared counter', () => {
    const layers = createLayerCounter();
    layers.next(); // a modal opened first
    const t = setupToaster({ layers });
    const a = t.toast('a');
    const item = t.ctx().items.find((i) => i.id === a)!;
    expect(item.ref.getSnapshot().context.zIndex).toBe(2002);
  });

  it('closes on the timer, removes the child and says why', () => {
    const t = setupToaster();
    const a = t.toast('a');
    t.clock.increment(3000);
    expect(t.state(a)).toBe('removed');
    expect(t.emitted).toEqual([
      { type: 'toast.added', id: a },
      { type: 'toast.closed', id: a, reason: 'timeout' },
    ]);
    expect(Object.keys(t.actor.getSnapshot().children).filter((k) => k.startsWith('toast:'))).toEqual([]);
  });

  it('"update in place and de-duplicate by id"', () => {
    const t = setupToaster();
    t.toast.info('Connecting', { id: 'net' });
    t.toast.info('Connecting', { id: 'net' });
    t.toast.success('Connected', { id: 'net' });
    expect(t.ctx().items).toHaveLength(1);
    const ref = t.ctx().items[0]!.ref;
    expect(ref.getSnapshot().context).toMatchObject({ type: 'success', message: 'Connected', revision: 2 });
    expect(t.emitted.filter((e) => e.type === 'toast.updated')).toHaveLength(2);
  });

  it('"a maximum of visible toasts with the rest queued", shown in order as slots free', () => {
    const t = setupToaster({ maxVisible: 2 });
    const ids = ['1', '2', '3', '4'].map((m) => t.toast(m));
    expect(ids.map(t.state)).toEqual(['{"visible":"running"}', '{"visible":"running"}', 'queued', 'queued']);
    expect(Object.keys(t.actor.getSnapshot().children).filter((k) => k.startsWith('toast:'))).toHaveLength(2);
    expect(queuedToastCount(t.ctx())).toBe(2);
    t.toast.dismiss(ids[1]);
    expect(ids.map(t.state)).toEqual(['{"visible":"running"}', 'removed', '{"visible":"running"}', 'queued']);
    t.clock.increment(3000);
    expect(t.state(ids[3]!)).toBe('{"visible":"running"}');
    t.clock.increment(3000);
    expect(t.ctx().items).toHaveLength(0);
  });

  it('"a loading toast that stays until it is updated" and toast.promise', async () => {
    const t = setupToaster();
    let resolve!: (v: number) => void;
    const done = t.toast.promise(new Promise<number>((r) => (resolve = r)), {
      loading: 'Placing order',
      success: (n) => `Order ${n} placed`,
      error: 'Failed',
    });
    t.clock.increment(100_000);
    const ref = t.ctx().items[0]!.ref;
    expect(ref.getSnapshot().context).toMatchObject({ type: 'loading', message: 'Placing order' });
    resolve(7);
    await expect(done).resolves.toBe(7);
    expect(ref.getSnapshot().context).toMatchObject({ type: 'success', message: 'Order 7 placed' });
    t.clock.increment(3000);
    expect(t.ctx().items).toHaveLength(0);

    const failing = t.toast.promise(() => Promise.reject(new Error('nope')), {
      loading: 'x',
      success: 'y',
      error: (e) => (e as Error).message,
    });
    await expect(failing).rejects.toThrow('nope');
    expect(t.ctx().items[0]!.ref.getSnapshot().context).toMatchObject({ type: 'error', message: 'nope' });
  });

  it('"pause while the page is hidden" (from the visibility port) and while hovered', () => {
    const platform = memoryPlatform();
    const t = setupToaster({ visibility: platform.visibility, clock: { now: () => t.clock.now() } });
    const a = t.toast('a');
    t.clock.increment(1000);
    platform.setVisibility('hidden');
    t.clock.increment(60_000);
    expect(t.state(a)).toBe('{"visible":"paused"}');
    const b = t.toast('b');
    expect(t.state(b)).toBe('{"visible":"paused"}');
    platform.setVisibility('visible');
    t.actor.send({ type: 'POINTER_ENTER' });
    t.clock.increment(60_000);
    expect(t.state(a)).toBe('{"visible":"paused"}');
    t.actor.send({ type: 'POINTER_LEAVE' });
    t.clock.increment(1999);
    expect(t.state(a)).toBe('{"visible":"running"}');
    t.clock.increment(1);
    expect(t.state(a)).toBe('removed');
    t.clock.increment(1000);
    expect(t.state(b)).toBe('removed');
  });

  it('a queued toast is updated in place by id and can be dismissed before it shows', () => {
    const t = setupToaster({ maxVisible: 1 });
    t.toast('first');
    t.toast.loading('Sending', { id: 'send' });
    t.toast.success('Sent', { id: 'send' });
    t.toast('third', { id: 'third' });
    expect(
      t
        .ctx()
        .queue.toArray()
        .map((q) => [q.id, q.message, q.type]),
    ).toEqual([
      ['send', 'Sent', 'success'],
      ['third', 'third', undefined],
    ]);
    t.toast.dismiss('third');
    expect(t.emitted.at(-1)).toEqual({ type: 'toast.closed', id: 'third', reason: 'dismiss' });
    t.clock.increment(3000);
    expect(t.ctx().items[0]!.ref.getSnapshot().context).toMatchObject({ id: 'send', type: 'success', message: 'Sent' });
    expect(t.ctx().queue.size).toBe(0);
  });

  it('Escape closes the newest shown toast only; dismiss() closes all', () => {
    const t = setupToaster();
    const a = t.toast('a');
    const b = t.toast('b');
    t.actor.send({ type: 'ESCAPE' });
    expect([t.state(a), t.state(b)]).toEqual(['{"visible":"running"}', 'removed']);
    expect(t.emitted.at(-1)).toEqual({ type: 'toast.closed', id: b, reason: 'escape' });
    t.toast('c');
    t.toast('d');
    t.toast('e');
    t.toast('f');
    expect(t.ctx().queue.size).toBe(2);
    t.toast.dismiss();
    expect(t.ctx().items).toHaveLength(0);
    expect(t.ctx().queue.size).toBe(0);
  });
});

describe('toaster queue: bounded, oldest waiting toast gives way, one id dismissed without walking the queue', () => {
  it('a toast that only joins or leaves the queue still gives observers a new snapshot, with the new count', () => {
    const t = setupToaster({ maxVisible: 1 });
    t.toast('a');
    const full = t.actor.getSnapshot();
    const waiting = t.toast('b');
    const joined = t.actor.getSnapshot();
    expect(joined).not.toBe(full);
    expect(queuedToastCount(joined.context)).toBe(1);
    t.toast.dismiss(waiting);
    const left = t.actor.getSnapshot();
    expect(left).not.toBe(joined);
    expect(queuedToastCount(left.context)).toBe(0);
    // Dismissing an id that waits nowhere changes nothing, so no new snapshot either.
    t.toast.dismiss('nobody');
    expect(t.actor.getSnapshot()).toBe(left);
  });

  it('the default cap is 100 waiting toasts', () => {
    expect(TOAST_MAX_QUEUED).toBe(100);
    const t = setupToaster({ maxVisible: 1 });
    for (let i = 0; i < 101; i++) t.toast(`m${i}`, { id: `t${i}` });
    expect(t.ctx().queue.size).toBe(100);
    expect(t.ctx().queue.cap).toBe(100);
  });

  it('a full queue lets the oldest waiting toast go with reason overflow, then admits the new one at the back', () => {
    const t = setupToaster({ maxVisible: 1, maxQueued: 2 });
    t.toast('shown', { id: 's' });
    t.toast('q1', { id: 'q1' });
    t.toast('q2', { id: 'q2' });
    t.emitted.length = 0;
    t.toast('q3', { id: 'q3' });
    expect(t.emitted).toStrictEqual([
      { type: 'toast.closed', id: 'q1', reason: 'overflow' },
      { type: 'toast.added', id: 'q3' },
    ]);
    expect(
      t
        .ctx()
        .queue.toArray()
        .map((q) => q.id),
    ).toStrictEqual(['q2', 'q3']);
    expect(t.state('s')).toBe('{"visible":"running"}');
  });

  it('an update keeps a waiting toast in its place; dismissing one id leaves the order of the rest', () => {
    const t = setupToaster({ maxVisible: 1, maxQueued: 10 });
    t.toast('shown');
    for (const id of ['a', 'b', 'c', 'd']) t.toast(id, { id });
    t.toast.success('b done', { id: 'b' });
    t.toast.dismiss('c');
    expect(
      t
        .ctx()
        .queue.toArray()
        .map((q) => [q.id, q.message]),
    ).toStrictEqual([
      ['a', 'a'],
      ['b', 'b done'],
      ['d', 'd'],
    ]);
    t.toast.dismiss('not-there');
    expect(t.ctx().queue.size).toBe(3);
  });

  it('slots free in queue order after dismissals in the middle', () => {
    const t = setupToaster({ maxVisible: 1, maxQueued: 10 });
    const first = t.toast('first', { duration: 1000 });
    for (const id of ['a', 'b', 'c']) t.toast(id, { id, duration: 1000 });
    t.toast.dismiss('b');
    t.toast.dismiss(first);
    t.clock.increment(1);
    expect(t.ctx().items.map((i) => i.id)).toStrictEqual(['a']);
    t.clock.increment(1000);
    expect(t.ctx().items.map((i) => i.id)).toStrictEqual(['c']);
  });

  it('maxQueued must be a positive whole number or Infinity (InvalidArgumentError naming it)', () => {
    for (const value of [0, -1, 1.5, NaN, '3']) {
      let error: unknown;
      try {
        new ToastQueue(value as number);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'maxQueued', value });
    }
    expect(new ToastQueue(Infinity).cap).toBe(Infinity);
  });

  it('a long queue takes, updates and dismisses by id like a short one (model check over random operations)', () => {
    const drawn = inputClasses<{ op: string; size: number; cap: number; hit: boolean }>({
      'a push that drops the oldest': ({ op, size, cap }) => op === 'push' && size >= cap,
      'a dismissal of a queued id': ({ op, hit }) => op === 'delete' && hit,
      'a dismissal of an id not queued': ({ op, hit }) => op === 'delete' && !hit,
      'a take of more than is queued': ({ op, size, hit }) => op === 'take' && hit && size > 0,
      'a take from an empty queue': ({ op, size }) => op === 'take' && size === 0,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('push' as const), id: fc.integer({ min: 0, max: 12 }) }),
            fc.record({ op: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 12 }) }),
            fc.record({ op: fc.constant('take' as const), n: fc.integer({ min: 0, max: 3 }) }),
          ),
          { maxLength: 60 },
        ),
        (cap, ops) => {
          const queue = new ToastQueue(cap);
          let model: string[] = [];
          for (const step of ops) {
            drawn.see({
              op: step.op,
              size: model.length,
              cap,
              hit: step.op === 'delete' ? model.includes(`t${step.id}`) : step.op === 'take' && step.n > model.length,
            });
            if (step.op === 'push') {
              const id = `t${step.id}`;
              if (queue.has(id)) continue; // the toaster updates a known id instead of pushing it
              const dropped = queue.push({ id, message: id }).map((q) => q.id);
              const expectedDrop = model.length >= cap ? model.slice(0, model.length - cap + 1) : [];
              model = model.slice(expectedDrop.length).concat(id);
              expect(dropped).toStrictEqual(expectedDrop);
            } else if (step.op === 'delete') {
              const id = `t${step.id}`;
              expect(queue.delete(id)?.id).toBe(model.includes(id) ? id : undefined);
              model = model.filter((m) => m !== id);
            } else {
              expect(queue.take(step.n).map((q) => q.id)).toStrictEqual(model.slice(0, step.n));
              model = model.slice(step.n);
            }
            expect(queue.toArray().map((q) => q.id)).toStrictEqual(model);
            expect(queue.size).toBe(model.length);
          }
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('root toaster', () => {
  it('"an imperative toast.success(...) that works before any component mounts (one root actor)"', async () => {
    const { toast, rootToaster, configureRootToaster } = await import('../../machines/index.js');
    const clock = new SimulatedClock();
    configureRootToaster({ clock, input: { maxVisible: 5 } });
    const id = toast.success('Saved');
    const root = rootToaster();
    expect(rootToaster()).toBe(root);
    expect(root.getSnapshot().context.items.map((i) => i.id)).toEqual([id]);
    expect(root.getSnapshot().context.maxVisible).toBe(5);
    clock.increment(3000);
    expect(root.getSnapshot().context.items).toEqual([]);
    configureRootToaster({});
    expect(rootToaster()).not.toBe(root);
  });
});

describe('toaster contract: each malformed argument is an InvalidArgumentError with its message and field', () => {
  it('checkToasterInput names the field under input (or the name given), with what it must be', () => {
    expectInvalidArgument(
      thrownBy(() => checkToasterInput({ visibility: {} })),
      'toaster: input.visibility must be a visibility port, got an object',
      'input.visibility',
    );
    expectInvalidArgument(
      thrownBy(() => checkToasterInput({ duration: -1 })),
      'toaster: input.duration must be a number of ms up to 2^31 − 1, 0 or Infinity, got -1',
      'input.duration',
    );
    expectInvalidArgument(
      thrownBy(() => checkToasterInput({ duration: -1 }, 'options')),
      'toaster: options.duration must be a number of ms up to 2^31 − 1, 0 or Infinity, got -1',
      'options.duration',
    );
  });

  it('ToastQueue: a bad cap, a malformed toast or patch and a bad count each name the argument', () => {
    expectInvalidArgument(
      thrownBy(() => new ToastQueue(0)),
      'toaster: maxQueued must be a positive whole number or Infinity',
      'maxQueued',
    );
    const queue = new ToastQueue(5);
    expectInvalidArgument(
      thrownBy(() => queue.push({ id: 'a' } as never)),
      'ToastQueue.push: toast.message must be a string, got undefined',
      'toast.message',
    );
    queue.push({ id: 'a', message: 'a' });
    expectInvalidArgument(
      thrownBy(() => queue.update('a', { duration: -1 })),
      'ToastQueue.update: patch.duration must be a number of ms up to 2^31 − 1, 0 or Infinity, got -1',
      'patch.duration',
    );
    for (const count of [-1, Number.NaN, '1', undefined]) {
      const error = thrownBy(() => queue.take(count as number));
      expectInvalidArgument(error, 'ToastQueue.take: count must be a number from 0', 'count');
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'count', value: count });
    }
    expect(queue.toArray()).toStrictEqual([{ id: 'a', message: 'a' }]);
  });

  it('ToastQueue.update takes a patch without a message and keeps the rest of the toast', () => {
    const queue = new ToastQueue(5);
    queue.push({ id: 'a', message: 'Sending', type: 'loading' });
    expect(queue.update('a', { type: 'success' })).toBe(true);
    expect(queue.update('b', { type: 'success' })).toBe(false);
    expect(queue.toArray()).toStrictEqual([{ id: 'a', message: 'Sending', type: 'success' }]);
  });

  it('ToastQueue.push keeps a copy newToastOf checked as it is, and stores a checked copy of anything else', () => {
    const queue = new ToastQueue(5);
    const checked = newToastOf({ id: 'a', message: 'a' })!;
    queue.push(checked);
    const raw = { id: 'b', message: 'b', extra: 1 };
    queue.push(raw as never);
    const [first, second] = queue.toArray();
    expect(first).toBe(checked);
    expect(second).not.toBe(raw);
    expect(second).toStrictEqual({ id: 'b', message: 'b' });
  });

  it('ToastQueue.delete of an id that is not waiting gives undefined and leaves the queue', () => {
    const queue = new ToastQueue(5);
    queue.push({ id: 'a', message: 'a' });
    expect(queue.delete('b')).toBeUndefined();
    expect(queue.delete('a')).toStrictEqual({ id: 'a', message: 'a' });
    expect([queue.size, queue.has('a')]).toStrictEqual([0, false]);
  });

  it('toastPlacements names the malformed part of its context; queuedToastCount names a context without a queue', () => {
    expectInvalidArgument(
      thrownBy(() => toastPlacements({ top: 100, gap: 16 } as never)),
      'toastPlacements: context.items must be a list of shown toasts, got undefined',
      'context.items',
    );
    expectInvalidArgument(
      thrownBy(() => toastPlacements({ items: 'ab', top: 100, gap: 16 } as never)),
      'toastPlacements: context.items must be a list of shown toasts, got "ab"',
      'context.items',
    );
    for (const items of [[null], [{ id: 5, height: 0 }], [{ id: '', height: 0 }], [{ id: 'a', height: -1 }], [{ id: 'a' }]])
      expectInvalidArgument(
        thrownBy(() => toastPlacements({ items, top: 100, gap: 16 } as never)),
        'toastPlacements: context.items must be a list of shown toasts, got an array',
        'context.items',
      );
    expect(toastPlacements({ items: [{ id: 'a', height: 0, ref: 'r' }], top: 10, gap: 4 } as never)).toStrictEqual([
      { id: 'a', ref: 'r', offset: 10, index: 0 },
    ]);
    expectInvalidArgument(
      thrownBy(() => queuedToastCount({ queue: [] } as never)),
      "queuedToastCount: context must be a toaster's context",
      'context',
    );
  });
});

/** A layer stack that records when a branch is added and removed. */
function branchRecordingStack() {
  const real = createLayerStack(undefined);
  const branches: string[] = [];
  const stack = {
    push: (options: Parameters<LayerStack['push']>[0]) => real.push(options),
    addBranch: (node: () => Element | null | undefined) => {
      branches.push('add');
      const remove = real.addBranch(node);
      return () => {
        branches.push('remove');
        remove();
      };
    },
  } as unknown as LayerStack;
  return { real, stack, branches };
}

describe('toaster region and host', () => {
  it('the root region has the DOM id exkit-toasts unless the input names another', () => {
    expect(TOAST_REGION_ID).toBe('exkit-toasts');
    expect(createActor(toasterMachine, { input: {} }).start().getSnapshot().context.regionId).toBe('exkit-toasts');
    expect(
      createActor(toasterMachine, { input: { regionId: 'mine' } })
        .start()
        .getSnapshot().context.regionId,
    ).toBe('mine');
  });

  it('SET_HOST registers the region as a branch of the new stack, which stopping the toaster removes', () => {
    const { stack, branches } = branchRecordingStack();
    const actor = createActor(toasterMachine, { input: {} }).start();
    actor.send({ type: 'SET_HOST', stack });
    expect(branches).toStrictEqual(['add']);
    actor.stop();
    expect(branches).toStrictEqual(['add', 'remove']);
  });

  it('SET_HOST takes the host document when it brings one, and keeps the toaster own one when it does not', () => {
    const { stack } = branchRecordingStack();
    const dom = { window: {}, document: {} } as never;
    const bare = createActor(toasterMachine, { input: {} }).start();
    bare.send({ type: 'SET_HOST', stack, dom });
    expect(bare.getSnapshot().context.dom).toBe(dom);
    const own = { window: {}, document: {} } as never;
    const withDom = createActor(toasterMachine, { input: { dom: own } }).start();
    withDom.send({ type: 'SET_HOST', stack });
    expect([withDom.getSnapshot().context.stack, withDom.getSnapshot().context.dom]).toStrictEqual([stack, own]);
  });

  it('a malformed SET_HOST is not taken: the region keeps its branch and stays below a modal opened since', () => {
    const { real, stack, branches } = branchRecordingStack();
    const actor = createActor(toasterMachine, { input: { stack } }).start();
    actor.send({ type: 'ADD', toast: { id: 'a', message: 'a' } });
    const modal = real.push({});
    const malformed = { type: 'SET_HOST', stack: { push: 1 } } as never;
    expect(actor.getSnapshot().can(malformed)).toBe(false);
    actor.send(malformed);
    expect(modal.isTop()).toBe(true);
    expect(branches).toStrictEqual(['add']);
    expect(actor.getSnapshot().context.stack).toBe(stack);
  });
});

describe('toaster page visibility port', () => {
  it('a port that fails is reported as a UserCallbackError "visibility.changes failed"', () => {
    const reports: ErrorReport[] = [];
    const cause = new Error('port down');
    const visibility = {
      current: () => 'visible' as const,
      changes: { subscribe: (o: { error: (e: unknown) => void }) => (o.error(cause), { unsubscribe() {} }) },
    };
    createActor(toasterMachine, { input: { visibility: visibility as never, errors: { report: (r) => void reports.push(r) } } }).start();
    expect(reports.map((r) => [r.message, (r.error as Error).name, (r.error as UserCallbackError).cause])).toStrictEqual([
      ['visibility.changes failed', 'UserCallbackError', cause],
    ]);
  });

  it('stopping the toaster unsubscribes from the port', () => {
    const calls: string[] = [];
    const visibility = {
      current: () => 'visible' as const,
      changes: { subscribe: () => (calls.push('subscribe'), { unsubscribe: () => void calls.push('unsubscribe') }) },
    };
    const actor = createActor(toasterMachine, { input: { visibility: visibility as never } }).start();
    expect(calls).toStrictEqual(['subscribe']);
    actor.stop();
    expect(calls).toStrictEqual(['subscribe', 'unsubscribe']);
  });
});

describe('toaster actions: what each event changes and what it leaves alone', () => {
  it('a toast that has to wait leaves the shown list as it was (the same array, so a renderer memoised on it keeps it)', () => {
    const t = setupToaster({ maxVisible: 1 });
    t.toast('a', { id: 'a' });
    const shown = t.ctx().items;
    t.toast('b', { id: 'b' });
    expect(t.ctx().items).toBe(shown);
    expect(queuedToastCount(t.ctx())).toBe(1);
  });

  it('measuring a toast at the height it has keeps its item; another height replaces it', () => {
    const t = setupToaster();
    t.toast('a', { id: 'a' });
    t.actor.send({ type: 'MEASURED', id: 'a', height: 40 });
    const item = t.ctx().items[0];
    t.actor.send({ type: 'MEASURED', id: 'a', height: 40 });
    expect(t.ctx().items[0]).toBe(item);
    t.actor.send({ type: 'MEASURED', id: 'a', height: 41 });
    expect(t.ctx().items[0]).not.toBe(item);
    expect(t.ctx().items[0]!.height).toBe(41);
  });

  it('the page stays hidden through pointer events, and the pointer stays in through page events', () => {
    const t = setupToaster();
    const a = t.toast('a');
    t.actor.send({ type: 'PAGE_HIDDEN' });
    t.actor.send({ type: 'POINTER_ENTER' });
    t.actor.send({ type: 'POINTER_LEAVE' });
    expect([t.ctx().pageHidden, t.ctx().hovered, t.state(a)]).toStrictEqual([true, false, '{"visible":"paused"}']);
    t.actor.send({ type: 'POINTER_ENTER' });
    t.actor.send({ type: 'PAGE_VISIBLE' });
    expect([t.ctx().pageHidden, t.ctx().hovered, t.state(a)]).toStrictEqual([false, true, '{"visible":"paused"}']);
  });

  it('the toasts hear PAUSE and RESUME only when the toaster starts or stops being paused', () => {
    const sent: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(toasterMachine, {
      input: {},
      clock,
      inspect: (ev) => {
        const id = (ev.actorRef as AnyActorRef).id;
        if (ev.type === '@xstate.event' && id.startsWith('toast:') && /^(PAUSE|RESUME)$/.test(ev.event.type))
          sent.push(`${id} ${ev.event.type}`);
      },
    }).start();
    actor.send({ type: 'ADD', toast: { id: 'a', message: 'a' } });
    for (const type of [
      'POINTER_LEAVE',
      'PAGE_VISIBLE',
      'POINTER_ENTER',
      'PAGE_HIDDEN',
      'POINTER_LEAVE',
      'POINTER_LEAVE',
      'PAGE_VISIBLE',
    ] as const)
      actor.send({ type });
    expect(sent).toStrictEqual(['toast:a PAUSE', 'toast:a RESUME']);
  });

  it('a done event of a finished toast closes it and adds nothing, whatever else it carries', () => {
    const t = setupToaster();
    t.toast('a', { id: 'a', duration: 1000 });
    const ref = t.ctx().items[0]!.ref;
    // Sent at the moment the toast has finished but before the toaster has heard of it, so the done event counts.
    const forged = { type: 'xstate.done.actor.toast:a', output: { id: 'a', reason: 'timeout' }, toast: { id: 'z', message: 'z' } };
    ref.subscribe((snapshot) => {
      if (snapshot.status === 'done') t.actor.send(forged as never);
    });
    t.emitted.length = 0;
    t.clock.increment(1000);
    expect(t.emitted).toStrictEqual([{ type: 'toast.closed', id: 'a', reason: 'timeout' }]);
    expect([t.ctx().items, t.ctx().queue.size]).toStrictEqual([[], 0]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The toaster's table (spec §B4, §B9). One state, `active`: what an event does depends on which toasts are shown
// or waiting, so the table's states are the toaster with none, one, a full stack of two with one waiting, and one
// shown while hovered. Toasts last 1000 ms. Effects: each shown toast (its actor's state, layer, message, revision,
// paused flag and measured height), the waiting line, the children, how many were shown, and the pause flags.
function startToaster(config: unknown): TableRun {
  return startRun(toasterMachine, { maxVisible: 2, duration: 1000, layers: createLayerCounter(), ...(config as object) });
}
function toasterEffects(run: TableRun) {
  const { context, children } = run.actor.getSnapshot() as ToasterSnapshot;
  return {
    shown: context.items.map((item) => {
      const child = item.ref.getSnapshot();
      return {
        id: item.id,
        height: item.height,
        value: child.value,
        zIndex: child.context.zIndex,
        message: child.context.message,
        revision: child.context.revision,
        paused: child.context.paused,
      };
    }),
    waiting: context.queue.toArray().map((t) => [t.id, t.message]),
    // The toast actors and the region's effects (the page-visibility listener is a child too).
    children: Object.keys(children)
      .filter((key) => key.startsWith('toast:') || key.startsWith('region'))
      .sort(),
    shownCount: context.shownCount,
    pageHidden: context.pageHidden,
    hovered: context.hovered,
  };
}
type ToasterEffects = ReturnType<typeof toasterEffects>;
type Shown = ToasterEffects['shown'][number];
const RUNNING_T = { visible: 'running' } as const;
const PAUSED_T = { visible: 'paused' } as const;
const shownToast = (id: string, zIndex: number, more: Partial<Shown> = {}): Shown => ({
  id,
  height: 0,
  value: RUNNING_T,
  zIndex,
  message: id,
  revision: 0,
  paused: false,
  ...more,
});
const toasts = (shown: Shown[], waiting: string[][], shownCount: number, flags: { pageHidden?: boolean; hovered?: boolean } = {}) => ({
  shown,
  waiting,
  // The region's branch lives as long as the toaster; its layer while any toast is shown.
  children: [...shown.map((s) => `toast:${s.id}`), 'regionBranch', ...(shown.length > 0 ? ['regionLayer'] : [])].sort(),
  shownCount,
  pageHidden: flags.pageHidden ?? false,
  hovered: flags.hovered ?? false,
});
const added = (id: string) => ({ type: 'toast.added', id });
const updated = (id: string) => ({ type: 'toast.updated', id });
const closedT = (id: string, reason: string) => ({ type: 'toast.closed', id, reason });
const P = { value: PAUSED_T, paused: true };

type ToasterState = 'none' | 'a shown' | 'a, b shown, c waiting' | 'a shown, hovered';
type ToasterTableEvent =
  | 'ADD a'
  | 'ADD c'
  | 'ADD (malformed)'
  | 'UPDATE a'
  | 'UPDATE c'
  | 'UPDATE (malformed)'
  | 'UPDATE (malformed id)'
  | 'DISMISS'
  | 'DISMISS a'
  | 'DISMISS c'
  | 'DISMISS (malformed)'
  | 'ESCAPE'
  | 'MEASURED a 40'
  | 'MEASURED (malformed)'
  | 'PAGE_HIDDEN'
  | 'PAGE_VISIBLE'
  | 'POINTER_ENTER'
  | 'POINTER_LEAVE'
  | 'wait 1000'
  | 'forged done of a';
const MALFORMED = [
  'ADD (malformed)',
  'UPDATE (malformed)',
  'UPDATE (malformed id)',
  'DISMISS (malformed)',
  'MEASURED (malformed)',
  'forged done of a',
] as const;

describeTransitionTable<ToasterState, ToasterTableEvent>({
  name: 'toaster transition table (spec §B4, §B9: at most maxVisible shown, the rest wait in order; paused while hidden or hovered)',
  start: startToaster,
  effects: toasterEffects,
  states: {
    // The region is a layer while toasts are shown (active.shown) and not while none is (active.empty).
    none: { value: { active: 'empty' }, input: {} },
    'a shown': { value: { active: 'shown' }, input: {}, path: ['ADD a'] },
    'a, b shown, c waiting': {
      value: { active: 'shown' },
      input: {},
      path: ['ADD a', { type: 'ADD', toast: { id: 'b', message: 'b' } }, 'ADD c'],
    },
    'a shown, hovered': { value: { active: 'shown' }, input: {}, path: ['ADD a', 'POINTER_ENTER'] },
  },
  events: {
    'ADD a': { type: 'ADD', toast: { id: 'a', message: 'a' } },
    'ADD c': { type: 'ADD', toast: { id: 'c', message: 'c' } },
    'ADD (malformed)': { type: 'ADD', toast: { id: 'x' } },
    'UPDATE a': { type: 'UPDATE', id: 'a', patch: { message: 'a2' } },
    'UPDATE c': { type: 'UPDATE', id: 'c', patch: { message: 'c2' } },
    'UPDATE (malformed)': { type: 'UPDATE', id: 'a', patch: { duration: -1 } },
    'UPDATE (malformed id)': { type: 'UPDATE', id: 5, patch: { message: 'x' } },
    DISMISS: { type: 'DISMISS' },
    'DISMISS a': { type: 'DISMISS', id: 'a' },
    'DISMISS c': { type: 'DISMISS', id: 'c' },
    'DISMISS (malformed)': { type: 'DISMISS', id: 5 },
    ESCAPE: { type: 'ESCAPE' },
    'MEASURED a 40': { type: 'MEASURED', id: 'a', height: 40 },
    'MEASURED (malformed)': { type: 'MEASURED', id: 'a', height: Number.NaN },
    PAGE_HIDDEN: { type: 'PAGE_HIDDEN' },
    PAGE_VISIBLE: { type: 'PAGE_VISIBLE' },
    POINTER_ENTER: { type: 'POINTER_ENTER' },
    POINTER_LEAVE: { type: 'POINTER_LEAVE' },
    'wait 1000': { advance: 1000 },
    'forged done of a': { type: 'xstate.done.actor.toast:a', output: { id: 'a', reason: 'timeout' } },
  },
  rows: [
    // A target names the state's value (the region is a layer or not); the effects cell says which toasts are up.
    ['none', 'ADD a', 'a shown', [added('a')], toasts([shownToast('a', 2001)], [], 1)],
    ['none', 'ADD c', 'a shown', [added('c')], toasts([shownToast('c', 2001)], [], 1)],
    ['none', 'PAGE_HIDDEN', 'none', [], toasts([], [], 0, { pageHidden: true })],
    ['none', 'POINTER_ENTER', 'none', [], toasts([], [], 0, { hovered: true })],

    // Adding a shown id updates it in place (its timer restarts).
    ['a shown', 'ADD a', 'a shown', [updated('a')], toasts([shownToast('a', 2001, { revision: 1 })], [], 1)],
    ['a shown', 'ADD c', 'a shown', [added('c')], toasts([shownToast('a', 2001), shownToast('c', 2002)], [], 2)],
    ['a shown', 'UPDATE a', 'a shown', [updated('a')], toasts([shownToast('a', 2001, { message: 'a2', revision: 1 })], [], 1)],
    ['a shown', 'DISMISS', 'none', [closedT('a', 'dismiss')], toasts([], [], 1)],
    ['a shown', 'DISMISS a', 'none', [closedT('a', 'dismiss')], toasts([], [], 1)],
    ['a shown', 'ESCAPE', 'none', [closedT('a', 'escape')], toasts([], [], 1)],
    ['a shown', 'MEASURED a 40', 'a shown', [], toasts([shownToast('a', 2001, { height: 40 })], [], 1)],
    ['a shown', 'PAGE_HIDDEN', 'a shown', [], toasts([shownToast('a', 2001, P)], [], 1, { pageHidden: true })],
    ['a shown', 'POINTER_ENTER', 'a shown', [], toasts([shownToast('a', 2001, P)], [], 1, { hovered: true })],
    ['a shown', 'wait 1000', 'none', [closedT('a', 'timeout')], toasts([], [], 1)],

    // Full: a waiting toast is updated in its place, leaves first on a dismiss, and shows when a slot frees.
    [
      'a, b shown, c waiting',
      'ADD a',
      'a, b shown, c waiting',
      [updated('a')],
      toasts([shownToast('a', 2001, { revision: 1 }), shownToast('b', 2002)], [['c', 'c']], 2),
    ],
    [
      'a, b shown, c waiting',
      'ADD c',
      'a, b shown, c waiting',
      [updated('c')],
      toasts([shownToast('a', 2001), shownToast('b', 2002)], [['c', 'c']], 2),
    ],
    [
      'a, b shown, c waiting',
      'UPDATE a',
      'a, b shown, c waiting',
      [updated('a')],
      toasts([shownToast('a', 2001, { message: 'a2', revision: 1 }), shownToast('b', 2002)], [['c', 'c']], 2),
    ],
    [
      'a, b shown, c waiting',
      'UPDATE c',
      'a, b shown, c waiting',
      [updated('c')],
      toasts([shownToast('a', 2001), shownToast('b', 2002)], [['c', 'c2']], 2),
    ],
    [
      'a, b shown, c waiting',
      'DISMISS',
      'none',
      [closedT('c', 'dismiss'), closedT('a', 'dismiss'), closedT('b', 'dismiss')],
      toasts([], [], 2),
    ],
    [
      'a, b shown, c waiting',
      'DISMISS a',
      'a, b shown, c waiting',
      [closedT('a', 'dismiss')],
      toasts([shownToast('b', 2002), shownToast('c', 2003)], [], 3),
    ],
    [
      'a, b shown, c waiting',
      'DISMISS c',
      'a, b shown, c waiting',
      [closedT('c', 'dismiss')],
      toasts([shownToast('a', 2001), shownToast('b', 2002)], [], 2),
    ],
    [
      'a, b shown, c waiting',
      'ESCAPE',
      'a, b shown, c waiting',
      [closedT('b', 'escape')],
      toasts([shownToast('a', 2001), shownToast('c', 2003)], [], 3),
    ],
    [
      'a, b shown, c waiting',
      'MEASURED a 40',
      'a, b shown, c waiting',
      [],
      toasts([shownToast('a', 2001, { height: 40 }), shownToast('b', 2002)], [['c', 'c']], 2),
    ],
    [
      'a, b shown, c waiting',
      'PAGE_HIDDEN',
      'a, b shown, c waiting',
      [],
      toasts([shownToast('a', 2001, P), shownToast('b', 2002, P)], [['c', 'c']], 2, { pageHidden: true }),
    ],
    [
      'a, b shown, c waiting',
      'POINTER_ENTER',
      'a, b shown, c waiting',
      [],
      toasts([shownToast('a', 2001, P), shownToast('b', 2002, P)], [['c', 'c']], 2, { hovered: true }),
    ],
    [
      'a, b shown, c waiting',
      'wait 1000',
      'a, b shown, c waiting',
      [closedT('a', 'timeout'), closedT('b', 'timeout')],
      toasts([shownToast('c', 2003)], [], 3),
    ],

    // Hovered: shown toasts are paused, a new one starts paused, leaving resumes them.
    [
      'a shown, hovered',
      'ADD a',
      'a shown, hovered',
      [updated('a')],
      toasts([shownToast('a', 2001, { ...P, revision: 1 })], [], 1, { hovered: true }),
    ],
    [
      'a shown, hovered',
      'ADD c',
      'a shown, hovered',
      [added('c')],
      toasts([shownToast('a', 2001, P), shownToast('c', 2002, P)], [], 2, { hovered: true }),
    ],
    [
      'a shown, hovered',
      'UPDATE a',
      'a shown, hovered',
      [updated('a')],
      toasts([shownToast('a', 2001, { ...P, message: 'a2', revision: 1 })], [], 1, { hovered: true }),
    ],
    ['a shown, hovered', 'DISMISS', 'none', [closedT('a', 'dismiss')], toasts([], [], 1, { hovered: true })],
    ['a shown, hovered', 'DISMISS a', 'none', [closedT('a', 'dismiss')], toasts([], [], 1, { hovered: true })],
    ['a shown, hovered', 'ESCAPE', 'none', [closedT('a', 'escape')], toasts([], [], 1, { hovered: true })],
    [
      'a shown, hovered',
      'MEASURED a 40',
      'a shown, hovered',
      [],
      toasts([shownToast('a', 2001, { ...P, height: 40 })], [], 1, { hovered: true }),
    ],
    [
      'a shown, hovered',
      'PAGE_HIDDEN',
      'a shown, hovered',
      [],
      toasts([shownToast('a', 2001, P)], [], 1, { hovered: true, pageHidden: true }),
    ],
    ['a shown, hovered', 'POINTER_LEAVE', 'a shown, hovered', [], toasts([shownToast('a', 2001)], [], 1)],
  ],
  ignored: {
    none: [...MALFORMED, 'wait 1000'],
    'a shown': [...MALFORMED],
    'a, b shown, c waiting': [...MALFORMED],
    'a shown, hovered': [...MALFORMED, 'wait 1000'],
  },
  // Well-formed events about toasts that are not there, and pause flags already set, change nothing.
  absorbed: {
    none: ['UPDATE a', 'UPDATE c', 'DISMISS', 'DISMISS a', 'DISMISS c', 'ESCAPE', 'MEASURED a 40', 'PAGE_VISIBLE', 'POINTER_LEAVE'],
    'a shown': ['UPDATE c', 'DISMISS c', 'PAGE_VISIBLE', 'POINTER_LEAVE'],
    'a, b shown, c waiting': ['PAGE_VISIBLE', 'POINTER_LEAVE'],
    'a shown, hovered': ['UPDATE c', 'DISMISS c', 'PAGE_VISIBLE', 'POINTER_ENTER'],
  },
});
