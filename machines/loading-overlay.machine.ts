import { assign, emit, setup } from 'xstate';
import { LoadingTargetMissingError } from '../core/ui/errors.js';
import { takeErrorEvents } from './error-events.js';
import { DELAY, STRING, fieldsOrThrow, fieldsOrUndefined, isAny } from './fields.js';
import type { FieldRules } from './fields.js';

/** Spec §S9: a loading overlay's leave transition, in ms. */
export const LOADING_LEAVE_MS = 300;

export interface LoadingOverlayInput {
  /** What the overlay covers (an element, a component instance, a key); required (spec §S8). */
  target: unknown;
  /** Default LOADING_LEAVE_MS (0 for reduced motion). */
  leaveMs?: number;
  text?: string;
}

export interface LoadingOverlayContext {
  target: unknown;
  /** How many requests hold the overlay. */
  holders: number;
  leaveMs: number;
  text: string | undefined;
}

export type LoadingOverlayEvent = { type: 'ACQUIRE'; text?: string } | { type: 'RELEASE' };

export type LoadingOverlayEmitted = { type: 'removed'; target: unknown };

const inputRules: FieldRules<LoadingOverlayInput> = {
  // Stryker disable next-line StringLiteral: isAny accepts every value, so this text never reaches an error (a missing target is
  // LoadingTargetMissingError)
  target: { check: isAny, expect: 'a target' },
  leaveMs: DELAY,
  text: STRING,
};

// An ACQUIRE whose text is not a string is malformed and ignored (it holds nothing).
const acquireOf = (event: LoadingOverlayEvent) =>
  // Stryker disable next-line ConditionalExpression: acquireOf runs only in the ACQUIRE guard and actions, where the type test always holds
  event.type === 'ACQUIRE' ? fieldsOrUndefined<{ text?: string }>(event, { text: STRING }) : undefined;

/** Input for the generated diagram. */
export const diagramInput: LoadingOverlayInput = { target: 'diagram' };

/**
 * A loading overlay over one target (spec §S4, §S9): visible → hiding → removed with a 300 ms leave.
 * It is reference-counted: overlapping requests keep one overlay until the last releases it.
 */
export const loadingOverlayMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as LoadingOverlayInput,
    context: {} as LoadingOverlayContext,
    events: {} as LoadingOverlayEvent,
    emitted: {} as LoadingOverlayEmitted,
  },
  delays: {
    leave: ({ context }) => context.leaveMs,
  },
  guards: {
    validAcquire: ({ event }) => acquireOf(event) !== undefined,
    lastHolder: ({ context }) => context.holders <= 1,
  },
  actions: {
    acquire: assign({
      holders: ({ context }) => context.holders + 1,
      // Stryker disable next-line OptionalChaining: the validAcquire guard runs first, so acquireOf(event) is never undefined here
      text: ({ context, event }) => acquireOf(event)?.text ?? context.text,
    }),
    reacquire: assign({
      holders: 1,
      // Stryker disable next-line OptionalChaining: the validAcquire guard runs first, so acquireOf(event) is never undefined here
      text: ({ context, event }) => acquireOf(event)?.text ?? context.text,
    }),
    release: assign({ holders: ({ context }) => Math.max(0, context.holders - 1) }),
    emitRemoved: emit(({ context }) => ({ type: 'removed' as const, target: context.target })),
  },
}).createMachine({
  id: 'loadingOverlay',
  // Spec §S8: an overlay without a target is a LoadingTargetMissingError (so is an omitted input); a
  // malformed field is an InvalidArgumentError naming it.
  context: ({ input: given }) => {
    const input = fieldsOrThrow<LoadingOverlayInput>('loadingOverlay', given ?? {}, inputRules, 'input');
    if (input.target === undefined || input.target === null || input.target === '') throw new LoadingTargetMissingError('target');
    return { target: input.target, holders: 1, leaveMs: input.leaveMs ?? LOADING_LEAVE_MS, text: input.text };
  },
  initial: 'visible',
  on: takeErrorEvents,
  states: {
    visible: {
      on: {
        ACQUIRE: { guard: 'validAcquire', actions: 'acquire' },
        RELEASE: [{ guard: 'lastHolder', target: 'hiding', actions: 'release' }, { actions: 'release' }],
      },
    },
    hiding: {
      after: { leave: 'removed' },
      on: { ACQUIRE: { guard: 'validAcquire', target: 'visible', actions: 'reacquire' } },
    },
    removed: { type: 'final', entry: 'emitRemoved' },
  },
});
