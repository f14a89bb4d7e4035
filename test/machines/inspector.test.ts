// The inspection core of exkit/inspector, on the library's own machines: what it records per actor (state,
// events, transitions, context changes, accepted events), its bounds, and that nothing an actor or a
// listener does reaches the app.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import { UserCallbackError } from '../../core/errors/guard-callback.js';
import type { ErrorReporter } from '../../core/platform/types.js';
import { buttonMachine } from '../../machines/button.machine.js';
import { toastMachine } from '../../machines/toast.machine.js';
import { signingInitMachine } from '../../machines/signing-init.machine.js';
import {
  acceptedEvents,
  activeStatePaths,
  createInspector,
  DEFAULT_DIFF_DEPTH,
  DEFAULT_LOG_LIMIT,
  MAX_INSPECTOR_LIMIT,
  DEFAULT_DIFF_LIMIT,
  diffContext,
  fitToWidth,
  MAX_PREVIEW_LENGTH,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  previewValue,
  zoomAt,
  zoomTo,
} from '../../machines/inspector/index.js';
import { eventOfTransitionLabel } from '../../machines/inspector/accepted-events.js';
import { watchProblem } from '../../machines/inspector/inspector.js';
import { centreOn, initialScale, showsWhole, wheelFactor } from '../../machines/inspector/viewport.js';
import { fieldOf, messageOf } from '../support/invalid-argument.js';
import { inputClasses } from '../support/input-classes.js';

function reporter() {
  const reports: Array<{ event: string; error?: unknown }> = [];
  const errors = { report: (r: { event: string; error?: unknown }) => void reports.push(r) } as unknown as ErrorReporter;
  return { errors, reports };
}

/** The field an InvalidArgumentError thrown by `run` names (fails the test when it throws anything else). */
const viewOf = (inspector: ReturnType<typeof createInspector>, name: string) => inspector.views().find((v) => v.name === name)!;

describe('inspector: what it records', () => {
  it('records each event an actor receives with the transitions taken and the state before and after', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    actor.send({ type: 'DISABLE' });
    const view = viewOf(inspector, 'button');
    expect(view.recording).toBe('inspect');
    expect(view.value).toEqual({ activity: 'idle', availability: 'disabled' });
    expect(view.activeStates).toEqual(['activity', 'activity.idle', 'availability', 'availability.disabled']);
    expect(view.log).toHaveLength(1);
    expect(view.log[0]).toMatchObject({
      seq: 1,
      eventType: 'DISABLE',
      payload: '',
      from: { activity: 'idle', availability: 'enabled' },
      to: { activity: 'idle', availability: 'disabled' },
      transitions: [{ eventType: 'DISABLE', source: 'availability.enabled', targets: ['availability.disabled'] }],
    });
  });

  it('records an event no transition takes, with no transitions and no changes', () => {
    const actor = createActor(buttonMachine, { input: { disabled: true } }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    actor.send({ type: 'CLICK' });
    expect(viewOf(inspector, 'button').log.map((e) => [e.eventType, e.transitions.length, e.changes.length])).toEqual([['CLICK', 0, 0]]);
  });

  it('records the context changes of a transition as paths with previews', () => {
    const actor = createActor(toastMachine, { input: { id: 't', message: 'first' } }).start();
    const inspector = createInspector();
    inspector.watch('toast', actor);
    actor.send({ type: 'UPDATE', patch: { message: 'second' } });
    const [entry] = viewOf(inspector, 'toast').log;
    expect(entry!.payload).toBe('{patch: {message: "second"}}');
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { path: 'message', kind: 'changed', before: '"first"', after: '"second"' },
        { path: 'revision', kind: 'changed', before: '0', after: '1' },
      ]),
    );
  });

  it('records eventless (always) microsteps of one event in the same entry', () => {
    const actor = createActor(toastMachine, { input: { id: 't', message: '' } });
    const inspector = createInspector();
    inspector.watch('toast', actor);
    actor.start();
    actor.send({ type: 'SHOW', zIndex: 3 });
    const entry = viewOf(inspector, 'toast').log.at(-1)!;
    expect(entry.eventType).toBe('SHOW');
    expect(entry.transitions.map((t) => `${t.source}->${t.targets.join(',')}`)).toEqual([
      'hidden->visible',
      'visible.deciding->visible.running',
    ]);
    expect(entry.changes).toContainEqual({ path: 'zIndex', kind: 'changed', before: '0', after: '3' });
    actor.stop();
  });

  it('lists the events the current state accepts, with whether a bare event would be taken now', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    expect(viewOf(inspector, 'button').accepted).toEqual([
      { type: 'CLICK', enabled: true },
      { type: 'DISABLE', enabled: true },
      { type: 'START_LOADING', enabled: true },
    ]);
    actor.send({ type: 'DISABLE' });
    expect(viewOf(inspector, 'button').accepted).toEqual([
      { type: 'CLICK', enabled: false },
      { type: 'ENABLE', enabled: true },
      { type: 'START_LOADING', enabled: true },
    ]);
  });

  it("accepted events leave out XState's own events and wildcards, and a stopped actor accepts none", () => {
    const actor = createActor(signingInitMachine, { input: {} }).start();
    const types = acceptedEvents(actor.getSnapshot()).map((e) => e.type);
    expect(types.length).toBeGreaterThan(0);
    expect(types.some((t) => t.startsWith('xstate.') || t.includes('*'))).toBe(false);
    actor.stop();
    expect(acceptedEvents(actor.getSnapshot())).toEqual([]);
    expect(acceptedEvents(undefined)).toEqual([]);
  });

  it('keeps at most logLimit entries, dropping the oldest', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector({ logLimit: 3 });
    inspector.watch('button', actor);
    for (let i = 0; i < 5; i++) actor.send({ type: i % 2 ? 'ENABLE' : 'DISABLE' });
    expect(viewOf(inspector, 'button').log.map((e) => e.seq)).toEqual([3, 4, 5]);
    inspector.clearLog('button');
    expect(viewOf(inspector, 'button').log).toEqual([]);
  });

  it('an actor without inspection (no system.inspect) is recorded from its snapshots, the event unknown', () => {
    const real = createActor(buttonMachine, { input: {} }).start();
    const bare = {
      id: 'bare',
      send: real.send.bind(real),
      subscribe: real.subscribe.bind(real),
      getSnapshot: real.getSnapshot.bind(real),
    } as unknown as AnyActorRef;
    const inspector = createInspector();
    inspector.watch('bare', bare);
    real.send({ type: 'DISABLE' });
    const view = viewOf(inspector, 'bare');
    expect(view.recording).toBe('subscribe');
    expect(view.log.map((e) => [e.eventType, e.to])).toEqual([['(unknown)', { activity: 'idle', availability: 'disabled' }]]);
  });

  it('shows the final status of a stopped actor', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    actor.stop();
    expect(viewOf(inspector, 'button').status).toBe('stopped');
    expect(viewOf(inspector, 'button').accepted).toEqual([]);
  });

  it('views() keeps its identity until something changes (a store React can read), and unwatch stops recording', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    const first = inspector.views();
    expect(inspector.views()).toBe(first);
    actor.send({ type: 'DISABLE' });
    expect(inspector.views()).not.toBe(first);
    inspector.unwatch('button');
    expect(inspector.views()).toEqual([]);
    const listener = vi.fn();
    inspector.subscribe(listener);
    actor.send({ type: 'ENABLE' });
    expect(listener).not.toHaveBeenCalled();
  });

  it("views() is a new array only when a shown view changed: a child actor's events leave it and the listeners alone", () => {
    // A parent whose invoked child counts events sent to it directly: the system reports each of them, but the
    // watched parent's state, events and log stay the same.
    const counter = setup({ types: { events: {} as { type: 'TICK' } } }).createMachine({
      context: { ticks: 0 },
      on: { TICK: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) } },
    });
    const parent = setup({ actors: { counter } }).createMachine({
      initial: 'watching',
      states: {
        watching: { invoke: { src: 'counter', id: 'counter', systemId: 'counter' }, on: { STOP: 'stopped' } },
        stopped: {},
      },
    });
    const actor = createActor(parent).start();
    const inspector = createInspector();
    inspector.watch('parent', actor);
    const arrays = new Set<unknown>([inspector.views()]);
    let calls = 0;
    inspector.subscribe(() => {
      calls++;
      arrays.add(inspector.views());
    });
    const child = actor.system.get('counter')!;
    for (let i = 0; i < 100; i++) child.send({ type: 'TICK' });
    expect((child.getSnapshot() as { context: { ticks: number } }).context.ticks).toBe(100);
    expect(calls).toBe(0);
    expect(arrays.size).toBe(1);
    // An event of the parent itself changes its view once: one new array, one call.
    actor.send({ type: 'STOP' });
    expect(calls).toBe(1);
    expect(arrays.size).toBe(2);
    expect(viewOf(inspector, 'parent').activeStates).toEqual(['stopped']);
    // Clearing an empty log shows nothing new either.
    inspector.clearLog('parent');
    expect(calls).toBe(2);
    inspector.clearLog('parent');
    expect(calls).toBe(2);
  });
});

describe('inspector: sending', () => {
  it('sends an event through the actor', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    expect(inspector.send('button', { type: 'START_LOADING' })).toEqual({ ok: true, value: undefined });
    expect(actor.getSnapshot().value).toEqual({ activity: 'loading', availability: 'enabled' });
  });

  it('an unknown name or a malformed event is an InvalidArgumentError naming the field', () => {
    const inspector = createInspector();
    inspector.watch('button', createActor(buttonMachine, { input: {} }).start());
    expect(fieldOf(() => inspector.send('nobody', { type: 'CLICK' }))).toBe('name');
    expect(fieldOf(() => inspector.send('button', { type: '' }))).toBe('event');
    expect(fieldOf(() => inspector.send('button', null as never))).toBe('event');
  });

  it('an actor whose send throws gives { ok: false } with a UserCallbackError, reported, not thrown', () => {
    const real = createActor(buttonMachine, { input: {} }).start();
    const hostile = Object.assign(Object.create(real) as object, {
      send: () => {
        throw new Error('boom');
      },
    }) as unknown as AnyActorRef;
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    inspector.watch('hostile', hostile);
    const result = inspector.send('hostile', { type: 'CLICK' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(UserCallbackError);
    expect(reports).toHaveLength(1);
  });
});

describe('inspector: guarded', () => {
  it('a throwing listener is reported and neither stops the actor nor the other listeners', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    inspector.watch('button', actor);
    const good = vi.fn();
    inspector.subscribe(() => {
      throw new Error('listener bug');
    });
    inspector.subscribe(good);
    actor.send({ type: 'DISABLE' });
    actor.send({ type: 'ENABLE' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toEqual({ activity: 'idle', availability: 'enabled' });
    expect(good).toHaveBeenCalled();
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => r.error instanceof UserCallbackError)).toBe(true);
  });

  it('an actor whose snapshot, system and subscribe throw is watched with the problem named, and the app goes on', () => {
    const boom = () => {
      throw new Error('hostile');
    };
    const hostile = new Proxy(
      { send: () => undefined, subscribe: boom, getSnapshot: boom },
      {
        get(target, key) {
          if (key === 'system' || key === 'id' || key === 'logic') boom();
          return (target as Record<PropertyKey, unknown>)[key];
        },
      },
    ) as unknown as AnyActorRef;
    const inspector = createInspector();
    expect(() => inspector.watch('hostile', hostile)).not.toThrow();
    const view = viewOf(inspector, 'hostile');
    expect(view.recording).toBe('none');
    expect(view.status).toBe('unknown');
    expect(view.problem).toMatch(/subscribe threw/);
  });

  it('a context whose keys cannot be read counts as changed, marked unreadable, without a throw', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    expect(diffContext({ a: 1 }, trap).changes).toEqual([{ path: '', kind: 'changed', before: '{a: 1}', after: '(unreadable)' }]);
  });

  it('a revoked proxy, null or a plain object is not an actor: InvalidArgumentError naming actor', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const inspector = createInspector();
    for (const bad of [proxy, null, {}, 'actor']) {
      expect(fieldOf(() => inspector.watch('x', bad as never))).toBe('actor');
    }
    expect(fieldOf(() => inspector.watch('', createActor(buttonMachine, { input: {} })))).toBe('name');
  });

  it('limits out of range are InvalidArgumentErrors naming the option', () => {
    for (const logLimit of [0, -1, 1.5, Number.NaN, 10_001, '5']) {
      expect(fieldOf(() => createInspector({ logLimit: logLimit as number }))).toBe('logLimit');
    }
    expect(fieldOf(() => createInspector({ diffLimit: 0 }))).toBe('diffLimit');
  });
});

describe('context diff', () => {
  it('names added, removed and changed paths in objects and arrays', () => {
    const { changes, truncated } = diffContext({ a: 1, b: { c: [1, 2] }, gone: true }, { a: 2, b: { c: [1, 3, 4] }, 'odd key': null });
    expect(truncated).toBe(false);
    expect(changes).toEqual([
      { path: 'a', kind: 'changed', before: '1', after: '2' },
      { path: 'b.c[1]', kind: 'changed', before: '2', after: '3' },
      { path: 'b.c[2]', kind: 'added', after: '4' },
      { path: 'gone', kind: 'removed', before: 'true' },
      { path: '["odd key"]', kind: 'added', after: 'null' },
    ]);
  });

  it('keeps at most `limit` changes and says it cut the rest', () => {
    const before = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i + 1]));
    const diff = diffContext(before, after, { limit: 4 });
    expect(diff.changes).toHaveLength(4);
    expect(diff.truncated).toBe(true);
  });

  it('compares actor refs and class instances by identity and shows them by name', () => {
    const ref = createActor(buttonMachine, { input: {}, id: 'child' });
    expect(diffContext({ child: undefined }, { child: ref }).changes).toEqual([
      { path: 'child', kind: 'changed', before: 'undefined', after: 'ActorRef(child)' },
    ]);
    expect(diffContext({ at: new Date(0) }, { at: new Date(0) }).changes).toHaveLength(1);
  });

  it('survives cycles and deep values', () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    const b: Record<string, unknown> = { n: 2 };
    b.self = b;
    const diff = diffContext(a, b);
    expect(diff.changes[0]).toEqual({ path: 'n', kind: 'changed', before: '1', after: '2' });
    expect(previewValue(a)).toBe('{n: 1, self: (cycle)}');
  });

  it('property: no changes exactly when the two JSON values are deeply equal', () => {
    // Two values apart, a value and its copy, and a value beside a copy with one leaf changed.
    const changeOneLeaf = (value: unknown, pick: number): unknown => {
      if (Array.isArray(value) && value.length > 0) {
        const i = pick % value.length;
        return value.map((item, at) => (at === i ? changeOneLeaf(item, pick >> 1) : item));
      }
      if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
        const keys = Object.keys(value);
        const key = keys[pick % keys.length]!;
        return { ...value, [key]: changeOneLeaf((value as Record<string, unknown>)[key], pick >> 1) };
      }
      return value === 0 ? 1 : 0;
    };
    const pair = fc.oneof(
      fc.tuple(fc.jsonValue(), fc.jsonValue()),
      fc.jsonValue().map((a) => [a, structuredClone(a)] as const),
      fc.tuple(fc.jsonValue(), fc.nat()).map(([a, pick]) => [a, changeOneLeaf(a, pick)] as const),
    );
    const drawn = inputClasses<readonly [unknown, unknown]>({
      'equal values': ([a, b]) => isDeepStrictEqual(a, b),
      'one leaf changed deep inside': ([a, b]) => !isDeepStrictEqual(a, b) && typeof a === 'object' && a !== null && typeof b === 'object',
      'values of different types': ([a, b]) => typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b),
    });
    fc.assert(
      fc.property(pair, ([a, b]) => {
        drawn.see([a, b]);
        const diff = diffContext(a, b, { limit: 10_000, depth: 1_000 });
        expect(diff.changes.length === 0).toBe(isDeepStrictEqual(a, b));
        expect(diffContext(a, structuredClone(a), { limit: 10_000, depth: 1_000 }).changes).toEqual([]);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('previews are bounded and never throw', () => {
    const drawn = inputClasses<unknown>({
      'an object': (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
      'an array': (v) => Array.isArray(v),
      'a long value cut': (v) => {
        try {
          return JSON.stringify(v)?.length > 160;
        } catch {
          return false;
        }
      },
    });
    fc.assert(
      fc.property(fc.anything(), (value) => {
        drawn.see(value);
        expect(previewValue(value).length).toBeLessThanOrEqual(160);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
    expect(previewValue('x'.repeat(1000)).length).toBeLessThanOrEqual(160);
  });
});

describe('active state paths', () => {
  it('lists parents first, for nested and parallel values', () => {
    expect(activeStatePaths({ visible: 'running' })).toEqual(['visible', 'visible.running']);
    expect(activeStatePaths('hidden')).toEqual(['hidden']);
    expect(activeStatePaths(null)).toEqual([]);
  });
});

describe('viewport', () => {
  it('zooming keeps the point under the pointer where it is', () => {
    const view = zoomAt({ scale: 1, x: 10, y: 20 }, 2, 110, 70);
    // The diagram point under (110, 70) was (100, 50); it must still be there.
    expect([100 * view.scale + view.x, 50 * view.scale + view.y]).toEqual([110, 70]);
    expect(view.scale).toBe(2);
  });

  it('zoomTo sets the scale exactly (1:1 after any zoom is exactly 1), keeping the anchor point in place', () => {
    let view = { scale: 1, x: 0, y: 0 };
    for (let i = 0; i < 7; i++) view = zoomAt(view, 1.25, 50, 50);
    const actual = zoomTo(view, 1, 200, 100);
    expect(actual.scale).toBe(1);
    const anchor = [(200 - view.x) / view.scale, (100 - view.y) / view.scale];
    expect(anchor[0]! * actual.scale + actual.x).toBeCloseTo(200, 9);
    expect(anchor[1]! * actual.scale + actual.y).toBeCloseTo(100, 9);
  });

  it('zoom is clamped and ignores non-finite input', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 1000, 0, 0).scale).toBe(MAX_ZOOM);
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0.0001, 0, 0).scale).toBe(MIN_ZOOM);
    const view = { scale: 1, x: 3, y: 4 };
    expect(zoomAt(view, Number.NaN, 0, 0)).toBe(view);
    expect(panBy(view, Number.POSITIVE_INFINITY, 0)).toBe(view);
    expect(panBy(view, 5, -4)).toEqual({ scale: 1, x: 8, y: 0 });
  });

  it('fit-to-width shows the whole width of a wide diagram and never enlarges a small one', () => {
    const wide = fitToWidth(3745, 626, 8);
    expect(3745 * wide.scale).toBeCloseTo(610, 5);
    expect(wide.x).toBeCloseTo(8, 5);
    expect(fitToWidth(200, 626).scale).toBe(1);
    expect(fitToWidth(200, 626).x).toBe(213);
  });
});

describe('viewport: the opening view and the wheel', () => {
  it('opens at the fitted width when its labels stay readable, else at the readable scale', () => {
    // A 3,456 px diagram in a 1,100 px frame fits at about 0.31: 14 px labels would be 4.4 px, so it opens at 12/14.
    expect(initialScale(3456, 1100, 12 / 14)).toBeCloseTo(12 / 14, 9);
    // A 600 px one fits at 1:1, readable as it is.
    expect(initialScale(600, 1100, 12 / 14)).toBe(1);
    expect(initialScale(1200, 1100, 0.5)).toBeCloseTo(fitToWidth(1200, 1100).scale, 9);
  });

  it('centres the focus box in the frame, never leaving empty frame past the diagram edges', () => {
    const diagram = { width: 3000, height: 1200 };
    const frame = { width: 600, height: 400 };
    const middle = centreOn(1, diagram, frame, { x: 1500, y: 600, width: 100, height: 40 });
    // The box's centre (1550, 620) lands at the frame's centre (300, 200).
    expect(1550 * middle.scale + middle.x).toBeCloseTo(300, 9);
    expect(620 * middle.scale + middle.y).toBeCloseTo(200, 9);
    expect(showsWhole(middle, frame, { x: 1500, y: 600, width: 100, height: 40 })).toBe(true);
    // A box at the far right edge: the diagram's right edge stays at the frame's, with the padding.
    const edge = centreOn(1, diagram, frame, { x: 2950, y: 0, width: 50, height: 20 }, 8);
    expect(3000 + edge.x).toBeCloseTo(600 - 8, 9);
    expect(edge.y).toBe(8);
    // A diagram narrower than the frame is centred across it and top-aligned.
    expect(centreOn(1, { width: 200, height: 100 }, frame)).toEqual({ scale: 1, x: 200, y: 8 });
    expect(showsWhole(edge, frame, { x: 0, y: 0, width: 50, height: 20 })).toBe(false);
  });

  it('one wheel event zooms by at most one step either way, whatever its unit; a pinch stays smooth', () => {
    for (const [deltaY, mode] of [
      [-100, 0],
      [-3, 1],
      [-1, 2],
      [-1000, 0],
    ] as const) {
      expect(wheelFactor(deltaY, mode, true)).toBe(1.25);
      expect(wheelFactor(-deltaY, mode, true)).toBe(1 / 1.25);
      expect(wheelFactor(deltaY, mode, false)).toBeLessThanOrEqual(1.25);
    }
    // A trackpad pinch's small deltas zoom by small factors.
    expect(wheelFactor(-2, 0, true)).toBeCloseTo(Math.exp(0.02), 9);
    expect(wheelFactor(Number.NaN, 0, true)).toBe(1);
  });

  it("a transition label names the event a user sends, not XState's own", () => {
    expect(eventOfTransitionLabel('INIT [wellFormed] / storeTarget')).toBe('INIT');
    expect(eventOfTransitionLabel('  RETRY')).toBe('RETRY');
    for (const label of [
      'always [startsLoading]',
      'after 3000 ms (duration)',
      'done request / store',
      'error request',
      'done',
      'xstate.error.*',
      '',
      'a*b',
    ])
      expect(eventOfTransitionLabel(label)).toBeUndefined();
  });
});

describe('previewValue: each kind of value', () => {
  it('primitives', () => {
    expect([-0, 0, 1.5, 10n, true, false, undefined, null, Symbol('s'), () => 1, 'say "hi"'].map((v) => previewValue(v))).toStrictEqual([
      '-0',
      '0',
      '1.5',
      '10n',
      'true',
      'false',
      'undefined',
      'null',
      'symbol',
      'function',
      '"say \\"hi\\""',
    ]);
  });

  it('a long string is cut at 160 characters, and so is the whole preview', () => {
    expect(MAX_PREVIEW_LENGTH).toBe(160);
    expect(previewValue('x'.repeat(160))).toBe(`"${'x'.repeat(158)}…`);
    expect(previewValue('y'.repeat(10))).toBe(`"${'y'.repeat(10)}"`);
    const long = previewValue({ text: 'z'.repeat(200) });
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
    expect(long.startsWith('{text: "zzz')).toBe(true);
    // 158 characters between the quotes fit; the next one is cut.
    expect(previewValue('a'.repeat(158))).toBe(`"${'a'.repeat(158)}"`);
    expect(previewValue('a'.repeat(159))).toBe(`"${'a'.repeat(158)}…`);
  });

  it('arrays and objects show eight items, then how many more; three levels deep, then an ellipsis', () => {
    expect(previewValue([1, 2, 3, 4, 5, 6, 7, 8])).toBe('[1, 2, 3, 4, 5, 6, 7, 8]');
    expect(previewValue([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe('[1, 2, 3, 4, 5, 6, 7, 8, …2 more]');
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    expect(previewValue(nine)).toBe('{k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, …1 more}');
    expect(previewValue({ a: { b: { c: { d: 1 } } } })).toBe('{a: {b: {c: {…}}}}');
    expect(previewValue([[[[1]]]])).toBe('[[[[…]]]]');
    expect(previewValue([])).toBe('[]');
    expect(previewValue({})).toBe('{}');
    expect(previewValue(Object.assign(Object.create(null) as object, { a: 1 }))).toBe('{a: 1}');
  });

  it('a value seen twice but not inside itself is shown twice; only a cycle reads (cycle)', () => {
    const shared = { n: 1 };
    expect(previewValue([shared, shared])).toBe('[{n: 1}, {n: 1}]');
    const list: unknown[] = [1];
    list.push(list);
    expect(previewValue(list)).toBe('[1, (cycle)]');
  });

  it('actor refs, errors, class instances and unreadable values by name', () => {
    class Ref {
      constructor(readonly id?: unknown) {}
      send() {}
      getSnapshot() {}
    }
    expect(previewValue(new Ref())).toBe('ActorRef(?)');
    expect(previewValue(new Ref(7))).toBe('ActorRef(?)');
    expect(previewValue(new Ref('x'))).toBe('ActorRef(x)');
    expect(previewValue({ send() {}, getSnapshot: 1 })).toBe('{send: function, getSnapshot: 1}');
    expect(previewValue(new TypeError('bad input'))).toBe('TypeError("bad input")');
    expect(previewValue(new Error('m'.repeat(80)))).toBe(`Error("${'m'.repeat(60)}")`);
    class Order {}
    expect(previewValue(new Order())).toBe('Order');
    expect(previewValue(new Map())).toBe('Map');
    const anonymous = new (class {})();
    expect(previewValue(anonymous)).toBe('object');
    const nameless = Object.create({ constructor: { name: 42 } }) as object;
    expect(previewValue(nameless)).toBe('object');
    const errorish = Object.create(Error.prototype, { constructor: { value: { name: 1 } } }) as Error;
    expect(previewValue(errorish)).toBe('Error("")');
    const trap = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no prototype');
        },
      },
    );
    expect(previewValue(trap)).toBe('(unreadable)');
    const getter = Object.defineProperty({}, 'a', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(previewValue(getter)).toBe('(unreadable)');
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    expect(previewValue(proxy)).toBe('(unreadable)');
  });
});

describe('diffContext: paths, kinds, bounds', () => {
  it('names paths as identifiers, indices or quoted keys', () => {
    const keys = ['a', '_b', '$c', 'd1', 'ok_$', '1a', 'a-b', 'a b', '', 'é'];
    const before = Object.fromEntries(keys.map((k) => [k, 0]));
    const after = Object.fromEntries(keys.map((k) => [k, 1]));
    expect(diffContext(before, after).changes.map((c) => c.path)).toStrictEqual([
      'a',
      '_b',
      '$c',
      'd1',
      'ok_$',
      '["1a"]',
      '["a-b"]',
      '["a b"]',
      '[""]',
      '["é"]',
    ]);
    expect(diffContext({ list: [{ x: 1 }] }, { list: [{ x: 2 }] }).changes[0]!.path).toBe('list[0].x');
    expect(diffContext({ o: { 'k k': 1 } }, { o: { 'k k': 2 } }).changes[0]!.path).toBe('o["k k"]');
    expect(diffContext([1], [2]).changes[0]!.path).toBe('[0]');
  });

  it('an array against an object, or a plain value against either, is one change of the whole', () => {
    expect(diffContext({ v: [1] }, { v: { 0: 1 } }).changes).toStrictEqual([
      { path: 'v', kind: 'changed', before: '[1]', after: '{0: 1}' },
    ]);
    expect(diffContext({ v: 1 }, { v: { a: 1 } }).changes).toStrictEqual([{ path: 'v', kind: 'changed', before: '1', after: '{a: 1}' }]);
    expect(diffContext(1, 2).changes).toStrictEqual([{ path: '', kind: 'changed', before: '1', after: '2' }]);
    expect(diffContext(Number.NaN, Number.NaN).changes).toStrictEqual([]);
    expect(diffContext({ z: 0 }, { z: -0 }).changes).toStrictEqual([{ path: 'z', kind: 'changed', before: '0', after: '-0' }]);
  });

  it('keeps 50 changes by default, and walks 8 levels before a subtree counts as one change', () => {
    expect([DEFAULT_DIFF_LIMIT, DEFAULT_DIFF_DEPTH]).toStrictEqual([50, 8]);
    const many = (n: number, d: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i + d]));
    const fifty = diffContext(many(50, 0), many(50, 1));
    expect([fifty.changes.length, fifty.truncated]).toStrictEqual([50, false]);
    const more = diffContext(many(51, 0), many(51, 1));
    expect([more.changes.length, more.truncated]).toStrictEqual([50, true]);
    const nest = (depth: number, leaf: number): unknown => (depth === 0 ? leaf : { n: nest(depth - 1, leaf) });
    expect(diffContext(nest(8, 1), nest(8, 2)).changes).toStrictEqual([
      { path: 'n.n.n.n.n.n.n.n', kind: 'changed', before: '1', after: '2' },
    ]);
    expect(diffContext(nest(9, 1), nest(9, 2)).changes).toStrictEqual([
      { path: 'n.n.n.n.n.n.n.n', kind: 'changed', before: '{n: 1}', after: '{n: 2}' },
    ]);
    expect(diffContext(nest(9, 1), nest(9, 2), { depth: 9 }).changes[0]!.path).toBe('n.n.n.n.n.n.n.n.n');
    expect(diffContext({ a: { b: 1 } }, { a: { b: 2 } }, { depth: 1 }).changes).toStrictEqual([
      { path: 'a', kind: 'changed', before: '{b: 1}', after: '{b: 2}' },
    ]);
  });

  it('the limit also stops removed and added fields', () => {
    const removed = diffContext({ a: 1, b: 2, c: 3 }, {}, { limit: 2 });
    expect([removed.changes.map((c) => c.path), removed.truncated]).toStrictEqual([['a', 'b'], true]);
    const added = diffContext({}, { a: 1, b: 2, c: 3 }, { limit: 2 });
    expect([added.changes.map((c) => c.path), added.truncated]).toStrictEqual([['a', 'b'], true]);
    const exact = diffContext({}, { a: 1, b: 2 }, { limit: 2 });
    expect([exact.changes.length, exact.truncated]).toStrictEqual([2, false]);
    const nested = diffContext({ x: { a: 1, b: 1 }, y: 1 }, { x: { a: 2, b: 2 }, y: 2 }, { limit: 1 });
    expect([nested.changes.map((c) => c.path), nested.truncated]).toStrictEqual([['x.a'], true]);
  });

  it('a field whose getter throws is unreadable on the side it throws', () => {
    const throwing = (key: string) =>
      Object.defineProperty({}, key, {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      });
    expect(diffContext(throwing('a'), {}).changes).toStrictEqual([{ path: 'a', kind: 'removed', before: '(unreadable)' }]);
    expect(diffContext({}, throwing('a')).changes).toStrictEqual([{ path: 'a', kind: 'added', after: '(unreadable)' }]);
    expect(diffContext(throwing('a'), { a: 1 }).changes).toStrictEqual([
      { path: 'a', kind: 'changed', before: '(unreadable)', after: '(unreadable)' },
    ]);
    expect(diffContext({ a: 1 }, throwing('a')).changes).toStrictEqual([
      { path: 'a', kind: 'changed', before: '(unreadable)', after: '(unreadable)' },
    ]);
    expect(diffContext({ gone: 1 }, {}).changes).toStrictEqual([{ path: 'gone', kind: 'removed', before: '1' }]);
  });
});

describe('accepted events and state paths: the defensive cases', () => {
  it('a snapshot that is not an active machine snapshot accepts nothing', () => {
    expect(acceptedEvents({ status: 'active' })).toStrictEqual([]);
    expect(acceptedEvents({ status: 'active', _nodes: 'x' })).toStrictEqual([]);
    expect(acceptedEvents({ status: 'done', _nodes: [] })).toStrictEqual([]);
    expect(acceptedEvents({ status: 'active', _nodes: [{}] })).toStrictEqual([]);
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    );
    expect(acceptedEvents(trap)).toStrictEqual([]);
  });

  it('a guard that throws on a bare event leaves that event disabled; the list is sorted and without duplicates', () => {
    const machine = setup({
      guards: {
        boom: () => {
          throw new Error('guard');
        },
        no: () => false,
      },
    }).createMachine({
      type: 'parallel',
      states: {
        a: { initial: 'x', states: { x: { on: { ZED: { guard: 'boom', target: 'x' }, ALPHA: { target: 'x' } } } } },
        b: { initial: 'y', states: { y: { on: { ZED: { guard: 'no', target: 'y' }, MID: { guard: 'no', target: 'y' } } } } },
      },
    });
    const snapshot = createActor(machine).start().getSnapshot();
    expect(acceptedEvents(snapshot)).toStrictEqual([
      { type: 'ALPHA', enabled: true },
      { type: 'MID', enabled: false },
      { type: 'ZED', enabled: false },
    ]);
  });

  it('activeStatePaths: a prefix is carried down; an unreadable value gives none', () => {
    expect(activeStatePaths({ a: { b: 'c' }, d: 'e' })).toStrictEqual(['a', 'a.b', 'a.b.c', 'd', 'd.e']);
    expect(activeStatePaths('x', ['root'])).toStrictEqual(['root.x']);
    expect(activeStatePaths(5)).toStrictEqual([]);
    expect(activeStatePaths(undefined)).toStrictEqual([]);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(activeStatePaths(proxy)).toStrictEqual([]);
  });

  it('a transition label: each word the exporter writes for XState is no event; a non-string is none', () => {
    for (const word of ['always', 'after', 'done', 'error']) {
      expect(eventOfTransitionLabel(word)).toBeUndefined();
      expect(eventOfTransitionLabel(`${word} x`)).toBeUndefined();
    }
    expect(eventOfTransitionLabel('xstate.init')).toBeUndefined();
    expect(eventOfTransitionLabel('AFTER')).toBe('AFTER');
    expect(eventOfTransitionLabel('\tGO\nnext')).toBe('GO');
    expect(eventOfTransitionLabel(5 as never)).toBeUndefined();
  });
});

describe('viewport: every guard and bound', () => {
  const view = { scale: 2, x: 10, y: 20 };

  it('zoom and pan ignore a factor, scale or point that is not a positive finite number', () => {
    for (const [factor, px, py] of [
      [0, 0, 0],
      [-1, 0, 0],
      [Infinity, 0, 0],
      [2, Number.NaN, 0],
      [2, 0, Infinity],
    ]) {
      expect(zoomAt(view, factor!, px!, py!)).toBe(view);
      expect(zoomTo(view, factor!, px!, py!)).toBe(view);
    }
    expect(panBy(view, 0, Number.NaN)).toBe(view);
    expect(zoomAt(view, 1, 0, 0)).toStrictEqual(view);
    expect(zoomTo(view, 4, 10, 20)).toStrictEqual({ scale: 4, x: 10, y: 20 });
    expect(zoomTo(view, 1, 0, 0)).toStrictEqual({ scale: 1, x: 5, y: 10 });
    expect(zoomTo(view, 100, 10, 20).scale).toBe(MAX_ZOOM);
    expect(zoomTo(view, 0.001, 10, 20).scale).toBe(MIN_ZOOM);
    expect([MIN_ZOOM, MAX_ZOOM]).toStrictEqual([0.05, 8]);
  });

  it('fit-to-width: an empty diagram or frame opens at 1:1; the padding is taken on both sides; a huge diagram stops at the least zoom', () => {
    expect(fitToWidth(0, 500)).toStrictEqual({ scale: 1, x: 0, y: 0 });
    expect(fitToWidth(500, 0)).toStrictEqual({ scale: 1, x: 0, y: 0 });
    expect(fitToWidth(Number.NaN, 500)).toStrictEqual({ scale: 1, x: 0, y: 0 });
    expect(fitToWidth(1000, 520, 10)).toStrictEqual({ scale: 0.5, x: 10, y: 10 });
    expect(fitToWidth(1000, 500)).toStrictEqual({ scale: 0.484, x: 8, y: 8 });
    expect(fitToWidth(1e9, 500).scale).toBe(MIN_ZOOM);
    // A frame narrower than its padding still fits at least one pixel.
    expect(fitToWidth(100, 10, 8).scale).toBe(MIN_ZOOM);
    expect(fitToWidth(10, 10, 8).scale).toBe(0.1);
  });

  it('the opening scale: a readable scale that is no positive finite number leaves the fitted one; a large one is clamped', () => {
    const fitted = fitToWidth(4000, 1000).scale;
    for (const readable of [0, -1, Number.NaN, Infinity]) expect(initialScale(4000, 1000, readable)).toBe(fitted);
    expect(initialScale(4000, 1000, fitted)).toBe(fitted);
    expect(initialScale(4000, 1000, 50)).toBe(MAX_ZOOM);
    expect(initialScale(4000, 1000, 0.5, 0)).toBe(0.5);
    expect(initialScale(2000, 1000, 0.5, 0)).toBe(0.5);
  });

  it('centreOn: a bad scale is 1:1; no focus centres the top middle; the fit test includes the padding on both sides', () => {
    const frame = { width: 100, height: 100 };
    expect(centreOn(Number.NaN, { width: 50, height: 50 }, frame)).toStrictEqual({ scale: 1, x: 25, y: 8 });
    expect(centreOn(-2, { width: 50, height: 50 }, frame)).toStrictEqual({ scale: 1, x: 25, y: 8 });
    expect(centreOn(1, { width: -50, height: -10 }, frame)).toStrictEqual({ scale: 1, x: 50, y: 8 });
    // Exactly the frame minus the padding still fits.
    expect(centreOn(1, { width: 84, height: 84 }, frame)).toStrictEqual({ scale: 1, x: 8, y: 8 });
    // One pixel more does not: the diagram's middle top is centred, within its edges.
    expect(centreOn(1, { width: 85, height: 85 }, frame)).toStrictEqual({ scale: 1, x: 7.5, y: 8 });
    expect(centreOn(1, { width: 400, height: 400 }, frame)).toStrictEqual({ scale: 1, x: -150, y: 8 });
    expect(centreOn(1, { width: 400, height: 400 }, frame, { x: 380, y: 380, width: 20, height: 20 })).toStrictEqual({
      scale: 1,
      x: -308,
      y: -308,
    });
    expect(centreOn(2, { width: 400, height: 400 }, frame, { x: 0, y: 0, width: 10, height: 10 }, 4)).toStrictEqual({
      scale: 2,
      x: 4,
      y: 4,
    });
    expect(centreOn(100, { width: 10, height: 10 }, frame).scale).toBe(MAX_ZOOM);
  });

  it('showsWhole: each edge of the frame counts, inclusive', () => {
    const frame = { width: 100, height: 50 };
    const at = { scale: 1, x: 0, y: 0 };
    expect(showsWhole(at, frame, { x: 0, y: 0, width: 100, height: 50 })).toBe(true);
    expect(showsWhole(at, frame, { x: -1, y: 0, width: 10, height: 10 })).toBe(false);
    expect(showsWhole(at, frame, { x: 0, y: -1, width: 10, height: 10 })).toBe(false);
    expect(showsWhole(at, frame, { x: 91, y: 0, width: 10, height: 10 })).toBe(false);
    expect(showsWhole(at, frame, { x: 0, y: 41, width: 10, height: 10 })).toBe(false);
    expect(showsWhole({ scale: 2, x: -10, y: 5 }, frame, { x: 5, y: 0, width: 50, height: 20 })).toBe(true);
    expect(showsWhole({ scale: 2, x: -10, y: 5 }, frame, { x: 5, y: 0, width: 51, height: 20 })).toBe(false);
  });

  it('the wheel: pixels, lines and pages scale differently; a mouse notch is gentler than a pinch; a step of 1 or less never zooms', () => {
    expect(wheelFactor(-10, 0, false)).toBeCloseTo(Math.exp(0.015), 12);
    expect(wheelFactor(-1, 1, false)).toBeCloseTo(Math.exp(16 * 0.0015), 12);
    expect(wheelFactor(-0.1, 2, false)).toBeCloseTo(Math.exp(40 * 0.0015), 12);
    expect(wheelFactor(-10, 3, false)).toBeCloseTo(Math.exp(0.015), 12);
    expect(wheelFactor(5, 0, true)).toBeCloseTo(Math.exp(-0.05), 12);
    expect(wheelFactor(-100, 0, false, 2)).toBeCloseTo(Math.exp(0.15), 12);
    expect(wheelFactor(-1000, 0, false, 2)).toBe(2);
    expect(wheelFactor(1000, 0, false, 2)).toBe(0.5);
    expect(wheelFactor(-100, 0, true, 1)).toBe(1);
    expect(wheelFactor(-100, 0, true, Number.NaN)).toBe(1);
    expect(wheelFactor(Infinity, 0, true)).toBe(1);
    expect(wheelFactor(0, 0, true)).toBe(1);
  });
});

describe('inspector: options, names and lifecycle', () => {
  it('limits from 1 to 10,000 are taken; the log keeps 100 entries by default; diffLimit cuts each entry', () => {
    expect([DEFAULT_LOG_LIMIT, MAX_INSPECTOR_LIMIT]).toStrictEqual([100, 10_000]);
    expect(() => createInspector({ logLimit: 1, diffLimit: 10_000 })).not.toThrow();
    expect(() => createInspector({ logLimit: 10_000, diffLimit: 1 })).not.toThrow();
    expect(fieldOf(() => createInspector({ diffLimit: 10_001 }))).toBe('diffLimit');
    expect(fieldOf(() => createInspector('options' as never))).toBe('options');
    const error = (() => {
      try {
        createInspector({ logLimit: 0 });
      } catch (e) {
        return e as InvalidArgumentError;
      }
      return undefined;
    })();
    expect(error?.message).toBe('inspector: logLimit must be an integer from 1 to 10000, got 0');
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('b', actor);
    for (let i = 0; i < 101; i++) actor.send({ type: i % 2 ? 'ENABLE' : 'DISABLE' });
    const log = viewOf(inspector, 'b').log;
    expect([log.length, log[0]!.seq, log.at(-1)!.seq]).toStrictEqual([100, 2, 101]);
    const counter = setup({}).createMachine({
      context: { a: 0, b: 0, c: 0 },
      on: {
        BUMP: {
          actions: assign({ a: ({ context }) => context.a + 1, b: ({ context }) => context.b + 1, c: ({ context }) => context.c + 1 }),
        },
      },
    });
    const bumped = createActor(counter).start();
    const cut = createInspector({ diffLimit: 2 });
    cut.watch('c', bumped);
    bumped.send({ type: 'BUMP' });
    const [entry] = viewOf(cut, 'c').log;
    expect([entry!.changes.map((c) => c.path), entry!.changesTruncated]).toStrictEqual([['a', 'b'], true]);
    const whole = createInspector();
    whole.watch('c', bumped);
    bumped.send({ type: 'BUMP' });
    expect(viewOf(whole, 'c').log[0]!.changesTruncated).toBe(false);
  });

  it('a view names the actor, its id and its machine; a non-machine logic has no machine', () => {
    const actor = createActor(buttonMachine, { input: {}, id: 'the-button' }).start();
    const promise = createActor(fromPromise(async () => 1)).start();
    const inspector = createInspector();
    inspector.watch('button', actor);
    inspector.watch('promise', promise);
    expect(inspector.views().map((v) => v.name)).toStrictEqual(['button', 'promise']);
    expect(viewOf(inspector, 'button')).toMatchObject({ name: 'button', actorId: 'the-button', machine: buttonMachine, status: 'active' });
    expect(viewOf(inspector, 'promise').machine).toBeUndefined();
    expect(viewOf(inspector, 'promise').problem).toBeUndefined();
  });

  it('watching the same actor under its name again changes nothing; another actor replaces it and the old one is no longer recorded', () => {
    const first = createActor(buttonMachine, { input: {} }).start();
    const second = createActor(buttonMachine, { input: { disabled: true } }).start();
    const inspector = createInspector();
    inspector.watch('b', first);
    let calls = 0;
    inspector.subscribe(() => calls++);
    const views = inspector.views();
    inspector.watch('b', first);
    expect([calls, inspector.views()]).toStrictEqual([0, views]);
    inspector.watch('b', second);
    expect(calls).toBe(1);
    expect(viewOf(inspector, 'b').value).toEqual({ activity: 'idle', availability: 'disabled' });
    first.send({ type: 'DISABLE' });
    expect(viewOf(inspector, 'b').log).toStrictEqual([]);
    expect(calls).toBe(1);
  });

  it('subscribe wants a function and its stop ends the calls; unwatch of an unknown name is ignored', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    expect(fieldOf(() => inspector.subscribe('x' as never))).toBe('listener');
    inspector.watch('b', actor);
    let calls = 0;
    const stop = inspector.subscribe(() => calls++);
    actor.send({ type: 'DISABLE' });
    stop();
    actor.send({ type: 'ENABLE' });
    expect(calls).toBe(1);
    const views = inspector.views();
    inspector.unwatch('nobody');
    expect(inspector.views()).toBe(views);
  });

  it('the same listener subscribed twice is called twice, and each stop removes only its own', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('b', actor);
    let calls = 0;
    const listener = () => calls++;
    const stopOne = inspector.subscribe(listener);
    inspector.subscribe(listener);
    actor.send({ type: 'DISABLE' });
    expect(calls).toBe(2);
    stopOne();
    actor.send({ type: 'ENABLE' });
    expect(calls).toBe(3);
  });

  it('clearLog and send name the call in their errors; send takes only an event with a string type', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('b', actor);
    expect(messageOf(() => inspector.clearLog('x'))).toBe('inspector.clearLog: name must be the name of a watched actor, got "x"');
    expect(messageOf(() => inspector.send(5 as never, { type: 'CLICK' }))).toBe(
      'inspector.send: name must be the name of a watched actor, got 5',
    );
    expect(fieldOf(() => inspector.send('b', { type: 5 } as never))).toBe('event');
    const getter = Object.defineProperty({}, 'type', {
      enumerable: true,
      get() {
        throw new Error('no type');
      },
    });
    expect(fieldOf(() => inspector.send('b', getter as never))).toBe('event');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const hostile = Object.assign(Object.create(actor) as object, {
        send: () => {
          throw new Error('send');
        },
      }) as unknown as AnyActorRef;
      inspector.watch('h', hostile);
      const result = inspector.send('h', { type: 'CLICK' });
      expect(!result.ok && result.error.message).toBe('h.send threw');
    } finally {
      logged.mockRestore();
    }
  });

  it('dispose stops every recording, drops the listeners and empties the views', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector();
    inspector.watch('b', actor);
    let calls = 0;
    inspector.subscribe(() => calls++);
    inspector.dispose();
    expect(inspector.views()).toStrictEqual([]);
    actor.send({ type: 'DISABLE' });
    expect(calls).toBe(0);
    expect(fieldOf(() => inspector.send('b', { type: 'CLICK' }))).toBe('name');
  });

  it('watchProblem names the argument that cannot be watched, or nothing', () => {
    const actor = createActor(buttonMachine, { input: {} });
    expect(watchProblem('a', actor)).toBeUndefined();
    expect(watchProblem('', actor)?.extra).toMatchObject({ field: 'name' });
    expect(watchProblem(5, actor)?.message).toBe('inspector.watch: name must be a non-empty string, got 5');
    expect(watchProblem('a', { send() {}, subscribe() {} })?.extra).toMatchObject({ field: 'actor' });
    expect(watchProblem('a', { send() {}, getSnapshot() {} })?.extra).toMatchObject({ field: 'actor' });
    expect(watchProblem('a', { subscribe() {}, getSnapshot() {} })?.extra).toMatchObject({ field: 'actor' });
    expect(watchProblem('a', { send() {}, subscribe() {}, getSnapshot() {} })).toBeUndefined();
    const throwing = Object.defineProperty({}, 'send', {
      get() {
        throw new Error('no');
      },
    });
    expect(watchProblem('a', throwing)?.message).toMatch(/^inspector\.watch: actor must be an actor ref \(send, subscribe, getSnapshot\)/);
  });
});

describe('inspector: what it records from hostile or partial actors', () => {
  /** An actor ref made of parts, recording whatever the inspector subscribes. */
  function partActor(parts: Record<string, unknown>) {
    const observers: Array<{ next?: (s: unknown) => void; error?: (e: unknown) => void; complete?: () => void }> = [];
    let snapshot: unknown = { status: 'active', value: 'idle', context: { n: 0 } };
    const actor = {
      id: 'part',
      send() {},
      subscribe(observer: (typeof observers)[number]) {
        observers.push(observer);
        return { unsubscribe: () => observers.splice(observers.indexOf(observer), 1) };
      },
      getSnapshot: () => snapshot,
      ...parts,
    };
    return {
      actor: actor as unknown as AnyActorRef,
      observers,
      emit(next: unknown) {
        snapshot = next;
        for (const o of [...observers]) o.next?.(next);
      },
      end(kind: 'error' | 'complete') {
        for (const o of [...observers]) {
          if (kind === 'error') o.error?.(new Error('x'));
          else o.complete?.();
        }
      },
    };
  }

  it('without inspection: each new snapshot is an entry with its state change and context diff; the same snapshot again is not', () => {
    const part = partActor({});
    const inspector = createInspector();
    inspector.watch('p', part.actor);
    expect(viewOf(inspector, 'p')).toMatchObject({ recording: 'subscribe', status: 'active', value: 'idle', activeStates: ['idle'] });
    part.emit({ status: 'active', value: 'busy', context: { n: 1 } });
    const [entry] = viewOf(inspector, 'p').log;
    expect(entry).toStrictEqual({
      seq: 1,
      eventType: '(unknown)',
      payload: '',
      from: 'idle',
      to: 'busy',
      transitions: [],
      changes: [{ path: 'n', kind: 'changed', before: '0', after: '1' }],
      changesTruncated: false,
    });
    const views = inspector.views();
    part.emit(part.actor.getSnapshot());
    expect(inspector.views()).toBe(views);
    expect(viewOf(inspector, 'p').log).toHaveLength(1);
  });

  it('the end of an actor (error or complete) updates its view from its last snapshot', () => {
    const part = partActor({});
    const inspector = createInspector();
    inspector.watch('p', part.actor);
    (part.actor as unknown as { getSnapshot: () => unknown }).getSnapshot = () => ({ status: 'error', value: 'idle' });
    part.end('error');
    expect(viewOf(inspector, 'p').status).toBe('error');
    (part.actor as unknown as { getSnapshot: () => unknown }).getSnapshot = () => ({ status: 'done', value: 'idle' });
    part.end('complete');
    expect(viewOf(inspector, 'p').status).toBe('done');
  });

  it('a snapshot whose status is no string reads unknown; one whose fields throw is named as the problem', () => {
    const part = partActor({ getSnapshot: () => ({ status: 5, value: 'x' }) });
    const inspector = createInspector();
    inspector.watch('p', part.actor);
    expect(viewOf(inspector, 'p')).toMatchObject({ status: 'unknown', value: 'x' });
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('snapshot trap');
        },
      },
    );
    const hostile = partActor({ getSnapshot: () => trap });
    inspector.watch('h', hostile.actor);
    expect(viewOf(inspector, 'h')).toMatchObject({ status: 'unknown', problem: 'the snapshot could not be read: Error("snapshot trap")' });
  });

  it('each failing part is named: system.inspect, subscribe, getSnapshot', () => {
    const inspector = createInspector();
    const boom = (what: string) => () => {
      throw new Error(what);
    };
    inspector.watch('inspect', partActor({ system: { inspect: boom('inspect') } }).actor);
    expect(viewOf(inspector, 'inspect')).toMatchObject({ recording: 'subscribe', problem: 'system.inspect threw: Error("inspect")' });
    inspector.watch('subscribe', partActor({ subscribe: boom('subscribe') }).actor);
    expect(viewOf(inspector, 'subscribe')).toMatchObject({ recording: 'none', problem: 'subscribe threw: Error("subscribe")' });
    inspector.watch('get', partActor({ getSnapshot: boom('get') }).actor);
    expect(viewOf(inspector, 'get')).toMatchObject({
      recording: 'subscribe',
      status: 'unknown',
      problem: 'getSnapshot threw: Error("get")',
    });
    // The first problem found is the one named.
    inspector.watch('both', partActor({ system: { inspect: boom('inspect') }, getSnapshot: boom('get') }).actor);
    expect(viewOf(inspector, 'both').problem).toBe('system.inspect threw: Error("inspect")');
    // A system without inspect is subscribed to.
    inspector.watch('plain', partActor({ system: {} }).actor);
    expect(viewOf(inspector, 'plain')).toMatchObject({ recording: 'subscribe' });
    expect(viewOf(inspector, 'plain').problem).toBeUndefined();
    // An id that is not a string is none.
    inspector.watch('noid', partActor({ id: 5 }).actor);
    expect(viewOf(inspector, 'noid').actorId).toBe('');
  });

  it('an unsubscribe that throws is reported, and the actor is still unwatched', () => {
    const part = partActor({});
    (part.actor as unknown as { subscribe: () => unknown }).subscribe = () => ({
      unsubscribe() {
        throw new Error('stuck');
      },
    });
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    inspector.watch('p', part.actor);
    inspector.unwatch('p');
    expect(inspector.views()).toStrictEqual([]);
    expect(reports).toStrictEqual([expect.objectContaining({ event: 'callbackFailed', message: 'unsubscribe threw' })]);
  });

  it('an event whose fields cannot be read is logged as (unreadable), and the actor goes on', () => {
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    const actor = createActor(buttonMachine, { input: {} }).start();
    inspector.watch('b', actor);
    const hostileEvent = new Proxy(
      { type: 'DISABLE' },
      {
        ownKeys() {
          throw new Error('keys');
        },
      },
    );
    actor.send(hostileEvent as never);
    expect(actor.getSnapshot().status).toBe('active');
    expect(viewOf(inspector, 'b').log.at(-1)).toMatchObject({ eventType: '(unreadable)', payload: '' });
    expect(reports).toStrictEqual([]);
  });

  it('an event with a non-string type is (unknown); microsteps with malformed transitions are read defensively', () => {
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    const listeners: Array<(event: unknown) => void> = [];
    const part = partActor({
      system: { inspect: (observer: { next: (e: unknown) => void }) => (listeners.push(observer.next), { unsubscribe() {} }) },
    });
    inspector.watch('p', part.actor);
    const emit = (event: unknown) => listeners.forEach((l) => l(event));
    emit({ type: '@xstate.microstep', actorRef: part.actor, _transitions: [{ eventType: 5, source: { path: 'x' }, target: 'y' }, null] });
    emit({ type: '@xstate.microstep', actorRef: part.actor, _transitions: 'none' });
    emit({
      type: '@xstate.microstep',
      actorRef: part.actor,
      _transitions: [{ eventType: 'GO', source: { path: ['a', 'b'] }, target: [{ path: ['c'] }, {}] }],
    });
    // Another actor's events are not this one's.
    emit({ type: '@xstate.snapshot', actorRef: {}, event: { type: 'OTHER' }, snapshot: { status: 'active', value: 'z' } });
    emit({ type: '@xstate.snapshot', actorRef: part.actor, event: { type: 7, data: 1 }, snapshot: { status: 'active', value: 'busy' } });
    const [entry] = viewOf(inspector, 'p').log;
    expect(entry).toMatchObject({
      eventType: '(unknown)',
      payload: '{data: 1}',
      to: 'busy',
      transitions: [
        { eventType: '', source: '', targets: [] },
        { eventType: '', source: '', targets: [] },
        { eventType: 'GO', source: 'a.b', targets: ['c', ''] },
      ],
    });
    expect(viewOf(inspector, 'p').log).toHaveLength(1);
    emit({ type: '@xstate.snapshot', actorRef: part.actor, event: 'not an object', snapshot: { status: 'active', value: 'idle' } });
    expect(viewOf(inspector, 'p').log.at(-1)).toMatchObject({ seq: 2, eventType: '(unknown)', payload: '', transitions: [] });
    // An inspection event that cannot be read is reported as a failed callback; the views stay as they were.
    const views = inspector.views();
    emit(
      new Proxy(
        {},
        {
          get() {
            throw new Error('hostile inspection event');
          },
        },
      ),
    );
    expect(inspector.views()).toBe(views);
    expect(reports).toStrictEqual([expect.objectContaining({ event: 'callbackFailed', message: 'inspection threw' })]);
    // In inspect mode a plain snapshot of the actor's own subscription records nothing.
    part.emit({ status: 'active', value: 'elsewhere' });
    expect(viewOf(inspector, 'p').log).toHaveLength(2);
  });
});

describe('inspector: a view changes exactly when what it shows changes', () => {
  /** A bare actor ref whose snapshot the test sets, ending with complete() (its view is then read again). */
  function scripted(first: unknown) {
    let snapshot = first;
    const observers: Array<{ complete?: () => void }> = [];
    const actor = {
      send() {},
      subscribe(o: { complete?: () => void }) {
        observers.push(o);
        return { unsubscribe() {} };
      },
      getSnapshot: () => snapshot,
    } as unknown as AnyActorRef;
    return {
      actor,
      endWith(next: unknown) {
        snapshot = next;
        for (const o of observers) o.complete?.();
      },
    };
  }

  /** A stand-in machine snapshot whose state nodes handle `events`; `can` answers `enabled`. */
  const fakeSnapshot = (events: string[], enabled: boolean) => ({
    status: 'active',
    value: 'same',
    _nodes: [{ ownEvents: events }],
    can: () => enabled,
  });

  it('only the problem changed: a new view, one call', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('gone');
        },
      },
    );
    const run = scripted({});
    const inspector = createInspector();
    inspector.watch('s', run.actor);
    let calls = 0;
    inspector.subscribe(() => calls++);
    expect(viewOf(inspector, 's')).toMatchObject({ status: 'unknown', value: undefined });
    run.endWith(trap);
    expect(calls).toBe(1);
    expect(viewOf(inspector, 's').problem).toBe('the snapshot could not be read: Error("gone")');
  });

  it('only whether an accepted event is enabled changed: a new view', () => {
    const run = scripted(fakeSnapshot(['GO'], false));
    const inspector = createInspector();
    inspector.watch('s', run.actor);
    expect(viewOf(inspector, 's').accepted).toStrictEqual([{ type: 'GO', enabled: false }]);
    run.endWith(fakeSnapshot(['GO'], true));
    expect(viewOf(inspector, 's').accepted).toStrictEqual([{ type: 'GO', enabled: true }]);
  });

  it('only which events are accepted changed (same count): a new view; nothing changed: the same view', () => {
    const run = scripted(fakeSnapshot(['GO'], true));
    const inspector = createInspector();
    inspector.watch('s', run.actor);
    run.endWith(fakeSnapshot(['STOP'], true));
    expect(viewOf(inspector, 's').accepted).toStrictEqual([{ type: 'STOP', enabled: true }]);
    const views = inspector.views();
    run.endWith(fakeSnapshot(['STOP'], true));
    expect(inspector.views()).toBe(views);
    run.endWith(fakeSnapshot(['STOP', 'GO'], true));
    expect(viewOf(inspector, 's').accepted.map((e) => e.type)).toStrictEqual(['GO', 'STOP']);
  });

  it('only the active states changed (same count): a new view', () => {
    const run = scripted({ status: 'active', value: 'a' });
    const inspector = createInspector();
    inspector.watch('s', run.actor);
    run.endWith({ status: 'active', value: 'b' });
    expect(viewOf(inspector, 's').activeStates).toStrictEqual(['b']);
    run.endWith({ status: 'active', value: { b: 'c' } });
    expect(viewOf(inspector, 's').activeStates).toStrictEqual(['b', 'b.c']);
  });
});

describe('inspector: the last of its rules', () => {
  const parts = (extra: Record<string, unknown> = {}) =>
    ({
      send() {},
      subscribe: () => ({ unsubscribe() {} }),
      getSnapshot: () => ({ status: 'active', value: 'idle' }),
      ...extra,
    }) as unknown as AnyActorRef;

  it('a new inspector shows no views', () => {
    expect(createInspector().views()).toStrictEqual([]);
  });

  it('a logic with a root but no state-node lookup is not drawn as a machine', () => {
    const inspector = createInspector();
    inspector.watch('half', parts({ logic: { root: {} } }));
    inspector.watch('whole', parts({ logic: { root: {}, getStateNodeById: () => undefined } }));
    inspector.watch('flat', parts({ logic: { getStateNodeById: () => undefined } }));
    expect(inspector.views().map((v) => v.machine === undefined)).toStrictEqual([true, false, true]);
  });

  it('a function carrying the methods of an actor is not an actor ref', () => {
    const fn = Object.assign(() => undefined, { send() {}, subscribe() {}, getSnapshot() {} });
    expect(watchProblem('a', fn)?.extra).toMatchObject({ field: 'actor' });
  });

  it('watching another actor under a name stops recording the first (its unsubscribe runs, and a throw there is reported)', () => {
    const { errors, reports } = reporter();
    const inspector = createInspector({ errors });
    inspector.watch(
      'n',
      parts({
        subscribe: () => ({
          unsubscribe() {
            throw new Error('stuck');
          },
        }),
      }),
    );
    inspector.watch('n', parts());
    expect(reports).toStrictEqual([expect.objectContaining({ message: 'unsubscribe threw' })]);
    expect(inspector.views()).toHaveLength(1);
  });

  it('the log keeps exactly logLimit entries when it reaches it, and drops one for each past it', () => {
    const actor = createActor(buttonMachine, { input: {} }).start();
    const inspector = createInspector({ logLimit: 2 });
    inspector.watch('b', actor);
    actor.send({ type: 'DISABLE' });
    actor.send({ type: 'ENABLE' });
    expect(viewOf(inspector, 'b').log.map((e) => e.seq)).toStrictEqual([1, 2]);
    actor.send({ type: 'DISABLE' });
    expect(viewOf(inspector, 'b').log.map((e) => e.seq)).toStrictEqual([2, 3]);
  });
});

describe('inspector helpers: the last cases', () => {
  it('a context whose keys cannot be read before the change is one change of the whole', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    expect(diffContext(trap, { a: 1 }).changes).toStrictEqual([{ path: '', kind: 'changed', before: '(unreadable)', after: '{a: 1}' }]);
  });

  it('an object with send but no getSnapshot is no actor ref; one whose prototype has no constructor is an object', () => {
    class Sender {
      send() {}
    }
    expect(previewValue(new Sender())).toBe('Sender');
    expect(previewValue(Object.create(Object.create(null) as object) as object)).toBe('object');
  });
});

describe('viewport: the remaining arithmetic', () => {
  it('centreOn: a zero scale is 1:1; a focus is centred by its scaled position; a diagram a little narrower than the frame plus padding follows its focus', () => {
    const frame = { width: 100, height: 100 };
    expect(centreOn(0, { width: 50, height: 50 }, frame).scale).toBe(1);
    expect(centreOn(2, { width: 400, height: 400 }, frame, { x: 200, y: 200, width: 10, height: 10 }, 4)).toStrictEqual({
      scale: 2,
      x: -360,
      y: -360,
    });
    // 90 + 2 × 8 > 100: not centred, but kept against its right edge by the focus on the right.
    expect(centreOn(1, { width: 90, height: 10 }, frame, { x: 80, y: 0, width: 10, height: 10 })).toStrictEqual({ scale: 1, x: 2, y: 8 });
  });

  it('showsWhole scales the box position as well as its size, on both axes', () => {
    const frame = { width: 100, height: 50 };
    const view = { scale: 2, x: 0, y: 5 };
    expect(showsWhole(view, frame, { x: 0, y: 10, width: 5, height: 15 })).toBe(false);
    expect(showsWhole(view, frame, { x: 0, y: 5, width: 5, height: 10 })).toBe(true);
    expect(showsWhole(view, frame, { x: 46, y: 0, width: 5, height: 5 })).toBe(false);
    expect(showsWhole(view, frame, { x: 20, y: 0, width: 10, height: 5 })).toBe(true);
  });

  it('the opening scale never drops below the fitted one, and a readable scale past the largest zoom is that zoom', () => {
    const fitted = fitToWidth(500, 1000).scale;
    expect(fitted).toBe(1);
    expect(initialScale(500, 1000, 0.5)).toBe(1);
    expect(initialScale(500, 1000, 20)).toBe(MAX_ZOOM);
    expect(initialScale(100_000, 1000, 0.01)).toBe(MIN_ZOOM);
  });
});
