// BridgeTransport on its own: callback ids, one timer per pending call, and the counters of everything it did,
// including the answers it dropped. The bridge tests reach it through createBridge; these pin its own contract.
import { describe, expect, it } from 'vitest';
import { BridgeTransport } from '../../../core/bridge/transport.js';
import type { TransportStats } from '../../../core/bridge/transport.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { Timers } from '../../../core/platform/types.js';

const ZERO: TransportStats = { sent: 0, succeeded: 0, failed: 0, timedOut: 0, aborted: 0, late: 0, duplicate: 0, unknown: 0, malformed: 0 };

function rig(words: [number, number] = [0, 1000], post?: (json: string) => void) {
  const platform = memoryPlatform();
  const posted: { id?: number; command: string; payload?: unknown }[] = [];
  const transport = new BridgeTransport({
    timers: platform.timers,
    crypto: {
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        new Uint32Array(array!.buffer).set(words);
        return array;
      },
    },
    post: post ?? ((json) => void posted.push(JSON.parse(json) as (typeof posted)[number])),
    errors: platform.errors,
  });
  type Failure = { name: string; extra?: unknown; cause?: unknown };
  const outcome = <T>(promise: Promise<T>): Promise<{ value?: T; error?: Failure }> =>
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error as Failure }),
    );
  return { platform, posted, transport, outcome };
}

describe('callback ids', () => {
  it('start at a random offset below 2^47 taken from two random words, and count up by one per call', () => {
    expect(rig([1, 5]).transport.firstId).toBe(2 ** 32 + 5);
    // Only the low 15 bits of the first word count: the largest offset is 2^47 - 1.
    expect(rig([0xffffffff, 0xffffffff]).transport.firstId).toBe(2 ** 47 - 1);
    expect(rig([0x8000, 7]).transport.firstId).toBe(7);
    const { transport, posted } = rig([0, 1000]);
    void transport.call('/a', { x: 1 }, { timeoutMs: 1000 });
    void transport.call('/b', undefined, { timeoutMs: 1000 });
    void transport.call('/c', 'ignored', { timeoutMs: 1000 }, (id) => ({ callbackId: id }));
    expect(posted).toEqual([
      { id: 1000, command: '/a', payload: { x: 1 } },
      { id: 1001, command: '/b' },
      { id: 1002, command: '/c', payload: { callbackId: 1002 } },
    ]);
    expect(transport.pendingCount).toBe(3);
  });
});

describe('the counters', () => {
  it('count each outcome once, in its own counter', async () => {
    const { transport, platform, outcome } = rig();
    transport.send('/event', { a: 1 });
    const ok = outcome(transport.call('/ok', undefined, { timeoutMs: 1000 }));
    const refused = outcome(transport.call('/refused', undefined, { timeoutMs: 1000 }));
    const slow = outcome(transport.call('/slow', undefined, { timeoutMs: 1000 }));
    const timedOutByCode = outcome(transport.call('/t', undefined, { timeoutMs: 1000 }));
    const notJson = outcome(transport.call('/m', undefined, { timeoutMs: 1000 }));
    const noCode = outcome(transport.call('/n', undefined, { timeoutMs: 5000 }));
    const controller = new AbortController();
    const aborted = outcome(transport.call('/abort', undefined, { timeoutMs: 5000, signal: controller.signal }));
    transport.receive(1000, '{"code":"00000","data":7}');
    transport.receive(1001, '{"code":"10001","msg":"no"}');
    transport.receive(1003, '{"code":"110100"}');
    transport.receive(1004, '{not json');
    transport.receive(1005, '{"data":1}');
    controller.abort(new Error('left the page'));
    platform.advance(1000);
    expect(await ok).toEqual({ value: { status: 'answered', code: '00000', data: 7 } });
    expect((await refused).error).toMatchObject({ name: 'AppResponseUnSuccessError', extra: { command: '/refused' } });
    expect((await slow).error).toMatchObject({ name: 'AppRequestCallbackTimeout', extra: { command: '/slow', id: 1002 } });
    expect((await timedOutByCode).error).toMatchObject({ name: 'AppResponseUnSuccessError' });
    expect((await notJson).error).toMatchObject({ name: 'AppResponseNetworkError', extra: { reason: 'not-json' } });
    expect((await noCode).error).toMatchObject({ name: 'AppResponseNetworkError', extra: { reason: 'no-code' } });
    expect((await aborted).error).toMatchObject({ name: 'BridgeCallAbortedError', cause: new Error('left the page') });
    expect(transport.stats).toEqual({ ...ZERO, sent: 8, succeeded: 1, failed: 3, timedOut: 2, aborted: 1, malformed: 1 });
    expect(transport.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    // Freeing calls without a signal touched no listener and threw nothing.
    expect(platform.reports).toEqual([]);
  });

  it('an answer that is not JSON, not an object, or unreadable is malformed; an empty one or a bad code only fails', async () => {
    const { transport, outcome } = rig([0, 0]);
    const unreadable = new Error('getter threw');
    const answers: unknown[] = [
      '{oops',
      '42',
      {
        get code() {
          throw unreadable;
        },
      },
      '',
      '{"code":true}',
    ];
    const calls = answers.map(() => outcome(transport.call('/a', undefined, { timeoutMs: 1000 })));
    answers.forEach((answer, id) => transport.receive(id, answer));
    const errors = (await Promise.all(calls)).map((o) => o.error as { extra: { reason: string }; cause?: unknown });
    expect(errors.map((e) => e.extra.reason)).toEqual(['not-json', 'not-an-object', 'unreadable', 'empty', 'invalid-code']);
    // Only the unreadable answer has a cause: what reading it threw.
    expect(errors.map((e) => ('cause' in e ? e.cause : 'none'))).toEqual(['none', 'none', unreadable, 'none', 'none']);
    expect(transport.stats).toMatchObject({ malformed: 3, failed: 5 });
  });

  it('after a call settles, a second answer is a duplicate, an answer after its timeout or abort is late, and an id never issued is unknown', async () => {
    const { transport, platform, outcome } = rig([0, 1000]);
    const answered = outcome(transport.call('/a', undefined, { timeoutMs: 1000 }));
    const expired = outcome(transport.call('/b', undefined, { timeoutMs: 1000 }));
    const controller = new AbortController();
    const aborted = outcome(transport.call('/c', undefined, { timeoutMs: 5000, signal: controller.signal }));
    transport.receive(1000, '{"code":"00000"}');
    platform.advance(1000);
    controller.abort();
    await Promise.all([answered, expired, aborted]);
    transport.receive('1000', '{"code":"00000"}');
    transport.receive(1001, '{"code":"00000"}');
    transport.receive(1002, '{"code":"00000"}');
    // Below the first id, at the next one not issued yet, and not an id at all.
    for (const id of [999, 1003, 'x', 1.5]) transport.receive(id, '{"code":"00000"}');
    expect(transport.stats).toMatchObject({ succeeded: 1, timedOut: 1, aborted: 1, duplicate: 1, late: 2, unknown: 4 });
  });

  it('a signal aborted before the call counts as aborted and posts nothing', async () => {
    const { transport, posted, platform } = rig();
    const controller = new AbortController();
    controller.abort('gone');
    await expect(transport.call('/a', undefined, { timeoutMs: 1000, signal: controller.signal })).rejects.toMatchObject({
      name: 'BridgeCallAbortedError',
      cause: 'gone',
    });
    expect(posted).toEqual([]);
    expect(transport.stats).toEqual({ ...ZERO, aborted: 1 });
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('the settled ids remembered are the last 1024: an answer for an older one counts as late, not duplicate', async () => {
    const { transport } = rig([0, 0]);
    for (let id = 0; id <= 1024; id++) {
      const call = transport.call('/a', undefined, { timeoutMs: 1000 });
      transport.receive(id, '{"code":"00000"}');
      await call;
    }
    transport.receive(1024, '{"code":"00000"}');
    expect(transport.stats).toMatchObject({ succeeded: 1025, duplicate: 1, late: 0 });
    // Id 0 shared its slot with id 1024, which replaced it.
    transport.receive(0, '{"code":"00000"}');
    expect(transport.stats).toMatchObject({ duplicate: 1, late: 1 });
  });
});

describe('posting failures', () => {
  it('a post that throws rejects the call as post-failed with the cause, frees its timer, and is not counted as sent', async () => {
    const boom = new Error('no handler');
    const { transport, platform } = rig([0, 50], () => {
      throw boom;
    });
    await expect(transport.call('/a', undefined, { timeoutMs: 1000 })).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'post-failed', command: '/a' },
      cause: boom,
    });
    expect(transport.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    // An answer that arrives anyway for the unsent call is late, not a second settlement.
    transport.receive(50, '{"code":"00000"}');
    expect(transport.stats).toEqual({ ...ZERO, late: 1 });
    expect(() => transport.send('/event', 1)).toThrow(
      expect.objectContaining({ extra: { reason: 'post-failed', command: '/event' }, cause: boom }),
    );
    expect(transport.stats.sent).toBe(0);
  });

  it('an app that answers inside postMessage and then throws: the call settles from its answer, the throw is reported', async () => {
    const boom = new Error('after answering');
    const app = { answer: (_id: number) => undefined as void };
    const { transport, platform } = rig([0, 10], () => {
      app.answer(10);
      throw boom;
    });
    app.answer = (id) => transport.receive(id, '{"code":"00000","data":"sync"}');
    const result = await transport.call('/a', undefined, { timeoutMs: 1000 });
    expect(result).toEqual({ status: 'answered', code: '00000', data: 'sync' });
    expect(transport.stats).toMatchObject({ succeeded: 1, sent: 0, late: 0 });
    expect(platform.reports).toEqual([{ event: 'bridgePostError', error: boom, data: { command: '/a' } }]);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('a payload JSON cannot carry rejects as post-failed before anything is registered or posted', async () => {
    const { transport, posted, platform } = rig();
    await expect(transport.call('/a', { big: 1n }, { timeoutMs: 1000 })).rejects.toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'post-failed', command: '/a' },
      cause: expect.anything(),
    });
    expect(posted).toEqual([]);
    expect(transport.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    expect(transport.stats).toEqual(ZERO);
  });

  it.each([[0], [-1], [Number.NaN], [2 ** 31], ['100']])(
    'a timeout of %j is an InvalidArgumentError naming timeoutMs',
    async (timeoutMs) => {
      const { transport, posted } = rig();
      await expect(transport.call('/a', undefined, { timeoutMs: timeoutMs as number })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
        message: `A bridge timeout must be a positive, finite number of ms up to 2147483647, got ${String(timeoutMs)}`,
        extra: { field: 'timeoutMs', value: timeoutMs },
      });
      expect(posted).toEqual([]);
    },
  );
});

describe('dispose', () => {
  it('rejects every pending call as disposed, frees timers and abort listeners, and refuses new calls without posting', async () => {
    const { transport, posted, platform, outcome } = rig([0, 20]);
    const controller = new AbortController();
    const first = outcome(transport.call('/a', undefined, { timeoutMs: 1000, signal: controller.signal }));
    const second = outcome(transport.call('/b', undefined, { timeoutMs: 1000 }));
    transport.dispose();
    expect((await first).error).toMatchObject({ name: 'AppJSBridgeRequestActionError', extra: { reason: 'disposed', command: '/a' } });
    expect((await second).error).toMatchObject({ extra: { reason: 'disposed', command: '/b' } });
    expect(transport.pendingCount).toBe(0);
    expect(platform.timers.pendingCount).toBe(0);
    // The abort listener is gone: aborting now counts nothing.
    controller.abort();
    expect(transport.stats.aborted).toBe(0);
    await expect(transport.call('/c', undefined, { timeoutMs: 1000 })).rejects.toMatchObject({
      extra: { reason: 'disposed', command: '/c' },
    });
    // An answer for a call disposed of is late.
    transport.receive(20, '{"code":"00000"}');
    expect(transport.stats).toMatchObject({ late: 1, sent: 2 });
    expect(posted.map((m) => m.command)).toEqual(['/a', '/b']);
  });

  it('a message sent after dispose never reaches the native side', () => {
    const { transport, posted } = rig();
    transport.dispose();
    try {
      transport.send('/event', { a: 1 });
    } catch {
      // Whether send refuses by throwing is the bridge's choice; posting is what must not happen.
    }
    expect(posted).toEqual([]);
    expect(transport.stats.sent).toBe(0);
  });
});

describe('bookkeeping that throws', () => {
  it('a timer host whose clearTimeout throws: the call still settles once, and the throw is reported, never thrown into the native side', async () => {
    const platform = memoryPlatform();
    const boom = new Error('clearTimeout failed');
    const transport = new BridgeTransport({
      timers: {
        setTimeout: (run: () => void, ms: number) => platform.timers.setTimeout(run, ms),
        clearTimeout: () => {
          throw boom;
        },
      } satisfies Timers,
      crypto: { getRandomValues: <T extends ArrayBufferView | null>(array: T): T => array },
      post: () => undefined,
      errors: platform.errors,
    });
    const call = transport.call('/a', undefined, { timeoutMs: 1000 });
    expect(() => transport.receive(0, '{"code":"00000","data":1}')).not.toThrow();
    expect(await call).toEqual({ status: 'answered', code: '00000', data: 1 });
    expect(platform.reports).toEqual([{ event: 'bridgeCallbackError', error: boom }]);
    expect(transport.pendingCount).toBe(0);
    // The entry is gone, so the timer that could not be cleared finds nothing when it fires.
    platform.advance(1000);
    expect(transport.stats).toMatchObject({ succeeded: 1, timedOut: 0 });
  });
});

describe('construction and the optional error reporter', () => {
  it('options without the timers, crypto or post port are an InvalidArgumentError naming the port and BridgeTransport', () => {
    const platform = memoryPlatform();
    const full = { timers: platform.timers, crypto: platform.crypto, post: () => undefined };
    for (const port of ['timers', 'crypto', 'post'] as const) {
      const rest: Partial<typeof full> = { ...full };
      delete rest[port];
      expect(() => new BridgeTransport(rest as never)).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          message: `BridgeTransport: options.${port} must be an object, got undefined`,
        }),
      );
    }
  });

  it('a message with no payload is posted without a payload member', () => {
    const { transport, posted } = rig();
    transport.send('/event', undefined);
    expect(posted).toStrictEqual([{ command: '/event' }]);
  });

  it('without an error reporter, a post that throws after a synchronous answer is dropped quietly', async () => {
    const platform = memoryPlatform();
    const app = { answer: (_id: number) => undefined as void };
    const transport = new BridgeTransport({
      timers: platform.timers,
      crypto: { getRandomValues: <T extends ArrayBufferView | null>(array: T): T => array },
      post: () => {
        app.answer(0);
        throw new Error('after answering');
      },
    });
    app.answer = (id) => transport.receive(id, '{"code":"00000"}');
    await expect(transport.call('/a', undefined, { timeoutMs: 1000 })).resolves.toMatchObject({ code: '00000' });
    expect(transport.stats.succeeded).toBe(1);
  });
});
