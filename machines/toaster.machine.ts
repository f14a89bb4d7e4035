import { assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, EventObject, SnapshotFrom } from 'xstate';
import { reportCallbackError, UserCallbackError } from '../core/errors/guard-callback.js';
import type { Clock, DomPort, ErrorReporter, VisibilityPort } from '../core/platform/types.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import type { LayerStack } from '../core/ui/layer-stack.js';
import { stackOffsets } from '../core/ui/stack-offsets.js';
import { takeErrorEvents } from './error-events.js';
import {
  CAP,
  CLOCK,
  DISPLAY_DURATION,
  ID,
  LAYERS,
  PX,
  REPORTER,
  checkArgument,
  fieldsOrThrow,
  fieldsOrUndefined,
  hasMethods,
  isCap,
  isExtent,
  isId,
  isRecord,
  prop,
  readOnce,
  required,
} from './fields.js';
import type { FieldRules } from './fields.js';
import {
  DOM_PORT,
  LAYER_STACK,
  REGION_INPUT_RULES,
  branchEffect,
  layerEffect,
  regionBranchInput,
  regionContextOf,
  REGION_LAYER,
  regionGuards,
  regionStates,
} from './ui-effects.js';
import type { RegionContext, RegionInput } from './ui-effects.js';
import { toastContentRules, toastMachine, toastPatchOf, TOAST_DURATION_MS } from './toast.machine.js';
import type { ToastCloseReason, ToastContent, ToastOutput } from './toast.machine.js';

/** Spec §B9: the first toast sits this far from the top of the viewport, in px. */
export const TOAST_TOP_OFFSET_PX = 100;
/** Spec §B9: the gap between stacked toasts, in px. */
export const TOAST_GAP_PX = 16;
/** Toasts shown at once before the rest queue (the seed is silent; sonner's default `visibleToasts` is 3). */
export const TOAST_MAX_VISIBLE = 3;
/**
 * Toasts that may wait for a slot (the seed is silent). At the default 3 s a toast, 100 waiting is five
 * minutes of backlog: a longer queue only delays what is current, so the oldest waiting toast gives way.
 */
export const TOAST_MAX_QUEUED = 100;

/** A toaster's input; its region's id defaults to TOAST_REGION_ID. */
export interface ToasterInput extends RegionInput {
  /** Toasts shown at once; the rest wait in order (default TOAST_MAX_VISIBLE). */
  maxVisible?: number;
  /** Toasts that may wait; beyond it the oldest waiting one closes with reason 'overflow' (default TOAST_MAX_QUEUED). */
  maxQueued?: number;
  /** Default TOAST_TOP_OFFSET_PX. */
  top?: number;
  /** Default TOAST_GAP_PX. */
  gap?: number;
  /** Default TOAST_DURATION_MS. */
  duration?: number;
  /** The app's shared z-index counter (a private one when omitted). */
  layers?: LayerCounter;
  /** Lets paused toasts resume with the time they had left. */
  clock?: Clock;
  /** Pauses every toast while the page is hidden. */
  visibility?: VisibilityPort;
  /** Where a caller's failing callback (a `toast.promise` formatter) is logged: the platform's error reporter. */
  errors?: ErrorReporter;
}

/** The DOM id of the root toaster's region. */
export const TOAST_REGION_ID = 'exkit-toasts';

/** The rules of the toaster's input: a malformed field is an InvalidArgumentError naming it. */
const inputRules: FieldRules<ToasterInput> = {
  maxVisible: CAP,
  maxQueued: CAP,
  top: PX,
  gap: PX,
  duration: DISPLAY_DURATION,
  layers: LAYERS,
  clock: CLOCK,
  visibility: { check: (v) => hasMethods('subscribe')(prop(v, 'changes')), expect: 'a visibility port' },
  errors: REPORTER,
  ...REGION_INPUT_RULES,
};

/**
 * Checks a toaster input (an omitted one takes every default); throws InvalidArgumentError naming a malformed field
 * under `where` (`input.duration`).
 */
export function checkToasterInput(input: unknown, where = 'input'): ToasterInput {
  return fieldsOrThrow<ToasterInput>('toaster', input ?? {}, inputRules, where);
}

const newToastRules: FieldRules<ToastContent & { id: string }> = { ...toastContentRules(true), id: required(ID) };

// The checked copies this module made, so the queue need not check them twice.
const checkedToasts = new WeakSet<QueuedToast>();

/** A checked plain copy of a new toast (id and content), or undefined when it is malformed. */
export function newToastOf(value: unknown): QueuedToast | undefined {
  const toast = fieldsOrUndefined<QueuedToast>(value, newToastRules);
  if (toast) checkedToasts.add(toast);
  return toast;
}

export type ToastRef = ActorRefFrom<typeof toastMachine>;

/** The toaster's record of one shown toast; its content lives in the child actor. */
export interface ToastItem {
  id: string;
  ref: ToastRef;
  /** Measured height in px (0 until the renderer reports it). */
  height: number;
}

/** A toast waiting for a free slot: plain data, so a burst of queued toasts costs no actors or timers. */
export type QueuedToast = ToastContent & { id: string };

/**
 * The toaster's FIFO of waiting toasts, bounded by `cap`. It is mutated in place by the toaster's own actions,
 * because copying an immutable structure on every toast made a burst quadratic. A Map keeps insertion order,
 * so append, update, removal by id and taking from the front are all O(1) (amortised). Readers get copies
 * from `toArray()`.
 */
export class ToastQueue {
  private readonly items = new Map<string, QueuedToast>();

  /** `cap`: a positive whole number, or Infinity for no cap; anything else is an InvalidArgumentError. */
  constructor(readonly cap: number = TOAST_MAX_QUEUED) {
    checkArgument('toaster', 'maxQueued', cap, isCap, CAP.expect);
  }

  get size(): number {
    return this.items.size;
  }
  has(id: string): boolean {
    return this.items.has(id);
  }
  /** Appends a toast (a checked copy; a malformed one is an InvalidArgumentError); when the queue is full the oldest waiting toasts leave
   * to make room, and are returned. */
  push(given: QueuedToast): QueuedToast[] {
    const toast = checkedToasts.has(given) ? given : fieldsOrThrow<QueuedToast>('ToastQueue.push', given, newToastRules, 'toast');
    const dropped = this.items.size >= this.cap ? this.take(this.items.size - this.cap + 1) : [];
    this.items.set(toast.id, toast);
    return dropped;
  }
  /** Merges `patch` into a waiting toast, keeping its place; false when the id is not waiting. */
  update(id: string, given: Partial<ToastContent>): boolean {
    const toast = this.items.get(id);
    if (toast === undefined) return false;
    const patch = fieldsOrThrow<Partial<ToastContent>>('ToastQueue.update', given, toastContentRules(false), 'patch');
    this.items.set(id, { ...toast, ...patch, id });
    return true;
  }
  /** Removes and returns up to `count` toasts from the front. */
  take(count: number): QueuedToast[] {
    // NaN fails `n >= 0` too.
    checkArgument('ToastQueue.take', 'count', count, (n) => typeof n === 'number' && n >= 0, 'a number from 0');
    const out: QueuedToast[] = [];
    for (const toast of this.items.values()) {
      if (out.length >= count) break;
      out.push(toast);
    }
    for (const toast of out) this.items.delete(toast.id);
    return out;
  }
  /** Removes and returns the waiting toast with this id, if any. */
  delete(id: string): QueuedToast | undefined {
    const toast = this.items.get(id);
    this.items.delete(id);
    return toast;
  }
  /** Removes and returns every waiting toast, oldest first. */
  clear(): QueuedToast[] {
    const out = this.toArray();
    this.items.clear();
    return out;
  }
  toArray(): QueuedToast[] {
    return [...this.items.values()];
  }
}

export interface ToasterContext extends RegionContext {
  /** Shown toasts, oldest first; each is a child actor. */
  items: ToastItem[];
  /** Waiting toasts, in the order they were fired. */
  queue: ToastQueue;
  maxVisible: number;
  top: number;
  gap: number;
  duration: number;
  layers: LayerCounter;
  clock: Clock | undefined;
  visibility: VisibilityPort | undefined;
  pageHidden: boolean;
  hovered: boolean;
  errors: ErrorReporter | undefined;
}

export type ToasterEvent =
  | { type: 'ADD'; toast: ToastContent & { id: string } }
  | { type: 'UPDATE'; id: string; patch: Partial<ToastContent> }
  | { type: 'DISMISS'; id?: string }
  | { type: 'ESCAPE' }
  | { type: 'MEASURED'; id: string; height: number }
  | { type: 'PAGE_HIDDEN' }
  | { type: 'PAGE_VISIBLE' }
  | { type: 'POINTER_ENTER' }
  | { type: 'POINTER_LEAVE' }
  /** Gives a toaster made before the app's host (a toast fired before the app mounted) its layer stack and document. */
  | { type: 'SET_HOST'; stack: LayerStack; dom?: DomPort }
  | DoneActorEvent<ToastOutput>;

/** Why the toaster closed a toast: the toast's own reasons, or 'overflow' for a waiting toast the full queue let go. */
export type ToasterCloseReason = ToastCloseReason | 'overflow';

export type ToasterEmitted =
  | { type: 'toast.added'; id: string }
  | { type: 'toast.updated'; id: string }
  | { type: 'toast.closed'; id: string; reason: ToasterCloseReason };

const CHILD_PREFIX = 'toast:';

/** A shown toast with its derived position. */
export interface ToastPlacement {
  id: string;
  ref: ToastRef;
  /** Distance from the top of the viewport in px: the top offset plus the heights and gaps above it. */
  offset: number;
  index: number;
}

/** The shown toasts, in order, with offsets derived from their measured heights (spec §B4: the ones below shift up). */
export function toastPlacements(context: Pick<ToasterContext, 'items' | 'top' | 'gap'>): ToastPlacement[] {
  const { items, top, gap } = fieldsOrThrow('toastPlacements', context, placementRules, 'context');
  const offsets = stackOffsets(
    items.map((item) => item.height),
    top,
    gap,
  );
  return items.map((item, index) => ({ id: item.id, ref: item.ref, offset: offsets[index]!, index }));
}

const isItemList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => isRecord(item) && isId(item.id) && isExtent(item.height));
const placementRules: FieldRules<Pick<ToasterContext, 'items' | 'top' | 'gap'>> = {
  items: { check: isItemList, expect: 'a list of shown toasts', required: true },
  top: /* @__PURE__ */ required(PX),
  gap: /* @__PURE__ */ required(PX),
};

/** How many toasts wait for a free slot. */
export function queuedToastCount(context: Pick<ToasterContext, 'queue'>): number {
  const queue = prop(context, 'queue');
  return checkArgument('queuedToastCount', 'context', queue, (q): q is ToastQueue => q instanceof ToastQueue, "a toaster's context").size;
}

// Malformed events are ignored: each event's fields are read once, checked, into plain data by these.
const addOf = readOnce((event: ToasterEvent) => (event.type === 'ADD' ? newToastOf(prop(event, 'toast')) : undefined));
const idOf = (event: ToasterEvent) => fieldsOrUndefined<{ id: string }>(event, { id: required(ID) })?.id;
/** The id and the patch an ADD of a known id or an UPDATE applies in place. */
const updateOf = readOnce((event: ToasterEvent): { id: string; patch: Partial<ToastContent> } | undefined => {
  if (event.type === 'ADD') {
    const toast = addOf(event);
    return toast && { id: toast.id, patch: toast };
  }
  // Stryker disable next-line ConditionalExpression: updateOf runs only on ADD and UPDATE (the UPDATE guard, the update actions)
  if (event.type !== 'UPDATE') return undefined;
  const id = idOf(event);
  const patch = toastPatchOf(prop(event, 'patch'));
  return id !== undefined && patch !== undefined ? { id, patch } : undefined;
});
const dismissOf = readOnce((event: ToasterEvent) => fieldsOrUndefined<{ id?: string }>(event, { id: ID }));
const measuredOf = readOnce((event: ToasterEvent) =>
  fieldsOrUndefined<{ id: string; height: number }>(event, {
    id: required(ID),
    height: required(PX),
  }),
);
const hostOf = readOnce((event: ToasterEvent) =>
  fieldsOrUndefined<{ stack: LayerStack; dom?: DomPort }>(event, { stack: required(LAYER_STACK), dom: DOM_PORT }),
);
/** The shown toast whose child has really finished: a forged or stray done event finds none. */
const finishedOf = (context: ToasterContext, event: ToasterEvent): ToastItem | undefined => {
  const id = prop(prop(event, 'output'), 'id');
  const item = context.items.find((i) => i.id === id);
  return item && item.ref.getSnapshot().status === 'done' ? item : undefined;
};

const isPaused = (c: Pick<ToasterContext, 'pageHidden' | 'hovered'>) => c.pageHidden || c.hovered;

/**
 * The toast stack (spec §B4, §B9): one child actor per shown toast, updated in place by id, at most
 * `maxVisible` shown with the rest queued in order as data (spawned when a slot frees), paused while the
 * page is hidden or hovered.
 */
export const toasterMachine = setup({
  // Types only: an empty object at run time, so a bundle carries no per-type placeholders.
  types: {} as { input: ToasterInput; context: ToasterContext; events: ToasterEvent; emitted: ToasterEmitted },
  actors: {
    toast: toastMachine,
    // Subscribes to the port directly (no rxjs operators), which keeps a toast-only bundle small.
    pageVisibility: fromCallback<EventObject, { visibility: VisibilityPort | undefined; errors: ErrorReporter | undefined }>(
      ({ input, sendBack }) => {
        if (!input.visibility) return undefined;
        const sub = input.visibility.changes.subscribe({
          next: (v) => sendBack(v === 'hidden' ? { type: 'PAGE_HIDDEN' } : { type: 'PAGE_VISIBLE' }),
          // A failing port ends the pausing on visibility; it is logged, never thrown at the host.
          error: (error: unknown) =>
            reportCallbackError(input.errors, new UserCallbackError('visibility.changes', error, 'visibility.changes failed')),
        });
        return () => sub.unsubscribe();
      },
    ),
    layer: layerEffect,
    branch: branchEffect,
  },
  guards: {
    ...regionGuards,
    validHost: ({ event }) => hostOf(event) !== undefined,
    shownId: ({ context, event }) => {
      const id = addOf(event)?.id;
      // Stryker disable next-line ConditionalExpression: a shown toast's id is a checked string, so an undefined id matches none either way
      return id !== undefined && context.items.some((item) => item.id === id);
    },
    queuedId: ({ context, event }) => {
      const id = addOf(event)?.id;
      // Stryker disable next-line ConditionalExpression: a waiting toast's id is a checked string, so an undefined id is never waiting
      return id !== undefined && context.queue.has(id);
    },
    validAdd: ({ event }) => addOf(event) !== undefined,
    validUpdate: ({ event }) => updateOf(event) !== undefined,
    validDismiss: ({ event }) => dismissOf(event) !== undefined,
    validMeasured: ({ event }) => measuredOf(event) !== undefined,
    childFinished: ({ context, event }) => finishedOf(context, event) !== undefined,
  },
  actions: {
    frontRegion: sendTo(REGION_LAYER, { type: 'layer.front' }),
    regionFronted: assign({ frontedCount: ({ context }) => context.shownCount }),
    setHost: assign(({ context, event }) => {
      const host = hostOf(event);
      return host ? { stack: host.stack, dom: host.dom ?? context.dom } : {};
    }),
    updateShown: enqueueActions(({ context, event, enqueue }) => {
      const update = updateOf(event);
      const item = update && context.items.find((i) => i.id === update.id);
      if (!item) return;
      enqueue.sendTo(item.ref, { type: 'UPDATE', patch: update.patch });
      enqueue.emit({ type: 'toast.updated', id: item.id });
    }),
    updateQueued: enqueueActions(({ context, event, enqueue }) => {
      const update = updateOf(event);
      if (update && context.queue.update(update.id, update.patch)) enqueue.emit({ type: 'toast.updated', id: update.id });
    }),
    // One action admits a new toast and fills free slots from the queue: the child actors are spawned by a
    // single assign (one context and snapshot copy per event) and each is sent SHOW with the next layer.
    // It runs while XState computes the transition, so the queue, which stays a mutable structure (O(1)
    // push for bursts) updated in place, is also right when the machine is stepped without an actor
    // (`transition()`, path walks).
    admit: enqueueActions(({ context, event, enqueue }) => {
      const added = addOf(event);
      if (added) {
        for (const dropped of context.queue.push(added)) enqueue.emit({ type: 'toast.closed', id: dropped.id, reason: 'overflow' });
        enqueue.emit({ type: 'toast.added', id: added.id });
      }
      // admit never fills more than the free slots, so none is negative; the clamp keeps take()'s contract regardless.
      const next = context.queue.take(Math.max(context.maxVisible - context.items.length, 0));
      if (next.length === 0) {
        // The toast only joined the queue, changed in place: a context copy gives observers a new snapshot, so a
        // view of the queue's length (selected per snapshot) follows.
        // Stryker disable next-line ConditionalExpression: without a new toast, admit follows a removal, which already gave a new snapshot
        if (added) enqueue.assign({});
        return;
      }
      enqueue.assign(({ context, spawn }) => ({
        items: context.items.concat(
          next.map((toast): ToastItem => ({
            id: toast.id,
            ref: spawn('toast', {
              id: `${CHILD_PREFIX}${toast.id}`,
              input: {
                ...toast,
                defaultDuration: context.duration,
                paused: isPaused(context),
                ...(context.clock ? { clock: context.clock } : {}),
              },
            }),
            height: 0,
          })),
        ),
        shownCount: context.shownCount + next.length,
      }));
      // The spawned toasts are the last ones; their targets resolve after the assign above.
      for (let k = next.length; k > 0; k--) {
        const zIndex = context.layers.next();
        enqueue.sendTo(({ context }) => context.items[context.items.length - k]!.ref, { type: 'SHOW', zIndex });
      }
    }),
    dismiss: enqueueActions(({ context, event, enqueue }) => {
      const dismissed = dismissOf(event);
      // Stryker disable next-line ConditionalExpression: the validDismiss guard runs first, so dismissed is never undefined here
      if (!dismissed) return;
      // Queued toasts leave first, so closing a shown one cannot promote a toast that is being dismissed. One id
      // is a map lookup, however long the queue.
      const { id } = dismissed;
      const queued = id === undefined ? context.queue.clear() : [context.queue.delete(id)].filter((q) => q !== undefined);
      for (const q of queued) enqueue.emit({ type: 'toast.closed', id: q.id, reason: 'dismiss' });
      // The queue shrank in place: a context copy gives observers a new snapshot to read its length from.
      if (queued.length > 0) enqueue.assign({});
      for (const item of context.items)
        if (id === undefined || item.id === id) enqueue.sendTo(item.ref, { type: 'CLOSE', reason: 'dismiss' });
    }),
    escapeNewest: enqueueActions(({ context, enqueue }) => {
      const newest = context.items.at(-1);
      if (newest) enqueue.sendTo(newest.ref, { type: 'ESCAPE' });
    }),
    measure: assign({
      items: ({ context, event }) => {
        const m = measuredOf(event);
        return m
          ? context.items.map((item) => (item.id === m.id && item.height !== m.height ? { ...item, height: m.height } : item))
          : context.items;
      },
    }),
    removeClosed: enqueueActions(({ context, event, enqueue }) => {
      const item = finishedOf(context, event);
      // Stryker disable next-line OptionalChaining: the childFinished guard runs first, so the item is there
      const output = item?.ref.getSnapshot().output;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: the childFinished guard runs first: the item is there and
      // its child is done, with an output
      if (!item || !output) return;
      // A finished child stays in `children` until it is stopped; stopping it frees it and its id.
      enqueue.stopChild(item.ref);
      enqueue.assign({ items: context.items.filter((i) => i !== item) });
      enqueue.emit({ type: 'toast.closed', id: output.id, reason: output.reason });
    }),
    setPause: enqueueActions(({ context, event, enqueue }) => {
      const next = {
        pageHidden: event.type === 'PAGE_HIDDEN' ? true : event.type === 'PAGE_VISIBLE' ? false : context.pageHidden,
        hovered: event.type === 'POINTER_ENTER' ? true : event.type === 'POINTER_LEAVE' ? false : context.hovered,
      };
      enqueue.assign(next);
      if (isPaused(next) === isPaused(context)) return;
      const message = isPaused(next) ? ({ type: 'PAUSE' } as const) : ({ type: 'RESUME' } as const);
      for (const item of context.items) enqueue.sendTo(item.ref, message);
    }),
  },
}).createMachine({
  id: 'toaster',
  // An omitted input takes every default; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = checkToasterInput(given);
    return {
      ...regionContextOf(input, TOAST_REGION_ID),
      items: [],
      queue: new ToastQueue(input.maxQueued),
      maxVisible: input.maxVisible ?? TOAST_MAX_VISIBLE,
      top: input.top ?? TOAST_TOP_OFFSET_PX,
      gap: input.gap ?? TOAST_GAP_PX,
      duration: input.duration ?? TOAST_DURATION_MS,
      layers: input.layers ?? createLayerCounter(),
      clock: input.clock,
      visibility: input.visibility,
      pageHidden: false,
      hovered: false,
      errors: input.errors,
    };
  },
  invoke: { src: 'pageVisibility', input: ({ context }) => ({ visibility: context.visibility, errors: context.errors }) },
  initial: 'active',
  on: takeErrorEvents,
  states: {
    active: {
      // The region never counts as outside a modal; while toasts are shown it is a layer of its own.
      invoke: { id: 'regionBranch', src: 'branch', input: regionBranchInput },
      ...regionStates,
      on: {
        // The layer and branch start again with the new host.
        SET_HOST: { guard: 'validHost', actions: 'setHost', target: 'active', reenter: true },
        ADD: [
          { guard: 'shownId', actions: 'updateShown' },
          { guard: 'queuedId', actions: 'updateQueued' },
          { guard: 'validAdd', actions: 'admit' },
        ],
        UPDATE: { guard: 'validUpdate', actions: ['updateShown', 'updateQueued'] },
        DISMISS: { guard: 'validDismiss', actions: 'dismiss' },
        ESCAPE: { actions: 'escapeNewest' },
        MEASURED: { guard: 'validMeasured', actions: 'measure' },
        PAGE_HIDDEN: { actions: 'setPause' },
        PAGE_VISIBLE: { actions: 'setPause' },
        POINTER_ENTER: { actions: 'setPause' },
        POINTER_LEAVE: { actions: 'setPause' },
        'xstate.done.actor.*': { guard: 'childFinished', actions: ['removeClosed', 'admit'] },
      },
    },
  },
});

export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>;
