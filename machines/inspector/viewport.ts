// The pan-and-zoom arithmetic of the diagram viewer, kept apart from the DOM so it is tested on its own.
// A viewport maps a diagram point p to the screen point p × scale + (x, y).

export interface Viewport {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** The smallest and largest zoom the viewer allows. */
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;

const clamp = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));

/** Zooms by `factor` keeping the diagram point under screen point (px, py) where it is; scale stays within MIN_ZOOM..MAX_ZOOM. */
export function zoomAt(view: Viewport, factor: number, px: number, py: number): Viewport {
  if (!Number.isFinite(factor) || factor <= 0 || !Number.isFinite(px) || !Number.isFinite(py)) return view;
  return zoomTo(view, view.scale * factor, px, py);
}

/** Sets the zoom to exactly `scale` (clamped), keeping the diagram point under screen point (px, py) where it is. */
export function zoomTo(view: Viewport, scale: number, px: number, py: number): Viewport {
  if (!Number.isFinite(scale) || scale <= 0 || !Number.isFinite(px) || !Number.isFinite(py)) return view;
  const next = clamp(scale);
  const ratio = next / view.scale;
  return { scale: next, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** Moves the diagram by (dx, dy) screen pixels. */
export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return view;
  return { scale: view.scale, x: view.x + dx, y: view.y + dy };
}

/**
 * The viewport showing a `width` × `height` diagram across a `frameWidth` frame with `padding` on each side,
 * centred, top-aligned; never enlarged past 1:1 (a small diagram stays at its natural size).
 */
export function fitToWidth(width: number, frameWidth: number, padding = 8): Viewport {
  if (!(width > 0) || !(frameWidth > 0)) return { scale: 1, x: 0, y: 0 };
  const scale = clamp(Math.min(1, Math.max(1, frameWidth - 2 * padding) / width));
  return { scale, x: (frameWidth - width * scale) / 2, y: padding };
}
