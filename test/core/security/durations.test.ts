// Issue 17 "Timers and services": every duration the security layer and the captcha take is checked once,
// at the public boundary, by the shared rule (finite, > 0, ≤ 2^31 − 1 ms). A value a host would wrap or
// treat as 0 (Infinity, NaN, 2^31, a negative, a string) is refused with a typed error naming the option,
// before any timer is set; the longest honoured delay is accepted.
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createScriptLoader, geeTestWidget } from '../../../core/captcha/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { Visibility } from '../../../core/platform/index.js';
import {
  collectFingerprint,
  createClientKeyStore,
  createSecurity,
  createSignErrorHandler,
  createTerminalCode,
  forgeEngine,
  obtainClientKeyPair,
  riskTokenHeaderHook,
  riskTokenSchedule$,
  screenFrame$,
} from '../../../core/security/index.js';
import { MAX_TIMER_DELAY_MS } from '../../../core/validate/duration.js';
import { riskTokenMachine } from '../../../machines/risk-token.machine.js';

/** Values every host's timer mishandles: they fire at once, wrap, or are not numbers at all. */
const BAD = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, -1, MAX_TIMER_DELAY_MS + 1, 2 ** 53, '1000'] as const;

const invalid = (field: string, value: unknown) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field, value } });

const source = { current: () => undefined, refreshIfDue: () => undefined, settle: async () => undefined };
const visibility = { current: () => 'visible' as Visibility, changes: new Subject<Visibility>() };

afterEach(() => vi.restoreAllMocks());

describe('synchronous factories throw InvalidArgumentError naming the option and set no timer', () => {
  const cases: Array<[string, string, (platform: ReturnType<typeof memoryPlatform>, value: unknown) => unknown]> = [
    ['createSecurity', 'keyGenerationTimeoutMs', (p, v) => createSecurity(p, { certificatePem: 'x', keyGenerationTimeoutMs: v as number })],
    [
      'createSignErrorHandler',
      'debounceMs',
      (p, v) => createSignErrorHandler(p, { debounceMs: v as number, resetConfig: () => undefined, log: () => undefined }),
    ],
    [
      'createSignErrorHandler',
      'refetchDebounceMs',
      (p, v) => createSignErrorHandler(p, { refetchDebounceMs: v as number, resetConfig: () => undefined, log: () => undefined }),
    ],
    ['riskTokenHeaderHook', 'initWaitMs', (_p, v) => riskTokenHeaderHook(source, { initWaitMs: v as number })],
    ['riskTokenSchedule$', 'intervalMs', (p, v) => riskTokenSchedule$(visibility, p.timers, v as number)],
    ['screenFrame$', 'refreshMs', (p, v) => screenFrame$(p, v as number)],
    [
      'geeTestWidget',
      'timeoutMs',
      (p, v) => geeTestWidget(p, { scriptUrl: '/gt4.js', loader: createScriptLoader(p), timeoutMs: v as number }),
    ],
  ];
  for (const [name, field, make] of cases) {
    it.each(BAD)(`${name}: ${field} = %s is refused`, (value) => {
      const platform = memoryPlatform();
      expect(() => make(platform, value)).toThrow(invalid(field, value));
      expect(platform.timers.pendingCount).toBe(0);
    });
    it(`${name}: ${field} = 2^31 − 1 ms is accepted`, () => {
      expect(() => make(memoryPlatform(), MAX_TIMER_DELAY_MS)).not.toThrow();
    });
  }

  it('riskTokenSchedule$ needs an interval', () => {
    expect(() => riskTokenSchedule$(visibility, memoryPlatform().timers, undefined as unknown as number)).toThrow(
      invalid('intervalMs', undefined),
    );
  });

  it('sign-error debounces of 0 mean "no debounce" and are accepted', () => {
    expect(() =>
      createSignErrorHandler(memoryPlatform(), { debounceMs: 0, refetchDebounceMs: 0, resetConfig: () => undefined, log: () => undefined }),
    ).not.toThrow();
  });
});

describe('calls that return a promise reject (never throw) and set no timer', () => {
  it.each(BAD)('obtainClientKeyPair: timeoutMs = %s rejects with InvalidArgumentError', async (value) => {
    const platform = memoryPlatform();
    const engine = forgeEngine();
    const generate = vi.spyOn(engine, 'generateKeyPair');
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = obtainClientKeyPair({
        platform,
        engine,
        store: createClientKeyStore(platform),
        algorithm: 'rsa1024',
        timeoutMs: value as number,
      });
    }).not.toThrow();
    await expect(pending).rejects.toEqual(invalid('timeoutMs', value));
    expect(generate).not.toHaveBeenCalled();
    expect(platform.timers.pendingCount).toBe(0);
  });

  it.each(BAD)('script loader: load(url, %s) rejects with InvalidArgumentError and adds no script', async (value) => {
    const platform = memoryPlatform();
    const loader = createScriptLoader(platform);
    let pending: Promise<void> | undefined;
    expect(() => {
      pending = loader.load('/gt4.js', value as number);
    }).not.toThrow();
    await expect(pending).rejects.toEqual(invalid('timeoutMs', value));
    expect(platform.timers.pendingCount).toBe(0);
  });
});

describe('fingerprint options keep their own error type but the shared rule', () => {
  it.each([MAX_TIMER_DELAY_MS + 1, Number.POSITIVE_INFINITY])('collectFingerprint: audioTimeoutMs = %s is refused', async (value) => {
    // An async function reports through its promise (docs/errors.md), so the refusal is a rejection.
    await expect(collectFingerprint(memoryPlatform(), { audioTimeoutMs: value })).rejects.toThrow(
      expect.objectContaining({ name: 'FingerprintError', code: 'FINGERPRINT_INVALID_OPTION', extra: { field: 'audioTimeoutMs', value } }),
    );
  });

  it.each([
    ['crossTabWaitMs', MAX_TIMER_DELAY_MS + 1],
    ['crossTabWaitMs', Number.POSITIVE_INFINITY],
    ['pendingMarkerTtlMs', 2 ** 31],
  ])('createTerminalCode: %s = %s is refused', (field, value) => {
    expect(() => createTerminalCode(memoryPlatform(), { [field]: value })).toThrow(
      expect.objectContaining({ code: 'FINGERPRINT_INVALID_OPTION', extra: { field, value } }),
    );
  });
});

describe('the risk-token machine refuses bad durations in its input', () => {
  it.each([
    ['retryDelayMs', Number.POSITIVE_INFINITY],
    ['refreshTimeoutMs', 2 ** 31],
    ['intervalMs', Number.NaN],
    ['validityMs', -1],
  ])('%s = %s: the actor fails with InvalidArgumentError, no timer is set', (field, value) => {
    const platform = memoryPlatform();
    const actor = createActor(riskTokenMachine, { clock: platform.timers, input: { [field]: value, fetchToken: async () => 'x' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    expect(errors).toEqual([invalid(field, value)]);
    expect(platform.timers.pendingCount).toBe(0);
  });
});
