// Each default source on its own: what it reads, and when it is ok, failed, timed out or skipped.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/memory-platform.js';
import {
  AUDIO_TIMEOUT_MS,
  FONT_TEST_WIDTH_PX,
  audioSource,
  canvasSource,
  collectFingerprint,
  fontsSource,
  hardwareSource,
  languagesSource,
  screenSource,
  timeZoneSource,
  userAgentSource,
} from '../../../../core/security/fingerprint/index.js';
import type { FingerprintSource } from '../../../../core/security/fingerprint/index.js';
import { fakeAudio, fakeCanvasDocument, fakeFontLayout, fakeScreen, jsdomDom, setWindow } from './dom-fakes.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function one(source: FingerprintSource, platform = memoryPlatform({ dom: jsdomDom() })) {
  const fingerprint = await collectFingerprint(platform, { sources: [source] });
  return { report: fingerprint.sources[source.name], value: fingerprint.components[source.name] };
}

describe('user agent source', () => {
  it('reads the platform user agent and, with a DOM, navigator.platform and vendor', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', { platform: 'Linux x86_64', vendor: 'Google Inc.' });
    const { report, value } = await one(userAgentSource(), memoryPlatform({ dom, userAgent: 'UA/1.0' }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual({ userAgent: 'UA/1.0', platform: 'Linux x86_64', vendor: 'Google Inc.' });
  });

  it('works without a DOM, from platform.userAgent alone', async () => {
    const { report, value } = await one(userAgentSource(), memoryPlatform({ userAgent: 'node' }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual({ userAgent: 'node', platform: undefined, vendor: undefined });
  });
});

describe('time zone and languages sources', () => {
  it('report the time zone and the standard-time offset, independent of the date within the year', async () => {
    const source = timeZoneSource({ timeZone: () => 'Europe/Berlin' });
    const winter = await one(source, memoryPlatform({ now: Date.UTC(2026, 0, 15) }));
    const summer = await one(source, memoryPlatform({ now: Date.UTC(2026, 6, 15) }));
    expect(winter.report).toEqual({ status: 'ok' });
    expect(winter.value).toMatchObject({ timeZone: 'Europe/Berlin' });
    expect(typeof (winter.value as { offset: number }).offset).toBe('number');
    expect(summer.value).toEqual(winter.value);
  });

  it('reads the time zone from Intl by default', async () => {
    const { value } = await one(timeZoneSource(), memoryPlatform());
    expect((value as { timeZone: string }).timeZone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('a time-zone reader that throws fails the source with its message', async () => {
    const { report } = await one(
      timeZoneSource({
        timeZone: () => {
          throw new Error('Intl is broken');
        },
      }),
      memoryPlatform(),
    );
    expect(report).toMatchObject({ status: 'failed', reason: 'Intl is broken' });
  });

  it('languages come from platform.languages, most preferred first', async () => {
    const { report, value } = await one(languagesSource(), memoryPlatform({ languages: ['de-DE', 'en'] }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual(['de-DE', 'en']);
  });
});

describe('screen source', () => {
  it('reads size (larger side first), colour depth and the frame insets', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', fakeScreen({ width: 1080, height: 1920, availWidth: 1000, availHeight: 1880, availTop: 25, availLeft: 30 }));
    const { report, value } = await one(screenSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    // top 25, right 1080-1000-30 = 50, bottom 1920-1880-25 = 15, left 30
    expect(value).toEqual({ size: [1920, 1080], colorDepth: 24, frame: [25, 50, 15, 30] });
  });

  it('uses the last non-empty frame while the page is full screen (empty frame)', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', fakeScreen({ availHeight: 1080 }));
    const { value } = await one(screenSource({ lastFrame: () => ({ top: 0, right: 0, bottom: 40, left: 0 }) }), memoryPlatform({ dom }));
    expect(value).toMatchObject({ frame: [0, 0, 40, 0] });
  });

  it('is skipped when the window has no screen', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', undefined);
    expect((await one(screenSource(), memoryPlatform({ dom }))).report).toEqual({ status: 'skipped', reason: 'no window.screen' });
  });
});

describe('hardware source', () => {
  it('reads hardwareConcurrency, deviceMemory and maxTouchPoints', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', { hardwareConcurrency: 8, deviceMemory: 4, maxTouchPoints: 5 });
    const { report, value } = await one(hardwareSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual({ hardwareConcurrency: 8, deviceMemory: 4, maxTouchPoints: 5 });
  });

  it('is skipped when the navigator offers no hint at all', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', {});
    expect((await one(hardwareSource(), memoryPlatform({ dom }))).report).toMatchObject({ status: 'skipped' });
  });
});

describe('canvas source', () => {
  it('hashes the data URL of a drawing of text and shapes with SHA-256', async () => {
    const dom = jsdomDom();
    const { drawings } = fakeCanvasDocument(dom, (calls) => `data:image/png;base64,${Buffer.from(calls.join(';')).toString('base64')}`);
    const { report, value } = await one(canvasSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    const drawing = drawings[0]!;
    expect(drawing.some((call) => call.startsWith('fillText('))).toBe(true);
    expect(drawing.some((call) => call.startsWith('arc('))).toBe(true);
    const dataUrl = `data:image/png;base64,${Buffer.from(drawing.join(';')).toString('base64')}`;
    expect(value).toEqual({ winding: true, image: sha256(dataUrl) });
  });

  it('hashes through the platform WebCrypto when it has one, and gives the same hash without it', async () => {
    const dataUrlOf = (calls: string[]) => `data:image/png;base64,${Buffer.from(calls.join(';')).toString('base64')}`;
    const hashed: string[] = [];
    const subtle = {
      digest: (algorithm: AlgorithmIdentifier, data: BufferSource) => {
        hashed.push(new TextDecoder().decode(data as Uint8Array));
        return globalThis.crypto.subtle.digest(algorithm, data);
      },
    } as unknown as SubtleCrypto;
    const withWebCrypto = jsdomDom();
    const { drawings } = fakeCanvasDocument(withWebCrypto, dataUrlOf);
    const viaWebCrypto = await one(canvasSource(), memoryPlatform({ dom: withWebCrypto, crypto: { getRandomValues: (a) => a, subtle } }));
    const dataUrl = dataUrlOf(drawings[0]!);
    expect(hashed).toEqual([dataUrl]);
    expect(viaWebCrypto.value).toEqual({ winding: true, image: sha256(dataUrl) });
    const without = jsdomDom();
    fakeCanvasDocument(without, dataUrlOf);
    const viaJs = await one(canvasSource(), memoryPlatform({ dom: without, crypto: { getRandomValues: (a) => a, subtle: undefined } }));
    expect(viaJs).toEqual(viaWebCrypto);
  });

  it('fails when two drawings differ (a randomised, anti-fingerprinting canvas)', async () => {
    const dom = jsdomDom();
    let reads = 0;
    fakeCanvasDocument(dom, () => `data:image/png;base64,${reads++}`);
    expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('randomised'),
    });
  });

  it('fails when the canvas gives no image', async () => {
    const dom = jsdomDom();
    fakeCanvasDocument(dom, () => 'data:,');
    expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toMatchObject({
      status: 'failed',
      reason: 'the canvas gave no image',
    });
  });

  it('is skipped where there is no 2D context (jsdom without a canvas package)', async () => {
    expect((await one(canvasSource())).report).toEqual({ status: 'skipped', reason: 'no 2D canvas' });
  });
});

describe('fonts source (width test)', () => {
  it("reports the candidates that change a fallback family's measured size", async () => {
    const dom = jsdomDom();
    fakeFontLayout(dom, new Set(['Arial', 'Verdana']));
    const { report, value } = await one(fontsSource({ fonts: ['Verdana', 'Nope Sans', 'Arial'] }), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual(['Verdana', 'Arial']);
  });

  it(`lays the test strings out in an off-screen box ${FONT_TEST_WIDTH_PX} px wide by default`, async () => {
    const dom = jsdomDom();
    const { boxes } = fakeFontLayout(dom, new Set());
    await one(fontsSource({ fonts: ['Arial'] }), memoryPlatform({ dom }));
    expect(boxes.length).toBeGreaterThan(0);
    expect(new Set(boxes.map((b) => `${b.width} ${b.left}`))).toEqual(new Set(['4000px -4000px']));
    expect(dom.document.body.children).toHaveLength(0);
  });

  it('takes the test width from the option', async () => {
    const dom = jsdomDom();
    const { boxes } = fakeFontLayout(dom, new Set());
    await collectFingerprint(memoryPlatform({ dom }), {
      fonts: ['Arial'],
      fontTestWidthPx: 1234,
      sources: [fontsSource({ fonts: ['Arial'], testWidthPx: 1234 })],
    });
    expect(boxes[0]).toEqual({ width: '1234px', left: '-1234px' });
  });

  it('fails honestly where there is no layout (every width is 0, as in jsdom)', async () => {
    expect((await one(fontsSource())).report).toMatchObject({ status: 'failed', reason: expect.stringContaining('no layout') });
  });
});

describe('audio source', () => {
  it('sums the absolute samples 4500..4999 of an oscillator through a compressor', async () => {
    const dom = jsdomDom();
    const samples = new Float32Array(5000).map((_, i) => (i % 2 ? -1 : 1) * (i >= 4500 ? 0.25 : 9));
    const { graphs } = fakeAudio(dom, { samples });
    const { report, value } = await one(audioSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toBe(125);
    expect(graphs[0]).toMatchObject({
      channels: 1,
      length: 5000,
      sampleRate: 44100,
      oscillator: { type: 'triangle', frequency: { value: 10000 } },
      compressor: { threshold: { value: -50 }, knee: { value: 40 }, ratio: { value: 12 }, attack: { value: 0 }, release: { value: 0.25 } },
      startedAt: 0,
    });
  });

  it('times out at exactly 5000 ms on the platform timers', async () => {
    expect(AUDIO_TIMEOUT_MS).toBe(5000);
    const dom = jsdomDom();
    fakeAudio(dom, { render: 'never' });
    const platform = memoryPlatform({ dom });
    let settled = false;
    const result = collectFingerprint(platform, { sources: [audioSource()] }).then((fingerprint) => {
      settled = true;
      return fingerprint;
    });
    await platform.advanceAsync(4999);
    expect(settled).toBe(false);
    await platform.advanceAsync(1);
    expect(settled).toBe(true);
    expect((await result).sources.audio).toEqual({ status: 'timeout', reason: 'no answer within 5000 ms', timeoutMs: 5000 });
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('takes its time-out from the options', async () => {
    const dom = jsdomDom();
    fakeAudio(dom, { render: 'never' });
    const platform = memoryPlatform({ dom });
    const result = collectFingerprint(platform, { audioTimeoutMs: 200, fonts: ['Arial'] });
    await platform.advanceAsync(200);
    expect((await result).sources.audio).toMatchObject({ status: 'timeout', timeoutMs: 200 });
  });

  it('fails when the context cannot be created or rendering rejects', async () => {
    const blocked = jsdomDom();
    fakeAudio(blocked, { throwOnCreate: true });
    expect((await one(audioSource(), memoryPlatform({ dom: blocked }))).report).toMatchObject({
      status: 'failed',
      reason: 'audio is blocked',
    });
    const rejecting = jsdomDom();
    fakeAudio(rejecting, { render: 'reject' });
    expect((await one(audioSource(), memoryPlatform({ dom: rejecting }))).report).toMatchObject({
      status: 'failed',
      reason: 'rendering failed',
    });
  });

  it('is skipped where there is no OfflineAudioContext', async () => {
    expect((await one(audioSource())).report).toEqual({ status: 'skipped', reason: 'no OfflineAudioContext' });
  });
});
