import { isResultCode } from '../catalog/result-codes.js';
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { safeReport } from '../errors/guard-callback.js';
import type { ErrorReporter, PlatformCrypto, Timers, TimerHandle } from '../platform/types.js';
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseNetworkError,
  AppResponseUnSuccessError,
  BridgeCallAbortedError,
} from './errors.js';
import { decodeCallbackId, encodeMessage, readAnswer } from './protocol.js';
import { isAppSuccessCode } from './result-codes.js';
import { isDuration, MAX_TIMER_DELAY_MS } from '../validate/duration.js';
import { expectObjectWith } from '../validate/describe-value.js';

/** A success answer: the app's code as text and its data. */
export interface AnsweredCall {
  status: 'answered';
  code: string;
  data: unknown;
}

/** Counters of everything the transport did, including the answers it ignored. */
export interface TransportStats {
  /** Messages handed to the native side (with or without a callback). */
  sent: number;
  /** Calls that settled with a success answer. */
  succeeded: number;
  /** Calls that settled with an error answer (unsuccessful code, empty answer, no code, unreadable answer). */
  failed: number;
  /** Calls that got no answer in time, or were answered with a timeout code (00004, 110100). */
  timedOut: number;
  aborted: number;
  /** Answers for a call of this page that had already timed out or been aborted (or settled too long ago to tell). */
  late: number;
  /** Second and later answers for a call that was already answered. */
  duplicate: number;
  /** Answers for an id this page never issued (a previous page's, or garbage). */
  unknown: number;
  /** Answers to a pending call whose payload was not JSON, not an object, or threw when read (the call failed with AppResponseNetworkError;
   * also counted in `failed`). */
  malformed: number;
}

/** Ids issued per page load span this many values above a random offset, so offsets rarely overlap. */
const ID_OFFSET_RANGE = 2 ** 47;
/** How many settled ids are remembered to tell a late answer from a duplicate. */
const SETTLED_MEMORY = 1024;
const SETTLED_ANSWERED = 1;
const SETTLED_EXPIRED = 2;
/** Registered, but postMessage threw: an answer for it later counts as late. */
const SETTLED_UNSENT = 3;

class PendingCall {
  timer: TimerHandle = undefined;
  signal: AbortSignal | undefined = undefined;
  onAbort: (() => void) | undefined = undefined;
  constructor(
    readonly command: string,
    readonly resolve: (response: AnsweredCall) => void,
    readonly reject: (error: Error) => void,
  ) {}
}

export interface TransportOptions {
  timers: Timers;
  crypto: Pick<PlatformCrypto, 'getRandomValues'>;
  /** Delivers one JSON message to the native side; throws AppJSBridgeRequestActionError when it cannot. */
  post: (json: string) => void;
  /** Where errors thrown by the transport's own bookkeeping, or by postMessage after the call settled, are reported (never thrown into the
   * native side). */
  errors?: ErrorReporter;
  /** Locale of the code -1 message (default 'en'). */
  locale?: string;
}

export interface TransportCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The bridge's request correlation: one pending table of callback ids, one timer per pending call, and
 * the function the native side calls back. Settling a call clears its timer and its entry at once.
 */
export class BridgeTransport {
  private readonly pending = new Map<number, PendingCall>();
  private readonly settledIds = new Float64Array(SETTLED_MEMORY).fill(Number.NaN);
  private readonly settledHow = new Uint8Array(SETTLED_MEMORY);
  private readonly offset: number;
  private nextId: number;
  private disposed = false;
  readonly stats: TransportStats = {
    sent: 0,
    succeeded: 0,
    failed: 0,
    timedOut: 0,
    aborted: 0,
    late: 0,
    duplicate: 0,
    unknown: 0,
    malformed: 0,
  };

  constructor(private readonly options: TransportOptions) {
    expectObjectWith('options', options, 'BridgeTransport', ['timers', 'crypto', 'post']);
    const words = options.crypto.getRandomValues(new Uint32Array(2));
    // A random offset below 2^47 leaves 2^53 - 2^47 ids before precision could suffer.
    this.offset = ((words[0]! & 0x7fff) * 2 ** 32 + words[1]!) % ID_OFFSET_RANGE;
    this.nextId = this.offset;
  }

  /** How many calls wait for an answer. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** The first callback id of this page load (random per load). */
  get firstId(): number {
    return this.offset;
  }

  /** Sends a message that expects no answer. */
  send(command: string, payload: unknown): void {
    this.assertOpen(command);
    try {
      this.options.post(encodeMessage(payload === undefined ? { command } : { command, payload }));
    } catch (error) {
      throw error instanceof AppJSBridgeRequestActionError
        ? error
        : new AppJSBridgeRequestActionError({ reason: 'post-failed', command }, { cause: error });
    }
    this.stats.sent++;
  }

  /**
   * Sends a message with a fresh callback id and resolves with the native answer, or rejects with a typed
   * error. The call is registered (entry, timer, abort listener) before the message is posted, so an app
   * that answers synchronously inside postMessage settles it like any other answer.
   */
  call(command: string, payload: unknown, options: TransportCallOptions, withId?: (id: number) => unknown): Promise<AnsweredCall> {
    const { timeoutMs, signal } = options;
    if (!isDuration(timeoutMs)) {
      return Promise.reject(
        new InvalidArgumentError(
          `A bridge timeout must be a positive, finite number of ms up to ${MAX_TIMER_DELAY_MS}, got ${String(timeoutMs)}`,
          {
            field: 'timeoutMs',
            value: timeoutMs,
          },
        ),
      );
    }
    if (this.disposed) return Promise.reject(new AppJSBridgeRequestActionError({ reason: 'disposed', command }));
    if (signal?.aborted) {
      this.stats.aborted++;
      return Promise.reject(new BridgeCallAbortedError(command, { cause: signal.reason }));
    }
    const id = this.nextId++;
    let entry!: PendingCall;
    const promise = new Promise<AnsweredCall>((resolve, reject) => {
      entry = new PendingCall(command, resolve, reject);
    });
    let message: string;
    try {
      const body = withId ? withId(id) : payload;
      message = encodeMessage(body === undefined ? { id, command } : { id, command, payload: body });
    } catch (error) {
      // A payload JSON cannot carry (a cycle, a BigInt): nothing was registered or sent.
      entry.reject(new AppJSBridgeRequestActionError({ reason: 'post-failed', command }, { cause: error }));
      return promise;
    }
    this.pending.set(id, entry);
    entry.timer = this.options.timers.setTimeout(() => this.expire(id), timeoutMs);
    if (signal) {
      entry.signal = signal;
      entry.onAbort = () => this.abort(id);
      signal.addEventListener('abort', entry.onAbort, { once: true });
    }
    try {
      this.options.post(message);
    } catch (error) {
      if (this.pending.get(id) === entry) {
        this.settle(id, entry, SETTLED_UNSENT, () =>
          entry.reject(
            error instanceof AppJSBridgeRequestActionError
              ? error
              : new AppJSBridgeRequestActionError({ reason: 'post-failed', command }, { cause: error }),
          ),
        );
      } else {
        // The app answered synchronously and then threw: the call already settled from its answer.
        safeReport(this.options.errors, { event: 'bridgePostError', error, data: { command } });
      }
      return promise;
    }
    this.stats.sent++;
    return promise;
  }

  /**
   * The function the native side calls with `(callbackId, answer)`. It never throws. An answer tied to a
   * pending call is read once and settles it exactly once: a success code resolves, a timeout code (00004,
   * 110100) or another code rejects with AppResponseUnSuccessError, and an answer without a usable code
   * (empty, not JSON, not an object, no code, unreadable) rejects with AppResponseNetworkError. An answer
   * that cannot be tied to a pending call is counted (late, duplicate or unknown) and dropped.
   */
  readonly receive = (rawId: unknown, rawAnswer?: unknown): void => {
    try {
      const id = decodeCallbackId(rawId);
      const entry = id === undefined ? undefined : this.pending.get(id);
      if (id === undefined || !entry) {
        this.countStray(id);
        return;
      }
      // Everything is read and judged before the entry is released, and judging cannot throw.
      const answer = readAnswer(rawAnswer);
      if (answer.kind === 'uncoded') {
        if (answer.reason === 'not-json' || answer.reason === 'not-an-object' || answer.reason === 'unreadable') this.stats.malformed++;
        this.stats.failed++;
        const error = new AppResponseNetworkError({
          extra: { command: entry.command, reason: answer.reason, answerType: answer.answerType },
          ...(answer.cause === undefined ? {} : { cause: answer.cause }),
        });
        this.settle(id, entry, SETTLED_ANSWERED, () => entry.reject(error));
        return;
      }
      if (isAppSuccessCode(answer.code)) {
        this.stats.succeeded++;
        const response: AnsweredCall = { status: 'answered', code: answer.code, data: answer.data };
        this.settle(id, entry, SETTLED_ANSWERED, () => entry.resolve(response));
        return;
      }
      if (isResultCode(answer.code, 'timeout')) this.stats.timedOut++;
      else this.stats.failed++;
      const error = new AppResponseUnSuccessError(
        answer.code,
        answer.msg,
        { appData: answer.data, extra: { command: entry.command } },
        this.options.locale,
      );
      this.settle(id, entry, SETTLED_ANSWERED, () => entry.reject(error));
    } catch (error) {
      safeReport(this.options.errors, { event: 'bridgeCallbackError', error });
    }
  };

  /** Rejects every pending call and refuses new ones. */
  dispose(): void {
    this.disposed = true;
    for (const [id, entry] of [...this.pending]) {
      this.settle(id, entry, SETTLED_EXPIRED, () =>
        entry.reject(new AppJSBridgeRequestActionError({ reason: 'disposed', command: entry.command })),
      );
    }
  }

  private assertOpen(command: string): void {
    if (this.disposed) throw new AppJSBridgeRequestActionError({ reason: 'disposed', command });
  }

  private expire(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    entry.timer = undefined;
    this.stats.timedOut++;
    this.settle(id, entry, SETTLED_EXPIRED, () => entry.reject(new AppRequestCallbackTimeout({ extra: { command: entry.command, id } })));
  }

  private abort(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    const reason: unknown = entry.signal?.reason;
    this.stats.aborted++;
    this.settle(id, entry, SETTLED_EXPIRED, () => entry.reject(new BridgeCallAbortedError(entry.command, { cause: reason })));
  }

  /** Frees the call's entry, timer and abort listener, then settles it: even if freeing throws, the caller hears once. */
  private settle(id: number, entry: PendingCall, how: number, settleCall: () => void): void {
    try {
      this.release(id, entry, how);
    } finally {
      settleCall();
    }
  }

  private release(id: number, entry: PendingCall, how: number): void {
    this.pending.delete(id);
    if (entry.timer !== undefined) this.options.timers.clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.signal && entry.onAbort) entry.signal.removeEventListener('abort', entry.onAbort);
    entry.signal = undefined;
    entry.onAbort = undefined;
    const slot = id % SETTLED_MEMORY;
    this.settledIds[slot] = id;
    this.settledHow[slot] = how;
  }

  private countStray(id: number | undefined): void {
    if (id === undefined || id < this.offset || id >= this.nextId) {
      this.stats.unknown++;
      return;
    }
    const slot = id % SETTLED_MEMORY;
    if (this.settledIds[slot] === id && this.settledHow[slot] === SETTLED_ANSWERED) this.stats.duplicate++;
    else this.stats.late++;
  }
}
