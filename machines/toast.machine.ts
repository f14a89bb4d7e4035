import { assign, emit, setup } from 'xstate';
import type { Clock } from '../core/platform/types.js';
import { takeErrorEvents } from './error-events.js';
import {
  ANY,
  BOOLEAN,
  CLOCK,
  DISPLAY_DURATION,
  ID,
  STRING,
  clearable,
  fieldsOrThrow,
  fieldsOrUndefined,
  oneOfRule,
  prop,
  required,
} from './fields.js';
import type { FieldRules } from './fields.js';

/** Spec §B4, §S4: the toast types. */
export const TOAST_TYPES = ['success', 'warning', 'info', 'error', 'question', 'loading'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Spec §B9: a toast closes after this long by default. */
export const TOAST_DURATION_MS = 3000;

/** What a caller says about a toast; every field but the message is optional. */
export interface ToastContent {
  type?: ToastType;
  message: string;
  title?: string;
  /**
   * Milliseconds before it closes (at most 2^31 − 1); `Infinity` (or 0) keeps it until closed or updated. Loading
   * toasts default to Infinity.
   */
  duration?: number;
  /** Whether a close button is shown (default true). */
  closable?: boolean;
  /** Anything the renderer needs (an icon, an action label); the machine never reads it. */
  data?: unknown;
}

export interface ToastInput extends ToastContent {
  id: string;
  /** The default duration for types that close on a timer (default TOAST_DURATION_MS). */
  defaultDuration?: number;
  /** When given, a paused toast resumes with the time it had left; without it, it restarts its duration. */
  clock?: Clock;
  /** Start paused (the page is hidden or the pointer is over the region). */
  paused?: boolean;
}

export type ToastCloseReason = 'timeout' | 'close-button' | 'escape' | 'dismiss';
const CLOSE_REASONS: readonly ToastCloseReason[] = ['timeout', 'close-button', 'escape', 'dismiss'];

/** The rules of a toast's content; `message` is required in a new toast, optional in a patch. @internal */
export function toastContentRules(messageRequired: boolean): FieldRules<ToastContent> {
  return {
    type: oneOfRule(TOAST_TYPES),
    message: messageRequired ? required(STRING) : STRING,
    title: clearable(STRING),
    duration: DISPLAY_DURATION,
    closable: BOOLEAN,
    data: clearable(ANY),
  };
}

/** A checked plain copy of a toast patch, or undefined when it is malformed (an UPDATE carrying it is ignored). */
export function toastPatchOf(value: unknown): Partial<ToastContent> | undefined {
  return fieldsOrUndefined<Partial<ToastContent>>(value, toastContentRules(false));
}

const inputRules: FieldRules<ToastInput> = {
  ...toastContentRules(false),
  id: ID,
  defaultDuration: DISPLAY_DURATION,
  clock: CLOCK,
  paused: BOOLEAN,
};

// Malformed events are ignored: each event's fields are read once, checked, by these.
const showOf = (event: ToastEvent) => {
  const zIndex = prop(event, 'zIndex');
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number, so the typeof test only narrows the
  // type
  return typeof zIndex === 'number' && Number.isFinite(zIndex) ? zIndex : undefined;
};
// Stryker disable next-line ConditionalExpression: updateOf runs only in the UPDATE guard and action, where the type test always holds
const updateOf = (event: ToastEvent) => (event.type === 'UPDATE' ? toastPatchOf(prop(event, 'patch')) : undefined);
const closeReasonOf = (event: ToastEvent): ToastCloseReason | undefined => {
  const fields = fieldsOrUndefined<{ reason?: ToastCloseReason }>(event, {
    reason: oneOfRule(CLOSE_REASONS),
  });
  return fields && (fields.reason ?? 'close-button');
};

export interface ToastContext {
  id: string;
  type: ToastType;
  message: string;
  title: string | undefined;
  closable: boolean;
  data: unknown;
  /** The toast's total duration in ms (Infinity: no timer). */
  duration: number;
  defaultDuration: number;
  /** Time left on the current run of the timer. */
  remaining: number;
  startedAt: number | undefined;
  paused: boolean;
  zIndex: number;
  /** Increments on every update, so a renderer can announce the change again. */
  revision: number;
  reason: ToastCloseReason | undefined;
  clock: Clock | undefined;
}

export type ToastEvent =
  | { type: 'SHOW'; zIndex: number }
  | { type: 'UPDATE'; patch: Partial<ToastContent> }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'CLOSE'; reason?: ToastCloseReason }
  | { type: 'ESCAPE' };

export type ToastEmitted = { type: 'closed'; id: string; reason: ToastCloseReason };

export interface ToastOutput {
  id: string;
  reason: ToastCloseReason;
}

function durationOf(type: ToastType, duration: number | undefined, fallback: number): number {
  if (duration !== undefined) return duration > 0 ? duration : Infinity;
  return type === 'loading' || !(fallback > 0) ? Infinity : fallback;
}

/**
 * One toast (spec §B4): hidden until the toaster shows it, then visible until its timer, its close
 * button or Escape closes it. Loading toasts (and `duration: Infinity`) wait for an update or a close.
 */
export const toastMachine = setup({
  // Types only: an empty object at run time, so a bundle carries no per-type placeholders.
  types: {} as { input: ToastInput; context: ToastContext; events: ToastEvent; emitted: ToastEmitted; output: ToastOutput },
  delays: {
    remaining: ({ context }) => context.remaining,
  },
  guards: {
    validShow: ({ event }) => showOf(event) !== undefined,
    validUpdate: ({ event }) => updateOf(event) !== undefined,
    validClose: ({ event }) => closeReasonOf(event) !== undefined,
    persistent: ({ context }) => !Number.isFinite(context.duration),
    paused: ({ context }) => context.paused,
  },
  actions: {
    applyUpdate: assign(({ context, event }) => {
      const patch = updateOf(event);
      // Stryker disable next-line ConditionalExpression: the validUpdate guard runs first, so the patch is never undefined here
      if (patch === undefined) return {};
      const type = patch.type ?? context.type;
      const duration =
        patch.duration !== undefined || patch.type !== undefined
          ? durationOf(type, patch.duration, context.defaultDuration)
          : context.duration;
      return {
        type,
        message: patch.message ?? context.message,
        title: 'title' in patch ? patch.title : context.title,
        closable: patch.closable ?? context.closable,
        data: 'data' in patch ? patch.data : context.data,
        duration,
        remaining: duration,
        revision: context.revision + 1,
      };
    }),
    takeLayer: assign({ zIndex: ({ event, context }) => showOf(event) ?? context.zIndex }),
    startRun: assign({ startedAt: ({ context }) => context.clock?.now() }),
    keepRemaining: assign({
      remaining: ({ context }) =>
        context.clock && context.startedAt !== undefined
          ? Math.max(0, context.remaining - (context.clock.now() - context.startedAt))
          : context.duration,
      startedAt: undefined,
    }),
    markPaused: assign({ paused: true }),
    markRunning: assign({ paused: false }),
    reasonTimeout: assign({ reason: 'timeout' as const }),
    reasonEscape: assign({ reason: 'escape' as const }),
    // Stryker disable next-line ConditionalExpression,StringLiteral: reasonClose runs only on CLOSE after the validClose guard, so the type
    // test holds and closeReasonOf is never undefined (both fallbacks are unreachable)
    reasonClose: assign({ reason: ({ event }) => (event.type === 'CLOSE' ? (closeReasonOf(event) ?? 'close-button') : 'dismiss') }),
    // Stryker disable next-line StringLiteral: every transition into closed records a reason first, so the fallback is unreachable
    emitClosed: emit(({ context }) => ({ type: 'closed' as const, id: context.id, reason: context.reason ?? 'dismiss' })),
  },
}).createMachine({
  id: 'toast',
  // An omitted input is an empty info toast; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = fieldsOrThrow<Partial<ToastInput>>('toast', given ?? {}, inputRules, 'input');
    const type = input.type ?? 'info';
    const defaultDuration = input.defaultDuration ?? TOAST_DURATION_MS;
    const duration = durationOf(type, input.duration, defaultDuration);
    return {
      id: input.id ?? 'toast',
      type,
      message: input.message ?? '',
      title: input.title,
      closable: input.closable ?? true,
      data: input.data,
      duration,
      defaultDuration,
      remaining: duration,
      startedAt: undefined,
      paused: input.paused ?? false,
      zIndex: 0,
      revision: 0,
      reason: undefined,
      clock: input.clock,
    };
  },
  initial: 'hidden',
  on: {
    ...takeErrorEvents,
    PAUSE: { actions: 'markPaused' },
    RESUME: { actions: 'markRunning' },
  },
  states: {
    hidden: {
      on: {
        SHOW: { guard: 'validShow', target: 'visible', actions: 'takeLayer' },
        UPDATE: { guard: 'validUpdate', actions: 'applyUpdate' },
        CLOSE: { guard: 'validClose', target: 'closed', actions: 'reasonClose' },
      },
    },
    visible: {
      initial: 'deciding',
      on: {
        // Stryker disable next-line BooleanLiteral: `visible` has no entry or exit actions; the running child is left and entered again
        // (its timer restarts) either way
        UPDATE: { guard: 'validUpdate', target: '.deciding', reenter: true, actions: 'applyUpdate' },
        CLOSE: { guard: 'validClose', target: 'closed', actions: 'reasonClose' },
        ESCAPE: { target: 'closed', actions: 'reasonEscape' },
      },
      states: {
        deciding: {
          always: [{ guard: 'persistent', target: 'waiting' }, { guard: 'paused', target: 'paused' }, { target: 'running' }],
        },
        running: {
          entry: 'startRun',
          after: { remaining: { target: '#toast.closed', actions: 'reasonTimeout' } },
          on: { PAUSE: { target: 'paused', actions: ['keepRemaining', 'markPaused'] } },
        },
        paused: {
          on: { RESUME: { target: 'running', actions: 'markRunning' } },
        },
        waiting: {},
      },
    },
    closed: {
      type: 'final',
      entry: 'emitClosed',
    },
  },
  // Stryker disable next-line StringLiteral: the output is read only once closed, and every way into closed records a reason
  output: ({ context }) => ({ id: context.id, reason: context.reason ?? 'dismiss' }),
});
