// Two tabs of one browser (MemoryBrowser): a tab that finds another computing waits up to 1 s (spec
// §S9) for its value through the cross-tab stream, and computes its own when none comes.
import { describe, expect, it, vi } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../../../core/platform/memory-platform.js';
import { createStore } from '../../../../core/storage/namespaced-store.js';
// The tabs hash with the synchronous SHA-256, so the manual clock alone decides when a tab settles (the default
// goes through WebCrypto, whose digest settles off the clock; terminal-code.test.ts checks it gives the same code).
import { sha256Hex } from '../../../../core/security/bytes.js';
import {
  CROSS_TAB_WAIT_MS,
  TERMINAL_CODE_KEY,
  TERMINAL_CODE_PENDING_KEY,
  createTerminalCode,
  hashComponents,
} from '../../../../core/security/fingerprint/index.js';
import type { Fingerprint } from '../../../../core/security/fingerprint/index.js';

const fingerprintOf = (components: Record<string, unknown>): Fingerprint => ({
  components,
  sources: {},
  contributed: Object.keys(components),
});

/** A collection the test finishes by hand. */
function deferred(components: Record<string, unknown>) {
  let finish!: () => void;
  const collect = vi.fn(
    () =>
      new Promise<Fingerprint>((resolve) => {
        finish = () => resolve(fingerprintOf(components));
      }),
  );
  return { collect, finish: () => finish() };
}

function tabs() {
  const browser = new MemoryBrowser(1_000_000);
  return { browser, first: memoryPlatform({ browser }), second: memoryPlatform({ browser }) };
}

const settledFlag = <T>(promise: Promise<T>) => {
  const state = { done: false, value: undefined as T | undefined };
  void promise.then((value) => {
    state.done = true;
    state.value = value;
  });
  return state;
};

describe('terminal code across tabs', () => {
  it("the second tab waits for the first tab's value and never computes its own", async () => {
    expect(CROSS_TAB_WAIT_MS).toBe(1000);
    const { first, second } = tabs();
    // Different components per tab, so the code proves whose computation it came from.
    const a = deferred({ tab: 'first' });
    const b = deferred({ tab: 'second' });
    const firstCode = createTerminalCode(first, { hash: sha256Hex, collect: a.collect }).get();
    const secondTab = createTerminalCode(second, { hash: sha256Hex, collect: b.collect });
    const waiting = settledFlag(secondTab.get());

    await first.advanceAsync(500);
    expect(waiting.done).toBe(false);
    a.finish();
    const code = await firstCode;
    await first.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: code });
    expect(code).toBe(hashComponents({ tab: 'first' }));
    expect(b.collect).not.toHaveBeenCalled();
    expect(secondTab.current()).toBe(code);
    expect(first.timers.pendingCount).toBe(0); // the 1 s wait timer was cleared
  });

  it('the second tab computes its own after exactly 1 s when the first never answers', async () => {
    const { first, second } = tabs();
    const a = deferred({ tab: 'first' });
    void createTerminalCode(first, { hash: sha256Hex, collect: a.collect }).get();
    const b = vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));
    const waiting = settledFlag(createTerminalCode(second, { hash: sha256Hex, collect: b }).get());

    await second.advanceAsync(999);
    expect(b).not.toHaveBeenCalled();
    await second.advanceAsync(1);
    await second.advanceAsync(0);
    expect(b).toHaveBeenCalledTimes(1);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
    expect(createStore(second, 'common').get(TERMINAL_CODE_KEY, '')).toBe(hashComponents({ tab: 'second' }));
  });

  it('the late first tab adopts the code the impatient second tab stored, so both tabs agree', async () => {
    const { first, second } = tabs();
    const a = deferred({ tab: 'first' });
    const firstCode = createTerminalCode(first, { hash: sha256Hex, collect: a.collect }).get();
    const secondCode = createTerminalCode(second, {
      hash: sha256Hex,
      collect: () => Promise.resolve(fingerprintOf({ tab: 'second' })),
    }).get();
    await second.advanceAsync(1000);
    const stored = await secondCode;
    a.finish();
    expect(await firstCode).toBe(stored);
  });

  it('the waiting tab stops waiting early when the other tab gives up (marker removed, no code)', async () => {
    const { first, second } = tabs();
    // The first tab marks itself as computing, then fails and removes its marker without storing a code.
    const otherTab = createStore(first, 'common');
    otherTab.set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    const b = vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));
    const waiting = settledFlag(createTerminalCode(second, { hash: sha256Hex, collect: b }).get());
    await second.advanceAsync(300);
    expect(waiting.done).toBe(false);
    expect(b).not.toHaveBeenCalled();
    otherTab.remove(TERMINAL_CODE_PENDING_KEY);
    await second.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
    expect(second.clock.now()).toBe(1_000_300);
  });

  it('a stale marker (older than its lifetime) does not make a tab wait', async () => {
    const { first, second } = tabs();
    createStore(first, 'common').set(TERMINAL_CODE_PENDING_KEY, { owner: 'crashed-tab' }, { ttlMs: 10_000 });
    first.advance(10_000);
    const b = vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));
    expect(await createTerminalCode(second, { hash: sha256Hex, collect: b }).get()).toBe(hashComponents({ tab: 'second' }));
  });

  it('the wait is configurable: crossTabWaitMs 0 computes at once', async () => {
    const { first, second } = tabs();
    void createTerminalCode(first, { hash: sha256Hex, collect: deferred({ tab: 'first' }).collect }).get();
    const b = vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));
    expect(await createTerminalCode(second, { hash: sha256Hex, collect: b, crossTabWaitMs: 0 }).get()).toBe(
      hashComponents({ tab: 'second' }),
    );
  });

  it('a code the first tab stored earlier is read by a new tab without any wait or computation', async () => {
    const { first, second } = tabs();
    const code = await createTerminalCode(first, {
      hash: sha256Hex,
      collect: () => Promise.resolve(fingerprintOf({ tab: 'first' })),
    }).get();
    const b = vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));
    const secondTab = createTerminalCode(second, { hash: sha256Hex, collect: b });
    expect(secondTab.current()).toBe(code);
    expect(await secondTab.get()).toBe(code);
    expect(b).not.toHaveBeenCalled();
  });
});

describe('terminal code across tabs: what the waiting tab reacts to, pinned (issue 24)', () => {
  const second = () => vi.fn(() => Promise.resolve(fingerprintOf({ tab: 'second' })));

  it.each([
    ['an owner that is not a string', { owner: 5 }],
    ['null', null],
  ])('a marker with %s does not make a tab wait', async (_label, marker) => {
    const { first, second: tab } = tabs();
    createStore(first, 'common').set(TERMINAL_CODE_PENDING_KEY, marker, { ttlMs: 10_000 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
    expect(tab.clock.now()).toBe(1_000_000);
  });

  it('a code another tab stores while its marker stays is taken at once, without computing', async () => {
    const { first, second: tab } = tabs();
    const otherTab = createStore(first, 'common');
    otherTab.set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(300);
    const code = hashComponents({ tab: 'first' });
    otherTab.set(TERMINAL_CODE_KEY, code);
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: code });
    expect(tab.clock.now()).toBe(1_000_300);
    expect(b).not.toHaveBeenCalled();
  });

  it('storage cleared in another tab ends the wait at once', async () => {
    const { browser, first, second: tab } = tabs();
    createStore(first, 'common').set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(300);
    expect(b).not.toHaveBeenCalled();
    browser.localStorage.clear();
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
    expect(tab.clock.now()).toBe(1_000_300);
  });

  it('a change of another key is not looked at, even once the marker has expired: the wait runs its full second', async () => {
    const { first, second: tab } = tabs();
    const otherTab = createStore(first, 'common');
    otherTab.set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 500 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(600);
    otherTab.set('unrelated', 1);
    await tab.advanceAsync(0);
    expect(b).not.toHaveBeenCalled();
    await tab.advanceAsync(400);
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
  });

  it('a marker the other tab renews while still computing keeps the tab waiting', async () => {
    const { first, second: tab } = tabs();
    const otherTab = createStore(first, 'common');
    otherTab.set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(300);
    otherTab.set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    await tab.advanceAsync(0);
    expect(waiting.done).toBe(false);
    expect(b).not.toHaveBeenCalled();
    await tab.advanceAsync(700);
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: hashComponents({ tab: 'second' }) });
  });

  it('at the end of the wait a code stored meanwhile (no cross-tab event: this same tab) is read, not computed', async () => {
    const { first, second: tab } = tabs();
    createStore(first, 'common').set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    const b = second();
    const waiting = settledFlag(createTerminalCode(tab, { hash: sha256Hex, collect: b }).get());
    await tab.advanceAsync(300);
    const code = await createTerminalCode(tab, {
      hash: sha256Hex,
      collect: () => Promise.resolve(fingerprintOf({ tab: 'same' })),
      crossTabWaitMs: 0,
    }).get();
    await tab.advanceAsync(700);
    await tab.advanceAsync(0);
    expect(waiting).toEqual({ done: true, value: code });
    expect(b).not.toHaveBeenCalled();
  });

  it('a marker another tab wrote over ours while we computed is left in place', async () => {
    const { first, second: tab } = tabs();
    const b = deferred({ tab: 'second' });
    const code = createTerminalCode(tab, { hash: sha256Hex, collect: b.collect }).get();
    await tab.advanceAsync(0);
    createStore(first, 'common').set(TERMINAL_CODE_PENDING_KEY, { owner: 'first-tab' }, { ttlMs: 10_000 });
    b.finish();
    expect(await code).toBe(hashComponents({ tab: 'second' }));
    expect(createStore(first, 'common').get(TERMINAL_CODE_PENDING_KEY, undefined)).toStrictEqual({ owner: 'first-tab' });
  });
});
