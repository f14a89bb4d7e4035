import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { eventOfTransitionLabel } from '../../machines/inspector/accepted-events.js';
import { centreOn, fitToWidth, initialScale, panBy, showsWhole, wheelFactor, zoomAt, zoomTo } from '../../machines/inspector/viewport.js';
import type { Box, Viewport } from '../../machines/inspector/viewport.js';
import { resolveInspectorTexts } from './inspector-texts.js';
import type { InspectorTexts } from './inspector-texts.js';

const ZOOM_STEP = 1.25;
const PAN_STEP = 48;
const MIN_FRAME_HEIGHT = 280;
const MAX_FRAME_HEIGHT = 640;
/** The share of the window's height the frame may take (the CSS max-height says the same). */
const MAX_FRAME_SHARE = 0.75;
/** The smallest label height, in CSS px, the diagram opens at (WCAG gives no minimum; 12 px clears the 11 px floor with margin). */
const READABLE_LABEL_PX = 12;
/** A pointer that moves less than this between press and release clicked (a transition label), rather than dragged. */
const CLICK_SLOP = 5;
/** The mode once the user zoomed or panned: a change of the frame's width leaves their view alone. */
// Stryker disable next-line StringLiteral: any mode but 'initial' and 'fit' leaves the view to the user
const USER_VIEW = 'user';

/** The Mermaid id of a rendered state node (`data-id`, else the `…-state-<id>-<n>` element id). */
function stateIdOf(node: Element): string | undefined {
  const dataId = node.getAttribute('data-id');
  if (dataId) return dataId;
  return /^(?:.*?-)?state-(.+)-\d+$/.exec(node.id)?.[1];
}

export interface DiagramViewportProps {
  /** The SVG text Mermaid rendered. */
  svg: string;
  /** What the diagram shows, for its accessible name. */
  label: string;
  /** Mermaid ids of the states to highlight. */
  active: readonly string[];
  /** The events the current state handles: their transition labels are marked as such. */
  accepted?: readonly string[];
  /** Sends an event; given, each transition label naming an event a user sends is a control that sends it. */
  onSendEvent?: (type: string) => void;
  /**
   * The toolbar's, the frame's and the transition labels' texts (a translation, say), over the English
   * `INSPECTOR_TEXTS`: `zoomToolbar`, `zoomIn`, `zoomOut` and their titles, `liveState`, `fitWidth`,
   * `actualSizeTitle` and their titles, `frameLabel` and `sendEvent`. Checked as MachineInspector's `texts`.
   */
  texts?: Partial<InspectorTexts>;
}

/** The smallest font size (CSS px) of the diagram's labels, or Infinity when it has none. */
function smallestLabelPx(svg: Element): number {
  let smallest = Infinity;
  for (const el of svg.querySelectorAll('.nodeLabel, .edgeLabel, span, p, text')) {
    // An element's textContent is a string (null only for documents and doctypes).
    if (el.textContent!.trim() === '') continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    // Stryker disable next-line EqualityOperator: a label as small as the smallest so far leaves it as it is
    if (px > 0 && px < smallest) smallest = px;
  }
  return smallest;
}

/** The box of `elements` in diagram coordinates (the canvas is drawn at `scale`, its origin at `canvas`). */
function unionBox(elements: Element[], canvas: DOMRect, scale: number): Box | undefined {
  const rects = elements.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  if (!rects.length) return undefined;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  return { x: (left - canvas.left) / scale, y: (top - canvas.top) / scale, width: (right - left) / scale, height: (bottom - top) / scale };
}

/**
 * A rendered diagram in a frame with pan and zoom (wheel, pinch, drag, buttons, keyboard) and fit-to-width. It
 * opens with every label readable: the whole width when that keeps the labels at 12 px or more, else at the
 * scale that does, centred on the live state, and it follows the live state when it leaves the frame.
 */
export function DiagramViewport({ svg, label, active, accepted, onSendEvent, texts }: DiagramViewportProps) {
  const t = useMemo(() => resolveInspectorTexts(texts), [texts]);
  const frame = useRef<HTMLDivElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const size = useRef({ width: 0, height: 0 });
  const readable = useRef(1);
  const [view, setView] = useState<Viewport>({ scale: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  const [height, setHeight] = useState(MIN_FRAME_HEIGHT);
  const [ready, setReady] = useState(false);
  // Set when a new SVG opened at its initial view: the follow effect of that same commit must not move it (it
  // would measure the previous view).
  const opened = useRef(false);
  // What a change of the frame's width redraws: the opening view, the fitted width, or nothing once the user
  // zoomed or panned (a scrollbar coming and going must not undo their view).
  const mode = useRef<'initial' | 'fit' | 'user'>('initial');
  const focused = useRef(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const press = useRef<{ x: number; y: number; event?: string } | undefined>(undefined);
  const activeRef = useRef(active);
  const sendRef = useRef(onSendEvent);
  // The latest view and props for the handlers and effects below; first, so every later effect reads them.
  useLayoutEffect(() => {
    viewRef.current = view;
    activeRef.current = active;
    sendRef.current = onSendEvent;
  });

  const frameHeightFor = (scale: number) => {
    const windowHeight = frame.current!.ownerDocument.defaultView?.innerHeight ?? MAX_FRAME_HEIGHT / MAX_FRAME_SHARE;
    const most = Math.max(MIN_FRAME_HEIGHT, Math.min(MAX_FRAME_HEIGHT, Math.floor(windowHeight * MAX_FRAME_SHARE)));
    return Math.round(Math.min(most, Math.max(MIN_FRAME_HEIGHT, size.current.height * scale + 16)));
  };

  /** The live states' box in diagram coordinates: the innermost ones (a live region holds its live state). */
  const liveBox = useCallback((frameSize: { width: number; height: number }): Box | undefined => {
    const host = content.current!;
    const live = [...host.querySelectorAll('.exkit-live')];
    const innermost = live.filter((node) => !live.some((other) => other !== node && node.contains(other)));
    const nodes = innermost.filter((node) => node.matches('g.node'));
    const shown = nodes.length ? nodes : innermost;
    const canvas = host.getBoundingClientRect();
    const scale = viewRef.current.scale;
    const all = unionBox(shown, canvas, scale);
    // Live states too far apart to show together (parallel regions side by side): the first one.
    if (all && (all.width * scale > frameSize.width - 16 || all.height * scale > frameSize.height - 16))
      return unionBox(shown.slice(0, 1), canvas, scale);
    return all;
    // Stryker disable next-line ArrayDeclaration: liveBox reads only refs: no dependency, so any fixed list keeps the one function
  }, []);

  const highlight = useCallback(() => {
    const host = content.current!;
    const wanted = new Set(activeRef.current);
    for (const node of host.querySelectorAll('g.node, g.cluster, g.statediagram-state')) {
      const id = stateIdOf(node);
      node.classList.toggle('exkit-live', id !== undefined && wanted.has(id));
    }
    // Stryker disable next-line ArrayDeclaration: highlight reads only refs: no dependency, so any fixed list keeps the one function
  }, []);

  /** The whole width, or the readable scale centred on the live state. */
  const initial = useCallback(() => {
    const width = frame.current!.clientWidth;
    const scale = initialScale(size.current.width, width, readable.current);
    const frameHeight = frameHeightFor(scale);
    const frameSize = { width, height: frameHeight };
    mode.current = 'initial';
    setView(centreOn(scale, size.current, frameSize, liveBox(frameSize)));
    setHeight(frameHeight);
    // Stryker disable next-line ArrayDeclaration: liveBox never changes (its own list is empty), so initial never changes either way
  }, [liveBox]);

  const fit = useCallback(() => {
    const width = frame.current!.clientWidth;
    const next = fitToWidth(size.current.width, width);
    mode.current = 'fit';
    setView(next);
    setHeight(frameHeightFor(next.scale));
    // Stryker disable next-line ArrayDeclaration: fit reads only refs and state setters: any fixed list keeps the one function
  }, []);

  // The SVG goes in by hand (it is Mermaid's, sanitised under securityLevel 'strict'), drawn at its natural size.
  useLayoutEffect(() => {
    const host = content.current!;
    host.innerHTML = svg;
    const element = host.querySelector('svg');
    if (!element) return;
    const box = element.viewBox.baseVal;
    const width = box && box.width > 0 ? box.width : element.getBoundingClientRect().width;
    const heightOf = box && box.height > 0 ? box.height : element.getBoundingClientRect().height;
    size.current = { width, height: heightOf };
    element.removeAttribute('style');
    element.setAttribute('width', String(width));
    element.setAttribute('height', String(heightOf));
    // No labels: 0, which opens at the whole width.
    readable.current = READABLE_LABEL_PX / smallestLabelPx(element);
    // Each transition label naming an event a user sends becomes a control sending it.
    for (const edge of element.querySelectorAll('g.edgeLabel')) {
      const type = eventOfTransitionLabel(edge.textContent!);
      if (type === undefined) continue;
      // Its name and tabindex follow the texts and onSendEvent: the effects below set them.
      edge.setAttribute('data-send-event', type);
      edge.setAttribute('role', 'button');
    }
    highlight();
    initial();
    opened.current = true;
    setReady(true);
  }, [svg, initial, highlight]);

  useEffect(() => {
    highlight();
    if (opened.current) {
      opened.current = false;
      return;
    }
    // Follow the live state: when it has left the frame, bring it to the middle at the same scale.
    const element = frame.current!;
    const frameSize = { width: element.clientWidth, height: element.clientHeight };
    const box = liveBox(frameSize);
    if (!box) return;
    const now = viewRef.current;
    if (!showsWhole(now, frameSize, box)) setView(centreOn(now.scale, size.current, frameSize, box));
  }, [svg, active, highlight, liveBox]);

  // Transition labels named in the current texts (they may change after the SVG went in).
  useEffect(() => {
    const host = content.current!;
    for (const edge of host.querySelectorAll('[data-send-event]'))
      edge.setAttribute('aria-label', t.sendEvent(edge.getAttribute('data-send-event')!));
  }, [svg, t]);

  useEffect(() => {
    const host = content.current!;
    const handled = new Set(accepted);
    for (const edge of host.querySelectorAll('[data-send-event]')) {
      edge.classList.toggle('exkit-accepts', handled.has(edge.getAttribute('data-send-event')!));
      edge.setAttribute('tabindex', onSendEvent ? '0' : '-1');
    }
  }, [svg, accepted, onSendEvent]);

  // Open again when the frame's width changes (a rotated phone, a resized window).
  useEffect(() => {
    const element = frame.current!;
    if (typeof ResizeObserver === 'undefined') return;
    let lastWidth = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== lastWidth) {
        lastWidth = element.clientWidth;
        if (mode.current === 'initial') initial();
        else if (mode.current === 'fit') fit();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
    // Stryker disable next-line ArrayDeclaration: initial and fit never change, so the observer is set up once either way
  }, [initial, fit]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling. A plain wheel zooms only once
  // the frame has focus (clicked or tabbed to), so scrolling past the diagram still scrolls the page;
  // ctrl/⌘ + wheel (what a trackpad pinch sends) zooms at once. One mouse notch is one zoom step at most.
  useEffect(() => {
    const element = frame.current!;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey || focused.current)) return;
      event.preventDefault();
      // The canvas is placed inside the frame's border: points are measured from there.
      const rect = element.getBoundingClientRect();
      const left = rect.left + element.clientLeft;
      const top = rect.top + element.clientTop;
      mode.current = USER_VIEW;
      const factor = wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey, ZOOM_STEP);
      setView((v) => zoomAt(v, factor, event.clientX - left, event.clientY - top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
    // Stryker disable next-line ArrayDeclaration: the wheel listener reads only refs and state setters: any fixed list sets it up once
  }, []);

  const centre = () => ({ x: frame.current!.clientWidth / 2, y: height / 2 });
  const zoomBy = (factor: number) => {
    mode.current = USER_VIEW;
    const c = centre();
    setView((v) => zoomAt(v, factor, c.x, c.y));
  };
  const actual = () => {
    mode.current = USER_VIEW;
    const c = centre();
    setView((v) => zoomTo(v, 1, c.x, c.y));
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    const target = (event.target as Element).closest('[data-send-event]');
    if (target && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      sendRef.current?.(target.getAttribute('data-send-event')!);
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) {
      mode.current = USER_VIEW;
      setView((v) => panBy(v, move[0], move[1]));
    } else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') fit();
    else if (event.key === '1') actual();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const label = (event.target as Element).closest('[data-send-event]');
    press.current = { x: event.clientX, y: event.clientY, event: label?.getAttribute('data-send-event') ?? undefined };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const map = pointers.current;
    const previous = map.get(event.pointerId);
    if (!previous) return;
    const now = { x: event.clientX, y: event.clientY };
    mode.current = USER_VIEW;
    if (map.size === 1) {
      setView((v) => panBy(v, now.x - previous.x, now.y - previous.y));
    } else if (map.size === 2) {
      // Pinch: the distance between the two pointers scales the diagram about their midpoint.
      const other = [...map.entries()].find(([id]) => id !== event.pointerId)![1];
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      const rect = event.currentTarget.getBoundingClientRect();
      const left = rect.left + event.currentTarget.clientLeft;
      const top = rect.top + event.currentTarget.clientTop;
      // Two pointers at one spot (before = 0) give no finite factor, which zoomAt refuses.
      setView((v) => zoomAt(v, after / before, (now.x + other.x) / 2 - left, (now.y + other.y) / 2 - top));
    }
    map.set(event.pointerId, now);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    // A press and release on a transition label, without a drag between them, sends its event.
    const pressed = press.current;
    press.current = undefined;
    if (event.type !== 'pointerup' || !pressed?.event) return;
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < CLICK_SLOP) sendRef.current?.(pressed.event);
  };

  return (
    <div className="exkit-inspector-diagram">
      <div className="exkit-inspector-zoom" role="toolbar" aria-label={t.zoomToolbar(label)}>
        <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label={t.zoomOut} title={t.zoomOutTitle}>
          −
        </button>
        <output aria-live="off" data-zoom>
          {Math.round(view.scale * 100)}%
        </output>
        <button type="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label={t.zoomIn} title={t.zoomInTitle}>
          +
        </button>
        <button type="button" onClick={initial} title={t.liveStateTitle}>
          {t.liveState}
        </button>
        <button type="button" onClick={fit} title={t.fitWidthTitle}>
          {t.fitWidth}
        </button>
        <button type="button" onClick={actual} title={t.actualSizeTitle}>
          1:1
        </button>
      </div>
      <div
        ref={frame}
        className="exkit-inspector-frame"
        role="group"
        aria-roledescription={t.frameRole}
        tabIndex={0}
        aria-label={t.frameLabel(label)}
        data-scale={view.scale}
        data-ready={ready}
        style={{ height }}
        onKeyDown={onKeyDown}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          ref={content}
          className="exkit-inspector-canvas"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
    </div>
  );
}
