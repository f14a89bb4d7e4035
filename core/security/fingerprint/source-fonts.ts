import type { DomPort } from '../../platform/types.js';
import { DEFAULT_FONT_CANDIDATES, FONT_FALLBACK_FAMILIES, FONT_TEST_SIZE_PX, FONT_TEST_STRING, FONT_TEST_WIDTH_PX } from './constants.js';
import type { DomSource } from './types.js';
import { readRecord } from '../../validate/describe-value.js';
import { SourceFailedError } from './errors.js';

export interface FontsSourceOptions {
  /** The fonts to probe. Default `DEFAULT_FONT_CANDIDATES`. */
  fonts?: readonly string[];
  /** Width of the off-screen test box, in px. Default 4000 (spec §B9). */
  testWidthPx?: number;
}

interface Probe {
  font: string | undefined;
  fallback: string;
  span: HTMLElement;
}

const quoted = (font: string) => `"${font.replace(/["\\]/g, '\\$&')}"`;

function measure(dom: DomPort, fonts: readonly string[], testWidthPx: number): string[] {
  const doc = dom.document;
  const box = doc.createElement('div');
  // Off screen by its own width, wide enough that the test string never wraps, and invisible.
  box.style.cssText = `position:absolute;top:0;left:-${testWidthPx}px;width:${testWidthPx}px;visibility:hidden;overflow:hidden`;
  const probes: Probe[] = [];
  const add = (font: string | undefined, fallback: string) => {
    const span = doc.createElement('span');
    span.style.cssText = `position:absolute;top:0;left:0;font-size:${FONT_TEST_SIZE_PX}px;font-style:normal;font-weight:normal;letter-spacing:normal;line-height:normal;white-space:nowrap`;
    span.style.fontFamily = font === undefined ? fallback : `${quoted(font)}, ${fallback}`;
    span.textContent = FONT_TEST_STRING;
    box.appendChild(span);
    probes.push({ font, fallback, span });
  };
  for (const fallback of FONT_FALLBACK_FAMILIES) add(undefined, fallback);
  for (const font of fonts) for (const fallback of FONT_FALLBACK_FAMILIES) add(font, fallback);
  const parent = doc.body ?? doc.documentElement;
  parent.appendChild(box);
  try {
    // All spans are in the tree before the first read, so the layout runs once.
    const sizes = probes.map((probe) => [probe.span.offsetWidth, probe.span.offsetHeight] as const);
    const baseline = new Map<string, readonly [number, number]>();
    FONT_FALLBACK_FAMILIES.forEach((fallback, i) => baseline.set(fallback, sizes[i]!));
    if ([...baseline.values()].every(([width]) => width === 0)) throw new SourceFailedError('no layout: every test string measures 0 px');
    const found = new Set<string>();
    probes.forEach((probe, i) => {
      if (probe.font === undefined) return;
      const [width, height] = sizes[i]!;
      const [baseWidth, baseHeight] = baseline.get(probe.fallback)!;
      if (width !== baseWidth || height !== baseHeight) found.add(probe.font);
    });
    return fonts.filter((font) => found.has(font));
  } finally {
    box.remove();
  }
}

/** The installed fonts among the candidates, by the width test: a font is present when it changes a fallback's size. */
export function fontsSource(options: FontsSourceOptions = {}): DomSource {
  options = readRecord('options', options, 'fontsSource');
  const fonts = options.fonts ?? DEFAULT_FONT_CANDIDATES;
  const testWidthPx = options.testWidthPx ?? FONT_TEST_WIDTH_PX;
  return {
    name: 'fonts',
    needsDom: true,
    collect: ({ dom }) => measure(dom, fonts, testWidthPx),
  };
}
