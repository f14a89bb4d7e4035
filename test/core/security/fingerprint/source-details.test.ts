// The details of each default source that decide its value: the exact drawing, the font probes and their
// box, the audio paths of older engines, the hints that are kept, and the edges of the screen frame.
// A change to any of them changes every device's terminal code, so each is pinned here.
import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../../core/platform/types.js';
import {
  DEFAULT_FONT_CANDIDATES,
  FONT_FALLBACK_FAMILIES,
  FONT_TEST_SIZE_PX,
  FONT_TEST_STRING,
  SourceFailedError,
  SourceUnavailableError,
  audioSource,
  canvasSource,
  collectFingerprint,
  fontsSource,
  hardwareSource,
  isEmptyFrame,
  readScreenFrame,
  screenSource,
  timeZoneSource,
  userAgentSource,
} from '../../../../core/security/fingerprint/index.js';
import type { FingerprintSource } from '../../../../core/security/fingerprint/index.js';
import { fakeAudio, fakeCanvasDocument, fakeFontLayout, fakeScreen, jsdomDom, setWindow } from './dom-fakes.js';

async function one(source: FingerprintSource, platform = memoryPlatform({ dom: jsdomDom() })) {
  const fingerprint = await collectFingerprint(platform, { sources: [source] });
  return { report: fingerprint.sources[source.name], value: fingerprint.components[source.name] };
}

const dataUrlOf = (calls: string[]) => `data:image/png;base64,${Buffer.from(calls.join(';')).toString('base64')}`;

describe('canvas source drawing', () => {
  it('draws the same fixed picture every time: winding probe, text, blended discs and an even-odd ring', async () => {
    const dom = jsdomDom();
    const { drawings } = fakeCanvasDocument(dom, dataUrlOf);
    expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toEqual({ status: 'ok' });
    const turn = Math.PI * 2;
    const expected = [
      'rect(0,0,10,10)',
      'rect(2,2,6,6)',
      'isPointInPath(5,5,evenodd)',
      'textBaseline=alphabetic',
      'fillStyle=#f60',
      'fillRect(100,1,62,20)',
      'fillStyle=#069',
      'font=11pt "Times New Roman"',
      'fillText(exkit fingerprint, \u{1F603} \u00e9\u00df\u4e2d,2,15)',
      'fillStyle=rgba(102, 204, 0, 0.2)',
      'font=18pt Arial',
      'fillText(Cwm fjordbank glyphs vext quiz,4,45)',
      'globalCompositeOperation=multiply',
      ...(
        [
          ['#f2f', 40, 40],
          ['#2ff', 80, 40],
          ['#ff2', 60, 20],
        ] as const
      ).flatMap(([color, x, y]) => [`fillStyle=${color}`, 'beginPath()', `arc(${x},${y},40,0,${turn},true)`, 'closePath()', 'fill()']),
      'fillStyle=#f9c',
      'beginPath()',
      `arc(200,30,25,0,${turn},true)`,
      `arc(200,30,10,0,${turn},true)`,
      'fill(evenodd)',
    ];
    // Drawn twice (the randomisation check), identically.
    expect(drawings).toEqual([expected, expected]);
  });

  it('asks for a 2D context on a canvas element', async () => {
    const dom = jsdomDom();
    const created: string[] = [];
    const kinds: string[] = [];
    const doc = dom.document as unknown as { createElement: (tag: string) => unknown };
    doc.createElement = (tag: string) => {
      created.push(tag);
      return {
        getContext: (kind: string) => {
          kinds.push(kind);
          return null;
        },
        toDataURL: () => 'data:image/png;base64,AA',
      };
    };
    expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toEqual({ status: 'skipped', reason: 'no 2D canvas' });
    expect(created).toEqual(['canvas']);
    expect(kinds).toEqual(['2d']);
  });

  it('is skipped when getContext is not a function, or when the canvas cannot give a data URL', async () => {
    for (const canvas of [{ getContext: 'nope', toDataURL: () => 'data:image/png;base64,AA' }, { getContext: () => ({ rect: () => 0 }) }]) {
      const dom = jsdomDom();
      (dom.document as unknown as { createElement: () => unknown }).createElement = () => canvas;
      expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toEqual({ status: 'skipped', reason: 'no 2D canvas' });
    }
  });

  it('an image that is not a data:image/ URL (a bare "data:") fails with SourceFailedError', async () => {
    const dom = jsdomDom();
    fakeCanvasDocument(dom, () => 'data:text/plain,image');
    const { report } = await one(canvasSource(), memoryPlatform({ dom }));
    expect(report).toMatchObject({ status: 'failed', reason: 'the canvas gave no image' });
    const error = (report as { error: unknown }).error;
    expect(error).toBeInstanceOf(SourceFailedError);
    expect(error).toMatchObject({ name: 'SourceFailedError', code: 'FINGERPRINT_SOURCE_FAILED' });
  });

  it('a randomised canvas names the reason in full', async () => {
    const dom = jsdomDom();
    let reads = 0;
    fakeCanvasDocument(dom, () => `data:image/png;base64,${reads++}`);
    expect((await one(canvasSource(), memoryPlatform({ dom }))).report).toMatchObject({
      status: 'failed',
      reason: 'the canvas is randomised (two drawings differ)',
    });
  });
});

describe('fonts source probes', () => {
  it('by default probes these common fonts, each one reported when installed', async () => {
    const common = [
      'Arial',
      'Arial Black',
      'Arial Narrow',
      'Bahnschrift',
      'Calibri',
      'Cambria',
      'Candara',
      'Comic Sans MS',
      'Consolas',
      'Constantia',
      'Corbel',
      'Courier New',
      'DejaVu Sans',
      'DejaVu Sans Mono',
      'DejaVu Serif',
      'Droid Sans',
      'Franklin Gothic Medium',
      'Futura',
      'Garamond',
      'Geneva',
      'Georgia',
      'Gill Sans',
      'Helvetica',
      'Helvetica Neue',
      'Impact',
      'Liberation Mono',
      'Liberation Sans',
      'Liberation Serif',
      'Lucida Console',
      'Lucida Grande',
      'Menlo',
      'Microsoft YaHei',
      'Monaco',
      'Noto Color Emoji',
      'Noto Sans',
      'Noto Serif',
      'Optima',
      'Palatino',
      'Palatino Linotype',
      'PingFang SC',
      'Roboto',
      'Segoe UI',
      'SimSun',
      'Tahoma',
      'Times New Roman',
      'Trebuchet MS',
      'Ubuntu',
      'Verdana',
    ];
    const dom = jsdomDom();
    const { styles } = fakeFontLayout(dom, new Set(common));
    const { report, value } = await one(fontsSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual(common);
    expect(DEFAULT_FONT_CANDIDATES).toEqual(common);
    // Three fallback baselines, then every candidate over each fallback.
    expect(styles.length).toBe(3 + common.length * 3);
  });

  it('measures the fallbacks alone first, then each font over monospace, sans-serif and serif', async () => {
    expect(FONT_FALLBACK_FAMILIES).toEqual(['monospace', 'sans-serif', 'serif']);
    const dom = jsdomDom();
    const { styles } = fakeFontLayout(dom, new Set());
    await one(fontsSource({ fonts: ['Arial', 'Verdana'] }), memoryPlatform({ dom }));
    expect(styles.map((s) => s.family)).toEqual([
      'monospace',
      'sans-serif',
      'serif',
      '"Arial", monospace',
      '"Arial", sans-serif',
      '"Arial", serif',
      '"Verdana", monospace',
      '"Verdana", sans-serif',
      '"Verdana", serif',
    ]);
  });

  it(`lays out the test string at ${FONT_TEST_SIZE_PX} px on one line, in a hidden box off screen`, async () => {
    expect(FONT_TEST_STRING).toBe('mmMwWLliI0O&1fiflffi');
    expect(FONT_TEST_SIZE_PX).toBe(72);
    const dom = jsdomDom();
    const { styles } = fakeFontLayout(dom, new Set());
    await one(fontsSource({ fonts: ['Arial'] }), memoryPlatform({ dom }));
    const box = dom.document.createElement('div');
    box.style.cssText = styles[0]!.box;
    expect({
      position: box.style.position,
      top: box.style.top,
      left: box.style.left,
      width: box.style.width,
      visibility: box.style.visibility,
      overflow: box.style.overflow,
    }).toEqual({ position: 'absolute', top: '0px', left: '-4000px', width: '4000px', visibility: 'hidden', overflow: 'hidden' });
    for (const { span: css, text } of styles) {
      expect(text).toBe('mmMwWLliI0O&1fiflffi');
      const span = dom.document.createElement('span');
      span.style.cssText = css;
      expect({
        position: span.style.position,
        top: span.style.top,
        left: span.style.left,
        fontSize: span.style.fontSize,
        fontStyle: span.style.fontStyle,
        fontWeight: span.style.fontWeight,
        letterSpacing: span.style.letterSpacing,
        lineHeight: span.style.lineHeight,
        whiteSpace: span.style.whiteSpace,
      }).toEqual({
        position: 'absolute',
        top: '0px',
        left: '0px',
        fontSize: '72px',
        fontStyle: 'normal',
        fontWeight: 'normal',
        letterSpacing: 'normal',
        lineHeight: 'normal',
        whiteSpace: 'nowrap',
      });
    }
  });

  it('a font name holding a quote or a backslash is escaped inside its quotes', async () => {
    const dom = jsdomDom();
    const { styles } = fakeFontLayout(dom, new Set());
    await one(fontsSource({ fonts: ['My "Odd" \\Font'] }), memoryPlatform({ dom }));
    const span = dom.document.createElement('span');
    span.style.fontFamily = '"My \\"Odd\\" \\\\Font", serif';
    expect(styles[5]!.family).toBe(span.style.fontFamily);
    expect(styles[5]!.family).not.toBe('');
  });

  it('a font that changes only the height of a fallback is present', async () => {
    const dom = jsdomDom();
    fakeFontLayout(dom, new Set(), { Tall: 95 });
    expect((await one(fontsSource({ fonts: ['Tall', 'Plain'] }), memoryPlatform({ dom }))).value).toEqual(['Tall']);
  });

  it('layout on only some fallbacks is still a layout: the source is ok', async () => {
    const dom = jsdomDom();
    const { prototype } = (dom.window as Window & typeof globalThis).HTMLElement;
    Object.defineProperty(prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.style.fontFamily === 'monospace' ? 0 : 500;
      },
    });
    Object.defineProperty(prototype, 'offsetHeight', { configurable: true, get: () => 80 });
    const { report, value } = await one(fontsSource({ fonts: ['Arial'] }), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    // "Arial", monospace measures 500 against a monospace baseline of 0: it changed a fallback.
    expect(value).toEqual(['Arial']);
  });

  it('no layout at all is a SourceFailedError with the reason in full', async () => {
    const { report } = await one(fontsSource({ fonts: ['Arial'] }));
    expect(report).toMatchObject({ status: 'failed', reason: 'no layout: every test string measures 0 px' });
    expect((report as { error: unknown }).error).toMatchObject({ name: 'SourceFailedError', code: 'FINGERPRINT_SOURCE_FAILED' });
  });

  it('a document without a body lays the box out under the root element, and removes it', async () => {
    const dom = jsdomDom();
    fakeFontLayout(dom, new Set(['Arial']));
    dom.document.body.remove();
    expect(dom.document.body).toBeNull();
    const { report, value } = await one(fontsSource({ fonts: ['Arial'] }), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual(['Arial']);
    expect(dom.document.documentElement.children).toHaveLength(1); // only <head>
  });
});

describe('audio source on older engines', () => {
  it('an engine whose startRendering returns nothing answers through the complete event', async () => {
    const dom = jsdomDom();
    const samples = new Float32Array(5000).fill(0.5);
    class CompleteEventContext {
      oncomplete: ((event: { renderedBuffer: unknown }) => void) | null = null;
      readonly destination = {};
      createOscillator() {
        return { type: '', frequency: { value: 0 }, connect: () => undefined, start: () => undefined };
      }
      createDynamicsCompressor() {
        const param = { value: 0 };
        return { threshold: param, knee: param, ratio: param, attack: param, release: param, connect: () => undefined };
      }
      startRendering() {
        queueMicrotask(() => this.oncomplete?.({ renderedBuffer: { getChannelData: () => samples } }));
        return undefined;
      }
    }
    setWindow(dom, 'webkitOfflineAudioContext', CompleteEventContext);
    const { report, value } = await one(audioSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toBe(250);
  });

  it('a startRendering that throws at once fails the source with its message', async () => {
    const dom = jsdomDom();
    fakeAudio(dom);
    const Context = (dom.window as unknown as { OfflineAudioContext: { prototype: { startRendering: () => unknown } } })
      .OfflineAudioContext;
    Context.prototype.startRendering = () => {
      throw new Error('cannot render now');
    };
    expect((await one(audioSource(), memoryPlatform({ dom }))).report).toMatchObject({ status: 'failed', reason: 'cannot render now' });
  });

  it('samples that are not finite fail the source instead of hashing NaN', async () => {
    const dom = jsdomDom();
    const samples = new Float32Array(5000);
    samples[4700] = Number.POSITIVE_INFINITY;
    fakeAudio(dom, { samples });
    const { report } = await one(audioSource(), memoryPlatform({ dom }));
    expect(report).toMatchObject({ status: 'failed', reason: 'the rendered samples are not finite' });
    expect((report as { error: unknown }).error).toBeInstanceOf(SourceFailedError);
  });

  it('samples before 4500 are left out of the sum', async () => {
    const dom = jsdomDom();
    const samples = new Float32Array(5000);
    samples[4499] = 1000;
    samples[4500] = 0.5;
    samples[4999] = -0.25;
    fakeAudio(dom, { samples });
    expect((await one(audioSource(), memoryPlatform({ dom }))).value).toBe(0.75);
  });

  it('is reported under the name audio with its own time-out', () => {
    expect(audioSource()).toMatchObject({ name: 'audio', needsDom: true, timeoutMs: 5000 });
    expect(audioSource({ timeoutMs: 70 }).timeoutMs).toBe(70);
  });
});

describe('hardware and user-agent hints', () => {
  it('one hint alone is enough; hints that are not finite numbers are left out', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', { hardwareConcurrency: '8', deviceMemory: Number.NaN, maxTouchPoints: 0 });
    const { report, value } = await one(hardwareSource(), memoryPlatform({ dom }));
    expect(report).toEqual({ status: 'ok' });
    expect(value).toEqual({ hardwareConcurrency: undefined, deviceMemory: undefined, maxTouchPoints: 0 });
  });

  it('a window without a navigator is skipped with the reason', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', undefined);
    expect((await one(hardwareSource(), memoryPlatform({ dom }))).report).toEqual({
      status: 'skipped',
      reason: 'the navigator has no hardware hints',
    });
  });

  it('navigator.platform and vendor that are not strings are left out', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', { platform: 42, vendor: null });
    expect((await one(userAgentSource(), memoryPlatform({ dom, userAgent: 'UA' }))).value).toEqual({
      userAgent: 'UA',
      platform: undefined,
      vendor: undefined,
    });
  });

  it('a DOM whose window has no navigator still gives the user agent', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'navigator', undefined);
    expect((await one(userAgentSource(), memoryPlatform({ dom, userAgent: 'UA' }))).value).toEqual({
      userAgent: 'UA',
      platform: undefined,
      vendor: undefined,
    });
  });

  it('SourceUnavailableError is an ExkitError with its own name and code', () => {
    expect(new SourceUnavailableError('gone')).toMatchObject({
      name: 'SourceUnavailableError',
      code: 'FINGERPRINT_SOURCE_UNAVAILABLE',
      msg: 'gone',
    });
    expect(new SourceFailedError('bad')).toMatchObject({ name: 'SourceFailedError', code: 'FINGERPRINT_SOURCE_FAILED', msg: 'bad' });
  });
});

// A worker thread (StrykerJS runs the suite in threads) cannot switch its clock's zone through process.env.TZ:
// these run in processes, as the node suite does.
describe.runIf(isMainThread)('time zone offset', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('is the standard-time offset: the larger of January and July, in the northern and southern hemispheres', async () => {
    process.env.TZ = 'America/New_York'; // EST (UTC-5) in January, EDT (UTC-4) in July
    const north = await one(timeZoneSource({ timeZone: () => 'America/New_York' }), memoryPlatform({ now: Date.UTC(2026, 6, 15) }));
    expect(north.value).toEqual({ timeZone: 'America/New_York', offset: 300 });
    process.env.TZ = 'Australia/Sydney'; // AEDT (UTC+11) in January, AEST (UTC+10) in July
    const south = await one(timeZoneSource({ timeZone: () => 'Australia/Sydney' }), memoryPlatform({ now: Date.UTC(2026, 0, 15) }));
    expect(south.value).toEqual({ timeZone: 'Australia/Sydney', offset: -600 });
  });

  it('uses the year of the platform clock', async () => {
    process.env.TZ = 'Europe/Moscow'; // UTC+3 all year since 2014, UTC+4 (no DST) in 2011–2014
    const now = await one(timeZoneSource({ timeZone: () => 'Europe/Moscow' }), memoryPlatform({ now: Date.UTC(2026, 3, 1) }));
    const then = await one(timeZoneSource({ timeZone: () => 'Europe/Moscow' }), memoryPlatform({ now: Date.UTC(2012, 3, 1) }));
    expect((now.value as { offset: number }).offset).toBe(-180);
    expect((then.value as { offset: number }).offset).toBe(-240);
  });
});

describe('screen frame edges', () => {
  const frameOf = (screen: object) => {
    const dom: DomPort = jsdomDom();
    setWindow(dom, 'screen', screen);
    return readScreenFrame(dom);
  };

  it('insets are whole, never negative, and 0 when they cannot be computed', () => {
    expect(frameOf(fakeScreen({ availTop: 10.6, availHeight: 1000 }))).toEqual({ top: 11, right: 0, bottom: 69, left: 0 });
    expect(frameOf(fakeScreen({ availWidth: 2000, availLeft: -5 }))).toEqual({ top: 0, right: 0, bottom: 40, left: 0 });
    expect(frameOf({ width: 1920, height: 1080, availWidth: 1920, availHeight: Number.NaN })).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
    // availTop and availLeft are non-standard: missing ones count as 0.
    expect(frameOf({ width: 1920, height: 1080, availWidth: 1900, availHeight: 1050 })).toEqual({ top: 0, right: 20, bottom: 30, left: 0 });
  });

  it('no screen gives no frame', () => {
    expect(frameOf(undefined as unknown as object)).toBeUndefined();
  });

  it('a frame is empty only when all four insets are 0', () => {
    expect(isEmptyFrame({ top: 0, right: 0, bottom: 0, left: 0 })).toBe(true);
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      expect(isEmptyFrame({ top: 0, right: 0, bottom: 0, left: 0, [side]: 1 })).toBe(false);
    }
  });

  it('a full-screen page with no watched frame reports the empty frame', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', fakeScreen({ availHeight: 1080 }));
    const { value } = await one(screenSource({ lastFrame: () => undefined }), memoryPlatform({ dom }));
    expect(value).toEqual({ size: [1920, 1080], colorDepth: 24, frame: [0, 0, 0, 0] });
  });

  it('a page with its own frame uses it, not the watched one', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', fakeScreen({ availHeight: 1050 }));
    const { value } = await one(screenSource({ lastFrame: () => ({ top: 0, right: 0, bottom: 40, left: 0 }) }), memoryPlatform({ dom }));
    expect(value).toMatchObject({ frame: [0, 0, 30, 0] });
  });
});
