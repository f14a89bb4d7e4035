// Issue 18 §2, "no actor ever dies": for each UI and simulation machine, random sequences of well-formed and
// malformed events (and calls of its imperative API) with time advanced between them. The actor never reaches
// `error`, nothing throws but a typed refusal, every promise handed out settles, and after stop() no timer runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputClasses } from '../support/input-classes.js';
import { throwError } from 'rxjs';
import { createActor } from 'xstate';
import { CALLBACK_FAILED_EVENT, InvalidArgumentError, UserCallbackError } from '../../core/errors/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import { createSimulationMode } from '../../core/simulation/simulation-mode.js';
import type { SimulationMode } from '../../core/simulation/simulation-mode.js';
import { LoadingTargetMissingError } from '../../core/ui/index.js';
import {
  buttonMachine,
  createLoadingOverlays,
  createMessageBoxApi,
  createToastApi,
  loadingOverlayMachine,
  messageBoxMachine,
  messageBoxQueueMachine,
  notificationMachine,
  notifierMachine,
  popupMachine,
  simulationMachine,
  toasterMachine,
  toastMachine,
  TOAST_TYPES,
} from '../../machines/index.js';
import type { MessageBoxResult } from '../../machines/index.js';
import {
  CountingClock,
  expectQuietAfterStop,
  expectTypedReports,
  flush,
  hostileSteps,
  hostileValue,
  recordingReporter,
  runHostile,
  stateCoverage,
  throwingGetters,
} from './hostile-events.js';
import type { EventSpec } from './hostile-events.js';

const RUNS = { numRuns: 60 };
const ids = fc.constantFrom('a', 'b', 'c', 'd');
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constant('x'.repeat(10_000)));
const height = fc.integer({ min: 0, max: 400 });
const typedRefusal = (error: unknown) => error instanceof InvalidArgumentError;
/** A value or a hostile one: what an API caller passes in one argument position. */
const maybeHostile = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 3 }, { arbitrary: hostileValue, weight: 1 });

const toastContent = fc.record(
  {
    message: text,
    type: fc.constantFrom(...TOAST_TYPES),
    title: text,
    duration: fc.constantFrom(0, 1, 1000, 3000, Infinity),
    closable: fc.boolean(),
  },
  { requiredKeys: ['message'] },
);

describe('button: no event kills it', () => {
  const specs: EventSpec[] = ['CLICK', 'DISABLE', 'ENABLE', 'START_LOADING', 'STOP_LOADING'].map((type) => ({ type }));
  it('random well-formed and malformed events never put the button in error, and a click counts only when clickable', async () => {
    const states = stateCoverage(buttonMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), async (steps) => {
        const clock = new CountingClock();
        const actor = createActor(buttonMachine, { clock } as never).start();
        let clicks = 0;
        actor.on('clicked', () => void clicks++);
        await runHostile({ actor, clock, steps, states });
        const wellFormedClicks = steps.filter((s) => s.kind === 'event' && s.event.type === 'CLICK').length;
        expect(clicks).toBeLessThanOrEqual(wellFormedClicks);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('popup: no event kills it', () => {
  const delay = fc.constantFrom(0, 100, 300);
  const specs: EventSpec[] = [
    ...['OPEN', 'CLOSE', 'TOGGLE', 'ESCAPE', 'OUTSIDE_CLICK'].map((type) => ({ type })),
    {
      type: 'SET_OPTIONS',
      fields: {
        options: fc.record(
          { modal: fc.boolean(), closeOnEscape: fc.boolean(), closeOnOutsideClick: fc.boolean(), openDelay: delay, closeDelay: delay },
          { requiredKeys: [] },
        ),
      },
    },
  ];
  it('random events and options never put the popup in error; its delays stay valid numbers', async () => {
    const states = stateCoverage(popupMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), delay, delay, async (steps, openDelay, closeDelay) => {
        const clock = new CountingClock();
        const actor = createActor(popupMachine, { input: { openDelay, closeDelay }, clock }).start();
        await runHostile({ actor, clock, steps, states });
        const { context } = actor.getSnapshot();
        expect(Number.isFinite(context.openDelay) && Number.isFinite(context.closeDelay)).toBe(true);
        expect(typeof context.modal).toBe('boolean');
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('notification: no event kills it', () => {
  const specs: EventSpec[] = ['POINTER_ENTER', 'POINTER_LEAVE', 'CLICK', 'CLOSE', 'ESCAPE'].map((type) => ({ type }));
  it('random events never put a notification in error, and once closed it stays closed', async () => {
    const states = stateCoverage(notificationMachine);
    await fc.assert(
      fc.asyncProperty(
        hostileSteps(specs),
        fc.constantFrom(0, 1000, 4000, Infinity),
        fc.boolean(),
        async (steps, duration, resumeRemaining) => {
          const clock = new CountingClock();
          const actor = createActor(notificationMachine, {
            input: { id: 'n', message: 'm', duration, resumeRemaining, clock },
            clock,
          }).start();
          await runHostile({ actor, clock, steps, states });
          expectQuietAfterStop(actor, clock);
        },
      ),
      { numRuns: 120 },
    );
    states.expectEachReached();
  });
});

describe('loading overlay: no event kills it', () => {
  const specs: EventSpec[] = [{ type: 'ACQUIRE', fields: { text }, optional: ['text'] }, { type: 'RELEASE' }];
  it('random acquire/release events never put the overlay in error; its holders never go negative', async () => {
    const states = stateCoverage(loadingOverlayMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), async (steps) => {
        const clock = new CountingClock();
        const actor = createActor(loadingOverlayMachine, { input: { target: 't' }, clock }).start();
        await runHostile({ actor, clock, steps, states });
        expect(actor.getSnapshot().context.holders).toBeGreaterThanOrEqual(0);
        expect(['string', 'undefined']).toContain(typeof actor.getSnapshot().context.text);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });

  it('loading API: random shows and releases (throwing callbacks, hostile arguments) remove every overlay once, and stop() leaves no timer', async () => {
    type Call =
      | { op: 'show'; target: unknown; text: unknown; throws: boolean }
      | { op: 'release'; index: number }
      | { op: 'listen'; throws: boolean };
    const call: fc.Arbitrary<Call> = fc.oneof(
      fc.record({
        op: fc.constant('show' as const),
        target: maybeHostile(ids),
        text: fc.option(maybeHostile(text), { nil: undefined }),
        throws: fc.boolean(),
      }),
      fc.record({ op: fc.constant('release' as const), index: fc.nat(20) }),
      fc.record({ op: fc.constant('listen' as const), throws: fc.boolean() }),
    );
    const drawn = inputClasses<readonly { c?: Call; ms?: number }[]>({
      'an overlay shown': (steps) => steps.some((s) => s.c?.op === 'show' && typeof s.c.target === 'string'),
      'a hostile target': (steps) => steps.some((s) => s.c?.op === 'show' && typeof s.c.target !== 'string'),
      'a throwing callback': (steps) => steps.some((s) => s.c?.op === 'show' && s.c.throws),
      'a release': (steps) => steps.some((s) => s.c?.op === 'release'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            call.map((c) => ({ c })),
            fc.integer({ min: 0, max: 1000 }).map((ms) => ({ ms })),
          ),
          { maxLength: 40 },
        ),
        async (steps) => {
          drawn.see(steps);
          const clock = new CountingClock();
          const reporter = recordingReporter();
          const loading = createLoadingOverlays({ clock, errors: reporter });
          const releases: (() => void)[] = [];
          const removedCalls = new Map<number, number>();
          let shown = 0;
          for (const step of steps) {
            if ('ms' in step) {
              clock.increment(step.ms);
              continue;
            }
            const c = step.c;
            try {
              if (c.op === 'show') {
                const n = shown;
                const release = loading.show(
                  c.target,
                  () => {
                    removedCalls.set(n, (removedCalls.get(n) ?? 0) + 1);
                    if (c.throws) throw new Error('onRemoved bug');
                  },
                  c.text === undefined ? undefined : { text: c.text as string },
                );
                shown++;
                releases.push(release);
              } else if (c.op === 'release') releases[c.index % Math.max(1, releases.length)]?.();
              else
                loading.subscribe(() => {
                  if (c.throws) throw new Error('listener bug');
                });
            } catch (error) {
              expect(error instanceof InvalidArgumentError || error instanceof LoadingTargetMissingError).toBe(true);
            }
            await flush();
          }
          // Drain: every request released, the leave transitions run; each overlay's callbacks ran exactly once.
          for (const release of releases) release();
          clock.increment(1000);
          for (let n = 0; n < shown; n++) expect(removedCalls.get(n)).toBe(1);
          expectTypedReports(reporter.reports);
          loading.dispose();
          expect(clock.pending).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
    drawn.expectEachDrawn(3);
  });
});

describe('simulation: no event kills it', () => {
  const specs: EventSpec[] = [
    { type: 'TURN_ON', fields: { locale: fc.constantFrom('en', 'zh-CN', 'ja') }, optional: ['locale'] },
    { type: 'TURN_OFF' },
    { type: 'NAVIGATE', fields: { path: fc.constantFrom('/spot/BTCUSDT', '/markets', '/ja/futures/usdt/ETHUSDT', '/') } },
    { type: 'REMOTE_CHANGED', fields: { on: fc.boolean() } },
  ];
  /** The real service, with some methods made to throw (a caller's own service, or failing storage). */
  const flaky = (simulation: SimulationMode, failing: readonly string[]): SimulationMode =>
    new Proxy(simulation, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof key === 'string' && failing.includes(key) && typeof value === 'function')
          return () => {
            throw new Error(`${key} failed`);
          };
        return value;
      },
    });
  it('random events, with a service whose methods may throw, never put the machine in error; failures are logged typed', async () => {
    const methods = ['isOn', 'setFlag', 'isAllowed', 'landingFor', 'redirectFor', 'currentPath', 'navigate', 'reload'];
    const states = stateCoverage(simulationMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), fc.subarray(methods), async (steps, failing) => {
        const clock = new CountingClock();
        const reporter = recordingReporter();
        const platform = memoryPlatform({ href: 'https://ex.test/en/markets' });
        const actor = createActor(simulationMachine, {
          input: { simulation: flaky(createSimulationMode(platform), failing), errors: reporter },
          clock,
        }).start();
        await runHostile({ actor, clock, steps, states });
        expectTypedReports(reporter.reports);
        // A sound service fails no call (a forged xstate.error event is logged under its own name).
        if (failing.length === 0) expect(reporter.reports.filter((r) => r.event === CALLBACK_FAILED_EVENT)).toEqual([]);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('toast: no event kills it', () => {
  const specs: EventSpec[] = [
    { type: 'SHOW', fields: { zIndex: fc.integer({ min: 2000, max: 3000 }) } },
    { type: 'UPDATE', fields: { patch: toastContent.map(({ message, ...rest }) => ({ ...rest, ...(message ? { message } : {}) })) } },
    { type: 'PAUSE' },
    { type: 'RESUME' },
    { type: 'CLOSE', fields: { reason: fc.constantFrom('timeout', 'close-button', 'escape', 'dismiss') }, optional: ['reason'] },
    { type: 'ESCAPE' },
  ];
  it('random events never put a toast in error; its duration stays a valid delay or Infinity', async () => {
    const states = stateCoverage(toastMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), async (steps) => {
        const clock = new CountingClock();
        const actor = createActor(toastMachine, { input: { id: 't', message: 'm', clock }, clock }).start();
        await runHostile({ actor, clock, steps, states });
        const { duration, remaining, message } = actor.getSnapshot().context;
        expect(duration === Infinity || (duration > 0 && duration <= 2 ** 31 - 1)).toBe(true);
        expect(Number.isNaN(remaining)).toBe(false);
        expect(typeof message).toBe('string');
        expectQuietAfterStop(actor, clock);
      }),
      { numRuns: 150 },
    );
    states.expectEachReached();
  });
});

describe('toaster and toast API: no event or call kills it', () => {
  const specs: EventSpec[] = [
    { type: 'ADD', fields: { toast: fc.tuple(ids, toastContent).map(([id, content]) => ({ ...content, id })) } },
    { type: 'UPDATE', fields: { id: ids, patch: toastContent } },
    { type: 'DISMISS', fields: { id: ids }, optional: ['id'] },
    { type: 'ESCAPE' },
    { type: 'MEASURED', fields: { id: ids, height } },
    ...['PAGE_HIDDEN', 'PAGE_VISIBLE', 'POINTER_ENTER', 'POINTER_LEAVE'].map((type) => ({ type })),
    // A forged done event of a child that has not finished.
    { type: 'xstate.done.actor.toast:a', fields: { output: fc.record({ id: fc.constant('a'), reason: fc.constant('timeout') }) } },
  ];
  type Call =
    | { op: 'show'; message: unknown; options: unknown }
    | { op: 'update'; id: unknown; patch: unknown }
    | { op: 'dismiss'; id: unknown }
    | { op: 'promise'; outcome: 'resolve' | 'reject' | 'throw' | 'value' | 'hostile'; formatterThrows: boolean; messages: unknown };
  const messages = fc.record({
    loading: text,
    success: fc.oneof(
      text,
      fc.constant(() => 'done'),
    ),
    error: fc.oneof(
      text,
      fc.constant(() => 'failed'),
    ),
  });
  const call: fc.Arbitrary<Call> = fc.oneof(
    fc.record({
      op: fc.constant('show' as const),
      message: maybeHostile(text),
      options: maybeHostile(fc.record({ id: ids, duration: fc.constantFrom(0, 500, Infinity) }, { requiredKeys: [] })),
    }),
    fc.record({ op: fc.constant('update' as const), id: maybeHostile(ids), patch: maybeHostile(toastContent) }),
    fc.record({ op: fc.constant('dismiss' as const), id: fc.option(maybeHostile(ids), { nil: undefined }) }),
    fc.record({
      op: fc.constant('promise' as const),
      outcome: fc.constantFrom('resolve', 'reject', 'throw', 'value', 'hostile'),
      formatterThrows: fc.boolean(),
      messages: maybeHostile(messages),
    }),
  );
  // A rejected promise the caller also watches: when toast.promise refuses its other arguments it never takes the
  // promise, which must not then count as an unhandled rejection of the test itself.
  const rejected = () => {
    const promise = Promise.reject(new Error('no'));
    promise.catch(() => undefined);
    return promise;
  };
  it('random events and API calls never put the toaster in error; every toast.promise settles and leaves no loading toast', async () => {
    const states = stateCoverage(toasterMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs, call), fc.constantFrom(1, 3), async (steps, maxVisible) => {
        const clock = new CountingClock();
        const reporter = recordingReporter();
        const actor = createActor(toasterMachine, { input: { maxVisible, maxQueued: 5, clock, errors: reporter }, clock }).start();
        const toast = createToastApi(() => actor);
        const promised: { settled: boolean; promise: Promise<unknown> }[] = [];
        const promiseIds = new Set<string>();
        const ids0 = new Set<string>();
        actor.on('toast.added', (e) => ids0.add(e.id));
        await runHostile({
          states,
          actor,
          clock,
          steps,
          allowedError: typedRefusal,
          call: (c) => {
            if (c.op === 'show') toast(c.message as string, c.options as never);
            else if (c.op === 'update') toast.update(c.id as string, c.patch as never);
            else if (c.op === 'dismiss') toast.dismiss(c.id as string);
            else {
              const arg =
                c.outcome === 'resolve'
                  ? Promise.resolve(1)
                  : c.outcome === 'reject'
                    ? rejected()
                    : c.outcome === 'throw'
                      ? () => {
                          throw new Error('sync');
                        }
                      : c.outcome === 'value'
                        ? () => 42
                        : 42;
              const msgs = c.formatterThrows
                ? {
                    loading: 'l',
                    success: () => {
                      throw new Error('formatter');
                    },
                    error: () => {
                      throw new Error('formatter');
                    },
                  }
                : c.messages;
              const before = new Set(ids0);
              const p = toast.promise(arg as never, msgs as never);
              for (const id of ids0) if (!before.has(id)) promiseIds.add(id);
              const entry = { settled: false, promise: p };
              // The caller's own outcome is theirs to handle; here it is only watched.
              p.then(
                () => (entry.settled = true),
                () => (entry.settled = true),
              );
              promised.push(entry);
            }
          },
        });
        await flush();
        expect(promised.every((p) => p.settled)).toBe(true);
        // No toast.promise toast is left loading, shown or waiting: each turned into its outcome or was dismissed.
        const { items, queue } = actor.getSnapshot().context;
        const typeOf = new Map<string, string | undefined>([
          ...items.map((i) => [i.id, i.ref.getSnapshot().context.type] as const),
          ...queue.toArray().map((q) => [q.id, q.type] as const),
        ]);
        for (const id of promiseIds) expect(typeOf.get(id)).not.toBe('loading');
        expectTypedReports(reporter.reports);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('notifier: no event kills it', () => {
  const content = fc.record(
    {
      message: text,
      title: text,
      type: fc.constantFrom('success', 'warning', 'info', 'error'),
      duration: fc.constantFrom(0, 1000, 4000, Infinity),
      position: fc.constantFrom('top-right', 'top-left', 'bottom-right', 'bottom-left'),
      closeOnClick: fc.boolean(),
      resumeRemaining: fc.boolean(),
    },
    { requiredKeys: ['message'] },
  );
  const specs: EventSpec[] = [
    { type: 'NOTIFY', fields: { notification: fc.tuple(ids, content).map(([id, c]) => ({ ...c, id })) } },
    { type: 'CLOSE', fields: { id: ids }, optional: ['id'] },
    { type: 'ESCAPE' },
    { type: 'CLICK', fields: { id: ids } },
    { type: 'POINTER_ENTER', fields: { id: ids } },
    { type: 'POINTER_LEAVE', fields: { id: ids } },
    { type: 'MEASURED', fields: { id: ids, height } },
    { type: 'xstate.done.actor.notification:a', fields: { output: fc.record({ id: fc.constant('a'), reason: fc.constant('timeout') }) } },
  ];
  it('random events never put the notifier in error; it shows at most maxVisible, with valid heights', async () => {
    const states = stateCoverage(notifierMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), async (steps) => {
        const clock = new CountingClock();
        const actor = createActor(notifierMachine, { input: { maxVisible: 3, clock }, clock }).start();
        await runHostile({ actor, clock, steps, states });
        const { items } = actor.getSnapshot().context;
        expect(items.length).toBeLessThanOrEqual(3);
        for (const item of items) expect(Number.isFinite(item.height) && item.height >= 0).toBe(true);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('message box: no event kills it', () => {
  const specs: EventSpec[] = [
    { type: 'SHOW', fields: { zIndex: fc.integer({ min: 2000, max: 3000 }) } },
    ...['CONFIRM', 'CANCEL', 'CLOSE', 'ESCAPE', 'BACKDROP_CLICK', 'ENTER'].map((type) => ({ type })),
    { type: 'INPUT', fields: { value: text } },
  ];
  it('random events never put a prompt in error, with a validator that may throw; its value stays a string', async () => {
    const states = stateCoverage(messageBoxMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs), fc.boolean(), async (steps, validatorThrows) => {
        const clock = new CountingClock();
        const reporter = recordingReporter();
        const actor = createActor(messageBoxMachine, {
          input: {
            id: 'b',
            kind: 'prompt',
            message: 'm',
            inputPattern: /^\d*$/,
            maxLength: 5,
            errors: reporter,
            inputValidator: (v) => {
              if (validatorThrows) throw new Error('validator bug');
              return v.length < 3 || 'too long';
            },
          },
          clock,
        }).start();
        await runHostile({ actor, clock, steps, states });
        expect(typeof actor.getSnapshot().context.value).toBe('string');
        expectTypedReports(reporter.reports);
        expectQuietAfterStop(actor, clock);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('message-box queue and API: no event or call kills it', () => {
  const boxOptions = fc.record(
    {
      title: text,
      inputValue: text,
      inputPattern: fc.constantFrom(/^\d+$/, /x/g),
      maxLength: fc.nat(10),
      multiline: fc.boolean(),
      transitionMs: fc.constantFrom(0, 200),
      size: fc.constantFrom('small', 'medium', 'large', 'extraLarge'),
    },
    { requiredKeys: [] },
  );
  const specs: EventSpec[] = [
    {
      type: 'OPEN',
      fields: {
        box: fc
          .tuple(fc.constantFrom('x', 'y', 'z'), fc.constantFrom('alert', 'confirm', 'prompt'), boxOptions)
          .map(([id, kind, o]) => ({ ...o, id, kind, message: 'm' })),
      },
    },
    ...['CONFIRM', 'CANCEL', 'CLOSE', 'ESCAPE', 'BACKDROP_CLICK', 'ENTER'].map((type) => ({ type })),
    { type: 'INPUT', fields: { value: text } },
    { type: 'xstate.done.actor.box:x', fields: { output: fc.record({ id: fc.constant('x'), action: fc.constant('confirm') }) } },
  ];
  type Call = {
    kind: 'alert' | 'confirm' | 'prompt';
    message: unknown;
    options: unknown;
    validator: 'none' | 'throws' | 'rejects' | 'hostile';
  };
  const call: fc.Arbitrary<Call> = fc.record({
    kind: fc.constantFrom('alert', 'confirm', 'prompt'),
    message: maybeHostile(text),
    options: fc.oneof(
      { arbitrary: boxOptions, weight: 3 },
      { arbitrary: hostileValue, weight: 1 },
      { arbitrary: fc.constant({ inputPattern: '^\\d+$' }), weight: 1 },
    ),
    validator: fc.constantFrom('none', 'throws', 'rejects', 'hostile'),
  });
  it('random events and API calls never put the queue in error; every promise settles once the queue drains, or when it stops', async () => {
    const states = stateCoverage(messageBoxQueueMachine);
    await fc.assert(
      fc.asyncProperty(hostileSteps(specs, call), fc.boolean(), async (steps, stopEarly) => {
        const clock = new CountingClock();
        const reporter = recordingReporter();
        const actor = createActor(messageBoxQueueMachine, { input: { errors: reporter }, clock }).start();
        const api = createMessageBoxApi(() => actor);
        const handed: { outcome: 'pending' | 'resolved' | 'rejected'; reason?: unknown; value?: MessageBoxResult }[] = [];
        await runHostile({
          states,
          actor,
          clock,
          steps,
          call: (c) => {
            const validator =
              c.validator === 'throws'
                ? () => {
                    throw new Error('validator bug');
                  }
                : c.validator === 'rejects'
                  ? () => false
                  : c.validator === 'hostile'
                    ? 'not a function'
                    : undefined;
            let options = c.options;
            try {
              if (typeof c.options === 'object' && c.options !== null && !Array.isArray(c.options) && validator !== undefined)
                options = { ...c.options, inputValidator: validator };
            } catch {
              // Options whose getters throw go to the API as they are.
            }
            const entry: (typeof handed)[number] = { outcome: 'pending' };
            handed.push(entry);
            api[c.kind](c.message as string, options as never).then(
              (value) => Object.assign(entry, { outcome: 'resolved', value }),
              (reason: unknown) => Object.assign(entry, { outcome: 'rejected', reason }),
            );
          },
        });
        if (stopEarly) {
          actor.stop();
          await flush();
        } else {
          // Drain: close whatever shows (a prompt may refuse confirm, never close) until nothing is left.
          for (let i = 0; i < 200 && actor.getSnapshot().context.boxes.length > 0; i++) {
            actor.send({ type: 'CLOSE' });
            clock.increment(1000);
          }
          expect(actor.getSnapshot().context.boxes).toEqual([]);
          await flush();
        }
        expect(handed.filter((h) => h.outcome === 'pending')).toEqual([]);
        for (const h of handed) if (h.outcome === 'rejected') expect(h.reason).toBeInstanceOf(InvalidArgumentError);
        expectTypedReports(reporter.reports);
        if (!stopEarly) expectQuietAfterStop(actor, clock);
        else expect(clock.pending).toBe(0);
      }),
      RUNS,
    );
    states.expectEachReached();
  });
});

describe('defects this work fixed (each failed before it)', () => {
  it('toast.update(id, undefined) is refused with InvalidArgumentError naming patch, and a raw UPDATE without a patch is ignored: later toasts still show', () => {
    const clock = new CountingClock();
    const actor = createActor(toasterMachine, { clock } as never).start();
    const toast = createToastApi(() => actor);
    const id = toast.success('saved');
    expect(() => toast.update(id, undefined as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'patch', value: undefined } }),
    );
    actor.send({ type: 'UPDATE', id, patch: undefined } as never);
    expect(actor.getSnapshot().status).toBe('active');
    const next = toast.info('next');
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([id, next]);
  });

  it('a toast duration past 2^31 − 1 ms is refused (a host timer would wrap and close it at once)', () => {
    const actor = createActor(toasterMachine, { clock: new CountingClock() } as never).start();
    const toast = createToastApi(() => actor);
    expect(() => toast('m', { duration: 2 ** 40 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.duration', value: 2 ** 40 } }),
    );
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('toast.promise: a non-promise argument rejects with InvalidArgumentError and shows nothing; a throwing error formatter is logged and the loading toast goes away', async () => {
    const clock = new CountingClock();
    const reporter = recordingReporter();
    const actor = createActor(toasterMachine, { input: { errors: reporter }, clock }).start();
    const toast = createToastApi(() => actor);
    const refused = toast.promise(42 as never, { loading: 'l', success: 's', error: 'e' });
    await expect(refused).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      msg: 'toast.promise: promise must be a promise or a function returning one',
      extra: { field: 'promise', value: 42 },
    });
    // A thenable (not a native promise) passes the check.
    const thenable = toast.promise({ then: (resolve: (v: string) => void) => resolve('v') } as never, {
      loading: 'l',
      success: 's',
      error: 'e',
    });
    await expect(thenable).resolves.toBe('v');
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    toast.dismiss();
    expect(actor.getSnapshot().context.items).toEqual([]);
    const failing = toast.promise(Promise.reject(new Error('down')), {
      loading: 'l',
      success: 's',
      error: () => {
        throw new Error('formatter bug');
      },
    });
    await expect(failing).rejects.toThrow('down');
    await flush();
    clock.increment(0);
    expect(actor.getSnapshot().context.items.map((i) => i.ref.getSnapshot().status)).not.toContain('active');
    expect(reporter.reports).toHaveLength(1);
    expect(reporter.reports[0]!.error).toBeInstanceOf(UserCallbackError);
    expect((reporter.reports[0]!.error as UserCallbackError).extra).toEqual({ callback: 'toast.promise messages.error' });
  });

  it('a prompt with a string inputPattern rejects with InvalidArgumentError naming it; the queue stays up and the next box settles', async () => {
    const clock = new CountingClock();
    const actor = createActor(messageBoxQueueMachine, { input: { transitionMs: 0 }, clock }).start();
    const api = createMessageBoxApi(() => actor);
    await expect(api.prompt('Amount', { inputPattern: '^\\d+$' as never })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'options.inputPattern', value: '^\\d+$' },
    });
    // Sent raw, past the API, the box is ignored rather than crashing the queue.
    actor.send({ type: 'OPEN', box: { id: 'raw', kind: 'prompt', message: 'm', inputPattern: 'x' as never } });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.boxes).toEqual([]);
    const next = api.confirm('Again?');
    actor.send({ type: 'CONFIRM' });
    clock.increment(0);
    await expect(next).resolves.toEqual({ action: 'confirm' });
  });

  it('message-box promises still open when the queue stops resolve as closed', async () => {
    const actor = createActor(messageBoxQueueMachine, { clock: new CountingClock() } as never).start();
    const api = createMessageBoxApi(() => actor);
    const shown = api.confirm('a');
    const waiting = api.prompt('b');
    actor.stop();
    await expect(shown).resolves.toEqual({ action: 'close' });
    await expect(waiting).resolves.toEqual({ action: 'close' });
    await expect(api.alert('after')).resolves.toEqual({ action: 'close' });
  });

  it('two message-box APIs over one queue never hand out the same box id (the second box used to be dropped)', async () => {
    const clock = new CountingClock();
    const actor = createActor(messageBoxQueueMachine, { input: { transitionMs: 0 }, clock }).start();
    const one = createMessageBoxApi(() => actor);
    const two = createMessageBoxApi(() => actor);
    const a = one.confirm('a');
    const b = two.confirm('b');
    expect(actor.getSnapshot().context.boxes).toHaveLength(2);
    actor.send({ type: 'CONFIRM' });
    clock.increment(0);
    actor.send({ type: 'CANCEL' });
    clock.increment(0);
    await expect(a).resolves.toEqual({ action: 'confirm' });
    await expect(b).resolves.toEqual({ action: 'cancel' });
  });

  it.each([
    ['toaster', { type: 'ADD' }],
    ['toaster', { type: 'MEASURED', id: 5, height: 'x' }],
    ['notifier', { type: 'NOTIFY' }],
    ['notifier', { type: 'MEASURED', id: 'a' }],
    ['popup', { type: 'SET_OPTIONS' }],
    ['popup', { type: 'SET_OPTIONS', options: { openDelay: 'soon' } }],
    ['queue', { type: 'OPEN' }],
    ['queue', { type: 'INPUT', value: 5 }],
  ] as const)('%s ignores the malformed event %j and stays active', (machine, event) => {
    const logic = { toaster: toasterMachine, notifier: notifierMachine, popup: popupMachine, queue: messageBoxQueueMachine }[machine];
    const actor = createActor(logic as typeof popupMachine, { clock: new CountingClock() } as never).start();
    if (machine === 'queue') actor.send({ type: 'OPEN', box: { id: 'p', kind: 'prompt', message: 'm' } } as never);
    const before = actor.getSnapshot().context;
    actor.send(event as never);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toStrictEqual(before);
  });

  it('a forged done event of a toast that has not finished closes nothing', () => {
    const actor = createActor(toasterMachine, { clock: new CountingClock() } as never).start();
    actor.send({ type: 'ADD', toast: { id: 'a', message: 'm' } });
    actor.send({ type: 'xstate.done.actor.toast:a', output: { id: 'a', reason: 'timeout' } } as never);
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['a']);
  });

  it.each([
    ['toaster', toasterMachine],
    ['notifier', notifierMachine],
    ['popup', popupMachine],
    ['message-box queue', messageBoxQueueMachine],
    ['button', buttonMachine],
    ['toast', toastMachine],
    ['notification', notificationMachine],
    ['message box', messageBoxMachine],
  ] as const)('%s created without input starts with its defaults', (_name, logic) => {
    const actor = createActor(logic as typeof buttonMachine, { clock: new CountingClock() } as never).start();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('a malformed input is an InvalidArgumentError naming the field, thrown where it is checked', () => {
    expect(() => createLoadingOverlays({ leaveMs: -1 })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.leaveMs', value: -1 } }),
    );
    const loading = createLoadingOverlays();
    expect(() => loading.show('t', () => undefined, throwingGetters(['text']) as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'options.text' }) }),
    );
  });

  it('a loading onRemoved callback that throws is logged typed, and the other callbacks of that overlay still run', () => {
    const clock = new CountingClock();
    const reporter = recordingReporter();
    const loading = createLoadingOverlays({ clock, errors: reporter });
    const ran: string[] = [];
    const r1 = loading.show('t', () => {
      ran.push('first');
      throw new Error('bug');
    });
    const r2 = loading.show('t', () => void ran.push('second'));
    r1();
    r2();
    clock.increment(300);
    expect(ran).toEqual(['first', 'second']);
    expect(reporter.reports.map((r) => (r.error as UserCallbackError).extra)).toEqual([{ callback: 'onRemoved' }]);
  });

  it('a visibility port or cross-tab feed that errors is logged typed; the toaster and the simulation machine go on', () => {
    const reporter = recordingReporter();
    const failing = { current: () => 'visible' as const, changes: throwError(() => new Error('port down')) };
    const toaster = createActor(toasterMachine, { input: { visibility: failing, errors: reporter }, clock: new CountingClock() }).start();
    expect(toaster.getSnapshot().status).toBe('active');
    const simulation = new Proxy(createSimulationMode(memoryPlatform()), {
      get: (target, key, receiver) =>
        key === 'remoteChanges$' ? throwError(() => new Error('feed down')) : Reflect.get(target, key, receiver),
    });
    const sim = createActor(simulationMachine, { input: { simulation, errors: reporter }, clock: new CountingClock() }).start();
    expect(sim.getSnapshot().status).toBe('active');
    expect(reporter.reports.map((r) => (r.error as UserCallbackError).extra)).toEqual([
      { callback: 'visibility.changes' },
      { callback: 'simulation.remoteChanges$' },
    ]);
    expectTypedReports(reporter.reports);
  });
});
