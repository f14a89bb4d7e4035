import { assign, emit, setup } from 'xstate';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import type { ScrollLock } from '../core/ui/scroll-lock.js';
import { takeErrorEvents } from './error-events.js';
import { BOOLEAN, DELAY, ID, LAYERS, fieldsOrThrow, fieldsOrUndefined, hasMethods, prop } from './fields.js';
import type { FieldRules } from './fields.js';

/** Seed 000 §4: the open delay is optional; none by default. */
export const POPUP_OPEN_DELAY_MS = 0;
/** Seed 000 §4: the close delay is optional; none by default. */
export const POPUP_CLOSE_DELAY_MS = 0;

export interface PopupInput {
  /** The owner key in the shared scroll lock (unique by default). */
  id?: string;
  /** Default POPUP_OPEN_DELAY_MS. */
  openDelay?: number;
  /** Default POPUP_CLOSE_DELAY_MS. */
  closeDelay?: number;
  /** A modal locks page scroll while shown (seed 000 §4). Default false. */
  modal?: boolean;
  /** Default true. */
  closeOnEscape?: boolean;
  /** Closes on a click outside (a dialog's backdrop). Default true. */
  closeOnOutsideClick?: boolean;
  /** The app's shared scroll lock; a modal without one locks nothing. */
  scrollLock?: ScrollLock;
  /** The app's shared z-index counter (a private one when omitted). */
  layers?: LayerCounter;
}

export interface PopupContext {
  owner: string;
  openDelay: number;
  closeDelay: number;
  modal: boolean;
  closeOnEscape: boolean;
  closeOnOutsideClick: boolean;
  scrollLock: ScrollLock | undefined;
  layers: LayerCounter;
  zIndex: number;
  /** Why the popup is closing (kept through the close delay). */
  reason: PopupCloseReason;
}

export type PopupCloseReason = 'close' | 'escape' | 'outside' | 'toggle';

/** The options a popup takes while it lives (SET_OPTIONS). */
export type PopupOptions = Pick<PopupInput, 'modal' | 'closeOnEscape' | 'closeOnOutsideClick' | 'openDelay' | 'closeDelay'>;

const optionRules: FieldRules<PopupOptions> = { modal: BOOLEAN, closeOnEscape: BOOLEAN, closeOnOutsideClick: BOOLEAN, openDelay: DELAY, closeDelay: DELAY };
const inputRules: FieldRules<PopupInput> = {
  ...optionRules,
  id: ID,
  scrollLock: { check: hasMethods('lock', 'unlock'), expect: 'a scroll lock' },
  layers: LAYERS,
};
// A SET_OPTIONS whose options are malformed is ignored whole (never half applied).
// Stryker disable next-line ConditionalExpression: optionsOf runs only in the SET_OPTIONS guard and action, where the type test always holds
const optionsOf = (event: PopupEvent) => (event.type === 'SET_OPTIONS' ? fieldsOrUndefined<PopupOptions>(prop(event, 'options'), optionRules) : undefined);

export type PopupEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE' }
  | { type: 'ESCAPE' }
  | { type: 'OUTSIDE_CLICK' }
  | { type: 'SET_OPTIONS'; options: PopupOptions };

export type PopupEmitted = { type: 'opened'; zIndex: number } | { type: 'closed'; reason: PopupCloseReason };

let popupSeq = 0;

const reasonOf = (event: PopupEvent): PopupCloseReason =>
  event.type === 'ESCAPE' ? 'escape' : event.type === 'OUTSIDE_CLICK' ? 'outside' : event.type === 'TOGGLE' ? 'toggle' : 'close';

/**
 * A popup or dialog (seed 000 §4): closed → opened after an optional open delay, opened → closed after an
 * optional close delay. A modal holds the shared scroll lock from opening until it is closed; the lock
 * restores the page about 200 ms after the last modal lets go.
 */
export const popupMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as PopupInput,
    context: {} as PopupContext,
    events: {} as PopupEvent,
    emitted: {} as PopupEmitted,
  },
  delays: {
    openDelay: ({ context }) => context.openDelay,
    closeDelay: ({ context }) => context.closeDelay,
  },
  guards: {
    noOpenDelay: ({ context }) => context.openDelay <= 0,
    noCloseDelay: ({ context }) => context.closeDelay <= 0,
    closesOnEscape: ({ context }) => context.closeOnEscape,
    closesOnOutsideClick: ({ context }) => context.closeOnOutsideClick,
    validOptions: ({ event }) => optionsOf(event) !== undefined,
  },
  actions: {
    takeLayer: assign({ zIndex: ({ context }) => context.layers.next() }),
    lockScroll: ({ context }) => {
      if (context.modal) context.scrollLock?.lock(context.owner);
    },
    unlockScroll: ({ context }) => context.scrollLock?.unlock(context.owner),
    emitOpened: emit(({ context }) => ({ type: 'opened' as const, zIndex: context.zIndex })),
    recordReason: assign({ reason: ({ event }) => reasonOf(event) }),
    emitClosed: emit(({ context }) => ({ type: 'closed' as const, reason: context.reason })),
    setOptions: assign(({ event }) => optionsOf(event) ?? {}),
  },
}).createMachine({
  id: 'popup',
  // An omitted input takes every default; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = fieldsOrThrow<PopupInput>('popup', given ?? {}, inputRules, 'input');
    return {
    owner: input.id ?? `popup-${++popupSeq}`,
    openDelay: input.openDelay ?? POPUP_OPEN_DELAY_MS,
    closeDelay: input.closeDelay ?? POPUP_CLOSE_DELAY_MS,
    modal: input.modal ?? false,
    closeOnEscape: input.closeOnEscape ?? true,
    closeOnOutsideClick: input.closeOnOutsideClick ?? true,
    scrollLock: input.scrollLock,
    layers: input.layers ?? createLayerCounter(),
    zIndex: 0,
    reason: 'close' as const,
    };
  },
  initial: 'closed',
  on: { ...takeErrorEvents, SET_OPTIONS: { guard: 'validOptions', actions: 'setOptions' } },
  states: {
    closed: {
      on: {
        OPEN: [{ guard: 'noOpenDelay', target: 'shown' }, { target: 'opening' }],
        TOGGLE: [{ guard: 'noOpenDelay', target: 'shown' }, { target: 'opening' }],
      },
    },
    opening: {
      after: { openDelay: 'shown' },
      on: { CLOSE: 'closed', TOGGLE: 'closed' },
    },
    shown: {
      entry: ['takeLayer', 'lockScroll', 'emitOpened'],
      exit: 'unlockScroll',
      initial: 'opened',
      states: {
        opened: {
          on: {
            CLOSE: { target: 'closing', actions: 'recordReason' },
            TOGGLE: { target: 'closing', actions: 'recordReason' },
            ESCAPE: { guard: 'closesOnEscape', target: 'closing', actions: 'recordReason' },
            OUTSIDE_CLICK: { guard: 'closesOnOutsideClick', target: 'closing', actions: 'recordReason' },
          },
        },
        closing: {
          always: { guard: 'noCloseDelay', target: '#popup.closed', actions: 'emitClosed' },
          after: { closeDelay: { target: '#popup.closed', actions: 'emitClosed' } },
          on: { OPEN: 'opened' },
        },
      },
    },
  },
});

