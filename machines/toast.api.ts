import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Timers } from '../core/platform/types.js';
import { toasterMachine } from './toaster.machine.js';
import type { ToasterInput } from './toaster.machine.js';
import { checkToasterInput } from './toaster.machine.js';
import { toastContentRules, TOAST_TYPES } from './toast.machine.js';
import type { ToastContent, ToastType } from './toast.machine.js';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { guardCallback, reportCallbackError, UserCallbackError } from '../core/errors/guard-callback.js';
import { ID, STRING, checkArgument, fieldsOrThrow, isFunction, isId, isString, prop, required } from './fields.js';
import type { FieldRules } from './fields.js';

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;

/** Options of one toast call: the content minus the message, plus an id to update or de-duplicate by. */
export type ToastOptions = Omit<ToastContent, 'message' | 'type'> & { id?: string };

export interface ToastPromiseMessages<T> {
  loading: string;
  success: string | ((value: T) => string);
  error: string | ((error: unknown) => string);
}

/**
 * Fires toasts at a toaster actor; every call returns the toast's id. A malformed argument throws
 * InvalidArgumentError naming it (`promise` rejects with it instead) and fires nothing.
 */
export interface ToastApi {
  (message: string, options?: ToastOptions & { type?: ToastType }): string;
  success(message: string, options?: ToastOptions): string;
  warning(message: string, options?: ToastOptions): string;
  info(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  question(message: string, options?: ToastOptions): string;
  /** A toast that stays until it is updated or dismissed. */
  loading(message: string, options?: ToastOptions): string;
  /** Changes a toast in place (its timer restarts). */
  update(id: string, patch: Partial<ToastContent>): void;
  /** Closes one toast, or all of them when no id is given. */
  dismiss(id?: string): void;
  /**
   * Shows a loading toast that turns into success or error when the promise settles; returns a promise settled
   * as it is (the same one for a native promise). A function argument is called once; its throw counts as a
   * rejection. A formatter that throws is reported through the toaster's `errors` and the toast is dismissed.
   */
  promise<T>(promise: Promise<T> | (() => Promise<T>), messages: ToastPromiseMessages<T>, options?: ToastOptions): Promise<T>;
}

// Shared by every API instance, so the root API and an app's API never hand out the same id.
let seq = 0;

// Stryker disable next-line BooleanLiteral: the flag only makes `message` required, and `message` is left out here
const { message: _message, ...contentRules } = toastContentRules(false);
/** The rules of a toast call's options: the content minus the message, plus an id. */
const optionRules: FieldRules<ToastOptions & { type?: ToastType }> = { ...contentRules, id: ID };
const isPromiseOrFunction = (value: unknown) => typeof value === 'function' || typeof prop(value, 'then') === 'function';
const isText = (value: unknown) => typeof value === 'string' || typeof value === 'function';
const messagesRules: FieldRules<ToastPromiseMessages<unknown>> = {
  loading: required(STRING),
  success: { check: isText, expect: 'a string or a function giving one', required: true },
  error: { check: isText, expect: 'a string or a function giving one', required: true },
};

const checkMessage = (owner: string, message: unknown): string => checkArgument(owner, 'message', message, isString, STRING.expect);
const checkId = (owner: string, id: unknown): string => checkArgument(owner, 'id', id, isId, ID.expect);

/**
 * Creates the toast API over a toaster actor (resolved on every call, so it may be created lazily). Invalid
 * arguments throw InvalidArgumentError naming the argument (`promise` rejects with it) and send nothing.
 *
 * @example
 * ```ts
 * const toaster = createActor(toasterMachine, { input: {} }).start();
 * const toast = createToastApi(() => toaster);
 * const id = toast.info('Copied');
 * toast.dismiss(id);
 * ```
 */
export function createToastApi(getToaster: () => ToasterActor): ToastApi {
  checkArgument('createToastApi', 'getToaster', getToaster, isFunction, 'a function giving the toaster actor');
  const show = (message: unknown, options: unknown, type?: ToastType): string => {
    const text = checkMessage('toast', message);
    const checked = fieldsOrThrow('toast', options ?? {}, optionRules, 'options');
    const id = checked.id ?? `toast-${++seq}`;
    getToaster().send({ type: 'ADD', toast: { ...checked, ...(type ? { type } : {}), message: text, id } });
    return id;
  };
  const typed = (type: ToastType) => (message: string, options?: ToastOptions) => show(message, options, type);
  // The toaster's error reporter (the platform's), where a failing formatter is logged.
  const errorsOf = () => {
    try {
      return getToaster().getSnapshot().context.errors;
      // Stryker disable next-line BlockStatement: an empty catch block returns undefined as well
    } catch {
      return undefined;
    }
  };
  // One shorthand per type: toast.success(…), toast.loading(…).
  const shorthands = Object.fromEntries(TOAST_TYPES.map((type) => [type, typed(type)])) as Record<ToastType, ReturnType<typeof typed>>;
  const api = Object.assign((message: string, options?: ToastOptions & { type?: ToastType }) => show(message, options), shorthands, {
    update: (id: string, patch: Partial<ToastContent>) => {
      const checkedId = checkId('toast.update', id);
      const checked = fieldsOrThrow('toast.update', patch, toastContentRules(false), 'patch');
      getToaster().send({ type: 'UPDATE', id: checkedId, patch: checked });
    },
    dismiss: (id?: string) =>
      getToaster().send(id === undefined ? { type: 'DISMISS' } : { type: 'DISMISS', id: checkId('toast.dismiss', id) }),
    promise<T>(promise: Promise<T> | (() => Promise<T>), messages: ToastPromiseMessages<T>, options?: ToastOptions): Promise<T> {
      let id: string;
      let texts: ToastPromiseMessages<T>;
      let duration: number | undefined;
      try {
        checkArgument('toast.promise', 'promise', promise, isPromiseOrFunction, 'a promise or a function returning one');
        texts = fieldsOrThrow('toast.promise', messages, messagesRules, 'messages') as ToastPromiseMessages<T>;
        const checked = fieldsOrThrow('toast.promise', options ?? {}, optionRules, 'options');
        duration = checked.duration;
        id = show(texts.loading, checked, 'loading');
      } catch (error) {
        // Async by contract: a bad argument rejects, and no loading toast was shown.
        return Promise.reject(error);
      }
      // A function that throws counts as a rejection, and a value that is not a promise as a resolution.
      const running = typeof promise === 'function' ? new Promise<T>((resolve) => resolve(promise())) : Promise.resolve(promise);
      // The loading toast turns into the outcome, with the caller's duration (or the type's default). A formatter
      // that throws or gives no string is reported and the loading toast is dismissed: it never stays forever.
      const settle = <A>(type: 'success' | 'error', text: string | ((arg: A) => string), arg: A) => {
        try {
          const errors = errorsOf();
          let message: string | undefined;
          if (typeof text === 'string') message = text;
          else {
            const name = `toast.promise messages.${type}`;
            const formatted = guardCallback(name, () => text(arg), errors);
            if (formatted.ok && typeof formatted.value === 'string') message = formatted.value;
            else if (formatted.ok) reportCallbackError(errors, new UserCallbackError(name, formatted.value, `${name} gave no string`));
          }
          getToaster().send(
            message === undefined
              ? { type: 'DISMISS', id }
              : // A duration left undefined is dropped by the patch's rules: the outcome keeps its type's default.
                { type: 'UPDATE', id, patch: { type, message, duration } },
          );
        } catch (error) {
          reportCallbackError(errorsOf(), new UserCallbackError('toast.promise', error));
        }
      };
      running.then(
        (value) => settle('success', texts.success, value),
        (error: unknown) => settle('error', texts.error, error),
      );
      return running;
    },
  });
  return api;
}

let root: ToasterActor | undefined;
let rootOptions: { input?: ToasterInput; clock?: Timers } = {};

/**
 * Sets the root toaster's input and timers (e.g. `platform.timers`). Call it before the first toast: an
 * existing root is stopped and replaced, and its toasts are dropped.
 */
export function configureRootToaster(options: { input?: ToasterInput; clock?: Timers }): void {
  const input = checkToasterInput(prop(options, 'input'));
  const clock = prop(options, 'clock');
  if (clock !== undefined && !(typeof prop(clock, 'setTimeout') === 'function' && typeof prop(clock, 'clearTimeout') === 'function')) {
    throw new InvalidArgumentError('configureRootToaster: clock must be timers (setTimeout and clearTimeout)', {
      field: 'clock',
      value: clock,
    });
  }
  options = { input, ...(clock === undefined ? {} : { clock: clock as Timers }) };
  root?.stop();
  root = undefined;
  rootOptions = options;
}

/** Whether the root toaster exists yet. */
export function hasRootToaster(): boolean {
  return root !== undefined;
}

/**
 * The app's root toaster, created on first use so toasts fired before any component mounts are kept.
 * `init` applies only when this call creates it (after `configureRootToaster`'s options).
 */
export function rootToaster(init?: { input?: ToasterInput; clock?: Timers }): ToasterActor {
  if (!root) {
    const initInput = prop(init, 'input');
    const initClock = prop(init, 'clock') as Timers | undefined;
    const input = checkToasterInput({ ...checkToasterInput(initInput), ...rootOptions.input });
    const clock = rootOptions.clock ?? initClock;
    root = createActor(toasterMachine, { input, ...(clock ? { clock } : {}) });
    root.start();
  }
  return root;
}

/**
 * The imperative toast API on the root toaster: `toast.success('Saved')` works before any component mounts.
 *
 * @example
 * ```ts
 * toast.success('Saved'); // works before any component mounts
 * toast.error('Network error', { duration: 5000 });
 * await toast.promise(save(), { loading: 'Saving…', success: 'Saved', error: (e) => `Failed: ${String(e)}` });
 * ```
 */
export const toast: ToastApi = createToastApi(() => rootToaster());
