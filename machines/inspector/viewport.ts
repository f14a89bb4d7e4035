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
  // A factor that is no positive finite number makes a scale zoomTo refuses (the view comes back as it was).
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

/** A rectangle in diagram coordinates. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The scale a diagram opens at: the whole width in the frame when its labels stay readable at that scale
 * (`readableScale` or more), else `readableScale` itself, so no label starts out too small to read.
 */
export function initialScale(width: number, frameWidth: number, readableScale: number, padding = 8): number {
  const fitted = fitToWidth(width, frameWidth, padding).scale;
  if (!(readableScale > 0) || !Number.isFinite(readableScale)) return fitted;
  return Math.max(fitted, clamp(readableScale));
}

/**
 * The viewport at `scale` that centres `focus` (the whole diagram's top centre when none) in the frame, moved no
 * further than needed to keep the diagram's edges from leaving empty frame: a diagram narrower (or shorter) than
 * the frame is centred (top-aligned) instead.
 */
export function centreOn(
  scale: number,
  diagram: { width: number; height: number },
  frame: { width: number; height: number },
  focus?: Box,
  padding = 8,
): Viewport {
  const s = clamp(Number.isFinite(scale) && scale > 0 ? scale : 1);
  const w = Math.max(0, diagram.width) * s;
  const h = Math.max(0, diagram.height) * s;
  const fx = focus ? focus.x + focus.width / 2 : diagram.width / 2;
  const fy = focus ? focus.y + focus.height / 2 : 0;
  const axis = (frameSize: number, size: number, at: number, centred: boolean) => {
    // Stryker disable next-line EqualityOperator: at exactly frameSize both branches give the padding: the view is continuous there
    if (size + 2 * padding <= frameSize) return centred ? (frameSize - size) / 2 : padding;
    const wanted = frameSize / 2 - at * s;
    return Math.min(padding, Math.max(frameSize - size - padding, wanted));
  };
  return { scale: s, x: axis(frame.width, w, fx, true), y: axis(frame.height, h, fy, false) };
}

/** Whether `box` (diagram coordinates) shows whole inside a `frame`-sized frame under `view`. */
export function showsWhole(view: Viewport, frame: { width: number; height: number }, box: Box): boolean {
  const left = box.x * view.scale + view.x;
  const top = box.y * view.scale + view.y;
  return left >= 0 && top >= 0 && left + box.width * view.scale <= frame.width && top + box.height * view.scale <= frame.height;
}

/** The zoom factor of one wheel event, at most `step` either way whatever the wheel reports (one notch of a mouse is one step). */
export function wheelFactor(deltaY: number, deltaMode: number, pinch: boolean, step = 1.25): number {
  if (!Number.isFinite(deltaY) || !(step > 1)) return 1;
  const unit = deltaMode === 1 ? 16 : deltaMode === 2 ? 400 : 1;
  // A trackpad pinch sends many small deltas (a smooth zoom); a mouse notch sends 48 to 120 px or 3 lines.
  const factor = Math.exp(-deltaY * unit * (pinch ? 0.01 : 0.0015));
  return Math.min(step, Math.max(1 / step, factor));
}
