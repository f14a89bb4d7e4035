// The error types and the guarded paths every service relies on, each on its own: what an ExkitError carries and
// serialises to, how a failed callback is reported (with and without a reporter), and how a GuardedObservable
// delivers to each kind of subscriber.
import { map, of, Subject, throwError } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CALLBACK_FAILED_EVENT,
  guardCallback,
  reportCallbackError,
  safeLog,
  safeReport,
  UserCallbackError,
} from '../../../core/errors/guard-callback.js';
import { ExkitError, InvalidArgumentError, isExkitError } from '../../../core/errors/exkit-error.js';
import { GuardedObservable, guardedStream } from '../../../core/errors/guarded-observable.js';
import type { ErrorReport } from '../../../core/platform/types.js';
import { invalid } from '../../support/invalid-argument.js';

afterEach(() => vi.restoreAllMocks());

function collecting() {
  const reports: ErrorReport[] = [];
  return { reports, errors: { report: (r: ErrorReport) => void reports.push(r) } };
}

describe('ExkitError', () => {
  it('carries its code and message, and appData, extra and cause only when given', () => {
    const cause = new Error('root');
    const full = new ExkitError('SOME_CODE', 'went wrong', { appData: { a: 1 }, extra: { b: 2 }, cause });
    expect(full).toBeInstanceOf(Error);
    expect(full).toMatchObject({
      name: 'ExkitError',
      code: 'SOME_CODE',
      msg: 'went wrong',
      message: 'went wrong',
      appData: { a: 1 },
      extra: { b: 2 },
    });
    expect(full.cause).toBe(cause);
    const bare = new ExkitError('C', 'm');
    expect(bare.appData).toBeUndefined();
    expect(bare.extra).toBeUndefined();
    expect(Object.hasOwn(bare, 'cause')).toBe(false);
  });

  it('serialises to the error object of the seed, leaving out what was not given', () => {
    expect(new ExkitError('C', 'm', { appData: 0, extra: '' }).toJSON()).toEqual({
      name: 'ExkitError',
      code: 'C',
      msg: 'm',
      appData: 0,
      extra: '',
    });
    expect(JSON.parse(JSON.stringify(new ExkitError('C', 'm')))).toEqual({ name: 'ExkitError', code: 'C', msg: 'm' });
    expect(new InvalidArgumentError('bad', { field: 'f' }).toJSON()).toEqual({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      msg: 'bad',
      extra: { field: 'f' },
    });
  });

  it('InvalidArgumentError without extra has none', () => {
    const error = new InvalidArgumentError('bad');
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.extra).toBeUndefined();
    expect(Object.keys(error.toJSON())).toEqual(['name', 'code', 'msg']);
  });

  it('isExkitError checks the name when one is asked for', () => {
    const error = new InvalidArgumentError('bad');
    expect(isExkitError(error)).toBe(true);
    expect(isExkitError(error, 'InvalidArgumentError')).toBe(true);
    expect(isExkitError(error, 'ExkitError')).toBe(false);
    expect(isExkitError(new Error('x'))).toBe(false);
    expect(isExkitError(null)).toBe(false);
    expect(isExkitError('ExkitError')).toBe(false);
  });
});

describe('UserCallbackError', () => {
  it('names the callback, keeps the cause, and says it threw unless told otherwise', () => {
    const cause = new Error('boom');
    const error = new UserCallbackError('onDone', cause);
    expect(error).toMatchObject({
      name: 'UserCallbackError',
      code: 'USER_CALLBACK_FAILED',
      msg: 'onDone threw',
      extra: { callback: 'onDone' },
    });
    expect(error.cause).toBe(cause);
    expect(new UserCallbackError('guard', cause, 'guard answered a number').msg).toBe('guard answered a number');
    expect(isExkitError(error, 'UserCallbackError')).toBe(true);
  });
});

describe('reporting', () => {
  it('the event a failed callback is reported under is callbackFailed', () => {
    expect(CALLBACK_FAILED_EVENT).toBe('callbackFailed');
  });

  it('reportCallbackError reports the event, the message, the error and the callback name', () => {
    const { reports, errors } = collecting();
    const error = new UserCallbackError('onTick', new Error('x'));
    reportCallbackError(errors, error);
    expect(reports).toEqual([{ event: 'callbackFailed', message: 'onTick threw', error, data: { callback: 'onTick' } }]);
  });

  it('without a reporter it logs to the console with the cause; a failing reporter or console is ignored', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new Error('x');
    reportCallbackError(undefined, new UserCallbackError('onTick', cause));
    expect(consoleError).toHaveBeenCalledWith('[exkit] onTick threw', cause);
    const throwing = {
      report: () => {
        throw new Error('reporter down');
      },
    };
    expect(() => reportCallbackError(throwing, new UserCallbackError('a', cause))).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockImplementation(() => {
      throw new Error('console down');
    });
    expect(() => reportCallbackError(undefined, new UserCallbackError('b', cause))).not.toThrow();
  });

  it('safeReport passes the report on, and ignores a missing or throwing reporter', () => {
    const { reports, errors } = collecting();
    safeReport(errors, { event: 'e', data: { n: 1 } });
    expect(reports).toEqual([{ event: 'e', data: { n: 1 } }]);
    expect(() => safeReport(undefined, { event: 'e' })).not.toThrow();
    expect(() =>
      safeReport(
        {
          report: () => {
            throw new Error('down');
          },
        },
        { event: 'e' },
      ),
    ).not.toThrow();
    expect(() => safeReport({} as never, { event: 'e' })).not.toThrow();
  });

  it('safeLog calls the logger with message and data, and ignores a missing or throwing one', () => {
    const seen: unknown[] = [];
    safeLog((message, data) => seen.push([message, data]), 'signed', { path: '/x' });
    expect(seen).toEqual([['signed', { path: '/x' }]]);
    expect(() => safeLog(undefined, 'm', {})).not.toThrow();
    expect(() =>
      safeLog(
        () => {
          throw new Error('logger down');
        },
        'm',
        {},
      ),
    ).not.toThrow();
  });

  it('guardCallback returns the value, or the reported UserCallbackError of a throw', () => {
    const { reports, errors } = collecting();
    expect(guardCallback('ok', () => 42, errors)).toEqual({ ok: true, value: 42 });
    const cause = new Error('x');
    const failed = guardCallback(
      'onSettle',
      () => {
        throw cause;
      },
      errors,
    );
    expect(failed.ok).toBe(false);
    const error = (failed as { ok: false; error: UserCallbackError }).error;
    expect(error).toMatchObject({ name: 'UserCallbackError', extra: { callback: 'onSettle' } });
    expect(error.cause).toBe(cause);
    expect(reports).toEqual([expect.objectContaining({ event: 'callbackFailed', error })]);
    expect(() => guardCallback(1 as never, () => 1)).toThrow(invalid('callback', 'guardCallback: callback must be a string, got 1'));
  });
});

describe('GuardedObservable', () => {
  it('refuses a report or subscribe that is not a function', () => {
    expect(() => new GuardedObservable('x' as never)).toThrow(invalid('report', 'GuardedObservable: report must be a function, got "x"'));
    expect(() => new GuardedObservable(() => undefined, 1 as never)).toThrow(invalid('subscribe'));
  });

  it('a throw in next, error or complete is reported, never rethrown', () => {
    const reported: unknown[] = [];
    const source = new Subject<number>();
    const guarded = new GuardedObservable<number>(
      (e) => reported.push((e as Error).message),
      (s) => source.subscribe(s),
    );
    guarded.subscribe({
      next: () => {
        throw new Error('next');
      },
      complete: () => {
        throw new Error('complete');
      },
    });
    source.next(1);
    source.complete();
    const failing = new GuardedObservable<number>(
      (e) => reported.push((e as Error).message),
      (s) => throwError(() => new Error('source')).subscribe(s),
    );
    failing.subscribe({
      error: () => {
        throw new Error('error handler');
      },
    });
    failing.subscribe(() => undefined);
    expect(reported).toEqual(['next', 'complete', 'error handler', 'source']);
  });

  it('an error handler that does not throw gets the error, and nothing is reported', () => {
    const reported: unknown[] = [];
    const seen: unknown[] = [];
    const failing = new GuardedObservable<number>(
      (e) => reported.push(e),
      (s) => throwError(() => 'why').subscribe(s),
    );
    failing.subscribe({ error: (e) => seen.push(e) });
    expect(seen).toEqual(['why']);
    expect(reported).toEqual([]);
  });

  it('takes next, error and complete as separate arguments (the older signature), and no observer at all', () => {
    const seen: unknown[] = [];
    const guarded = new GuardedObservable<number>(
      () => undefined,
      (s) => of(1, 2).subscribe(s),
    );
    guarded.subscribe(
      (v) => seen.push(v),
      null,
      () => seen.push('done'),
    );
    expect(seen).toEqual([1, 2, 'done']);
    expect(() => guarded.subscribe()).not.toThrow();
    expect(() => guarded.subscribe(null)).not.toThrow();
    const errs: unknown[] = [];
    new GuardedObservable<number>(
      () => undefined,
      (s) => throwError(() => 'e').subscribe(s),
    ).subscribe(null, (e) => errs.push(e));
    expect(errs).toEqual(['e']);
  });

  it('an observer without next or complete misses nothing it asked for, and nothing is reported', () => {
    const reported: unknown[] = [];
    const guarded = new GuardedObservable<number>(
      (e) => reported.push(e),
      (s) => of(1).subscribe(s),
    );
    let completed = false;
    guarded.subscribe({ complete: () => (completed = true) });
    const seen: number[] = [];
    guarded.subscribe({ next: (v) => seen.push(v) });
    expect(completed).toBe(true);
    expect(seen).toEqual([1]);
    expect(reported).toEqual([]);
  });

  it('an observer object is called with itself as this', () => {
    const guarded = new GuardedObservable<number>(
      () => undefined,
      (s) => of(5).subscribe(s),
    );
    const observer = {
      got: [] as number[],
      next(this: { got: number[] }, v: number) {
        this.got.push(v);
      },
    };
    guarded.subscribe(observer);
    expect(observer.got).toEqual([5]);
  });

  it('a pipe built on it stays guarded: a throw inside an operator is reported', () => {
    const reported: unknown[] = [];
    const guarded = new GuardedObservable<number>(
      (e) => reported.push((e as Error).message),
      (s) => of(1).subscribe(s),
    );
    const piped = guarded.pipe(
      map(() => {
        throw new Error('in map');
      }),
    );
    expect(piped).toBeInstanceOf(GuardedObservable);
    piped.subscribe(() => undefined);
    expect(reported).toEqual(['in map']);
  });
});

describe('GuardedObservable under operators', () => {
  it('unsubscribing from a pipe built on it unsubscribes from its source', () => {
    const subject = new Subject<number>();
    const seen: number[] = [];
    const sub = guardedStream('s', subject, undefined)
      .pipe(map((v) => v * 2))
      .subscribe((v) => seen.push(v));
    subject.next(1);
    expect(subject.observed).toBe(true);
    sub.unsubscribe();
    expect(subject.observed).toBe(false);
    subject.next(2);
    expect(seen).toEqual([2]);
  });
});

describe('guardedStream', () => {
  it('reports a throwing subscriber as a UserCallbackError naming the stream', () => {
    const { reports, errors } = collecting();
    const subject = new Subject<number>();
    const seen: number[] = [];
    const stream = guardedStream('prices$', subject, errors);
    stream.subscribe(() => {
      throw new Error('x');
    });
    stream.subscribe((v) => seen.push(v));
    subject.next(3);
    expect(seen).toEqual([3]);
    expect(reports).toEqual([
      expect.objectContaining({ event: 'callbackFailed', message: 'prices$ subscriber threw', data: { callback: 'prices$ subscriber' } }),
    ]);
  });

  it('without a reporter the failure goes to the console', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    guardedStream('ticks$', of(1), undefined).subscribe(() => {
      throw new Error('x');
    });
    expect(consoleError.mock.calls[0]?.[0]).toBe('[exkit] ticks$ subscriber threw');
  });

  it('refuses a name that is not text, a source that is not an Observable, and a reporter that is not an object', () => {
    expect(() => guardedStream(1 as never, of(1), undefined)).toThrow(invalid('stream'));
    expect(() => guardedStream('s', {} as never, undefined)).toThrow(
      invalid('source', 'guardedStream: source must be an Observable, got an object'),
    );
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(() => guardedStream('s', revoked.proxy as never, undefined)).toThrow(invalid('source'));
    expect(() => guardedStream('s', of(1), null as never)).toThrow(
      invalid('errors', 'guardedStream: errors must be an error reporter or undefined, got null'),
    );
    expect(() => guardedStream('s', of(1), 'console' as never)).toThrow(invalid('errors'));
  });
});
