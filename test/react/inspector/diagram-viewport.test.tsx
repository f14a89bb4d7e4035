import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiagramViewport } from '../../../react/inspector/diagram-viewport.js';
import type { DiagramViewportProps } from '../../../react/inspector/diagram-viewport.js';

// jsdom lays nothing out: a small layout stands in. The frame sits at (10, 20) with a 1 px border and is
// `frameWidth` wide and as tall as its style says; an element inside the canvas with `data-box="x y w h"` (diagram
// coordinates) is drawn where the canvas's transform puts it, so the component's measurements are exact.
const FRAME_LEFT = 10;
const FRAME_TOP = 20;
const BORDER = 1;
let frameWidth = 416;

type Rect = { left: number; top: number; right: number; bottom: number; width: number; height: number; x: number; y: number };
const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
  x: left,
  y: top,
});
const isFrame = (el: Element) => el.classList.contains('exkit-inspector-frame');
const frameHeight = (el: Element) => parseFloat((el as HTMLElement).style.height) || 0;

function layoutRect(el: Element): Rect {
  if (isFrame(el)) return rect(FRAME_LEFT, FRAME_TOP, frameWidth + 2 * BORDER, frameHeight(el) + 2 * BORDER);
  const box = el.getAttribute('data-box')?.split(' ').map(Number);
  const canvas = el.closest<HTMLElement>('.exkit-inspector-canvas');
  if (!canvas) return box ? rect(box[0]!, box[1]!, box[2]!, box[3]!) : rect(0, 0, 0, 0);
  const [, x, y, s] = /translate\((\S+)px, (\S+)px\) scale\((\S+)\)/.exec(canvas.style.transform)!.map(Number);
  const ox = FRAME_LEFT + BORDER + x!;
  const oy = FRAME_TOP + BORDER + y!;
  if (el === canvas || !box) return rect(ox, oy, 0, 0);
  return rect(ox + box[0]! * s!, oy + box[1]! * s!, box[2]! * s!, box[3]! * s!);
}

const saved: [object, string, PropertyDescriptor][] = [];
function override(target: object, key: string, get: (this: Element) => unknown) {
  saved.push([target, key, Object.getOwnPropertyDescriptor(target, key)!]);
  Object.defineProperty(target, key, { configurable: true, get });
}

class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  observed: Element | undefined;
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(el: Element) {
    this.observed = el;
  }
  disconnect() {
    this.disconnected = true;
  }
}

const innerHeight = window.innerHeight;
beforeEach(() => {
  frameWidth = 416;
  override(Element.prototype, 'clientWidth', function () {
    return isFrame(this) ? frameWidth : 0;
  });
  override(Element.prototype, 'clientHeight', function () {
    return isFrame(this) ? frameHeight(this) : 0;
  });
  override(Element.prototype, 'clientLeft', function () {
    return isFrame(this) ? BORDER : 0;
  });
  override(Element.prototype, 'clientTop', function () {
    return isFrame(this) ? BORDER : 0;
  });
  saved.push([Element.prototype, 'getBoundingClientRect', Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect')!]);
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Element) {
      return layoutRect(this);
    },
  });
});

afterEach(() => {
  cleanup();
  for (const [target, key, descriptor] of saved.splice(0).reverse()) Object.defineProperty(target, key, descriptor);
  window.innerHeight = innerHeight;
  FakeResizeObserver.last = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A node as Mermaid draws a state: its id (`…-state-<id>-<n>`, or data-id), its box and its label at 16 px. */
const node = (attrs: string, box: string, text: string, inner = '') =>
  `<g class="node statediagram-state" ${attrs} data-box="${box}"><rect></rect><g class="label"><foreignObject><div><span class="nodeLabel" style="font-size: 16px">${text}</span></div></foreignObject></g>${inner}</g>`;
const edge = (text: string, box = '0 0 10 10') =>
  `<g class="edgeLabel" data-box="${box}"><g class="label"><foreignObject><div><span class="edgeLabel"><p style="font-size: 16px">${text}</p></span></div></foreignObject></g></g>`;

// An 800 × 1000 diagram whose labels are 16 px: it opens at 12/16 = 75 %.
const NODES = [
  node('id="d-state-idle-0"', '100 40 80 40', 'idle'),
  node('data-id="mid"', '400 500 80 40', 'mid'),
  node('data-id="near"', '500 500 80 40', 'near'),
  node('data-id="wide"', '720 500 80 40', 'wide'),
  node('data-id="left"', '60 500 80 40', 'left'),
  node('data-id="busy"', '600 800 80 40', 'busy'),
  node('data-id="upper"', '400 400 80 40', 'upper'),
  node('data-id="lower"', '400 930 80 40', 'lower'),
  node('data-id="lower2"', '400 920 80 40', 'lower2'),
  node('data-id="flat"', '0 0 40 0', 'flat'),
  node('data-id="thin"', '0 0 0 40', 'thin'),
].join('');
const CLUSTERS =
  '<g class="cluster statediagram-state" id="d-state-Outer-12" data-box="450 450 300 300"><rect></rect>' +
  '<g class="cluster statediagram-state" id="d-state-Inner-13" data-box="480 480 100 100"><rect></rect></g></g>';
const EDGES = [edge('SUBMIT [valid] / save', '300 300 60 20'), edge('always'), edge('xstate.after.1000.x'), edge('RESET'), edge('')].join(
  '',
);
const SVG = `<svg id="d" viewBox="0 0 800 1000" style="max-width: 800px"><g class="root"><g class="clusters">${CLUSTERS}</g><g class="edgeLabels">${EDGES}</g><g class="nodes">${NODES}</g></g></svg>`;

const frame = () => screen.getByRole('group');
const canvas = () => document.querySelector<HTMLElement>('.exkit-inspector-canvas')!;
/** The canvas's transform, its numbers rounded off to 9 places (the zoom steps are not exact in binary). */
const view = () => canvas().style.transform.replace(/-?\d+\.\d+(?:e-?\d+)?/g, (n) => String(Number(Number(n).toFixed(9))));
const zoom = () => document.querySelector('output[data-zoom]')!.textContent;
const svgEl = () => canvas().querySelector('svg')!;
const edgeNamed = (text: string) => [...canvas().querySelectorAll('g.edgeLabel')].find((g) => g.textContent === text)!;
const liveIds = () => [...canvas().querySelectorAll('.exkit-live')].map((n) => n.getAttribute('data-id') ?? n.id);

function show(props: Partial<DiagramViewportProps> = {}) {
  const all: DiagramViewportProps = { svg: SVG, label: 'Order', active: ['mid'], ...props };
  const result = render(<DiagramViewport {...all} />);
  return { ...result, update: (next: Partial<DiagramViewportProps>) => result.rerender(<DiagramViewport {...all} {...next} />) };
}

describe('DiagramViewport: names and toolbar', () => {
  it('names the toolbar and the frame after the label, with the English texts', () => {
    show();
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('Zoom Order');
    expect(frame().getAttribute('aria-label')).toBe(
      'Order. Drag or use the arrow keys to pan; + and − zoom, 0 fits the width. Click a transition to send its event.',
    );
    expect(frame().getAttribute('aria-roledescription')).toBe('diagram');
    expect(frame().tabIndex).toBe(0);
    const buttons = screen.getAllByRole('button').filter((b) => b.tagName === 'BUTTON');
    expect(buttons.map((b) => [b.getAttribute('aria-label'), b.getAttribute('title'), b.textContent])).toEqual([
      ['Zoom out', 'Zoom out (−)', '−'],
      ['Zoom in', 'Zoom in (+)', '+'],
      [null, 'The opening view: readable, on the live state', 'Live state'],
      [null, 'Fit to width (0)', 'Fit width'],
      [null, 'Actual size (1)', '1:1'],
    ]);
    expect(buttons.every((b) => b.getAttribute('type') === 'button')).toBe(true);
    expect(document.querySelector('output')!.getAttribute('aria-live')).toBe('off');
  });

  it('shows the given texts over the English ones, and follows a change of them', () => {
    const texts = {
      zoomToolbar: (l: string) => `Zoomer ${l}`,
      zoomOut: 'Réduire',
      zoomOutTitle: 'Réduire (−)',
      zoomIn: 'Agrandir',
      zoomInTitle: 'Agrandir (+)',
      liveState: 'État vivant',
      liveStateTitle: 'Vue d’ouverture',
      fitWidth: 'Largeur',
      fitWidthTitle: 'Ajuster (0)',
      actualSizeTitle: 'Taille réelle (1)',
      frameLabel: (l: string) => `Cadre ${l}`,
      frameRole: 'schéma',
      sendEvent: (type: string) => `Envoyer ${type}`,
    };
    const { update } = show({ texts });
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('Zoomer Order');
    expect(frame().getAttribute('aria-label')).toBe('Cadre Order');
    expect(frame().getAttribute('aria-roledescription')).toBe('schéma');
    const buttons = screen.getAllByRole('button').filter((b) => b.tagName === 'BUTTON');
    expect(buttons.map((b) => [b.getAttribute('aria-label'), b.getAttribute('title'), b.textContent])).toEqual([
      ['Réduire', 'Réduire (−)', '−'],
      ['Agrandir', 'Agrandir (+)', '+'],
      [null, 'Vue d’ouverture', 'État vivant'],
      [null, 'Ajuster (0)', 'Largeur'],
      [null, 'Taille réelle (1)', '1:1'],
    ]);
    expect(edgeNamed('SUBMIT [valid] / save').getAttribute('aria-label')).toBe('Envoyer SUBMIT');
    update({ texts: { ...texts, zoomToolbar: (l: string) => `Zoom sur ${l}`, sendEvent: (type: string) => `Schicke ${type}` } });
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('Zoom sur Order');
    expect(edgeNamed('SUBMIT [valid] / save').getAttribute('aria-label')).toBe('Schicke SUBMIT');
    expect(edgeNamed('RESET').getAttribute('aria-label')).toBe('Schicke RESET');
  });
});

describe('DiagramViewport: the SVG', () => {
  it('puts the SVG in at its viewBox size, without its own style, and says it is ready', () => {
    show();
    const svg = svgEl();
    expect(svg.getAttribute('width')).toBe('800');
    expect(svg.getAttribute('height')).toBe('1000');
    expect(svg.hasAttribute('style')).toBe(false);
    expect(frame().getAttribute('data-ready')).toBe('true');
  });

  it('measures an SVG without a viewBox from its drawn box', () => {
    show({
      svg: '<svg data-box="0 0 300 200" style="width: 100%"><g class="node" data-id="a" data-box="0 0 10 10"></g></svg>',
      active: [],
    });
    expect(svgEl().getAttribute('width')).toBe('300');
    expect(svgEl().getAttribute('height')).toBe('200');
    // No labels: it opens at the whole width, never past 1:1: centred in the 416 px frame.
    expect(view()).toBe('translate(58px, 8px) scale(1)');
    expect(frame().style.height).toBe('280px');
  });

  it('text that holds no SVG is put in as it is, and the frame is not ready', () => {
    show({ svg: '<p>no diagram</p>' });
    expect(canvas().innerHTML).toBe('<p>no diagram</p>');
    expect(frame().getAttribute('data-ready')).toBe('false');
    expect(view()).toBe('translate(0px, 0px) scale(1)');
  });

  it('makes each transition label naming a user event a button that sends it; other labels stay text', () => {
    show();
    const submit = edgeNamed('SUBMIT [valid] / save');
    expect(submit.getAttribute('data-send-event')).toBe('SUBMIT');
    expect(submit.getAttribute('role')).toBe('button');
    expect(submit.getAttribute('aria-label')).toBe('Send SUBMIT');
    expect(edgeNamed('RESET').getAttribute('data-send-event')).toBe('RESET');
    for (const text of ['always', 'xstate.after.1000.x', '']) {
      const label = edgeNamed(text);
      expect(label.hasAttribute('data-send-event')).toBe(false);
      expect(label.hasAttribute('role')).toBe(false);
      expect(label.hasAttribute('tabindex')).toBe(false);
      expect(label.hasAttribute('aria-label')).toBe(false);
    }
  });

  it('labels are focusable controls only when events can be sent', () => {
    const { update } = show();
    expect(edgeNamed('SUBMIT [valid] / save').getAttribute('tabindex')).toBe('-1');
    update({ onSendEvent: () => undefined });
    expect(edgeNamed('SUBMIT [valid] / save').getAttribute('tabindex')).toBe('0');
    expect(edgeNamed('RESET').getAttribute('tabindex')).toBe('0');
    update({ onSendEvent: undefined });
    expect(edgeNamed('RESET').getAttribute('tabindex')).toBe('-1');
  });

  it('marks the labels of the accepted events, and follows a change of them', () => {
    const { update } = show({ accepted: ['SUBMIT', 'OTHER'] });
    expect(edgeNamed('SUBMIT [valid] / save').classList.contains('exkit-accepts')).toBe(true);
    expect(edgeNamed('RESET').classList.contains('exkit-accepts')).toBe(false);
    update({ accepted: ['RESET'] });
    expect(edgeNamed('SUBMIT [valid] / save').classList.contains('exkit-accepts')).toBe(false);
    expect(edgeNamed('RESET').classList.contains('exkit-accepts')).toBe(true);
    update({ accepted: undefined });
    expect(canvas().querySelectorAll('.exkit-accepts')).toHaveLength(0);
  });
});

describe('DiagramViewport: the live states', () => {
  it('highlights the nodes and regions named in active, by data-id or by Mermaid element id, and follows a change', () => {
    const { update } = show({ active: ['mid', 'idle', 'Outer'] });
    expect(liveIds().sort()).toEqual(['d-state-Outer-12', 'd-state-idle-0', 'mid']);
    update({ active: ['busy'] });
    expect(liveIds()).toEqual(['busy']);
    update({ active: [] });
    expect(liveIds()).toEqual([]);
  });

  it('reads a state id only from a whole `state-<id>-<n>` element id', () => {
    const ids = [
      'state-plain-7',
      'x-state-a.b-12',
      'xstate-foo-1',
      'd-state-tail-1x',
      'd-state-nodigit-',
      'a-state-b-state-c-2',
      'exkit-diagram-1-state-deep-30',
    ];
    const svg = `<svg viewBox="0 0 100 100">${ids.map((id) => `<g class="node" id="${id}"></g>`).join('')}<g class="node"></g><g class="other" data-id="plain"></g></svg>`;
    show({ svg, active: ['plain', 'a.b', 'foo', 'tail', 'nodigit', 'b-state-c', 'c', 'undefined', '', 'deep'] });
    expect(liveIds()).toEqual(['state-plain-7', 'x-state-a.b-12', 'a-state-b-state-c-2', 'exkit-diagram-1-state-deep-30']);
  });

  it('opens at the scale that keeps its smallest label at 12 px, centred on the live state', () => {
    show();
    // mid (400 500 80 40) centred in 416 × 576 at 75 %: x = 208 − 440 × 0.75, y = 288 − 520 × 0.75.
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    expect(frame().getAttribute('data-scale')).toBe('0.75');
    expect(zoom()).toBe('75%');
    // 75 % of 1000 px is taller than the window allows (0.75 × 768 = 576).
    expect(frame().style.height).toBe('576px');
  });

  it('opens at the whole width when that keeps the labels readable, on a lower window height', () => {
    window.innerHeight = 500;
    frameWidth = 1616;
    show();
    // 16 px labels at 100 % (never past 1:1), centred across; the frame is 75 % of 500 px.
    expect(view()).toBe('translate(408px, -332.5px) scale(1)');
    expect(frame().style.height).toBe('375px');
  });

  it('in a document without a window, the frame may take 640 px', () => {
    const doc = document.implementation.createHTMLDocument('');
    const container = doc.body.appendChild(doc.createElement('div'));
    render(<DiagramViewport svg={SVG} label="Order" active={['mid']} />, { container });
    // The window height assumed is the one where 75 % is the largest frame: 640 / 0.75.
    expect(container.querySelector<HTMLElement>('.exkit-inspector-frame')!.style.height).toBe('640px');
  });

  it('keeps the frame between 280 and 640 px high', () => {
    window.innerHeight = 300;
    show();
    expect(frame().style.height).toBe('280px');
    cleanup();
    window.innerHeight = 2000;
    show();
    expect(frame().style.height).toBe('640px');
  });

  it.each([
    [
      'the smallest label (8 px) sets the scale',
      '<text style="font-size: 16px">a</text><text style="font-size: 8px">b</text><text style="font-size: 9px">c</text>',
      1.5,
    ],
    [
      'empty and unsized labels are not measured',
      '<text style="font-size: 24px">a</text><text style="font-size: 4px">  </text><text style="font-size: 0px">z</text><text>m</text>',
      0.5,
    ],
    [
      '.nodeLabel, .edgeLabel, span and p are labels too',
      '<g class="nodeLabel" style="font-size: 48px">a</g><foreignObject><span style="font-size: 32px">s</span><p style="font-size: 40px">p</p></foreignObject>',
      0.375,
    ],
    ['a diagram without labels opens at the whole width', '<g class="edgeLabel" style="font-size: 4px">x</g>'.replace('x', ''), 0.3],
  ])('%s', (_name, labels, scale) => {
    // A 1000 × 100 diagram across 316 px: the whole width is 30 %.
    frameWidth = 316;
    show({ svg: `<svg viewBox="0 0 1000 100">${labels}</svg>`, active: [] });
    expect(frame().getAttribute('data-scale')).toBe(String(scale));
  });

  it.each([
    ['no live state: the top of the diagram, centred across', [], 'translate(-92px, 8px) scale(0.75)'],
    ['a live state near the corner: the edges stay in the frame', ['idle'], 'translate(8px, 8px) scale(0.75)'],
    ['two live states close together: both', ['mid', 'near'], 'translate(-159.5px, -102px) scale(0.75)'],
    ['two live states exactly the frame apart: both', ['mid', 'wide'], 'translate(-192px, -102px) scale(0.75)'],
    ['two live states wider apart than the frame: the first', ['mid', 'left'], 'translate(-122px, -102px) scale(0.75)'],
    ['two live states taller apart than the frame: the first', ['upper', 'lower'], 'translate(-122px, -27px) scale(0.75)'],
    ['two live states exactly the frame height apart: both', ['upper', 'lower2'], 'translate(-122px, -182px) scale(0.75)'],
    ['a live state not drawn (no width or no height) is left out', ['mid', 'flat', 'thin'], 'translate(-122px, -102px) scale(0.75)'],
    ['live regions only: the innermost', ['Outer', 'Inner'], 'translate(-189.5px, -109.5px) scale(0.75)'],
    ['a live node and its region: the node', ['Outer', 'mid'], 'translate(-122px, -102px) scale(0.75)'],
    ['a live state not in the diagram: the top centre', ['nowhere'], 'translate(-92px, 8px) scale(0.75)'],
  ])('opens on %s', (_name, active, expected) => {
    show({ active });
    expect(view()).toBe(expected);
  });

  it('follows the live state when it leaves the frame, and stays put while it shows', () => {
    const { update } = show();
    update({ active: ['idle'] });
    expect(view()).toBe('translate(8px, 8px) scale(0.75)');
    update({ active: ['mid'] });
    // mid (400 500 80 40) shows whole at (308, 383): no move.
    expect(view()).toBe('translate(8px, 8px) scale(0.75)');
    update({ active: ['busy'] });
    expect(view()).toBe('translate(-192px, -182px) scale(0.75)');
    update({ active: ['nowhere'] });
    expect(view()).toBe('translate(-192px, -182px) scale(0.75)');
  });

  it('follows at the zoom the user chose', () => {
    const { update } = show({ active: ['idle'] });
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    // 8 → 208 − 200 × 1.25 = −42, 8 → 288 − 280 × 1.25 = −62 at 93.75 %.
    expect(view()).toBe('translate(-42px, -62px) scale(0.9375)');
    update({ active: ['busy'] });
    // busy (600 800 80 40) brought in at 93.75 %, as far as the diagram's edges allow.
    expect(view()).toBe('translate(-342px, -369.5px) scale(0.9375)');
  });

  it('follows a pair of live states as a pair when they fit at the current zoom', () => {
    const { update } = show({ active: ['busy'] });
    expect(view()).toBe('translate(-192px, -182px) scale(0.75)');
    // 420 px apart in the diagram, 315 px at 75 %: both fit the 400 px the frame leaves.
    update({ active: ['mid', 'left'] });
    expect(view()).toBe('translate(5.5px, -102px) scale(0.75)');
    update({ active: ['idle'] });
    // 570 px apart, 427.5 px at 75 %: both fit the 560 px the frame leaves.
    update({ active: ['upper', 'lower'] });
    expect(view()).toBe('translate(-122px, -182px) scale(0.75)');
  });

  it('content without an SVG still highlights and follows its live state, and opens on a resize', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show({ svg: '<div><g class="node" data-id="a" data-box="500 300 10 10"></g></div>', active: ['a'] });
    expect(liveIds()).toEqual(['a']);
    // Nothing measured (0 × 0): the live state is out of the 416 × 280 frame at 1:1, so the view moves.
    expect(view()).toBe('translate(208px, 8px) scale(1)');
    frameWidth = 616;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(308px, 8px) scale(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(view()).toBe('translate(0px, 0px) scale(1)');
    expect(frame().style.height).toBe('280px');
  });

  it('a new SVG opens at its own initial view, whatever the user did to the last one', () => {
    const { update } = show({ active: ['idle'] });
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const second = SVG.replace('viewBox="0 0 800 1000"', 'viewBox="0 0 800 1200"').replace('data-id="mid"', 'data-id="next"');
    update({ svg: second, active: ['next'] });
    expect(svgEl().getAttribute('height')).toBe('1200');
    expect(liveIds()).toEqual(['next']);
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    fireEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(view()).toBe('translate(8px, 8px) scale(0.5)');
    expect(frame().style.height).toBe('576px');
  });
});

describe('DiagramViewport: zoom and pan', () => {
  it('zooms by 1.25 about the frame centre, within 5 % and 800 %', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(view()).toBe('translate(-204.5px, -199.5px) scale(0.9375)');
    expect(zoom()).toBe('94%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(view()).toBe('translate(-56px, -24px) scale(0.6)');
    expect(zoom()).toBe('60%');
    for (let i = 0; i < 20; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBe('800%');
    for (let i = 0; i < 40; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom()).toBe('5%');
  });

  it('fits the width, shows the actual size, and opens again on the live state', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(view()).toBe('translate(8px, 8px) scale(0.5)');
    expect(frame().style.height).toBe('516px');
    fireEvent.click(screen.getByText('1:1'));
    // From 50 % to 100 % about (208, 258).
    expect(view()).toBe('translate(-192px, -242px) scale(1)');
    expect(frame().style.height).toBe('516px');
    fireEvent.click(screen.getByText('Live state'));
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    expect(frame().style.height).toBe('576px');
  });

  it.each([
    ['ArrowLeft', 'translate(-74px, -102px) scale(0.75)'],
    ['ArrowRight', 'translate(-170px, -102px) scale(0.75)'],
    ['ArrowUp', 'translate(-122px, -54px) scale(0.75)'],
    ['ArrowDown', 'translate(-122px, -150px) scale(0.75)'],
    ['+', 'translate(-204.5px, -199.5px) scale(0.9375)'],
    ['=', 'translate(-204.5px, -199.5px) scale(0.9375)'],
    ['-', 'translate(-56px, -24px) scale(0.6)'],
    ['_', 'translate(-56px, -24px) scale(0.6)'],
    ['0', 'translate(8px, 8px) scale(0.5)'],
    ['1', 'translate(-232px, -232px) scale(1)'],
  ])('the key %s moves the view and is consumed', (key, expected) => {
    show();
    expect(fireEvent.keyDown(frame(), { key })).toBe(false);
    expect(view()).toBe(expected);
  });

  it('other keys pass through untouched', () => {
    show({ onSendEvent: vi.fn() });
    for (const key of ['a', 'Enter', ' ', 'Escape']) expect(fireEvent.keyDown(frame(), { key })).toBe(true);
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
  });

  it('a key zoom or pan leaves a later resize alone; fitting follows one', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show();
    fireEvent.keyDown(frame(), { key: 'ArrowLeft' });
    frameWidth = 616;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(-74px, -102px) scale(0.75)');
    fireEvent.keyDown(frame(), { key: '0' });
    expect(view()).toBe('translate(8px, 8px) scale(0.75)');
    frameWidth = 416;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(8px, 8px) scale(0.5)');
  });

  it.each([
    [
      'a drag',
      () => {
        fireEvent.pointerDown(frame(), { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
        fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 130, clientY: 90 });
      },
      'translate(-92px, -112px) scale(0.75)',
    ],
    ['the actual size', () => fireEvent.click(screen.getByText('1:1')), 'translate(-232px, -232px) scale(1)'],
    [
      'the zoom-in button',
      () => fireEvent.click(screen.getByRole('button', { name: 'Zoom in' })),
      'translate(-204.5px, -199.5px) scale(0.9375)',
    ],
  ])('after %s a resize leaves the view alone', (_name, act_, expected) => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show();
    act_();
    frameWidth = 816;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe(expected);
  });

  it('drags with one pointer, pinches with two, ignores other buttons and strays', () => {
    show();
    fireEvent.pointerMove(frame(), { pointerId: 9, clientX: 0, clientY: 0 });
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    fireEvent.pointerDown(frame(), { pointerId: 5, button: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 5, clientX: 150, clientY: 150 });
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    fireEvent.pointerDown(frame(), { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 130, clientY: 90 });
    expect(view()).toBe('translate(-92px, -112px) scale(0.75)');
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 100, clientY: 100 });
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    fireEvent.pointerDown(frame(), { pointerId: 2, button: 0, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 2, clientX: 300, clientY: 100 });
    // Twice as far apart: 150 % about the midpoint (200, 100) in the frame's inner coordinates (189, 79).
    expect(view()).toBe('translate(-433px, -283px) scale(1.5)');
    fireEvent.pointerUp(frame(), { pointerId: 2, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 110, clientY: 100 });
    expect(view()).toBe('translate(-423px, -283px) scale(1.5)');
    fireEvent.pointerCancel(frame(), { pointerId: 1 });
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 200, clientY: 100 });
    expect(view()).toBe('translate(-423px, -283px) scale(1.5)');
  });

  it('the first of two pointers pinches too; a third pointer neither pans nor zooms', () => {
    show();
    fireEvent.pointerDown(frame(), { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(frame(), { pointerId: 2, button: 0, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 0, clientY: 100 });
    // Twice as far apart, about the midpoint (100, 100), (89, 79) inside the frame.
    expect(view()).toBe('translate(-333px, -283px) scale(1.5)');
    fireEvent.pointerDown(frame(), { pointerId: 3, button: 0, clientX: 300, clientY: 300 });
    fireEvent.pointerMove(frame(), { pointerId: 3, clientX: 400, clientY: 350 });
    fireEvent.pointerMove(frame(), { pointerId: 1, clientX: 50, clientY: 100 });
    expect(view()).toBe('translate(-333px, -283px) scale(1.5)');
  });

  it('removes its wheel listener when it goes', () => {
    const added = vi.spyOn(HTMLElement.prototype, 'addEventListener');
    const removed = vi.spyOn(HTMLElement.prototype, 'removeEventListener');
    const { unmount } = show();
    const onFrame = added.mock.calls.filter((_call, i) => added.mock.contexts[i] === frame());
    expect(onFrame.map(([type, , options]) => [type, options])).toEqual([['wheel', { passive: false }]]);
    const element = frame();
    unmount();
    const removedFromFrame = removed.mock.calls.filter((_call, i) => removed.mock.contexts[i] === element);
    expect(removedFromFrame.map(([type, listener]) => [type, listener])).toEqual([['wheel', onFrame[0]![1]]]);
  });

  it('two pointers pressed at one spot do not zoom until they part', () => {
    show();
    fireEvent.pointerDown(frame(), { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(frame(), { pointerId: 2, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(frame(), { pointerId: 2, clientX: 200, clientY: 100 });
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
  });

  it('a plain wheel zooms only while the frame has focus; ctrl or ⌘ + wheel at once', () => {
    show();
    const wheel = (init: WheelEventInit) => {
      const event = new WheelEvent('wheel', { cancelable: true, bubbles: true, clientX: 111, clientY: 121, ...init });
      frame().dispatchEvent(event);
      return event.defaultPrevented;
    };
    act(() => void expect(wheel({ deltaY: -1000 })).toBe(false));
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    // One notch is one step at most: 125 % about (100, 100) inside the border.
    act(() => void expect(wheel({ deltaY: -1000, ctrlKey: true })).toBe(true));
    expect(view()).toBe('translate(-177.5px, -152.5px) scale(0.9375)');
    fireEvent.focus(frame());
    act(() => void expect(wheel({ deltaY: 1000 })).toBe(true));
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    fireEvent.blur(frame());
    act(() => void expect(wheel({ deltaY: 1000 })).toBe(false));
    expect(view()).toBe('translate(-122px, -102px) scale(0.75)');
    // A pinch (ctrl) zooms smoothly, a mouse (⌘) in smaller steps per pixel.
    act(() => void wheel({ deltaY: 10, ctrlKey: true }));
    expect(Number(frame().getAttribute('data-scale'))).toBeCloseTo(0.75 * Math.exp(-0.1), 12);
    act(() => void wheel({ deltaY: -10, metaKey: true }));
    expect(Number(frame().getAttribute('data-scale'))).toBeCloseTo(0.75 * Math.exp(-0.1) * Math.exp(0.015), 12);
  });

  it('a wheel zoom leaves a later resize alone', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show();
    act(
      () =>
        void frame().dispatchEvent(new WheelEvent('wheel', { cancelable: true, ctrlKey: true, deltaY: -1000, clientX: 111, clientY: 121 })),
    );
    frameWidth = 816;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(-177.5px, -152.5px) scale(0.9375)');
  });
});

describe('DiagramViewport: a change of the frame width', () => {
  it('opens again at the new width until the user zooms; the same width does nothing', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { unmount } = show();
    const observer = FakeResizeObserver.last!;
    expect(observer.observed).toBe(frame());
    frameWidth = 816;
    act(() => observer.callback());
    // 100 % now fits: centred across (8 px each side), on mid down the page.
    expect(view()).toBe('translate(8px, -232px) scale(1)');
    window.innerHeight = 500;
    act(() => observer.callback());
    expect(frame().style.height).toBe('576px');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    frameWidth = 416;
    act(() => observer.callback());
    expect(view()).toBe('translate(88px, -128px) scale(0.8)');
    unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('fits again at the new width once fitted, and only when the width changed', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    frameWidth = 616;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(8px, 8px) scale(0.75)');
    expect(frame().style.height).toBe('576px');
    window.innerHeight = 400;
    act(() => FakeResizeObserver.last!.callback());
    expect(frame().style.height).toBe('576px');
  });

  it('the live state button hands a resize back to the opening view', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByText('Live state'));
    frameWidth = 816;
    act(() => FakeResizeObserver.last!.callback());
    expect(view()).toBe('translate(8px, -232px) scale(1)');
  });
});

describe('DiagramViewport: sending events from the diagram', () => {
  it('Enter or Space on a transition label sends its event', () => {
    const onSendEvent = vi.fn();
    show({ onSendEvent });
    const submit = edgeNamed('SUBMIT [valid] / save');
    expect(fireEvent.keyDown(submit, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(edgeNamed('RESET'), { key: ' ' })).toBe(false);
    expect(onSendEvent.mock.calls).toEqual([['SUBMIT'], ['RESET']]);
    // Other keys on a label pan as anywhere else; keys on a plain label send nothing.
    expect(fireEvent.keyDown(submit, { key: 'ArrowUp' })).toBe(false);
    expect(view()).toBe('translate(-122px, -54px) scale(0.75)');
    fireEvent.keyDown(edgeNamed('always'), { key: 'Enter' });
    expect(onSendEvent).toHaveBeenCalledTimes(2);
  });

  it('a click (press and release within 5 px) on a label sends its event; a drag or a cancel does not', () => {
    const onSendEvent = vi.fn();
    show({ onSendEvent });
    const submit = edgeNamed('SUBMIT [valid] / save');
    fireEvent.pointerDown(submit, { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(submit, { pointerId: 1, clientX: 53, clientY: 53 });
    expect(onSendEvent.mock.calls).toEqual([['SUBMIT']]);
    fireEvent.pointerUp(submit, { pointerId: 1, clientX: 50, clientY: 50 });
    expect(onSendEvent).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(submit, { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(submit, { pointerId: 1, clientX: 54, clientY: 53 });
    fireEvent.pointerDown(submit, { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
    fireEvent.pointerCancel(submit, { pointerId: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerDown(submit, { pointerId: 1, button: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(submit, { pointerId: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerDown(frame(), { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(frame(), { pointerId: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerDown(edgeNamed('always'), { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(edgeNamed('always'), { pointerId: 1, clientX: 50, clientY: 50 });
    expect(onSendEvent).toHaveBeenCalledTimes(1);
  });

  it('sends through the latest onSendEvent, and through none when it is taken away', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { update } = show({ onSendEvent: first });
    update({ onSendEvent: second });
    fireEvent.keyDown(edgeNamed('RESET'), { key: 'Enter' });
    fireEvent.pointerDown(edgeNamed('RESET'), { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerUp(edgeNamed('RESET'), { pointerId: 1, clientX: 5, clientY: 5 });
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls).toEqual([['RESET'], ['RESET']]);
    update({ onSendEvent: undefined });
    expect(fireEvent.keyDown(edgeNamed('RESET'), { key: 'Enter' })).toBe(false);
    fireEvent.pointerDown(edgeNamed('RESET'), { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerUp(edgeNamed('RESET'), { pointerId: 1, clientX: 5, clientY: 5 });
    expect(second).toHaveBeenCalledTimes(2);
  });
});
