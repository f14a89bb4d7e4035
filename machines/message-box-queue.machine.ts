import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import type { ScrollLock } from '../core/ui/scroll-lock.js';
import type { DomPort, ErrorReporter } from '../core/platform/types.js';
import type { LayerStack } from '../core/ui/layer-stack.js';
import { DOM_PORT, LAYER_STACK, scrollLockEffect } from './ui-effects.js';
import { takeErrorEvents } from './error-events.js';
import {
  DELAY,
  ID,
  LAYERS,
  REPORTER,
  STRING,
  checkArgument,
  fieldsOrThrow,
  fieldsOrUndefined,
  hasMethods,
  prop,
  readOnce,
  required,
} from './fields.js';
import type { FieldRules } from './fields.js';
import { MESSAGE_BOX_OPTION_RULES, messageBoxMachine } from './message-box.machine.js';
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
  /** Where a box's throwing callback is logged: the platform's error reporter (the console without one). */
  errors?: ErrorReporter;
  /** The app's layer stack, handed to every box (Escape and backdrop clicks reach the box on screen). */
  stack?: LayerStack;
  /** The DOM the boxes' nodes live in, handed to every box (its focus trap). */
  dom?: DomPort;
}

const inputRules: FieldRules<MessageBoxQueueInput> = {
  layers: LAYERS,
  transitionMs: DELAY,
  scrollLock: { check: hasMethods('lock', 'unlock'), expect: 'a scroll lock' },
  locale: { check: (v) => typeof v === 'function', expect: 'a function giving the locale' },
  errors: REPORTER,
  stack: LAYER_STACK,
  dom: DOM_PORT,
};

/** Checks a message-box queue input (an omitted one takes every default); throws InvalidArgumentError naming a malformed field. */
export function checkMessageBoxQueueInput(input: unknown): MessageBoxQueueInput {
  return fieldsOrThrow<MessageBoxQueueInput>('messageBoxQueue', input ?? {}, inputRules, 'input');
}

const boxRules: FieldRules<MessageBoxOptions & { id: string }> = {
  ...MESSAGE_BOX_OPTION_RULES,
  id: required(ID),
};

/** A checked plain copy of a box to open, or undefined when it is malformed (the OPEN carrying it is ignored). */
export function messageBoxOf(value: unknown): (MessageBoxOptions & { id: string }) | undefined {
  return fieldsOrUndefined<MessageBoxOptions & { id: string }>(value, boxRules);
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
  errors: ErrorReporter | undefined;
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
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
  { type: 'OPEN'; box: MessageBoxOptions & { id: string } } | MessageBoxForwardedEvent | DoneActorEvent<MessageBoxOutput>;

export type MessageBoxQueueEmitted =
  { type: 'box.shown'; id: string } | { type: 'box.closed'; id: string; action: MessageBoxAction; value?: string };

/** The box on screen, if any. */
export function currentMessageBox(context: Pick<MessageBoxQueueContext, 'boxes'>): QueuedMessageBox | undefined {
  const boxes = checkArgument('currentMessageBox', 'context', prop(context, 'boxes'), Array.isArray, "a message-box queue's context");
  return boxes[0] as QueuedMessageBox | undefined;
}

const CHILD_PREFIX = 'box:';

const finished = (box: QueuedMessageBox) => box.ref.getSnapshot().status === 'done';

/**
 * Whether the box on screen has really finished: a forged done event finds it still running. (Which child the
 * event names does not matter: once the head has finished, its own done event is next, and whichever of the two
 * comes first removes it; the other then finds the new head running.)
 */
function headFinished(context: Pick<MessageBoxQueueContext, 'boxes'>): boolean {
  // Stryker disable next-line ConditionalExpression: only `showing` asks, and it always holds a head (an empty line is idle)
  return context.boxes[0] !== undefined && finished(context.boxes[0]);
}

/**
 * Whether a waiting box has finished before its turn (outside code holding its ref showed and closed it): it is
 * taken out of the line then, so that it can never become a head that will not finish again and hold the queue.
 */
function waitingFinished(context: Pick<MessageBoxQueueContext, 'boxes'>): boolean {
  // The done event's guards ask about the head first, so by the time this one is asked the head is still running.
  return context.boxes.some(finished);
}

// A malformed event is ignored: an OPEN of a bad (or already open) box, an INPUT without a string value.
// Only OPEN transitions read it.
const boxOf = readOnce((event: MessageBoxQueueEvent) => messageBoxOf(prop(event, 'box')));
const openOf = (context: Pick<MessageBoxQueueContext, 'boxes'>, event: MessageBoxQueueEvent) => {
  const box = boxOf(event);
  return box && !context.boxes.some((b) => b.id === box.id) ? box : undefined;
};
const wellFormedInput = (event: MessageBoxQueueEvent) => fieldsOrUndefined(event, { value: required(STRING) }) !== undefined;
const SCROLL_OWNER = 'message-box-queue';

/**
 * The message-box queue (spec §S4): alert, confirm and prompt boxes open one at a time; a box opened
 * while another shows waits, and appears when the current one closes, in order.
 */
export const messageBoxQueueMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as MessageBoxQueueInput,
    context: {} as MessageBoxQueueContext,
    events: {} as MessageBoxQueueEvent,
    emitted: {} as MessageBoxQueueEmitted,
  },
  actors: { messageBox: messageBoxMachine, scrollLock: scrollLockEffect },
  guards: {
    validOpen: ({ context, event }) => openOf(context, event) !== undefined,
    validInput: ({ event }) => wellFormedInput(event),
    // Only the box on screen can finish; a done event from any other child (a stray one) changes nothing.
    headClosed: ({ context }) => headFinished(context),
    headClosedMoreWaiting: ({ context }) => headFinished(context) && !context.boxes.every(finished),
    waitingClosed: ({ context }) => waitingFinished(context),
  },
  actions: {
    enqueueBox: assign(({ context, event, spawn }) => {
      const box = openOf(context, event);
      // Stryker disable next-line ConditionalExpression: enqueueBox runs only after validOpen read the same box (readOnce)
      if (!box) return {};
      // The box's own transition wins over the queue's; a field left undefined takes the box's default.
      const input = {
        ...box,
        transitionMs: box.transitionMs ?? context.transitionMs,
        locale: context.locale,
        errors: context.errors,
        stack: context.stack,
        dom: context.dom,
      };
      const ref = spawn('messageBox', { id: `${CHILD_PREFIX}${box.id}`, input });
      return { boxes: [...context.boxes, { id: box.id, ref }] };
    }),
    showHead: enqueueActions(({ context, enqueue }) => {
      const head = context.boxes[0];
      // Stryker disable next-line ConditionalExpression: showHead runs after a box was added, or after the head left with more waiting
      if (!head) return;
      enqueue.sendTo(head.ref, { type: 'SHOW', zIndex: context.layers.next() });
      enqueue.emit({ type: 'box.shown', id: head.id });
    }),
    // Only the box events take it (an INPUT after validInput), and only while showing.
    forward: enqueueActions(({ context, event, enqueue }) => {
      const head = context.boxes[0];
      // Stryker disable next-line ConditionalExpression: the queue shows, and takes the box events, only while it holds a box
      if (!head) return;
      // A plain copy goes on, never the sender's object (its getters could answer differently next time).
      const value = event.type === 'INPUT' ? prop(event, 'value') : undefined;
      enqueue.sendTo(head.ref, (typeof value === 'string' ? { type: 'INPUT', value } : { type: event.type }) as MessageBoxForwardedEvent);
    }),
    // Every finished box leaves the line, in order, each with its box.closed: the head after its done event,
    // and any waiting box that outside code showed and closed before its turn.
    removeFinished: enqueueActions(({ context, enqueue }) => {
      for (const box of context.boxes.filter(finished)) {
        const output = box.ref.getSnapshot().output as MessageBoxOutput;
        enqueue.stopChild(box.ref);
        enqueue.emit({
          type: 'box.closed',
          id: output.id,
          action: output.action,
          ...(output.value === undefined ? {} : { value: output.value }),
        });
      }
      enqueue.assign({ boxes: context.boxes.filter((box) => !finished(box)) });
    }),
  },
}).createMachine({
  id: 'messageBoxQueue',
  // An omitted input takes every default; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = checkMessageBoxQueueInput(given);
    return {
      boxes: [],
      layers: input.layers ?? createLayerCounter(),
      transitionMs: input.transitionMs,
      scrollLock: input.scrollLock,
      locale: input.locale,
      errors: input.errors,
      stack: input.stack,
      dom: input.dom,
    };
  },
  initial: 'idle',
  on: takeErrorEvents,
  states: {
    idle: {
      on: { OPEN: { guard: 'validOpen', target: 'showing', actions: ['enqueueBox', 'showHead'] } },
    },
    showing: {
      // Message boxes are modal: the page's scroll lock is held while any box is on screen.
      invoke: { src: 'scrollLock', input: ({ context }) => ({ scrollLock: context.scrollLock, owner: SCROLL_OWNER, modal: true }) },
      on: {
        OPEN: { guard: 'validOpen', actions: 'enqueueBox' },
        CONFIRM: { actions: 'forward' },
        CANCEL: { actions: 'forward' },
        CLOSE: { actions: 'forward' },
        ESCAPE: { actions: 'forward' },
        BACKDROP_CLICK: { actions: 'forward' },
        INPUT: { guard: 'validInput', actions: 'forward' },
        ENTER: { actions: 'forward' },
        'xstate.done.actor.*': [
          { guard: 'headClosedMoreWaiting', actions: ['removeFinished', 'showHead'] },
          { guard: 'headClosed', target: 'idle', actions: 'removeFinished' },
          { guard: 'waitingClosed', actions: 'removeFinished' },
        ],
      },
    },
  },
});
