// One teardown vocabulary: every service, kit and handle that holds something (timers, actors, listeners,
// streams, calls in flight) ends with dispose(), and nothing anywhere offers a stop() or destroy() alias. The
// services are the method sweep's roots and everything reachable from them, so a new one is checked too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as core from '../../core/index.js';
import { BASELINES, ROOTS } from './method-roots.js';
import { discover } from './method-sweep.js';

/** Roots that hold nothing to release, with why; every other root must have dispose(). */
const NOTHING_TO_RELEASE: Record<string, string> = {
  platform: 'the host itself (a memory platform in tests): nothing of exkit runs in it',
  headless: 'the host itself: nothing of exkit runs in it',
  store: 'reads and writes storage on each call; keeps no timer or listener',
  preferences: 'its subscribers end through the function subscribe() returns (and their own unsubscribe)',
  simulation: 'its stream is derived from the platform’s cross-tab events per subscriber',
  referral: 'reads and writes storage on each call',
  channel: 'a stream: complete() ends it and drops its timers (RxJS’s own word for a stream’s end)',
  simulator: 'a test double of the native app: uninstall() removes what it injected',
  serverClock: 'a number kept in memory',
  clientKeys: 'reads and writes storage on each call',
  riskTokenStore: 'reads and writes storage on each call',
  terminalCode: 'computes on each call',
  scriptLoader: 'a loaded script stays in the page by design; a load in progress ends by its time-out',
  testWidget: 'a factory; each widget it makes has dispose()',
  themePort: 'a value in memory',
  layerCounter: 'a number in memory',
  layerStack: 'each layer ends with its handle’s remove(), which detaches the document listeners with the last one',
  scrollLock: 'each holder ends with unlock(owner)',
  uiHost: 'its layers and locks are released by their holders (handle.remove(), unlock(owner))',
};

const ALIASES = /\.(stop|destroy)$/;

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

describe('every service, kit and handle tears down with dispose(), and with nothing else', () => {
  it('the exemptions name real roots', () => {
    const names = new Set(ROOTS.map((root) => root.name));
    for (const name of Object.keys(NOTHING_TO_RELEASE)) expect(names.has(name), name).toBe(true);
  });

  it.each(ROOTS.filter((root) => !(root.name in NOTHING_TO_RELEASE)).map((root) => [root.name, root] as const))(
    '%s has dispose()',
    (_name, root) => {
      const made = root.make() as { dispose?: unknown };
      expect(typeof made.dispose).toBe('function');
      (made.dispose as () => void)();
    },
  );

  it('no method reachable from any root is called stop() or destroy()', () => {
    const aliases = ROOTS.flatMap((root) => discover(root, BASELINES).map((method) => method.path)).filter((path) => ALIASES.test(path));
    expect(aliases).toEqual([]);
  });

  it('the captcha widgets the package makes are torn down by dispose() alone', () => {
    const widget = core.createTestCaptchaWidget('manual')();
    expect(typeof widget.dispose).toBe('function');
    expect('destroy' in widget).toBe(false);
    widget.dispose();
    expect(widget.disposed).toBe(true);
  });
});
