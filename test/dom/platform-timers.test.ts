// @vitest-environment jsdom
// One delay rule on every platform (issue 17): 0 to 2^31 − 1 ms, an omitted delay is 0; NaN, Infinity, a
// negative delay or one hosts would wrap (2^31 and above fire at once in browsers, after 1 ms in Node) is an
// InvalidArgumentError naming 'ms', and nothing is scheduled.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from '../../core/platform/browser-platform.js';
import { headlessPlatform } from '../../core/platform/headless-platform.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';
import type { Timers } from '../../core/platform/types.js';
import { isDuration, MAX_TIMER_DELAY_MS } from '../../core/validate/duration.js';
import { inputClasses } from '../support/input-classes.js';

interface Subject {
  timers: Timers;
  /** How many timers the host was asked for. */
  scheduled(): number;
}

function onMemory(): Subject {
  const p = memoryPlatform();
  return { timers: p.timers, scheduled: () => p.timers.pendingCount };
}

function onBrowser(): Subject {
  const setTimeout = vi.spyOn(window, 'setTimeout');
  return { timers: browserPlatform().timers, scheduled: () => setTimeout.mock.calls.length };
}

function onHeadless(): Subject {
  const setTimeout = vi.spyOn(globalThis, 'setTimeout');
  return { timers: headlessPlatform().timers, scheduled: () => setTimeout.mock.calls.length };
}

const PLATFORMS = [
  ['memory', onMemory],
  ['browser', onBrowser],
  ['headless', onHeadless],
] as const;

const delays = fc.oneof(
  fc.double(),
  fc.integer({ min: MAX_TIMER_DELAY_MS - 3, max: MAX_TIMER_DELAY_MS + 3 }),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 2 ** 31, 2 ** 32, -0, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom('5', null, true, {}, 5n),
  fc.constantFrom(0, MAX_TIMER_DELAY_MS),
);

describe('platform timers: every platform accepts and refuses the same delays', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(PLATFORMS)(
    '%s: property: a delay is scheduled iff it is 0 to 2^31 − 1 ms; any other is an InvalidArgumentError naming ms',
    (_name, make) => {
      const drawn = inputClasses<unknown>({
        scheduled: (ms) => isDuration(ms, true),
        zero: (ms) => ms === 0,
        'at the ceiling': (ms) => ms === MAX_TIMER_DELAY_MS,
        'refused, a number': (ms) => typeof ms === 'number' && !isDuration(ms, true),
        'refused, not a number': (ms) => typeof ms !== 'number',
      });
      fc.assert(
        fc.property(delays, (ms) => {
          drawn.see(ms);
          const subject = make();
          const before = subject.scheduled();
          const noop = () => undefined;
          if (isDuration(ms, true)) {
            const handle = subject.timers.setTimeout(noop, ms as number);
            expect(subject.scheduled()).toBe(before + 1);
            subject.timers.clearTimeout(handle);
          } else {
            expect(() => subject.timers.setTimeout(noop, ms as number)).toThrow(
              expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field: 'ms', value: ms } }),
            );
            expect(subject.scheduled()).toBe(before);
          }
          vi.restoreAllMocks();
        }),
        { numRuns: 300 },
      );
      drawn.expectEachDrawn(3);
    },
  );

  it.each(PLATFORMS)('%s: Infinity and 2^31 ms never run at once: they are refused', (_name, make) => {
    const { timers } = make();
    let ran = false;
    expect(() => timers.setTimeout(() => (ran = true), Infinity)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => timers.setTimeout(() => (ran = true), 2 ** 31)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(ran).toBe(false);
  });

  it.each(PLATFORMS)('%s: a callback that is not a function is an InvalidArgumentError naming callback', (_name, make) => {
    const { timers } = make();
    expect(() => timers.setTimeout('alert(1)' as never, 5)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'callback', value: 'alert(1)' } }),
    );
  });

  it('0 ms and an omitted delay run on the next turn (setTimeout(fn, 0) is legitimate)', async () => {
    const memory = memoryPlatform();
    const seen: string[] = [];
    memory.timers.setTimeout(() => seen.push('memory 0'), 0);
    memory.timers.setTimeout(() => seen.push('memory omitted'), undefined as never);
    memory.advance(0);
    for (const [name, timers] of [
      ['browser', browserPlatform().timers],
      ['headless', headlessPlatform().timers],
    ] as const) {
      timers.setTimeout(() => seen.push(`${name} 0`), 0);
      timers.setTimeout(() => seen.push(`${name} omitted`), undefined as never);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.sort()).toEqual(['browser 0', 'browser omitted', 'headless 0', 'headless omitted', 'memory 0', 'memory omitted']);
  });
});
