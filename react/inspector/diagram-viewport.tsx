import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { fitToWidth, panBy, zoomAt, zoomTo } from '../../machines/inspector/viewport.js';
import type { Viewport } from '../../machines/inspector/viewport.js';

const ZOOM_STEP = 1.25;
const PAN_STEP = 48;
const MIN_FRAME_HEIGHT = 280;
const MAX_FRAME_HEIGHT = 640;

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
}

/** A rendered diagram in a frame with pan and zoom (wheel, pinch, drag, buttons, keyboard) and fit-to-width. */
export function DiagramViewport({ svg, label, active }: DiagramViewportProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const size = useRef({ width: 0, height: 0 });
  const [view, setView] = useState<Viewport>({ scale: 1, x: 0, y: 0 });
  const [height, setHeight] = useState(MIN_FRAME_HEIGHT);
  const focused = useRef(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  const fit = useCallback(() => {
    const width = frame.current?.clientWidth ?? 0;
    const next = fitToWidth(size.current.width, width);
    setView(next);
    setHeight(Math.round(Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, size.current.height * next.scale + 2 * next.y))));
  }, []);

  // The SVG goes in by hand (it is Mermaid's, sanitised under securityLevel 'strict'), drawn at its natural size.
  useLayoutEffect(() => {
    const host = content.current;
    if (!host) return;
    host.innerHTML = svg;
    const element = host.querySelector('svg');
    if (!element) return;
    const box = element.viewBox?.baseVal;
    const width = box && box.width > 0 ? box.width : element.getBoundingClientRect().width;
    const heightOf = box && box.height > 0 ? box.height : element.getBoundingClientRect().height;
    size.current = { width, height: heightOf };
    element.removeAttribute('style');
    element.setAttribute('width', String(width));
    element.setAttribute('height', String(heightOf));
    fit();
  }, [svg, fit]);

  useEffect(() => {
    const host = content.current;
    if (!host) return;
    const wanted = new Set(active);
    for (const node of host.querySelectorAll('g.node, g.cluster, g.statediagram-state')) {
      const id = stateIdOf(node);
      node.classList.toggle('exkit-live', id !== undefined && wanted.has(id));
    }
  }, [svg, active]);

  // Fit again when the frame's width changes (a rotated phone, a resized window).
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let lastWidth = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== lastWidth) {
        lastWidth = element.clientWidth;
        fit();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fit]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling. A plain wheel zooms only once
  // the frame has focus (clicked or tabbed to), so scrolling past the diagram still scrolls the page;
  // ctrl/⌘ + wheel (what a trackpad pinch sends) zooms at once.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey || focused.current)) return;
      event.preventDefault();
      // The canvas is placed inside the frame's border: points are measured from there.
      const rect = element.getBoundingClientRect();
      const left = rect.left + element.clientLeft;
      const top = rect.top + element.clientTop;
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(-event.deltaY * unit * (event.ctrlKey ? 0.01 : 0.0015));
      setView((v) => zoomAt(v, factor, event.clientX - left, event.clientY - top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const centre = () => ({ x: (frame.current?.clientWidth ?? 0) / 2, y: height / 2 });
  const zoomBy = (factor: number) => {
    const c = centre();
    setView((v) => zoomAt(v, factor, c.x, c.y));
  };
  const actual = () => {
    const c = centre();
    setView((v) => zoomTo(v, 1, c.x, c.y));
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) setView((v) => panBy(v, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') fit();
    else if (event.key === '1') actual();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const map = pointers.current;
    const previous = map.get(event.pointerId);
    if (!previous) return;
    const now = { x: event.clientX, y: event.clientY };
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
      if (before > 0) setView((v) => zoomAt(v, after / before, (now.x + other.x) / 2 - left, (now.y + other.y) / 2 - top));
    }
    map.set(event.pointerId, now);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  return (
    <div className="exkit-inspector-diagram">
      <div className="exkit-inspector-zoom" role="toolbar" aria-label={`Zoom ${label}`}>
        <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out" title="Zoom out (−)">
          −
        </button>
        <output aria-live="off" data-zoom>
          {Math.round(view.scale * 100)}%
        </output>
        <button type="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <button type="button" onClick={fit} title="Fit to width (0)">
          Fit width
        </button>
        <button type="button" onClick={actual} title="Actual size (1)">
          1:1
        </button>
      </div>
      <div
        ref={frame}
        className="exkit-inspector-frame"
        role="group"
        aria-roledescription="diagram"
        tabIndex={0}
        aria-label={`${label}. Drag or use the arrow keys to pan; + and − zoom, 0 fits the width.`}
        data-scale={view.scale}
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
