import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom, SnapshotFrom } from 'xstate';
import { memoryPlatform } from '../../core/platform/index.js';
import { createLayerCounter, createLayerStack, createScrollLock } from '../../core/ui/index.js';
import { popupDomIds, popupMachine } from '../../machines/index.js';
import type { PopupEmitted } from '../../machines/index.js';
import { describeTransitionTable, expectInvalidArgument, startError, startRun, thrownBy } from './transition-table.js';
import type { TableRun } from './transition-table.js';

function start(input: InputFrom<typeof popupMachine> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(popupMachine, { input, clock }).start();
  const emitted: PopupEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const value = () => JSON.stringify(actor.getSnapshot().value);
  return { actor, clock, emitted, value };
}

describe('popup machine', () => {
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
    expect(scrollLock.holderCount).toBe(2);
    expect([outer, inner, plain].map((a) => a.getSnapshot().context.zIndex)).toEqual([2001, 2002, 2003]);
    inner.send({ type: 'CLOSE' });
    expect(scrollLock.holderCount).toBe(2);
    clock.increment(100);
    expect(scrollLock.holderCount).toBe(1);
    platform.advance(1000);
    expect(scrollLock.locked).toBe(true);
    outer.send({ type: 'CLOSE' });
    platform.advance(199);
    expect(scrollLock.locked).toBe(true);
    platform.advance(1);
    expect(scrollLock.locked).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The transition table (spec §B4), written out: three popups, each reached by the steps in `path`.
//   delayed: modal, open delay 100 ms, close delay 100 ms: closed → opening → shown.opened → shown.closing → closed.
//   instant: modal, no delays: closed ⇄ shown.opened, closing with no close delay at once.
//   sticky:  not modal, no delays, Escape and outside clicks turned off.
// Effects: the calls the popup made on a recording scroll lock, its z-index, close reason and options.
function recordingScrollLock() {
  const calls: string[] = [];
  return {
    calls,
    holderCount: 0,
    count: 0,
    locked: false,
    lock: (owner: string) => void calls.push(`lock ${owner}`),
    unlock: (owner: string) => void calls.push(`unlock ${owner}`),
  };
}

const CONFIGS = {
  delayed: { id: 'p', modal: true, openDelay: 100, closeDelay: 100 },
  instant: { id: 'p', modal: true },
  sticky: { id: 'p', closeOnEscape: false, closeOnOutsideClick: false },
} as const;

function startTable(config: unknown): TableRun {
  const scroll = recordingScrollLock();
  const run = startRun(popupMachine, { ...(config as object), scrollLock: scroll, layers: createLayerCounter() });
  return Object.assign(run, { scroll });
}

function popupEffects(run: TableRun) {
  const { zIndex, reason, modal, closeOnEscape, closeOnOutsideClick, openDelay, closeDelay } = (
    run.actor.getSnapshot() as SnapshotFrom<typeof popupMachine>
  ).context;
  return {
    scroll: [...(run as TableRun & { scroll: { calls: string[] } }).scroll.calls],
    zIndex,
    reason,
    options: { modal, closeOnEscape, closeOnOutsideClick, openDelay, closeDelay },
  };
}
type PopupEffects = ReturnType<typeof popupEffects>;
const withReason = (reason: string) => (e: PopupEffects) => ({ ...e, reason });
const openedAt = (zIndex: number, lock: boolean) => (e: PopupEffects) => ({
  ...e,
  zIndex,
  scroll: lock ? [...e.scroll, 'lock p'] : e.scroll,
});
const closedWith = (reason: string) => (e: PopupEffects) => ({ ...e, reason, scroll: [...e.scroll, 'unlock p'] });
const unlocked = (e: PopupEffects) => ({ ...e, scroll: [...e.scroll, 'unlock p'] });
const NEW_OPTIONS = { modal: false, closeOnEscape: false, closeOnOutsideClick: false, openDelay: 5, closeDelay: 7 };
const optionsSet = (e: PopupEffects) => ({ ...e, options: NEW_OPTIONS });
const OPENED_1 = [{ type: 'opened', zIndex: 2001 }];
const closed = (reason: string) => [{ type: 'closed', reason }];

describeTransitionTable({
  name: 'popup transition table (spec §B4: closed → opened after the open delay, opened → closed after the close delay)',
  start: startTable,
  effects: popupEffects,
  states: {
    closed: { value: 'closed', input: CONFIGS.delayed },
    opening: { value: 'opening', input: CONFIGS.delayed, path: ['OPEN'] },
    opened: { value: { shown: 'opened' }, input: CONFIGS.delayed, path: ['OPEN', 'wait 100'] },
    closing: { value: { shown: 'closing' }, input: CONFIGS.delayed, path: ['OPEN', 'wait 100', 'CLOSE'] },
    'closing (escape)': { value: { shown: 'closing' }, input: CONFIGS.delayed, path: ['OPEN', 'wait 100', 'ESCAPE'] },
    reclosed: { value: 'closed', input: CONFIGS.delayed, path: ['OPEN', 'wait 100', 'CLOSE', 'wait 100'] },
    // Reopened during the close delay after an Escape: the next close records its own reason, not Escape's.
    'reopened after Escape': { value: { shown: 'opened' }, input: CONFIGS.delayed, path: ['OPEN', 'wait 100', 'ESCAPE', 'OPEN'] },
    'instant closed': { value: 'closed', input: CONFIGS.instant },
    'instant opened': { value: { shown: 'opened' }, input: CONFIGS.instant, path: ['OPEN'] },
    'sticky opened': { value: { shown: 'opened' }, input: CONFIGS.sticky, path: ['TOGGLE'] },
  },
  events: {
    OPEN: { type: 'OPEN' },
    CLOSE: { type: 'CLOSE' },
    TOGGLE: { type: 'TOGGLE' },
    ESCAPE: { type: 'ESCAPE' },
    OUTSIDE_CLICK: { type: 'OUTSIDE_CLICK' },
    SET_OPTIONS: { type: 'SET_OPTIONS', options: NEW_OPTIONS },
    'SET_OPTIONS (malformed)': { type: 'SET_OPTIONS', options: { closeOnEscape: false, openDelay: -1 } },
    'wait 99': { advance: 99 },
    'wait 100': { advance: 100 },
  },
  rows: [
    ['closed', 'OPEN', 'opening'],
    ['closed', 'TOGGLE', 'opening'],
    ['closed', 'SET_OPTIONS', 'closed', [], optionsSet],
    ['opening', 'CLOSE', 'closed'],
    ['opening', 'TOGGLE', 'closed'],
    ['opening', 'wait 100', 'opened', OPENED_1, openedAt(2001, true)],
    ['opening', 'SET_OPTIONS', 'opening', [], optionsSet],
    ['opened', 'CLOSE', 'closing', [], withReason('close')],
    ['opened', 'TOGGLE', 'closing', [], withReason('toggle')],
    ['opened', 'ESCAPE', 'closing', [], withReason('escape')],
    ['opened', 'OUTSIDE_CLICK', 'closing', [], withReason('outside')],
    ['opened', 'SET_OPTIONS', 'opened', [], optionsSet],
    ['closing', 'OPEN', 'opened'],
    ['closing', 'wait 100', 'reclosed', closed('close'), unlocked],
    ['closing', 'SET_OPTIONS', 'closing', [], optionsSet],
    ['closing (escape)', 'OPEN', 'opened'],
    ['closing (escape)', 'wait 100', 'reclosed', closed('escape'), unlocked],
    ['closing (escape)', 'SET_OPTIONS', 'closing (escape)', [], optionsSet],
    ['reopened after Escape', 'CLOSE', 'closing', [], withReason('close')],
    ['reopened after Escape', 'TOGGLE', 'closing', [], withReason('toggle')],
    ['reopened after Escape', 'ESCAPE', 'closing'],
    ['reopened after Escape', 'OUTSIDE_CLICK', 'closing', [], withReason('outside')],
    ['reopened after Escape', 'SET_OPTIONS', 'reopened after Escape', [], optionsSet],
    ['reclosed', 'OPEN', 'opening'],
    ['reclosed', 'TOGGLE', 'opening'],
    ['reclosed', 'SET_OPTIONS', 'reclosed', [], optionsSet],
    ['instant closed', 'OPEN', 'instant opened', OPENED_1, openedAt(2001, true)],
    ['instant closed', 'TOGGLE', 'instant opened', OPENED_1, openedAt(2001, true)],
    ['instant closed', 'SET_OPTIONS', 'instant closed', [], optionsSet],
    ['instant opened', 'CLOSE', 'instant closed', closed('close'), closedWith('close')],
    ['instant opened', 'TOGGLE', 'instant closed', closed('toggle'), closedWith('toggle')],
    ['instant opened', 'ESCAPE', 'instant closed', closed('escape'), closedWith('escape')],
    ['instant opened', 'OUTSIDE_CLICK', 'instant closed', closed('outside'), closedWith('outside')],
    ['instant opened', 'SET_OPTIONS', 'instant opened', [], optionsSet],
    // Not modal: it never took the scroll lock, so closing it releases nothing.
    ['sticky opened', 'CLOSE', 'instant closed', closed('close'), withReason('close')],
    ['sticky opened', 'TOGGLE', 'instant closed', closed('toggle'), withReason('toggle')],
    ['sticky opened', 'SET_OPTIONS', 'sticky opened', [], optionsSet],
  ],
  ignored: {
    closed: ['CLOSE', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    opening: ['OPEN', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99'],
    opened: ['OPEN', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    closing: ['CLOSE', 'TOGGLE', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99'],
    'closing (escape)': ['CLOSE', 'TOGGLE', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99'],
    'reopened after Escape': ['OPEN', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    reclosed: ['CLOSE', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    'instant closed': ['CLOSE', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    'instant opened': ['OPEN', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
    'sticky opened': ['OPEN', 'ESCAPE', 'OUTSIDE_CLICK', 'SET_OPTIONS (malformed)', 'wait 99', 'wait 100'],
  },
});

describe('popup input and defaults', () => {
  it('a malformed input is an InvalidArgumentError naming the field; an input that is not an object names the input', () => {
    expectInvalidArgument(
      startError(popupMachine, { scrollLock: {} }),
      'popup: input.scrollLock must be a scroll lock, got an object',
      'input.scrollLock',
    );
    expectInvalidArgument(
      startError(popupMachine, { openDelay: -1 }),
      'popup: input.openDelay must be a number of ms from 0 up to 2^31 − 1, got -1',
      'input.openDelay',
    );
    expectInvalidArgument(startError(popupMachine, 'modal'), 'popup: input must be an object, got "modal"', 'input');
    expectInvalidArgument(
      startError(popupMachine, { initialFocus: 'first' }),
      'popup: input.initialFocus must be a function giving the element to focus, got "first"',
      'input.initialFocus',
    );
    expect(
      createActor(popupMachine, { input: { initialFocus: () => null } })
        .start()
        .getSnapshot().status,
    ).toBe('active');
  });

  it('popupDomIds derives every part id from the owner; an owner that is not a non-empty string is named', () => {
    expect(popupDomIds('p')).toStrictEqual({
      trigger: 'p-trigger',
      backdrop: 'p-backdrop',
      content: 'p-content',
      title: 'p-title',
      body: 'p-body',
      footer: 'p-footer',
    });
    expectInvalidArgument(
      thrownBy(() => popupDomIds('')),
      'popupDomIds: owner must be a non-empty string',
      'owner',
    );
  });

  it('a pointer-down outside the open popup, through the layer stack, closes it with reason outside', () => {
    const stack = createLayerStack(undefined);
    const t = start({ stack });
    t.actor.send({ type: 'OPEN' });
    expect(stack.handlePointerDown({ target: null } as unknown as Event)).toBe(true);
    expect(t.value()).toBe('"closed"');
    expect(t.emitted.at(-1)).toStrictEqual({ type: 'closed', reason: 'outside' });
    expect(stack.size).toBe(0);
  });

  it('a modal without a scroll lock opens and closes, locking nothing', () => {
    const t = start({ modal: true });
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'CLOSE' });
    expect(t.actor.getSnapshot().status).toBe('active');
    expect(t.emitted).toStrictEqual([
      { type: 'opened', zIndex: 2001 },
      { type: 'closed', reason: 'close' },
    ]);
  });

  it('popups without an id hold the scroll lock under their own numbered owners (popup-1, popup-2, ...)', () => {
    const scroll = recordingScrollLock();
    for (let i = 0; i < 2; i++)
      createActor(popupMachine, { input: { modal: true, scrollLock: scroll } })
        .start()
        .send({ type: 'OPEN' });
    const owners = scroll.calls.map((call) => /^lock popup-([1-9]\d*)$/.exec(call)?.[1]);
    expect(owners.every((n) => n !== undefined)).toBe(true);
    expect(Number(owners[1])).toBe(Number(owners[0]) + 1);
  });
});
