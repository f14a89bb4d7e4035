import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import type { Clock } from '../core/platform/types.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import { stackOffsets } from '../core/ui/stack-offsets.js';
import { takeErrorEvents } from './error-events.js';
import {
  CAP,
  CLOCK,
  ID,
  LAYERS,
  PX,
  fieldsOrThrow,
  fieldsOrUndefined,
  isExtent,
  isId,
  isRecord,
  prop,
  readOnce,
  required,
} from './fields.js';
import type { FieldRules } from './fields.js';
import {
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
import { notificationMachine, NOTIFICATION_CONTENT_RULES, NOTIFICATION_DEFAULT_POSITION } from './notification.machine.js';
import type { NotificationCloseReason, NotificationContent, NotificationOutput, NotificationPosition } from './notification.machine.js';

/** Spec §S9: the gap between stacked notifications (and from the viewport edge), in px. */
export const NOTIFICATION_GAP_PX = 16;
/**
 * Notifications shown at once, all corners together (the seed is silent; Mantine's `limit` defaults to 5 and
 * Ant Design's `maxCount` drops the oldest). A new one beyond it closes the oldest with reason 'overflow'.
 */
export const NOTIFICATION_MAX_VISIBLE = 5;
/** The DOM id of an app kit's notification region. */
export const NOTIFICATION_REGION_ID = 'exkit-notifications';

/** A notifier's input; its region's id defaults to NOTIFICATION_REGION_ID. */
export interface NotifierInput extends RegionInput {
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

export interface NotifierContext extends RegionContext {
  items: NotificationItem[];
  maxVisible: number;
  gap: number;
  offset: number;
  layers: LayerCounter;
  clock: Clock | undefined;
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
  const { items, gap, offset } = fieldsOrThrow('notificationPlacements', context, placementRules, 'context');
  const out: NotificationPlacement[] = [];
  const byCorner = new Map<NotificationPosition, NotificationItem[]>();
  for (const item of items) byCorner.set(item.position, [...(byCorner.get(item.position) ?? []), item]);
  for (const [position, corner] of byCorner) {
    const offsets = stackOffsets(
      corner.map((i) => i.height),
      offset + gap,
      gap,
    );
    corner.forEach((item, i) => out.push({ id: item.id, ref: item.ref, position, offset: offsets[i]! }));
  }
  return out;
}

const isItemList = (value: unknown) =>
  Array.isArray(value) &&
  value.every((item) => isRecord(item) && isId(item.id) && isExtent(item.height) && typeof item.position === 'string');
const placementRules: FieldRules<Pick<NotifierContext, 'items' | 'gap' | 'offset'>> = {
  items: { check: isItemList, expect: 'a list of shown notifications', required: true },
  gap: required(PX),
  offset: required(PX),
};

const CHILD_PREFIX = 'notification:';

const inputRules: FieldRules<NotifierInput> = {
  maxVisible: CAP,
  gap: PX,
  offset: PX,
  layers: LAYERS,
  clock: CLOCK,
  ...REGION_INPUT_RULES,
};

/** Checks a notifier input (an omitted one takes every default); throws InvalidArgumentError naming a malformed field. */
export function checkNotifierInput(input: unknown): NotifierInput {
  return fieldsOrThrow<NotifierInput>('notifier', input ?? {}, inputRules, 'input');
}

const notificationRules: FieldRules<NotificationContent & { id: string }> = {
  ...NOTIFICATION_CONTENT_RULES,
  id: required(ID),
};

/**
 * A checked plain copy of a notification a caller asks for (its id optional): what an imperative `notify`
 * sends. A malformed one throws InvalidArgumentError naming the field.
 */
export function checkNotification(value: unknown): NotificationContent & { id?: string } {
  return fieldsOrThrow<NotificationContent & { id?: string }>('notify', value, { ...notificationRules, id: ID }, 'notification');
}

/** A checked plain copy of a notification to show, or undefined when it is malformed (the NOTIFY carrying it is ignored). */
export function notificationOf(value: unknown): (NotificationContent & { id: string }) | undefined {
  return fieldsOrUndefined<NotificationContent & { id: string }>(value, notificationRules);
}

// Malformed events are ignored: their fields are read once, checked, by these. Each runs only in the guard and
// action of its own event types, so none tests the event's type again.
const notifyOf = readOnce((event: NotifierEvent) => notificationOf(prop(event, 'notification')));
/** A CLOSE names one notification or none (every one); the other targeted events name one. */
const ANY_ID = { id: ID };
const ONE_ID = { id: required(ID) };
/** The target of a CLOSE (an id, or every one), CLICK or POINTER_ENTER/LEAVE (an id). */
const targetOf = readOnce((event: NotifierEvent) => fieldsOrUndefined<{ id?: string }>(event, event.type === 'CLOSE' ? ANY_ID : ONE_ID));
const measuredOf = readOnce((event: NotifierEvent) =>
  fieldsOrUndefined<{ id: string; height: number }>(event, { ...ONE_ID, height: required(PX) }),
);
/** The notification whose child has really finished: a forged or stray done event finds none. */
const finishedOf = (context: NotifierContext, event: NotifierEvent): NotificationItem | undefined => {
  const id = prop(prop(event, 'output'), 'id');
  const item = context.items.find((i) => i.id === id);
  return item && item.ref.getSnapshot().status === 'done' ? item : undefined;
};

/** The notification stacks (spec §S4, §S9): one child actor per notification, in four corners. */
export const notifierMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as NotifierInput,
    context: {} as NotifierContext,
    events: {} as NotifierEvent,
    emitted: {} as NotifierEmitted,
  },
  actors: { notification: notificationMachine, layer: layerEffect, branch: branchEffect },
  guards: {
    ...regionGuards,
    validNotify: ({ event }) => notifyOf(event) !== undefined,
    validTarget: ({ event }) => targetOf(event) !== undefined,
    validMeasured: ({ event }) => measuredOf(event) !== undefined,
    childFinished: ({ context, event }) => finishedOf(context, event) !== undefined,
  },
  // Each action below runs only after its transition's guard admitted the same event (each reader reads an event
  // once), so a reader's result is never undefined there: the actions assert it rather than test it again.
  actions: {
    frontRegion: sendTo(REGION_LAYER, { type: 'layer.front' }),
    regionFronted: assign({ frontedCount: ({ context }) => context.shownCount }),
    spawnNotification: enqueueActions(({ context, event, enqueue }) => {
      const n = notifyOf(event)!;
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
        return { items: [...others.slice(overflow.length), item], shownCount: c.shownCount + 1 };
      });
      for (const old of overflow) enqueue.emit({ type: 'notification.closed', id: old.id, reason: 'overflow' });
      enqueue.emit({ type: 'notification.shown', id: n.id });
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      const target = targetOf(event)!;
      // Only these four event types reach this action (see the transitions below).
      const type = event.type as 'CLOSE' | 'CLICK' | 'POINTER_ENTER' | 'POINTER_LEAVE';
      let reached = false;
      for (const item of context.items) {
        if (target.id !== undefined && item.id !== target.id) continue;
        enqueue.sendTo(item.ref, { type });
        reached = true;
      }
      // A click is reported only for a notification that is up: a stray CLICK for an unknown id reports nothing.
      if (type === 'CLICK' && reached) enqueue.emit({ type: 'notification.clicked', id: target.id! });
    }),
    escapeNewest: enqueueActions(({ context, enqueue }) => {
      const newest = context.items.at(-1);
      if (newest) enqueue.sendTo(newest.ref, { type: 'ESCAPE' });
    }),
    measure: assign({
      items: ({ context, event }) => {
        const m = measuredOf(event)!;
        return context.items.map((i) => (i.id === m.id && i.height !== m.height ? { ...i, height: m.height } : i));
      },
    }),
    removeClosed: enqueueActions(({ context, event, enqueue }) => {
      // The childFinished guard found this item's actor done, and a done notification always has its output.
      const item = finishedOf(context, event)!;
      const output = item.ref.getSnapshot().output as NotificationOutput;
      enqueue.stopChild(item.ref);
      enqueue.assign({ items: context.items.filter((i) => i !== item) });
      enqueue.emit({ type: 'notification.closed', id: output.id, reason: output.reason });
    }),
  },
}).createMachine({
  id: 'notifier',
  // An omitted input takes every default; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = checkNotifierInput(given);
    return {
      ...regionContextOf(input, NOTIFICATION_REGION_ID),
      items: [],
      maxVisible: input.maxVisible ?? NOTIFICATION_MAX_VISIBLE,
      gap: input.gap ?? NOTIFICATION_GAP_PX,
      offset: input.offset ?? 0,
      layers: input.layers ?? createLayerCounter(),
      clock: input.clock,
    };
  },
  initial: 'active',
  on: takeErrorEvents,
  states: {
    active: {
      // The region never counts as outside a modal; while notifications are shown it is a layer of its own.
      invoke: { id: 'regionBranch', src: 'branch', input: regionBranchInput },
      ...regionStates,
      on: {
        NOTIFY: { guard: 'validNotify', actions: 'spawnNotification' },
        CLOSE: { guard: 'validTarget', actions: 'forward' },
        CLICK: { guard: 'validTarget', actions: 'forward' },
        POINTER_ENTER: { guard: 'validTarget', actions: 'forward' },
        POINTER_LEAVE: { guard: 'validTarget', actions: 'forward' },
        ESCAPE: { actions: 'escapeNewest' },
        MEASURED: { guard: 'validMeasured', actions: 'measure' },
        'xstate.done.actor.*': { guard: 'childFinished', actions: 'removeClosed' },
      },
    },
  },
});
