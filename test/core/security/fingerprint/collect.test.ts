// The collection as a whole: sources are isolated, DOM sources are skipped without a DOM, time-outs run
// on the platform timers, bad options are typed errors, and the fingerprinter watches the screen frame.
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/memory-platform.js';
import {
  FingerprintError,
  SCREEN_FRAME_REFRESH_MS,
  SourceUnavailableError,
  collectFingerprint,
  createFingerprinter,
  defaultSources,
  userAgentSource,
} from '../../../../core/security/fingerprint/index.js';
import type { FingerprintSource } from '../../../../core/security/fingerprint/index.js';
import { fakeScreen, jsdomDom, setWindow } from './dom-fakes.js';

const plain = (name: string, collect: () => unknown, timeoutMs?: number): FingerprintSource => ({
  name,
  needsDom: false,
  collect,
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

describe('collectFingerprint', () => {
  it('without a DOM (Node, workers) skips the DOM sources, says so, and still collects the rest', async () => {
    const fingerprint = await collectFingerprint(memoryPlatform({ userAgent: 'node', languages: ['en'] }));
    expect(fingerprint.contributed).toEqual(['userAgent', 'timeZone', 'languages']);
    for (const name of ['screen', 'canvas', 'fonts', 'audio', 'hardware']) {
      expect(fingerprint.sources[name]).toEqual({ status: 'skipped', reason: 'no DOM on this platform' });
    }
    expect(Object.keys(fingerprint.components)).toEqual(['userAgent', 'timeZone', 'languages']);
  });

  it('with a jsdom DOM every default source gives an honest status and none throws', async () => {
    const fingerprint = await collectFingerprint(memoryPlatform({ dom: jsdomDom() }));
    expect(Object.keys(fingerprint.sources)).toEqual([
      'userAgent',
      'screen',
      'timeZone',
      'languages',
      'canvas',
      'fonts',
      'audio',
      'hardware',
    ]);
    expect(fingerprint.sources).toMatchObject({
      userAgent: { status: 'ok' },
      screen: { status: 'ok' },
      canvas: { status: 'skipped' },
      fonts: { status: 'failed' },
      audio: { status: 'skipped' },
      hardware: { status: 'ok' },
    });
  });

  it('one failing source does not fail the whole: its error is reported, the others contribute', async () => {
    const boom = new Error('boom');
    const fingerprint = await collectFingerprint(memoryPlatform(), {
      sources: [
        plain('sync', () => {
          throw boom;
        }),
        plain('async', () => Promise.reject(new Error('later'))),
        plain('good', () => ({ a: 1 })),
        userAgentSource(),
      ],
    });
    expect(fingerprint.sources.sync).toEqual({ status: 'failed', reason: 'boom', error: boom });
    expect(fingerprint.sources.async).toMatchObject({ status: 'failed', reason: 'later' });
    expect(fingerprint.contributed).toEqual(['good', 'userAgent']);
    expect(fingerprint.components.good).toEqual({ a: 1 });
  });

  it('a source whose value cannot be hashed canonically fails instead of breaking the terminal code', async () => {
    const fingerprint = await collectFingerprint(memoryPlatform(), { sources: [plain('nan', () => ({ x: Number.NaN }))] });
    expect(fingerprint.sources.nan).toMatchObject({
      status: 'failed',
      error: { name: 'FingerprintError', code: 'FINGERPRINT_NOT_CANONICAL' },
    });
    expect(fingerprint.contributed).toEqual([]);
  });

  it('a source that never answers times out after its own timeoutMs while the others are ok', async () => {
    const platform = memoryPlatform();
    const result = collectFingerprint(platform, {
      sources: [plain('slow', () => new Promise(() => undefined), 300), plain('fast', () => 1)],
    });
    await platform.advanceAsync(299);
    await platform.advanceAsync(1);
    const fingerprint = await result;
    expect(fingerprint.sources.slow).toEqual({ status: 'timeout', reason: 'no answer within 300 ms', timeoutMs: 300 });
    expect(fingerprint.sources.fast).toEqual({ status: 'ok' });
  });

  it('a source answering before its time-out is ok and clears its timer', async () => {
    const platform = memoryPlatform();
    const fingerprint = await collectFingerprint(platform, { sources: [plain('quick', () => Promise.resolve('v'), 300)] });
    expect(fingerprint.components.quick).toBe('v');
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('a source that throws SourceUnavailableError is skipped with its reason', async () => {
    const fingerprint = await collectFingerprint(memoryPlatform(), {
      sources: [
        plain('gone', () => {
          throw new SourceUnavailableError('not here');
        }),
      ],
    });
    expect(fingerprint.sources.gone).toEqual({ status: 'skipped', reason: 'not here' });
  });
});

describe('bad options are FingerprintError, never strings', () => {
  const cases: [string, object, string][] = [
    ['a zero audio time-out', { audioTimeoutMs: 0 }, 'audioTimeoutMs'],
    ['a negative font test width', { fontTestWidthPx: -1 }, 'fontTestWidthPx'],
    ['an infinite frame refresh', { screenFrameRefreshMs: Infinity }, 'screenFrameRefreshMs'],
    ['an empty font name', { fonts: ['Arial', ' '] }, 'fonts[1]'],
    ['fonts that are not an array', { fonts: 'Arial' }, 'fonts'],
    ['two sources with one name', { sources: [userAgentSource(), userAgentSource()] }, 'sources[1].name'],
    ['a source without collect', { sources: [{ name: 'x', needsDom: false }] }, 'sources[0].collect'],
    [
      'a source with a NaN time-out',
      { sources: [{ name: 'x', needsDom: false, collect: () => 1, timeoutMs: Number.NaN }] },
      'sources[0].timeoutMs',
    ],
  ];
  it.each(cases)('%s', async (_label, options, field) => {
    let thrown: unknown;
    try {
      defaultSources(options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FingerprintError);
    expect(thrown).toMatchObject({ name: 'FingerprintError', code: 'FINGERPRINT_INVALID_OPTION', extra: { field } });
    // collectFingerprint returns a promise, so it rejects rather than throwing (docs/errors.md).
    await expect(collectFingerprint(memoryPlatform(), options)).rejects.toThrow(FingerprintError);
  });
});

describe('createFingerprinter watches the screen frame', () => {
  it(`samples the frame now and every ${SCREEN_FRAME_REFRESH_MS} ms, and uses the last one while full screen`, async () => {
    expect(SCREEN_FRAME_REFRESH_MS).toBe(2500);
    const dom = jsdomDom();
    const screen = fakeScreen({ availHeight: 1040 }); // 40 px bar at the bottom
    setWindow(dom, 'screen', screen);
    const platform = memoryPlatform({ dom });
    const fingerprinter = createFingerprinter(platform);
    expect(fingerprinter.screenFrame()).toEqual({ top: 0, right: 0, bottom: 40, left: 0 });

    screen.availHeight = 1000; // the bar grows to 80 px…
    platform.advance(2499);
    expect(fingerprinter.screenFrame()?.bottom).toBe(40); // …not sampled yet
    platform.advance(1);
    expect(fingerprinter.screenFrame()?.bottom).toBe(80);

    screen.availHeight = 1080; // full screen: an empty frame is never taken as the last frame
    platform.advance(2500);
    expect(fingerprinter.screenFrame()?.bottom).toBe(80);
    const fingerprint = await fingerprinter.collect();
    expect(fingerprint.components.screen).toMatchObject({ frame: [0, 0, 80, 0] });

    fingerprinter.dispose();
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('takes the refresh period from the options', () => {
    const dom = jsdomDom();
    const screen = fakeScreen();
    setWindow(dom, 'screen', screen);
    const platform = memoryPlatform({ dom });
    const fingerprinter = createFingerprinter(platform, { screenFrameRefreshMs: 100 });
    screen.availTop = 20;
    screen.availHeight = 1020;
    platform.advance(100);
    expect(fingerprinter.screenFrame()).toEqual({ top: 20, right: 0, bottom: 40, left: 0 });
    fingerprinter.dispose();
  });

  it('without a DOM it watches nothing and still collects', async () => {
    const platform = memoryPlatform();
    const fingerprinter = createFingerprinter(platform);
    expect(platform.timers.pendingCount).toBe(0);
    expect(fingerprinter.screenFrame()).toBeUndefined();
    expect((await fingerprinter.collect()).contributed).toEqual(['userAgent', 'timeZone', 'languages']);
    fingerprinter.dispose();
  });
});
