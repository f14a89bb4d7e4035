// The one guarded delivery path of every Observable the package exposes: a subscriber's throw is reported,
// never rethrown by RxJS as an uncaught exception, and the other subscribers still receive.
import { Observable, Subscriber, isObservable } from 'rxjs';
import type { Observer, Operator, Subscription, TeardownLogic } from 'rxjs';
import type { ErrorReporter } from '../platform/types.js';
import { UserCallbackError, reportCallbackError } from './guard-callback.js';
import { expectString, invalidArgument } from '../validate/describe-value.js';

/**
 * An observable whose subscribers run guarded: a throw from a subscriber's `next`, `error` or `complete`
 * (or an error that reaches a subscriber without an error handler, such as a throw in a `map` of a pipe
 * built on it) goes to `report` instead of RxJS's asynchronous rethrow, so it never becomes an uncaught
 * exception and never stops the other subscribers. Pipes built on it are guarded too.
 */
export class GuardedObservable<T> extends Observable<T> {
  constructor(
    private readonly report: (error: unknown) => void,
    subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic,
  ) {
    if (typeof report !== 'function') throw invalidArgument('report', 'a function', report, 'GuardedObservable');
    if (subscribe !== undefined && typeof subscribe !== 'function')
      throw invalidArgument('subscribe', 'a function', subscribe, 'GuardedObservable');
    super(subscribe);
  }

  // RxJS operators build their result through `lift` (the way RxJS 7 documents for subclassing Observable);
  // keeping the class there keeps `pipe(...)` guarded.
  override lift<R>(operator?: Operator<T, R>): Observable<R> {
    const observable = guardedBy<R>(this.report);
    observable.source = this;
    observable.operator = operator;
    return observable;
  }

  override subscribe(observerOrNext?: Partial<Observer<T>> | ((value: T) => void)): Subscription;
  /** @deprecated Use an observer object, as RxJS 7 does. */
  override subscribe(
    next?: ((value: T) => void) | null,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription;
  override subscribe(
    observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription {
    // Operators subscribe their own Subscriber to the source: it must stay linked for unsubscription, and
    // its callbacks are RxJS's, which route throws downstream to the guarded end of the chain.
    if (observerOrNext instanceof Subscriber) return super.subscribe(observerOrNext);
    const observer: Partial<Observer<T>> =
      typeof observerOrNext === 'function' || observerOrNext === null || observerOrNext === undefined
        ? { next: observerOrNext ?? undefined, error: error ?? undefined, complete: complete ?? undefined }
        : observerOrNext;
    const report = this.report;
    return super.subscribe({
      next(value) {
        try {
          observer.next?.call(observer, value);
        } catch (thrown) {
          report(thrown);
        }
      },
      error(failure: unknown) {
        if (!observer.error) {
          report(failure);
          return;
        }
        try {
          observer.error.call(observer, failure);
        } catch (thrown) {
          report(thrown);
        }
      },
      complete() {
        try {
          observer.complete?.call(observer);
        } catch (thrown) {
          report(thrown);
        }
      },
    });
  }
}

/**
 * A new GuardedObservable reporting to `report`. Outside the class so the class never names itself: a bundler
 * would otherwise rename its inner binding (and the exported class's `name` with it).
 */
function guardedBy<T>(report: (error: unknown) => void): GuardedObservable<T> {
  return new GuardedObservable<T>(report);
}

/** Whether a value is an Observable; a value whose fields cannot be read (a throwing Proxy) is not. */
function isStream(value: unknown): value is Observable<unknown> {
  try {
    return isObservable(value);
  } catch {
    return false;
  }
}

/**
 * `source` delivered through the guarded path: a throw from one of its subscribers (or an error reaching a
 * subscriber without an error handler) is reported through `errors` as a UserCallbackError naming
 * `stream`'s subscriber, and the other subscribers still receive. Pipes built on the result stay guarded.
 */
export function guardedStream<T>(stream: string, source: Observable<T>, errors: ErrorReporter | undefined): Observable<T> {
  expectString('stream', stream, 'guardedStream');
  if (!isStream(source)) throw invalidArgument('source', 'an Observable', source, 'guardedStream');
  if (errors !== undefined && (typeof errors !== 'object' || errors === null))
    throw invalidArgument('errors', 'an error reporter or undefined', errors, 'guardedStream');
  const report = (thrown: unknown) => reportCallbackError(errors, new UserCallbackError(`${stream} subscriber`, thrown));
  return new GuardedObservable<T>(report, (subscriber) => source.subscribe(subscriber));
}
