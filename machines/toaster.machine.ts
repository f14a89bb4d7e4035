import { map, EMPTY } from 'rxjs';
import { assign, emit, enqueueActions, fromEventObservable, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, SnapshotFrom } from 'xstate';
import type { Clock, VisibilityPort } from '../core/platform/types.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import { stackOffsets } from '../core/ui/stack-offsets.js';
import { toastMachine, TOAST_DURATION_MS } from './toast.machine.js';
import type { ToastCloseReason, ToastContent, ToastOutput } from './toast.machine.js';

/** Seed 000 §9: the first toast sits this far from the top of the viewport, in px. */
export const TOAST_TOP_OFFSET_PX = 100;
/** Seed 000 §9: the gap between stacked toasts, in px. */
export const TOAST_GAP_PX = 16;
/** Toasts shown at once before the rest queue (the seed is silent; sonner's default `visibleToasts` is 3). */
export const TOAST_MAX_VISIBLE = 3;

export interface ToasterInput {
  /** Toasts shown at once; the rest wait in order (default TOAST_MAX_VISIBLE). */
  maxVisible?: number;
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
}

export type ToastRef = ActorRefFrom<typeof toastMachine>;

/** The toaster's record of one toast; its content lives in the child actor. */
export interface ToastItem {
  id: string;
  ref: ToastRef;
  /** Measured height in px (0 until the renderer reports it). */
  height: number;
  /** Whether the toaster has shown it (false: queued). */
  shown: boolean;
}

export interface ToasterContext {
  items: ToastItem[];
  maxVisible: number;
  top: number;
  gap: number;
  duration: number;
  layers: LayerCounter;
  clock: Clock | undefined;
  visibility: VisibilityPort | undefined;
  pageHidden: boolean;
  hovered: boolean;
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
  | DoneActorEvent<ToastOutput>;

export type ToasterEmitted =
  | { type: 'toast.added'; id: string }
  | { type: 'toast.updated'; id: string }
  | { type: 'toast.closed'; id: string; reason: ToastCloseReason };

const CHILD_PREFIX = 'toast:';

/** A shown toast with its derived position. */
export interface ToastPlacement {
  id: string;
  ref: ToastRef;
  /** Distance from the top of the viewport in px: the top offset plus the heights and gaps above it. */
  offset: number;
  index: number;
}

/** The shown toasts, in order, with offsets derived from their measured heights (seed 000 §4: the ones below shift up). */
export function toastPlacements(context: Pick<ToasterContext, 'items' | 'top' | 'gap'>): ToastPlacement[] {
  const shown = context.items.filter((item) => item.shown);
  const offsets = stackOffsets(
    shown.map((item) => item.height),
    context.top,
    context.gap,
  );
  return shown.map((item, index) => ({ id: item.id, ref: item.ref, offset: offsets[index]!, index }));
}

/** How many toasts wait for a free slot. */
export function queuedToastCount(context: Pick<ToasterContext, 'items'>): number {
  return context.items.reduce((n, item) => n + (item.shown ? 0 : 1), 0);
}

const isPaused = (c: Pick<ToasterContext, 'pageHidden' | 'hovered'>) => c.pageHidden || c.hovered;

/**
 * The toast stack (seed 000 §4, §9): one child actor per toast, updated in place by id, at most
 * `maxVisible` shown with the rest queued in order, paused while the page is hidden or hovered.
 */
export const toasterMachine = setup({
  types: {
    input: {} as ToasterInput,
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
    emitted: {} as ToasterEmitted,
  },
  actors: {
    toast: toastMachine,
    pageVisibility: fromEventObservable<{ type: 'PAGE_HIDDEN' } | { type: 'PAGE_VISIBLE' }, VisibilityPort | undefined>(({ input }) =>
      input
        ? input.changes.pipe(map((v) => (v === 'hidden' ? ({ type: 'PAGE_HIDDEN' } as const) : ({ type: 'PAGE_VISIBLE' } as const))))
        : EMPTY,
    ),
  },
  guards: {
    knownId: ({ context, event }) => event.type === 'ADD' && context.items.some((item) => item.id === event.toast.id),
  },
  actions: {
    spawnToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'ADD') return {};
      const { id } = event.toast;
      const ref = spawn('toast', {
        id: `${CHILD_PREFIX}${id}`,
        input: {
          ...event.toast,
          defaultDuration: context.duration,
          paused: isPaused(context),
          ...(context.clock ? { clock: context.clock } : {}),
        },
      });
      return { items: [...context.items, { id, ref, height: 0, shown: false }] };
    }),
    updateExisting: enqueueActions(({ context, event, enqueue }) => {
      const id = event.type === 'ADD' ? event.toast.id : event.type === 'UPDATE' ? event.id : undefined;
      const item = context.items.find((i) => i.id === id);
      if (!item) return;
      const patch = event.type === 'ADD' ? event.toast : event.type === 'UPDATE' ? event.patch : {};
      enqueue.sendTo(item.ref, { type: 'UPDATE', patch });
      enqueue.emit({ type: 'toast.updated', id: item.id });
    }),
    emitAdded: emit(({ event }) => ({ type: 'toast.added' as const, id: event.type === 'ADD' ? event.toast.id : '' })),
    promote: enqueueActions(({ context, enqueue }) => {
      let shown = context.items.reduce((n, item) => n + (item.shown ? 1 : 0), 0);
      if (shown >= context.maxVisible || shown === context.items.length) return;
      const items = context.items.map((item) => {
        if (item.shown || shown >= context.maxVisible) return item;
        shown++;
        enqueue.sendTo(item.ref, { type: 'SHOW', zIndex: context.layers.next() });
        return { ...item, shown: true };
      });
      enqueue.assign({ items });
    }),
    dismiss: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS') return;
      for (const item of context.items) {
        if (event.id === undefined || item.id === event.id) enqueue.sendTo(item.ref, { type: 'CLOSE', reason: 'dismiss' });
      }
    }),
    escapeNewest: enqueueActions(({ context, enqueue }) => {
      const newest = context.items.filter((item) => item.shown).at(-1);
      if (newest) enqueue.sendTo(newest.ref, { type: 'ESCAPE' });
    }),
    measure: assign({
      items: ({ context, event }) =>
        event.type === 'MEASURED'
          ? context.items.map((item) => (item.id === event.id && item.height !== event.height ? { ...item, height: event.height } : item))
          : context.items,
    }),
    removeClosed: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as DoneActorEvent<ToastOutput>).output;
      if (!output) return;
      const item = context.items.find((i) => i.id === output.id);
      if (!item) return;
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
  context: ({ input }) => ({
    items: [],
    maxVisible: input.maxVisible ?? TOAST_MAX_VISIBLE,
    top: input.top ?? TOAST_TOP_OFFSET_PX,
    gap: input.gap ?? TOAST_GAP_PX,
    duration: input.duration ?? TOAST_DURATION_MS,
    layers: input.layers ?? createLayerCounter(),
    clock: input.clock,
    visibility: input.visibility,
    pageHidden: false,
    hovered: false,
  }),
  invoke: { src: 'pageVisibility', input: ({ context }) => context.visibility },
  initial: 'active',
  states: {
    active: {
  on: {
    ADD: [
      { guard: 'knownId', actions: 'updateExisting' },
      { actions: ['spawnToast', 'emitAdded', 'promote'] },
    ],
    UPDATE: { actions: 'updateExisting' },
    DISMISS: { actions: 'dismiss' },
    ESCAPE: { actions: 'escapeNewest' },
    MEASURED: { actions: 'measure' },
    PAGE_HIDDEN: { actions: 'setPause' },
    PAGE_VISIBLE: { actions: 'setPause' },
    POINTER_ENTER: { actions: 'setPause' },
    POINTER_LEAVE: { actions: 'setPause' },
    'xstate.done.actor.*': { actions: ['removeClosed', 'promote'] },
  },
    },
  },
});

export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>;
