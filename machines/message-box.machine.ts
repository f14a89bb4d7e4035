import { assign, emit, setup } from 'xstate';
import { DEFAULT_LOCALE } from '../core/catalog/languages.js';
import { message } from '../core/catalog/messages.js';
import { guardCallback } from '../core/errors/guard-callback.js';
import type { DomPort, ErrorReporter } from '../core/platform/types.js';
import type { LayerStack } from '../core/ui/layer-stack.js';
import { DIALOG_WIDTHS_PX } from '../core/ui/dialog-layout.js';
import { graphemeCount, graphemes, truncateGraphemes } from '../core/content/graphemes.js';
import type { DialogSize } from '../core/ui/dialog-layout.js';
import { takeErrorEvents } from './error-events.js';
import {
  BOOLEAN,
  DELAY,
  ID,
  REPORTER,
  STRING,
  checkArgument,
  fieldsOrThrow,
  fieldsOrUndefined,
  isFunction,
  isString,
  oneOf,
  oneOfRule,
  prop,
  required,
} from './fields.js';
import type { FieldRules } from './fields.js';
import { DOM_PORT, LAYER_STACK, focusTrapEffect, layerEffect } from './ui-effects.js';

/** Spec §S9: message boxes fade in and out over this long. */
export const MESSAGE_BOX_TRANSITION_MS = 200;
/**
 * Spec §S9: the delay before a prompt's input takes focus (the default `focusDelayMs`). Until then the panel
 * holds focus and what is typed on it goes into the value (see KEY_AHEAD), so no keystroke is lost.
 */
export const PROMPT_FOCUS_DELAY_MS = 500;
/** Spec §S9: a message box's default top offset. */
export const MESSAGE_BOX_TOP_OFFSET = '30vh';
/**
 * Spec §S8: the default text when a prompt's input fails validation, the catalogue's `invalidData` in
 * the locale's language ('无效数据' for zh-CN, 'invalid data' for en; unknown locales give English).
 */
export function promptDefaultError(locale: string): string {
  return message(locale, 'invalidData');
}

export type MessageBoxKind = 'alert' | 'confirm' | 'prompt';
export type MessageBoxAction = 'confirm' | 'cancel' | 'close';

/**
 * A custom check: true passes; false fails with the error text; a string fails with that string. A check
 * that throws fails with the error text, and the thrown value is reported (see `validatePrompt`).
 */
export type PromptValidator = (value: string) => boolean | string;

export interface MessageBoxOptions {
  kind: MessageBoxKind;
  message: string;
  title?: string;
  /** Spec §S9: confirm and prompt show cancel; alert does not. */
  showCancel?: boolean;
  /** Default true. */
  showClose?: boolean;
  /** Spec §S9: an alert does not close on Escape (it waits for its button); confirm and prompt do. */
  closeOnEscape?: boolean;
  /** Spec §S9: alert does not close on a backdrop click; confirm and prompt do. */
  closeOnBackdrop?: boolean;
  /** Sizes as the dialog (spec §S9). Default 'medium'. */
  size?: DialogSize;
  /** Default MESSAGE_BOX_TOP_OFFSET. */
  top?: string;
  confirmText?: string;
  cancelText?: string;
  /** Prompt: the starting value. */
  inputValue?: string;
  inputPlaceholder?: string;
  /** Prompt: the value must match this pattern. */
  inputPattern?: RegExp;
  /** Prompt: a custom check run after the pattern. */
  inputValidator?: PromptValidator;
  /** Prompt: the text shown on failure (default `promptDefaultError(locale)`). */
  inputErrorMessage?: string;
  /** Prompt: a multi-line input, where Enter adds a line instead of confirming. */
  multiline?: boolean;
  /**
   * Prompt: a maximum length in user-perceived characters (an emoji is one), shown with a counter. Typing
   * stops at it and a paste is cut to it; a starting value already longer is marked exceeded until shortened.
   */
  maxLength?: number;
  /** Default MESSAGE_BOX_TRANSITION_MS (0 for reduced motion). */
  transitionMs?: number;
  /**
   * How long after the box shows its prompt input takes focus. Default PROMPT_FOCUS_DELAY_MS (spec §S9); what is
   * typed on the panel meanwhile goes into the value. 0 focuses the input at once.
   */
  focusDelayMs?: number;
}

export interface MessageBoxInput extends MessageBoxOptions {
  id: string;
  /** The current locale, read at each check for the default failure text. Default 'en'. */
  locale?: () => string;
  /** Where a throwing `inputValidator` or locale getter is logged: the platform's error reporter (the console without one). */
  errors?: ErrorReporter;
  /** The app's layer stack: while it shows, the box takes Escape and backdrop clicks from it. */
  stack?: LayerStack;
  /** The DOM the box's nodes are found in (by `messageBoxDomIds(id)`): focus moves into the panel and stays there. */
  dom?: DomPort;
}

/** The DOM ids of a box's parts, derived from its id: its connect hands them out, its effects find nodes by them. */
export function messageBoxDomIds(id: string) {
  checkArgument('messageBoxDomIds', 'id', id, ID.check, ID.expect);
  const base = `exkit-message-box-${id}`;
  return {
    panel: base,
    title: `${base}-title`,
    message: `${base}-message`,
    input: `${base}-input`,
    error: `${base}-error`,
    counter: `${base}-counter`,
    confirm: `${base}-confirm`,
  } as const;
}

const MESSAGE_BOX_KINDS: readonly MessageBoxKind[] = ['alert', 'confirm', 'prompt'];
const DIALOG_SIZES = Object.keys(DIALOG_WIDTHS_PX);

/** The rules of a box's options: `kind` and `message` are required, the rest optional and typed. @internal */
export const MESSAGE_BOX_OPTION_RULES: FieldRules<MessageBoxOptions> = {
  kind: { check: oneOf(MESSAGE_BOX_KINDS), expect: 'alert, confirm or prompt', required: true },
  message: required(STRING),
  title: STRING,
  showCancel: BOOLEAN,
  showClose: BOOLEAN,
  closeOnEscape: BOOLEAN,
  closeOnBackdrop: BOOLEAN,
  size: oneOfRule(DIALOG_SIZES),
  top: STRING,
  confirmText: STRING,
  cancelText: STRING,
  inputValue: STRING,
  inputPlaceholder: STRING,
  inputPattern: { check: (v) => v instanceof RegExp, expect: 'a RegExp' },
  inputValidator: { check: isFunction, expect: 'a function' },
  inputErrorMessage: STRING,
  multiline: BOOLEAN,
  maxLength: { check: (v) => Number.isSafeInteger(v) && (v as number) >= 0, expect: 'a whole number from 0' },
  transitionMs: DELAY,
  focusDelayMs: DELAY,
};

// validatePrompt reads only the prompt's fields: kind and message may be left out.
const PROMPT_OPTION_RULES: FieldRules<MessageBoxOptions> = {
  ...MESSAGE_BOX_OPTION_RULES,
  kind: { ...MESSAGE_BOX_OPTION_RULES.kind, required: false },
  message: { ...MESSAGE_BOX_OPTION_RULES.message, required: false },
};

const inputRules: FieldRules<MessageBoxInput> = {
  ...MESSAGE_BOX_OPTION_RULES,
  id: required(ID),
  locale: { check: isFunction, expect: 'a function giving the locale' },
  errors: REPORTER,
  stack: LAYER_STACK,
  dom: DOM_PORT,
};

export interface MessageBoxContext {
  id: string;
  options: MessageBoxOptions;
  /** The current locale (the default failure text's language). */
  locale: () => string;
  showCancel: boolean;
  closeOnEscape: boolean;
  closeOnBackdrop: boolean;
  transitionMs: number;
  focusDelayMs: number;
  value: string;
  /** The validation message while the input is invalid. */
  error: string | undefined;
  /** Whether the input is longer than `maxLength`. */
  exceeded: boolean;
  zIndex: number;
  action: MessageBoxAction | undefined;
  errors: ErrorReporter | undefined;
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
}

export type MessageBoxEvent =
  | { type: 'SHOW'; zIndex: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'ESCAPE' }
  | { type: 'BACKDROP_CLICK' }
  | { type: 'INPUT'; value: string }
  /**
   * A key pressed on the panel itself (the prompt's input does not have focus yet): a character is added to the
   * value, Backspace removes its last character. Anything else is ignored.
   */
  | { type: 'KEY_AHEAD'; key: string }
  | { type: 'ENTER' };

export type MessageBoxEmitted = { type: 'focusInput'; id: string };

export interface MessageBoxResult {
  action: MessageBoxAction;
  /** The prompt's value (undefined for alert and confirm). */
  value?: string;
}

export interface MessageBoxOutput extends MessageBoxResult {
  id: string;
}

/**
 * The validation message for a prompt value, or undefined when it passes (spec §S5); a failure without
 * `inputErrorMessage` reads the default text in `locale` (spec §S8).
 */
export function validatePrompt(
  options: MessageBoxOptions,
  value: string,
  locale: string = DEFAULT_LOCALE,
  errors?: ErrorReporter,
): string | undefined {
  // A public function: its arguments are checked (cheaply: a box's options are already a checked copy).
  options = fieldsOrThrow<MessageBoxOptions>('validatePrompt', options, PROMPT_OPTION_RULES, 'options');
  checkArgument('validatePrompt', 'value', value, isString, 'a string');
  checkArgument('validatePrompt', 'locale', locale, isString, 'a string');
  const failure = () => options.inputErrorMessage ?? promptDefaultError(locale);
  if (options.inputPattern instanceof RegExp) {
    options.inputPattern.lastIndex = 0;
    if (!options.inputPattern.test(value)) return failure();
  }
  const validator = options.inputValidator;
  if (typeof validator === 'function') {
    // A throwing check must not take the box (and the app's queue with it) down, leaving the caller's
    // promise unsettled: the input counts as invalid and the error is logged as a UserCallbackError.
    const verdict = guardCallback('inputValidator', () => validator(value), errors);
    if (!verdict.ok || verdict.value === false) return failure();
    if (typeof verdict.value === 'string') return verdict.value;
  }
  return undefined;
}

/** The caller's current locale; a getter that throws (logged) or answers a non-string gives the default locale's text. */
function readLocale(locale: () => string, errors: ErrorReporter | undefined): string {
  const value = guardCallback('locale', locale, errors);
  return value.ok && typeof value.value === 'string' ? value.value : DEFAULT_LOCALE;
}

const check = (context: MessageBoxContext, value: string) =>
  validatePrompt(context.options, value, readLocale(context.locale, context.errors), context.errors);

// Malformed events are ignored: their fields are read once, checked, by these.
const zIndexOf = (event: MessageBoxEvent) => {
  const zIndex = prop(event, 'zIndex');
  // Number.isFinite is false for every non-number.
  return Number.isFinite(zIndex) ? (zIndex as number) : undefined;
};
const inputValueOf = (event: MessageBoxEvent) => fieldsOrUndefined<{ value: string }>(event, { value: required(STRING) })?.value;

/** Whether a key types or erases one character: one user-perceived character, or Backspace. @internal */
export const isTypingKey = (key: unknown): key is string => key === 'Backspace' || (typeof key === 'string' && graphemeCount(key) === 1);

/** The value a KEY_AHEAD leaves: one character added, or the last removed with Backspace; undefined for other keys. */
function valueAfterKey(value: string, event: MessageBoxEvent): string | undefined {
  const key = prop(event, 'key');
  if (!isTypingKey(key)) return undefined;
  return key === 'Backspace' ? graphemes(value).slice(0, -1).join('') : value + key;
}

const isExceeded = (options: MessageBoxOptions, value: string) =>
  options.maxLength !== undefined && graphemeCount(value) > options.maxLength;

/**
 * The value an INPUT leaves: typing stops at `maxLength` and a paste is cut to it (counted in graphemes, so an
 * emoji is one); a value already at or over the limit (a long starting value) takes no more, only deletions.
 */
function limitValue(options: MessageBoxOptions, previous: string, next: string): string {
  const max = options.maxLength;
  if (max === undefined) return next;
  const length = graphemeCount(next);
  if (length <= max) return next;
  const before = graphemeCount(previous);
  if (length <= before) return next;
  return before >= max ? previous : truncateGraphemes(next, max);
}

/** The context after the value becomes `next` (nothing changes when it is undefined). */
function valueChange(context: MessageBoxContext, next: string | undefined): Partial<MessageBoxContext> {
  if (next === undefined) return {};
  const value = limitValue(context.options, context.value, next);
  return {
    value,
    // Spec §S5: the input is re-checked on every change.
    error: context.options.kind === 'prompt' ? check(context, value) : undefined,
    exceeded: isExceeded(context.options, value),
  };
}

/**
 * One alert, confirm or prompt box (spec §S4, §S5, §S9): hidden until its queue shows it, entering and
 * leaving over 200 ms, closed with confirm, cancel or close. A prompt confirms only when its input passes.
 */
export const messageBoxMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as MessageBoxInput,
    context: {} as MessageBoxContext,
    events: {} as MessageBoxEvent,
    emitted: {} as MessageBoxEmitted,
    output: {} as MessageBoxOutput,
  },
  delays: {
    transition: ({ context }) => context.transitionMs,
    focusDelay: ({ context }) => context.focusDelayMs,
  },
  guards: {
    validShow: ({ event }) => zIndexOf(event) !== undefined,
    validInput: ({ event }) => inputValueOf(event) !== undefined,
    validKeyAhead: ({ context, event }) => context.options.kind === 'prompt' && valueAfterKey(context.value, event) !== undefined,
    isPrompt: ({ context }) => context.options.kind === 'prompt',
    inputValid: ({ context }) => context.options.kind !== 'prompt' || check(context, context.value) === undefined,
    entersConfirm: ({ context }) => !context.options.multiline,
    enterConfirms: ({ context }) =>
      !context.options.multiline && (context.options.kind !== 'prompt' || check(context, context.value) === undefined),
    hasCancel: ({ context }) => context.showCancel,
    closesOnEscape: ({ context }) => context.closeOnEscape,
    closesOnBackdrop: ({ context }) => context.closeOnBackdrop,
  },
  actions: {
    takeLayer: assign({ zIndex: ({ event, context }) => zIndexOf(event) ?? context.zIndex }),
    markInvalid: assign({ error: ({ context }) => check(context, context.value) }),
    // INPUT and KEY_AHEAD take them. The event is read again here: a getter that no longer answers changes nothing.
    setValue: assign(({ context, event }) => valueChange(context, inputValueOf(event))),
    addKey: assign(({ context, event }) => valueChange(context, valueAfterKey(context.value, event))),
    actConfirm: assign({ action: 'confirm' as const }),
    actCancel: assign({ action: 'cancel' as const }),
    actClose: assign({ action: 'close' as const }),
    emitFocusInput: emit(({ context }) => ({ type: 'focusInput' as const, id: context.id })),
    // A prompt's input takes focus after the focus delay; with a DOM the box moves it there itself, the caret after
    // what was typed ahead.
    focusInput: ({ context }) => {
      const input = context.dom?.document.getElementById(messageBoxDomIds(context.id).input) as HTMLInputElement | null | undefined;
      if (!input || typeof input.focus !== 'function') return;
      input.focus();
      const end = context.value.length;
      if (typeof input.setSelectionRange === 'function') input.setSelectionRange(end, end);
    },
  },
  actors: { layer: layerEffect, focusTrap: focusTrapEffect },
}).createMachine({
  id: 'messageBox',
  // An omitted input is an empty alert; a malformed one is an InvalidArgumentError naming the field.
  context: ({ input: given }) => {
    const input = fieldsOrThrow<MessageBoxInput>(
      'messageBox',
      given ?? { id: 'message-box', kind: 'alert', message: '' },
      inputRules,
      'input',
    );
    const { id, locale, errors, stack, dom, ...options } = input;
    const dismissable = input.kind !== 'alert';
    const value = input.inputValue ?? '';
    return {
      id,
      options,
      locale: locale ?? (() => DEFAULT_LOCALE),
      showCancel: input.showCancel ?? dismissable,
      closeOnEscape: input.closeOnEscape ?? dismissable,
      closeOnBackdrop: input.closeOnBackdrop ?? dismissable,
      transitionMs: input.transitionMs ?? MESSAGE_BOX_TRANSITION_MS,
      focusDelayMs: input.focusDelayMs ?? PROMPT_FOCUS_DELAY_MS,
      value,
      error: undefined,
      exceeded: isExceeded(options, value),
      zIndex: 0,
      action: undefined,
      errors,
      stack,
      dom,
    };
  },
  initial: 'queued',
  on: takeErrorEvents,
  states: {
    queued: {
      on: { SHOW: { guard: 'validShow', target: 'showing', actions: 'takeLayer' } },
    },
    showing: {
      initial: 'entering',
      // While it shows: the top layer (Escape, backdrop clicks) and a focus trap in the panel, starting on the
      // confirm button; a prompt's input takes focus after the focus delay (the panel holds it until then).
      invoke: [
        {
          src: 'layer',
          input: ({ context }) => ({
            stack: context.stack,
            dom: context.dom,
            nodeId: messageBoxDomIds(context.id).panel,
            escape: { type: 'ESCAPE' },
            outside: { type: 'BACKDROP_CLICK' },
          }),
        },
        {
          src: 'focusTrap',
          input: ({ context }) => {
            const ids = messageBoxDomIds(context.id);
            const first = context.options.kind !== 'prompt' ? ids.confirm : context.focusDelayMs > 0 ? ids.panel : ids.input;
            // Stryker disable next-line OptionalChaining: the focus trap runs, and calls initialFocus, only with a DOM
            return { dom: context.dom, nodeId: ids.panel, trap: true, initialFocus: () => context.dom?.document.getElementById(first) };
          },
        },
      ],
      after: { focusDelay: { guard: 'isPrompt', actions: ['emitFocusInput', 'focusInput'] } },
      on: {
        CONFIRM: [{ guard: 'inputValid', target: 'leaving', actions: 'actConfirm' }, { actions: 'markInvalid' }],
        ENTER: [
          { guard: 'enterConfirms', target: 'leaving', actions: 'actConfirm' },
          { guard: 'entersConfirm', actions: 'markInvalid' },
        ],
        CANCEL: { guard: 'hasCancel', target: 'leaving', actions: 'actCancel' },
        CLOSE: { target: 'leaving', actions: 'actClose' },
        ESCAPE: { guard: 'closesOnEscape', target: 'leaving', actions: 'actClose' },
        BACKDROP_CLICK: { guard: 'closesOnBackdrop', target: 'leaving', actions: 'actClose' },
        INPUT: { guard: 'validInput', actions: 'setValue' },
        KEY_AHEAD: { guard: 'validKeyAhead', actions: 'addKey' },
      },
      states: {
        entering: {
          after: { transition: 'open' },
        },
        open: {},
      },
    },
    leaving: {
      after: { transition: 'closed' },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({
    id: context.id,
    // Every way into leaving records the action, and the output is read only once closed.
    action: context.action as MessageBoxAction,
    ...(context.options.kind === 'prompt' ? { value: context.value } : {}),
  }),
});
