// DOM fakes for the fingerprint sources in the node project: a silent jsdom window (jsdom has no canvas,
// no audio and no layout) with the host objects a test needs swapped in.
import { createRequire } from 'node:module';
import type { DomPort } from '../../../../core/platform/types.js';

const require = createRequire(import.meta.url);
const { JSDOM, VirtualConsole } = require('jsdom') as {
  JSDOM: new (html: string, options: { virtualConsole: unknown }) => { window: Window & typeof globalThis };
  VirtualConsole: new () => unknown;
};

/** A jsdom window whose "not implemented" notices (canvas) stay quiet, as a DomPort. */
export function jsdomDom(): DomPort {
  const window = new JSDOM('<!doctype html><html><body></body></html>', { virtualConsole: new VirtualConsole() }).window;
  return { window, document: window.document };
}

/** Replaces (or adds) a property of the jsdom window. */
export function setWindow(dom: DomPort, name: string, value: unknown): void {
  Object.defineProperty(dom.window, name, { value, configurable: true, writable: true });
}

export interface FakeScreen {
  width: number;
  height: number;
  availWidth: number;
  availHeight: number;
  availTop: number;
  availLeft: number;
  colorDepth: number;
}

/** A 1920×1080 screen with a 40 px task bar at the bottom. */
export function fakeScreen(overrides: Partial<FakeScreen> = {}): FakeScreen {
  return { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, availTop: 0, availLeft: 0, colorDepth: 24, ...overrides };
}

/** What a fake 2D context records: every call and property write, in order. */
export function fakeCanvasDocument(dom: DomPort, toDataURL: (calls: string[]) => string): { drawings: string[][] } {
  const drawings: string[][] = [];
  const createElement = dom.document.createElement.bind(dom.document);
  const doc = dom.document as unknown as { createElement: (tag: string) => unknown };
  doc.createElement = (tag: string) => {
    if (tag !== 'canvas') return createElement(tag);
    const calls: string[] = [];
    drawings.push(calls);
    const context = new Proxy(
      {},
      {
        get: (_target, key) => {
          if (key === 'isPointInPath')
            return (...args: unknown[]) => {
              calls.push(`isPointInPath(${args.join(',')})`);
              return false;
            };
          return (...args: unknown[]) => void calls.push(`${String(key)}(${args.join(',')})`);
        },
        set: (_target, key, value) => {
          calls.push(`${String(key)}=${String(value)}`);
          return true;
        },
      },
    );
    return { width: 0, height: 0, getContext: (kind: string) => (kind === '2d' ? context : null), toDataURL: () => toDataURL(calls) };
  };
  return { drawings };
}

/**
 * A layout for the font width test: a span measures by its first family (installed fonts have their
 * own width, missing ones fall back). Records the test box's style as seen during measurement.
 */
export function fakeFontLayout(
  dom: DomPort,
  installed: ReadonlySet<string>,
  heights: Readonly<Record<string, number>> = {},
): { boxes: { width: string; left: string }[]; styles: { box: string; span: string; family: string; text: string | null }[] } {
  const { prototype } = (dom.window as Window & typeof globalThis).HTMLElement;
  const boxes: { width: string; left: string }[] = [];
  const styles: { box: string; span: string; family: string; text: string | null }[] = [];
  const fallbackWidth: Record<string, number> = { monospace: 600, 'sans-serif': 520, serif: 500 };
  Object.defineProperty(prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      const box = this.parentElement;
      if (box) boxes.push({ width: box.style.width, left: box.style.left });
      if (box) styles.push({ box: box.style.cssText, span: this.style.cssText, family: this.style.fontFamily, text: this.textContent });
      const families = this.style.fontFamily.split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
      const fallback = families[families.length - 1]!;
      const first = families[0]!;
      return families.length > 1 && installed.has(first) ? 400 + first.length : (fallbackWidth[fallback] ?? 0);
    },
  });
  Object.defineProperty(prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      const first = this.style.fontFamily.split(',')[0]!.trim().replace(/^"|"$/g, '');
      return heights[first] ?? 80;
    },
  });
  return { boxes, styles };
}

export interface AudioScript {
  /** What startRendering does; the default renders `samples`. */
  render?: 'never' | 'reject';
  samples?: Float32Array;
  throwOnCreate?: boolean;
}

/** An OfflineAudioContext class on the window that records its graph and renders scripted samples. */
export function fakeAudio(dom: DomPort, script: AudioScript = {}): { graphs: Record<string, unknown>[] } {
  const graphs: Record<string, unknown>[] = [];
  const param = (value = 0) => ({ value });
  class FakeOfflineAudioContext {
    oncomplete: ((event: { renderedBuffer: unknown }) => void) | null = null;
    readonly destination = { kind: 'destination' };
    readonly graph: Record<string, unknown>;
    constructor(channels: number, length: number, sampleRate: number) {
      if (script.throwOnCreate) throw new Error('audio is blocked');
      this.graph = { channels, length, sampleRate };
      graphs.push(this.graph);
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: param(440),
        connect: (to: unknown) => void (this.graph.oscillatorTo = to),
        start: (at: number) => void (this.graph.startedAt = at),
      };
      this.graph.oscillator = oscillator;
      return oscillator;
    }
    createDynamicsCompressor() {
      const compressor = {
        threshold: param(),
        knee: param(),
        ratio: param(),
        attack: param(),
        release: param(),
        connect: (to: unknown) => void (this.graph.compressorTo = to),
      };
      this.graph.compressor = compressor;
      return compressor;
    }
    startRendering() {
      if (script.render === 'never') return new Promise(() => undefined);
      if (script.render === 'reject') return Promise.reject(new Error('rendering failed'));
      const samples = script.samples ?? new Float32Array(5000);
      return Promise.resolve({ getChannelData: () => samples });
    }
  }
  setWindow(dom, 'OfflineAudioContext', FakeOfflineAudioContext);
  return { graphs };
}
