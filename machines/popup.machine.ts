import { assign, emit, setup } from 'xstate';
import type { DomPort, ErrorReporter } from '../core/platform/types.js';
import { assertDialogNode } from '../core/ui/dialog-layout.js';
import { createLayerCounter } from '../core/ui/layer-counter.js';
import type { LayerCounter } from '../core/ui/layer-counter.js';
import type { LayerStack } from '../core/ui/layer-stack.js';
import type { ScrollLock } from '../core/ui/scroll-lock.js';
import { takeErrorEvents } from './error-events.js';
import {
  BOOLEAN,
  DELAY,
  ID,
  LAYERS,
  REPORTER,
  checkArgument,
  fieldsOrThrow,
  fieldsOrUndefined,
  hasMethods,
  isFunction,
  prop,
} from './fields.js';
import type { FieldRules } from './fields.js';
import { DOM_PORT, LAYER_STACK, focusTrapEffect, layerEffect, scrollLockEffect } from './ui-effects.js';

/** Spec §B4: the open delay is optional; none by default. */
export const POPUP_OPEN_DELAY_MS = 0;
/** Spec §B4: the close delay is optional; none by default. */
export const POPUP_CLOSE_DELAY_MS = 0;

export interface PopupInput {
  /** The owner key in the shared scroll lock (unique by default). */
  id?: string;
  /** Default POPUP_OPEN_DELAY_MS. */
  openDelay?: number;
  /** Default POPUP_CLOSE_DELAY_MS. */
  closeDelay?: number;
  /** A modal locks page scroll while shown (spec §B4). Default false. */
  modal?: boolean;
  /** Default true. */
  closeOnEscape?: boolean;
  /** Closes on a click outside (a dialog's backdrop). Default true. */
  closeOnOutsideClick?: boolean;
  /** The app's shared scroll lock; a modal without one locks nothing. */
  scrollLock?: ScrollLock;
  /** The app's shared z-index counter (a private one when omitted). */
  layers?: LayerCounter;
  /** The app's layer stack: while shown, the popup takes Escape and outside clicks from it. */
  stack?: LayerStack;
  /** The DOM the popup's content node is found in (by `popupDomIds(owner).content`) for the focus trap. */
  dom?: DomPort;
  /** The element focused on open (default: the first tabbable inside the content). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Where a content node without role dialog is reported (DialogRoleMissingError). */
  errors?: ErrorReporter;
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
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
  initialFocus: (() => HTMLElement | null | undefined) | undefined;
  errors: ErrorReporter | undefined;
}

/** The DOM ids of a popup's parts, derived from its owner id: its connect hands them out, its effects find nodes by them. */
export function popupDomIds(owner: string) {
  checkArgument('popupDomIds', 'owner', owner, ID.check, ID.expect);
  return {
    trigger: `${owner}-trigger`,
    backdrop: `${owner}-backdrop`,
    content: `${owner}-content`,
    title: `${owner}-title`,
    body: `${owner}-body`,
    footer: `${owner}-footer`,
  } as const;
}

export type PopupCloseReason = 'close' | 'escape' | 'outside' | 'toggle';

/** The options a popup takes while it lives (SET_OPTIONS). */
export type PopupOptions = Pick<PopupInput, 'modal' | 'closeOnEscape' | 'closeOnOutsideClick' | 'openDelay' | 'closeDelay'>;

const optionRules: FieldRules<PopupOptions> = {
  modal: BOOLEAN,
  closeOnEscape: BOOLEAN,
  closeOnOutsideClick: BOOLEAN,
  openDelay: DELAY,
  closeDelay: DELAY,
};
const inputRules: FieldRules<PopupInput> = {
  ...optionRules,
  id: ID,
  scrollLock: { check: hasMethods('lock', 'unlock'), expect: 'a scroll lock' },
  layers: LAYERS,
  stack: LAYER_STACK,
  dom: DOM_PORT,
  initialFocus: { check: isFunction, expect: 'a function giving the element to focus' },
  errors: REPORTER,
};
// A SET_OPTIONS whose options are malformed is ignored whole (never half applied).
const optionsOf = (event: PopupEvent) =>
  // Stryker disable next-line ConditionalExpression: optionsOf runs only in the SET_OPTIONS guard and action, where the type test
  // always holds
  event.type === 'SET_OPTIONS' ? fieldsOrUndefined<PopupOptions>(prop(event, 'options'), optionRules) : undefined;

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
 * A popup or dialog (spec §B4): closed → opened after an optional open delay, opened → closed after an
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
  actors: { layer: layerEffect, focusTrap: focusTrapEffect, scrollLock: scrollLockEffect },
  actions: {
    takeLayer: assign({ zIndex: ({ context }) => context.layers.next() }),
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
      stack: input.stack,
      dom: input.dom,
      initialFocus: input.initialFocus,
      errors: input.errors,
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
      entry: ['takeLayer', 'emitOpened'],
      // While shown: the page's scroll lock (a modal) and a place in the layer stack (Escape, outside clicks).
      invoke: [
        { src: 'scrollLock', input: ({ context }) => ({ scrollLock: context.scrollLock, owner: context.owner, modal: context.modal }) },
        {
          src: 'layer',
          input: ({ context }) => ({
            stack: context.stack,
            dom: context.dom,
            nodeId: popupDomIds(context.owner).content,
            escape: { type: 'ESCAPE' },
            outside: { type: 'OUTSIDE_CLICK' },
          }),
        },
      ],
      initial: 'opened',
      states: {
        opened: {
          // Focus moves in while opened and goes back to where it was as soon as the popup starts closing.
          invoke: {
            src: 'focusTrap',
            input: ({ context }) => ({
              dom: context.dom,
              nodeId: popupDomIds(context.owner).content,
              trap: context.modal,
              ...(context.initialFocus ? { initialFocus: context.initialFocus } : {}),
              check: (element: HTMLElement) => void assertDialogNode(element),
              errors: context.errors,
            }),
          },
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
