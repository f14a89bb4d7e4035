import { assign, emit, setup } from 'xstate';
import type { Clock } from '../core/platform/types.js';
import { takeErrorEvents } from './error-events.js';
import { ANY, BOOLEAN, CLOCK, DISPLAY_DURATION, ID, STRING, fieldsOrThrow, oneOfRule, required } from './fields.js';
import type { FieldRules } from './fields.js';

/** Spec §S9: a notification closes after this long by default. */
export const NOTIFICATION_DURATION_MS = 4000;
/** Spec §S9: the four corners a notification can sit in; top-right is the default. */
export const NOTIFICATION_POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];
/** Spec §S9: the default corner. */
export const NOTIFICATION_DEFAULT_POSITION: NotificationPosition = 'top-right';

export type NotificationType = 'success' | 'warning' | 'info' | 'error';
const NOTIFICATION_TYPES: readonly NotificationType[] = ['success', 'warning', 'info', 'error'];

/** What a caller says about a notification. */
export interface NotificationContent {
  title?: string;
  message: string;
  type?: NotificationType;
  /** Milliseconds before it closes (at most 2^31 − 1); 0 or Infinity keeps it until closed (default NOTIFICATION_DURATION_MS). */
  duration?: number;
  /** Default NOTIFICATION_DEFAULT_POSITION. */
  position?: NotificationPosition;
  /** Spec §S9: the close button is shown by default. */
  showClose?: boolean;
  /** Spec §S4: a click closes it (default true). */
  closeOnClick?: boolean;
  /**
   * Spec §S4: leaving restarts the full timer. With this option (and a clock) it resumes the time
   * that was left when the pointer entered instead.
   */
  resumeRemaining?: boolean;
  data?: unknown;
}

export interface NotificationInput extends NotificationContent {
  id: string;
  zIndex?: number;
  /** Needed for `resumeRemaining`. */
  clock?: Clock;
}

/** The rules of a notification's content: `message` is required, the rest optional and typed. @internal */
export const NOTIFICATION_CONTENT_RULES: FieldRules<NotificationContent> = {
  title: STRING,
  message: required(STRING),
  type: oneOfRule(NOTIFICATION_TYPES),
  duration: DISPLAY_DURATION,
  position: oneOfRule(NOTIFICATION_POSITIONS),
  showClose: BOOLEAN,
  closeOnClick: BOOLEAN,
  resumeRemaining: BOOLEAN,
  data: ANY,
};

const inputRules: FieldRules<NotificationInput> = {
  ...NOTIFICATION_CONTENT_RULES,
  id: required(ID),
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number, so the typeof test only narrows the
  // type
  zIndex: { check: (v) => typeof v === 'number' && Number.isFinite(v), expect: 'a finite number' },
  clock: CLOCK,
};

export type NotificationCloseReason = 'timeout' | 'close-button' | 'escape' | 'click';

export interface NotificationContext {
  id: string;
  title: string | undefined;
  message: string;
  type: NotificationType | undefined;
  duration: number;
  position: NotificationPosition;
  showClose: boolean;
  closeOnClick: boolean;
  resumeRemaining: boolean;
  data: unknown;
  zIndex: number;
  remaining: number;
  startedAt: number | undefined;
  reason: NotificationCloseReason | undefined;
  clock: Clock | undefined;
}

export type NotificationEvent =
  { type: 'POINTER_ENTER' } | { type: 'POINTER_LEAVE' } | { type: 'CLICK' } | { type: 'CLOSE' } | { type: 'ESCAPE' };

export type NotificationEmitted = { type: 'closed'; id: string; reason: NotificationCloseReason };

export interface NotificationOutput {
  id: string;
  reason: NotificationCloseReason;
}

/**
 * One notification (spec §S4, §S9): shown, then closed by its timer (4000 ms), its close button,
 * Escape or a click. Hovering pauses the timer; leaving restarts it (or resumes it, by option).
 */
export const notificationMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as NotificationInput,
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
    emitted: {} as NotificationEmitted,
    output: {} as NotificationOutput,
  },
  delays: {
    remaining: ({ context }) => context.remaining,
  },
  guards: {
    persistent: ({ context }) => !Number.isFinite(context.duration),
    closesOnClick: ({ context }) => context.closeOnClick,
  },
  actions: {
    startRun: assign({ startedAt: ({ context }) => context.clock?.now() }),
    keepRemaining: assign({
      remaining: ({ context }) =>
        context.resumeRemaining && context.clock && context.startedAt !== undefined
          ? Math.max(0, context.remaining - (context.clock.now() - context.startedAt))
          : context.duration,
    }),
    reason: assign({
      reason: ({ event }): NotificationCloseReason =>
        event.type === 'CLICK' ? 'click' : event.type === 'ESCAPE' ? 'escape' : event.type === 'CLOSE' ? 'close-button' : 'timeout',
    }),
    // Stryker disable next-line StringLiteral: every transition into closed records a reason first, so the fallback is unreachable
    emitClosed: emit(({ context }) => ({ type: 'closed' as const, id: context.id, reason: context.reason ?? 'timeout' })),
  },
}).createMachine({
  id: 'notification',
  // An omitted input is an empty notification; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = fieldsOrThrow<NotificationInput>('notification', given ?? { id: 'notification', message: '' }, inputRules, 'input');
    const duration = input.duration === undefined ? NOTIFICATION_DURATION_MS : input.duration > 0 ? input.duration : Infinity;
    return {
      id: input.id,
      title: input.title,
      message: input.message,
      type: input.type,
      duration,
      position: input.position ?? NOTIFICATION_DEFAULT_POSITION,
      showClose: input.showClose ?? true,
      closeOnClick: input.closeOnClick ?? true,
      resumeRemaining: input.resumeRemaining ?? false,
      data: input.data,
      zIndex: input.zIndex ?? 0,
      remaining: duration,
      startedAt: undefined,
      reason: undefined,
      clock: input.clock,
    };
  },
  initial: 'shown',
  on: takeErrorEvents,
  states: {
    shown: {
      initial: 'deciding',
      on: {
        CLOSE: { target: 'closed', actions: 'reason' },
        ESCAPE: { target: 'closed', actions: 'reason' },
        CLICK: { guard: 'closesOnClick', target: 'closed', actions: 'reason' },
      },
      states: {
        deciding: {
          always: [{ guard: 'persistent', target: 'waiting' }, { target: 'running' }],
        },
        running: {
          entry: 'startRun',
          after: { remaining: { target: '#notification.closed', actions: 'reason' } },
          on: { POINTER_ENTER: { target: 'hovered', actions: 'keepRemaining' } },
        },
        hovered: {
          on: { POINTER_LEAVE: 'running' },
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
  output: ({ context }) => ({ id: context.id, reason: context.reason ?? 'timeout' }),
});
