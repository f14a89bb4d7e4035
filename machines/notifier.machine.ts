import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import type { Clock } from '../core/platform/types.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import { stackOffsets } from '../core/ui/stack-offsets.js';
import { notificationMachine, NOTIFICATION_DEFAULT_POSITION } from './notification.machine.js';
import type { NotificationCloseReason, NotificationContent, NotificationOutput, NotificationPosition } from './notification.machine.js';

/** Seed 001 §9: the gap between stacked notifications (and from the viewport edge), in px. */
export const NOTIFICATION_GAP_PX = 16;
/**
 * Notifications shown at once, all corners together (the seed is silent; Mantine's `limit` defaults to 5 and
 * Ant Design's `maxCount` drops the oldest). A new one beyond it closes the oldest with reason 'overflow'.
 */
export const NOTIFICATION_MAX_VISIBLE = 5;

export interface NotifierInput {
  /** Notifications shown at once; beyond it the oldest closes (default NOTIFICATION_MAX_VISIBLE, or Infinity). */
  maxVisible?: number;
  /** Default NOTIFICATION_GAP_PX. */
  gap?: number;
  /** Extra distance from the viewport edge before the first gap (default 0). */
  offset?: number;
  /** The app's shared z-index counter (a private one when omitted). */
  layers?: LayerCounter;
  /** Needed for notifications that resume their remaining time. */
  clock?: Clock;
}

export type NotificationRef = ActorRefFrom<typeof notificationMachine>;

export interface NotificationItem {
  id: string;
  ref: NotificationRef;
  position: NotificationPosition;
  height: number;
}

export interface NotifierContext {
  items: NotificationItem[];
  maxVisible: number;
  gap: number;
  offset: number;
  layers: LayerCounter;
  clock: Clock | undefined;
  /** How many notifications have been shown so far (a renderer brings its layer to the front when it grows). */
  shownTotal: number;
}

export type NotifierEvent =
  | { type: 'NOTIFY'; notification: NotificationContent & { id: string } }
  | { type: 'CLOSE'; id?: string }
  | { type: 'ESCAPE' }
  | { type: 'CLICK'; id: string }
  | { type: 'POINTER_ENTER'; id: string }
  | { type: 'POINTER_LEAVE'; id: string }
  | { type: 'MEASURED'; id: string; height: number }
  | DoneActorEvent<NotificationOutput>;

/** Why the notifier closed a notification: its own reasons, or 'overflow' when a newer one took its place. */
export type NotifierCloseReason = NotificationCloseReason | 'overflow';

export type NotifierEmitted =
  | { type: 'notification.shown'; id: string }
  | { type: 'notification.clicked'; id: string }
  | { type: 'notification.closed'; id: string; reason: NotifierCloseReason };

/** A notification with its derived distance from its corner's vertical edge. */
export interface NotificationPlacement {
  id: string;
  ref: NotificationRef;
  position: NotificationPosition;
  offset: number;
}

/** Placements per corner: each corner stacks its own notifications, gap-separated, from measured heights. */
export function notificationPlacements(context: Pick<NotifierContext, 'items' | 'gap' | 'offset'>): NotificationPlacement[] {
  const out: NotificationPlacement[] = [];
  const byCorner = new Map<NotificationPosition, NotificationItem[]>();
  for (const item of context.items) byCorner.set(item.position, [...(byCorner.get(item.position) ?? []), item]);
  for (const [position, items] of byCorner) {
    const offsets = stackOffsets(
      items.map((i) => i.height),
      context.offset + context.gap,
      context.gap,
    );
    items.forEach((item, i) => out.push({ id: item.id, ref: item.ref, position, offset: offsets[i]! }));
  }
  return out;
}

const CHILD_PREFIX = 'notification:';

function checkedMaxVisible(value: number | undefined): number {
  if (value === undefined) return NOTIFICATION_MAX_VISIBLE;
  if (value === Infinity || (Number.isInteger(value) && value > 0)) return value;
  throw new InvalidArgumentError('notifier: maxVisible must be a positive whole number or Infinity', { field: 'maxVisible', value });
}

/** The notification stacks (seed 001 §4, §9): one child actor per notification, in four corners. */
export const notifierMachine = setup({
  types: {
    input: {} as NotifierInput,
    context: {} as NotifierContext,
    events: {} as NotifierEvent,
    emitted: {} as NotifierEmitted,
  },
  actors: { notification: notificationMachine },
  actions: {
    spawnNotification: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'NOTIFY') return;
      const n = event.notification;
      // Showing an id that is already up replaces it, so a repeated notice never stacks twice.
      const existing = context.items.find((i) => i.id === n.id);
      if (existing) enqueue.stopChild(existing.ref);
      const others = existing ? context.items.filter((i) => i !== existing) : context.items;
      // The cap holds the list (and the cost of every later event) flat however many notices arrive.
      const overflow = others.slice(0, Math.max(0, others.length + 1 - context.maxVisible));
      for (const old of overflow) enqueue.stopChild(old.ref);
      enqueue.assign(({ context: c, spawn }) => {
        const ref = spawn('notification', {
          id: `${CHILD_PREFIX}${n.id}`,
          input: { ...n, zIndex: c.layers.next(), ...(c.clock ? { clock: c.clock } : {}) },
        });
        const item: NotificationItem = { id: n.id, ref, position: n.position ?? NOTIFICATION_DEFAULT_POSITION, height: 0 };
        return { items: [...others.slice(overflow.length), item], shownTotal: c.shownTotal + 1 };
      });
      for (const old of overflow) enqueue.emit({ type: 'notification.closed', id: old.id, reason: 'overflow' });
      enqueue.emit({ type: 'notification.shown', id: n.id });
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'CLICK' && event.type !== 'POINTER_ENTER' && event.type !== 'POINTER_LEAVE' && event.type !== 'CLOSE') return;
      for (const item of context.items) {
        if (event.id !== undefined && item.id !== event.id) continue;
        enqueue.sendTo(item.ref, { type: event.type });
      }
      if (event.type === 'CLICK') enqueue.emit({ type: 'notification.clicked', id: event.id });
    }),
    escapeNewest: enqueueActions(({ context, enqueue }) => {
      const newest = context.items.at(-1);
      if (newest) enqueue.sendTo(newest.ref, { type: 'ESCAPE' });
    }),
    measure: assign({
      items: ({ context, event }) =>
        event.type === 'MEASURED'
          ? context.items.map((i) => (i.id === event.id && i.height !== event.height ? { ...i, height: event.height } : i))
          : context.items,
    }),
    removeClosed: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as DoneActorEvent<NotificationOutput>).output;
      const item = output && context.items.find((i) => i.id === output.id);
      if (!output || !item) return;
      enqueue.stopChild(item.ref);
      enqueue.assign({ items: context.items.filter((i) => i !== item) });
      enqueue.emit({ type: 'notification.closed', id: output.id, reason: output.reason });
    }),
  },
}).createMachine({
  id: 'notifier',
  context: ({ input }) => ({
    items: [],
    maxVisible: checkedMaxVisible(input.maxVisible),
    gap: input.gap ?? NOTIFICATION_GAP_PX,
    offset: input.offset ?? 0,
    layers: input.layers ?? createLayerCounter(),
    clock: input.clock,
    shownTotal: 0,
  }),
  initial: 'active',
  states: {
    active: {
      on: {
        NOTIFY: { actions: 'spawnNotification' },
        CLOSE: { actions: 'forward' },
        CLICK: { actions: 'forward' },
        POINTER_ENTER: { actions: 'forward' },
        POINTER_LEAVE: { actions: 'forward' },
        ESCAPE: { actions: 'escapeNewest' },
        MEASURED: { actions: 'measure' },
        'xstate.done.actor.*': { actions: 'removeClosed' },
      },
    },
  },
});
