import { invalidArgument, readGuarded } from '../validate/describe-value.js';
/** Spec §S4/§S9: the theme reveal (viewport animation) lasts 400 ms by default. */
export const THEME_REVEAL_DURATION_MS = 400;

/** The pseudo-element that holds the new theme's snapshot during a view transition. */
export const THEME_REVEAL_PSEUDO_ELEMENT = '::view-transition-new(root)';

/**
 * The style sheet the reveal needs: the browser's default cross-fade is turned off so the clip-path
 * animation alone shows the new theme. Add it once to the page's CSS.
 */
export const THEME_REVEAL_CSS = '::view-transition-old(root),::view-transition-new(root){animation:none;mix-blend-mode:normal;}';

export interface RevealPoint {
  x: number;
  y: number;
}

/** Reads a point's two coordinates once (from `x`/`y`, or an event's `clientX`/`clientY`); InvalidArgumentError naming `field` unless both
 * are numbers. */
export function readPoint(field: string, value: unknown, owner: string, xKey = 'x', yKey = 'y'): RevealPoint {
  if (typeof value !== 'object' || value === null) throw invalidArgument(field, `an object with numbers ${xKey} and ${yKey}`, value, owner);
  const [x, y] = readGuarded(field, `an object with numbers ${xKey} and ${yKey}`, value, owner, () => [
    (value as Record<string, unknown>)[xKey],
    (value as Record<string, unknown>)[yKey],
  ]);
  if (typeof x !== 'number' || typeof y !== 'number')
    throw invalidArgument(field, `an object with numbers ${xKey} and ${yKey}`, value, owner);
  return { x, y };
}

/** The radius that covers the whole viewport from a point: the distance to its farthest corner. */
export function revealRadius(point: RevealPoint, width: number, height: number): number {
  point = readPoint('point', point, 'revealRadius');
  if (typeof width !== 'number') throw invalidArgument('width', 'a number', width, 'revealRadius');
  if (typeof height !== 'number') throw invalidArgument('height', 'a number', height, 'revealRadius');
  return Math.hypot(Math.max(point.x, width - point.x), Math.max(point.y, height - point.y));
}

/** The clip-path keyframes of a circle growing from the point to the given radius. */
export function revealKeyframes(point: RevealPoint, radius: number): { clipPath: [string, string] } {
  point = readPoint('point', point, 'revealKeyframes');
  if (typeof radius !== 'number') throw invalidArgument('radius', 'a number', radius, 'revealKeyframes');
  const at = `at ${point.x}px ${point.y}px`;
  return { clipPath: [`circle(0px ${at})`, `circle(${Math.ceil(radius)}px ${at})`] };
}
