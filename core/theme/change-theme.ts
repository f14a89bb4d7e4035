import type { Platform } from '../platform/types.js';
import type { ThemePort } from './theme-port.js';
import { REDUCED_MOTION_QUERY } from '../ui/motion.js';
import { readPoint, revealKeyframes, revealRadius, THEME_REVEAL_DURATION_MS, THEME_REVEAL_PSEUDO_ELEMENT } from './reveal.js';
import type { RevealPoint } from './reveal.js';
import { expectObjectWith, expectString, readRecord } from '../validate/describe-value.js';

export interface ChangeThemeOptions {
  /** Where the reveal starts, usually the click point; the viewport centre by default. */
  origin?: RevealPoint;
  /** Reveal length; default `THEME_REVEAL_DURATION_MS`. */
  durationMs?: number;
  easing?: string;
}

/** How the theme changed: with the circular reveal, or at once. */
export type ThemeChangeMode = 'reveal' | 'instant';

/** The part of a view transition the reveal uses. */
interface ViewTransitionLike {
  ready: Promise<unknown>;
  finished: Promise<unknown>;
}

type TransitionDocument = Document & { startViewTransition?: (update: () => void) => ViewTransitionLike };

/** The reveal origin from a pointer or mouse event. */
export function revealOriginFromEvent(event: { clientX: number; clientY: number }): RevealPoint {
  return readPoint('event', event, 'revealOriginFromEvent', 'clientX', 'clientY');
}

/**
 * Switches the theme (spec §S4): a circular reveal from the origin through the View Transitions API
 * where the browser has it, at once when the user prefers reduced motion or the API is absent.
 */
export async function changeTheme(
  platform: Platform,
  port: ThemePort,
  theme: string,
  options: ChangeThemeOptions = {},
): Promise<ThemeChangeMode> {
  options = readRecord('options', options, 'changeTheme');
  expectObjectWith('platform', platform, 'changeTheme', ['matchMedia']);
  expectObjectWith('port', port, 'changeTheme', ['apply', 'current']);
  expectString('theme', theme, 'changeTheme');
  const dom = platform.dom;
  const doc = dom?.document as TransitionDocument | undefined;
  if (
    !dom ||
    !doc ||
    typeof doc.startViewTransition !== 'function' ||
    platform.matchMedia(REDUCED_MOTION_QUERY) ||
    port.current() === theme
  ) {
    port.apply(theme);
    return 'instant';
  }
  const width = dom.window.innerWidth;
  const height = dom.window.innerHeight;
  const origin = options.origin ?? { x: width / 2, y: height / 2 };
  let transition: ViewTransitionLike;
  try {
    transition = doc.startViewTransition(() => port.apply(theme));
  } catch {
    port.apply(theme);
    return 'instant';
  }
  try {
    await transition.ready;
  } catch {
    // The browser skipped the transition (a hidden page, another transition); the theme must still change.
    if (port.current() !== theme) port.apply(theme);
    return 'instant';
  }
  doc.documentElement.animate(revealKeyframes(origin, revealRadius(origin, width, height)), {
    duration: options.durationMs ?? THEME_REVEAL_DURATION_MS,
    easing: options.easing ?? 'ease-in',
    pseudoElement: THEME_REVEAL_PSEUDO_ELEMENT,
  });
  await transition.finished.catch(() => undefined);
  return 'reveal';
}
