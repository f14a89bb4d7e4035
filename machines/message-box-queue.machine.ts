import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import type { ScrollLock } from '../core/ui/scroll-lock.js';
import { messageBoxMachine } from './message-box.machine.js';
import type { MessageBoxAction, MessageBoxOptions, MessageBoxOutput } from './message-box.machine.js';

export interface MessageBoxQueueInput {
  /** The app's shared z-index counter (a private one when omitted). */
  layers?: LayerCounter;
  /** Applied to every box that does not set its own (0 for reduced motion). */
  transitionMs?: number;
  /** The app's shared scroll lock: message boxes are modal, so the page stops scrolling while one shows. */
  scrollLock?: ScrollLock;
  /** The app's current locale, handed to every box: a prompt's default failure text is in its language. */
  locale?: () => string;
}

export type MessageBoxRef = ActorRefFrom<typeof messageBoxMachine>;

export interface QueuedMessageBox {
  id: string;
  ref: MessageBoxRef;
}

export interface MessageBoxQueueContext {
  /** The box on screen first, then the ones waiting, in the order they were opened. */
  boxes: QueuedMessageBox[];
  layers: LayerCounter;
  transitionMs: number | undefined;
  scrollLock: ScrollLock | undefined;
  locale: (() => string) | undefined;
}

/** The events the queue passes on to the box on screen. */
export type MessageBoxForwardedEvent =
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'ESCAPE' }
  | { type: 'BACKDROP_CLICK' }
  | { type: 'INPUT'; value: string }
  | { type: 'ENTER' };

export type MessageBoxQueueEvent =
  | { type: 'OPEN'; box: MessageBoxOptions & { id: string } }
  | MessageBoxForwardedEvent
  | DoneActorEvent<MessageBoxOutput>;

export type MessageBoxQueueEmitted =
  | { type: 'box.shown'; id: string }
  | { type: 'box.closed'; id: string; action: MessageBoxAction; value?: string };

/** The box on screen, if any. */
export function currentMessageBox(context: Pick<MessageBoxQueueContext, 'boxes'>): QueuedMessageBox | undefined {
  return context.boxes[0];
}

const CHILD_PREFIX = 'box:';

/** Whether `event` is the done event of the box on screen. */
function isHeadDone(context: Pick<MessageBoxQueueContext, 'boxes'>, event: MessageBoxQueueEvent): boolean {
  const output = (event as Partial<DoneActorEvent<MessageBoxOutput>>).output;
  return output !== undefined && output.id === context.boxes[0]?.id;
}
const SCROLL_OWNER = 'message-box-queue';

/**
 * The message-box queue (seed 001 §4): alert, confirm and prompt boxes open one at a time; a box opened
 * while another shows waits, and appears when the current one closes, in order.
 */
export const messageBoxQueueMachine = setup({
  types: {
    input: {} as MessageBoxQueueInput,
    context: {} as MessageBoxQueueContext,
    events: {} as MessageBoxQueueEvent,
    emitted: {} as MessageBoxQueueEmitted,
  },
  actors: { messageBox: messageBoxMachine },
  guards: {
    // Only the box on screen can finish; a done event from any other child (a stray one) changes nothing.
    headClosed: ({ context, event }) => isHeadDone(context, event),
    headClosedMoreWaiting: ({ context, event }) => isHeadDone(context, event) && context.boxes.length > 1,
  },
  actions: {
    lockScroll: ({ context }) => context.scrollLock?.lock(SCROLL_OWNER),
    unlockScroll: ({ context }) => context.scrollLock?.unlock(SCROLL_OWNER),
    enqueueBox: assign(({ context, event, spawn }) => {
      if (event.type !== 'OPEN') return {};
      const box = event.box;
      const input = {
        ...box,
        ...(context.transitionMs === undefined || box.transitionMs !== undefined ? {} : { transitionMs: context.transitionMs }),
        ...(context.locale === undefined ? {} : { locale: context.locale }),
      };
      const ref = spawn('messageBox', { id: `${CHILD_PREFIX}${box.id}`, input });
      return { boxes: [...context.boxes, { id: box.id, ref }] };
    }),
    showHead: enqueueActions(({ context, enqueue }) => {
      const head = context.boxes[0];
      if (!head) return;
      enqueue.sendTo(head.ref, { type: 'SHOW', zIndex: context.layers.next() });
      enqueue.emit({ type: 'box.shown', id: head.id });
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      const head = context.boxes[0];
      if (head && event.type !== 'OPEN' && !event.type.startsWith('xstate.')) enqueue.sendTo(head.ref, event as MessageBoxForwardedEvent);
    }),
    removeHead: enqueueActions(({ context, event, enqueue }) => {
      const head = context.boxes[0];
      if (!head || !isHeadDone(context, event)) return;
      const output = (event as DoneActorEvent<MessageBoxOutput>).output;
      enqueue.stopChild(head.ref);
      enqueue.assign({ boxes: context.boxes.slice(1) });
      enqueue.emit({
        type: 'box.closed',
        id: output.id,
        action: output.action,
        ...(output.value === undefined ? {} : { value: output.value }),
      });
    }),
  },
}).createMachine({
  id: 'messageBoxQueue',
  context: ({ input }) => ({
    boxes: [],
    layers: input.layers ?? createLayerCounter(),
    transitionMs: input.transitionMs,
    scrollLock: input.scrollLock,
    locale: input.locale,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { OPEN: { target: 'showing', actions: ['enqueueBox', 'showHead'] } },
    },
    showing: {
      entry: 'lockScroll',
      exit: 'unlockScroll',
      on: {
        OPEN: { actions: 'enqueueBox' },
        CONFIRM: { actions: 'forward' },
        CANCEL: { actions: 'forward' },
        CLOSE: { actions: 'forward' },
        ESCAPE: { actions: 'forward' },
        BACKDROP_CLICK: { actions: 'forward' },
        INPUT: { actions: 'forward' },
        ENTER: { actions: 'forward' },
        'xstate.done.actor.*': [
          { guard: 'headClosedMoreWaiting', actions: ['removeHead', 'showHead'] },
          { guard: 'headClosed', target: 'idle', actions: 'removeHead' },
        ],
      },
    },
  },
});
