import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createLoadingOverlays, loadingOverlayMachine, LOADING_LEAVE_MS } from '../../machines/index.js';
import { diagramInput } from '../../machines/loading-overlay.machine.js';
import { LoadingTargetMissingError } from '../../core/ui/errors.js';
import type { SnapshotFrom } from 'xstate';
import { describeTransitionTable, expectInvalidArgument, startError } from './transition-table.js';
import type { TableRun } from './transition-table.js';

describe('loading overlay machine', () => {
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
    expect(() => overlays.show(undefined, () => {})).toThrow(
      expect.objectContaining({ name: 'LoadingTargetMissingError', code: 'LOADING_TARGET_MISSING' }),
    );
    expect(() => overlays.show('t', undefined as never)).toThrow(
      expect.objectContaining({ name: 'LoadingTargetMissingError', code: 'LOADING_CALLBACK_MISSING' }),
    );
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

// Spec §S4, §S9: visible → hiding → removed after the 300 ms leave, reference-counted by ACQUIRE and RELEASE.
// Effects: how many requests hold the overlay and the text it shows.
const overlayEffects = (run: TableRun) => {
  const { holders, text } = (run.actor.getSnapshot() as SnapshotFrom<typeof loadingOverlayMachine>).context;
  return { holders, text };
};
const INPUT = { target: 'table', text: 'Saving' };
describeTransitionTable({
  name: 'loading overlay transition table (spec §S4, §S9)',
  machine: loadingOverlayMachine,
  effects: overlayEffects,
  states: {
    visible: { value: 'visible', input: INPUT },
    'visible, two holders': { value: 'visible', input: INPUT, path: ['ACQUIRE "Orders"'] },
    hiding: { value: 'hiding', input: INPUT, path: ['RELEASE'] },
    removed: { value: 'removed', status: 'done', input: INPUT, path: ['RELEASE', 'wait 300'] },
  },
  events: {
    ACQUIRE: { type: 'ACQUIRE' },
    'ACQUIRE "Orders"': { type: 'ACQUIRE', text: 'Orders' },
    'ACQUIRE (malformed text)': { type: 'ACQUIRE', text: 5 },
    RELEASE: { type: 'RELEASE' },
    'wait 299': { advance: 299 },
    'wait 300': { advance: 300 },
  },
  rows: [
    ['visible', 'ACQUIRE', 'visible', [], { holders: 2, text: 'Saving' }],
    ['visible', 'ACQUIRE "Orders"', 'visible', [], { holders: 2, text: 'Orders' }],
    ['visible', 'RELEASE', 'hiding', [], { holders: 0, text: 'Saving' }],
    ['visible, two holders', 'ACQUIRE', 'visible', [], { holders: 3, text: 'Orders' }],
    ['visible, two holders', 'ACQUIRE "Orders"', 'visible', [], { holders: 3, text: 'Orders' }],
    ['visible, two holders', 'RELEASE', 'visible', [], { holders: 1, text: 'Orders' }],
    ['hiding', 'ACQUIRE', 'visible', [], { holders: 1, text: 'Saving' }],
    ['hiding', 'ACQUIRE "Orders"', 'visible', [], { holders: 1, text: 'Orders' }],
    ['hiding', 'wait 300', 'removed', [{ type: 'removed', target: 'table' }]],
  ],
  ignored: {
    visible: ['ACQUIRE (malformed text)', 'wait 299', 'wait 300'],
    'visible, two holders': ['ACQUIRE (malformed text)', 'wait 299', 'wait 300'],
    hiding: ['ACQUIRE (malformed text)', 'RELEASE', 'wait 299'],
  },
});

describe('loading overlay input', () => {
  it('spec §S8: a missing, null or empty target is a LoadingTargetMissingError (LOADING_TARGET_MISSING), whatever else is given', () => {
    for (const input of [undefined, {}, { target: undefined }, { target: null }, { target: '' }, { target: null, text: 'Saving' }]) {
      const error = startError(loadingOverlayMachine, input);
      expect(error).toBeInstanceOf(LoadingTargetMissingError);
      expect(error).toMatchObject({
        code: 'LOADING_TARGET_MISSING',
        message: 'A loading overlay needs a target instance.',
        extra: { missing: 'target' },
      });
    }
  });

  it('any other target is taken as it is (an element, a key, 0, false)', () => {
    for (const target of [{}, 'table', 0, false]) {
      expect(createActor(loadingOverlayMachine, { input: { target } }).start().getSnapshot().context.target).toBe(target);
    }
  });

  it('a malformed field is an InvalidArgumentError naming it; an input that is not an object names the input', () => {
    expectInvalidArgument(
      startError(loadingOverlayMachine, { target: 't', leaveMs: -1 }),
      'loadingOverlay: input.leaveMs must be a number of ms from 0 up to 2^31 − 1, got -1',
      'input.leaveMs',
    );
    expectInvalidArgument(
      startError(loadingOverlayMachine, { target: 't', text: 5 }),
      'loadingOverlay: input.text must be a string, got 5',
      'input.text',
    );
    expectInvalidArgument(startError(loadingOverlayMachine, 'table'), 'loadingOverlay: input must be an object, got "table"', 'input');
  });

  it('the diagram input (scripts/diagrams.ts) starts a visible overlay over the target "diagram"', () => {
    const actor = createActor(loadingOverlayMachine, { input: diagramInput }).start();
    expect({ value: actor.getSnapshot().value, target: actor.getSnapshot().context.target }).toStrictEqual({
      value: 'visible',
      target: 'diagram',
    });
  });
});
