import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Timers } from '../core/platform/types.js';
import { toasterMachine } from './toaster.machine.js';
import type { ToasterInput } from './toaster.machine.js';
import type { ToastContent, ToastType } from './toast.machine.js';

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;

/** Options of one toast call: the content minus the message, plus an id to update or de-duplicate by. */
export type ToastOptions = Omit<ToastContent, 'message' | 'type'> & { id?: string };

export interface ToastPromiseMessages<T> {
  loading: string;
  success: string | ((value: T) => string);
  error: string | ((error: unknown) => string);
}

/** Fires toasts at a toaster actor; every call returns the toast's id. */
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
  /** Shows a loading toast that turns into success or error when the promise settles; returns the same promise. */
  promise<T>(promise: Promise<T> | (() => Promise<T>), messages: ToastPromiseMessages<T>, options?: ToastOptions): Promise<T>;
}

// Shared by every API instance, so the root API and an app's API never hand out the same id.
let seq = 0;

/** Creates the toast API over a toaster actor (resolved on every call, so it may be created lazily). */
export function createToastApi(getToaster: () => ToasterActor): ToastApi {
  const show = (message: string, options: ToastOptions & { type?: ToastType } = {}): string => {
    const id = options.id ?? `toast-${++seq}`;
    getToaster().send({ type: 'ADD', toast: { ...options, message, id } });
    return id;
  };
  const typed = (type: ToastType) => (message: string, options: ToastOptions = {}) => show(message, { ...options, type });
  const api = Object.assign(show, {
    success: typed('success'),
    warning: typed('warning'),
    info: typed('info'),
    error: typed('error'),
    question: typed('question'),
    loading: typed('loading'),
    update: (id: string, patch: Partial<ToastContent>) => getToaster().send({ type: 'UPDATE', id, patch }),
    dismiss: (id?: string) => getToaster().send(id === undefined ? { type: 'DISMISS' } : { type: 'DISMISS', id }),
    promise<T>(promise: Promise<T> | (() => Promise<T>), messages: ToastPromiseMessages<T>, options: ToastOptions = {}): Promise<T> {
      const id = show(messages.loading, { ...options, type: 'loading' });
      const running = typeof promise === 'function' ? promise() : promise;
      // The loading toast turns into the outcome, with the caller's duration (or the type's default).
      const settle = <A>(type: 'success' | 'error', text: string | ((arg: A) => string), arg: A) =>
        getToaster().send({ type: 'UPDATE', id, patch: { type, message: typeof text === 'function' ? text(arg) : text, duration: options.duration } });
      running.then(
        (value) => settle('success', messages.success, value),
        (error: unknown) => settle('error', messages.error, error),
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
    const input = { ...init?.input, ...rootOptions.input };
    const clock = rootOptions.clock ?? init?.clock;
    root = createActor(toasterMachine, { input, ...(clock ? { clock } : {}) });
    root.start();
  }
  return root;
}

/** The imperative toast API on the root toaster: `toast.success('Saved')` works before any component mounts. */
export const toast: ToastApi = createToastApi(() => rootToaster());
