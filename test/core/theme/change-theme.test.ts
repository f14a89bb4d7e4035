// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../core/platform/types.js';
import {
  changeTheme,
  memoryThemePort,
  revealKeyframes,
  revealOriginFromEvent,
  revealRadius,
  rootThemePort,
  THEME_REVEAL_DURATION_MS,
} from '../../../core/theme/index.js';
import { REDUCED_MOTION_QUERY } from '../../../core/ui/motion.js';

const dom: DomPort = { window, document };
// jsdom has no View Transitions API; the tests add and remove a scripted one.
const scripted = document as unknown as Record<string, unknown>;

interface Recorded {
  transitions: number;
  appliedInsideUpdate: string | undefined;
  animations: { keyframes: unknown; options: unknown }[];
}

/** Gives jsdom a scripted View Transitions API and Element.animate, recording what the reveal asks for. */
function installViewTransitions(options: { skip?: boolean } = {}): Recorded {
  const recorded: Recorded = { transitions: 0, appliedInsideUpdate: undefined, animations: [] };
  scripted.startViewTransition = (update: () => void) => {
    recorded.transitions++;
    update();
    recorded.appliedInsideUpdate = document.documentElement.getAttribute('data-theme') ?? undefined;
    const ready = options.skip ? Promise.reject(new DOMException('Skipped', 'AbortError')) : Promise.resolve();
    ready.catch(() => undefined);
    return { ready, finished: Promise.resolve() };
  };
  document.documentElement.animate = ((keyframes: unknown, animationOptions: unknown) => {
    recorded.animations.push({ keyframes, options: animationOptions });
    return {} as Animation;
  }) as typeof document.documentElement.animate;
  return recorded;
}

afterEach(() => {
  delete scripted.startViewTransition;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.className = '';
});

describe('theme change — spec §S4: "circular reveal from the click point (400 ms default)"', () => {
  it('runs the reveal through the View Transitions API, growing a circle from the click point over 400 ms', async () => {
    const recorded = installViewTransitions();
    const platform = memoryPlatform({ dom });
    const port = rootThemePort(dom);
    port.apply('black');
    const mode = await changeTheme(platform, port, 'white', { origin: revealOriginFromEvent({ clientX: 100, clientY: 50 }) });
    expect(mode).toBe('reveal');
    expect(recorded.transitions).toBe(1);
    expect(recorded.appliedInsideUpdate).toBe('white');
    const radius = Math.ceil(Math.hypot(window.innerWidth - 100, window.innerHeight - 50));
    expect(recorded.animations).toEqual([
      {
        keyframes: { clipPath: ['circle(0px at 100px 50px)', `circle(${radius}px at 100px 50px)`] },
        options: { duration: THEME_REVEAL_DURATION_MS, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
      },
    ]);
    expect(THEME_REVEAL_DURATION_MS).toBe(400);
  });

  it('takes a custom duration and starts from the viewport centre without a click point', async () => {
    const recorded = installViewTransitions();
    await changeTheme(memoryPlatform({ dom }), rootThemePort(dom), 'white', { durationMs: 250 });
    const centre = `at ${window.innerWidth / 2}px ${window.innerHeight / 2}px`;
    expect(recorded.animations[0]).toMatchObject({
      keyframes: { clipPath: [`circle(0px ${centre})`, expect.stringContaining(centre)] },
      options: { duration: 250 },
    });
  });

  it('"skipped when reduced motion is requested": the theme switches at once', async () => {
    const recorded = installViewTransitions();
    const platform = memoryPlatform({ dom, media: [REDUCED_MOTION_QUERY] });
    const port = rootThemePort(dom);
    await expect(changeTheme(platform, port, 'white', { origin: { x: 1, y: 1 } })).resolves.toBe('instant');
    expect(port.current()).toBe('white');
    expect(recorded.transitions).toBe(0);
    expect(recorded.animations).toEqual([]);
  });

  it('switches at once when the View Transitions API is absent', async () => {
    const port = rootThemePort(dom);
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white')).resolves.toBe('instant');
    expect(document.documentElement.getAttribute('data-theme')).toBe('white');
  });

  it('switches at once without a DOM, through whatever port it is given', async () => {
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform(), port, 'white')).resolves.toBe('instant');
    expect(port.applied).toEqual(['white']);
  });

  it('still applies the theme when the browser skips the transition', async () => {
    const recorded = installViewTransitions({ skip: true });
    const port = rootThemePort(dom);
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white')).resolves.toBe('instant');
    expect(port.current()).toBe('white');
    expect(recorded.animations).toEqual([]);
  });

  it('does not animate a change to the theme already shown', async () => {
    const recorded = installViewTransitions();
    const port = rootThemePort(dom);
    port.apply('black');
    await expect(changeTheme(memoryPlatform({ dom }), port, 'black')).resolves.toBe('instant');
    expect(recorded.transitions).toBe(0);
  });
});

describe('theme port — the theme applied on the root element', () => {
  it('writes data-theme by default, or a named attribute', () => {
    rootThemePort(dom).apply('black');
    expect(document.documentElement.getAttribute('data-theme')).toBe('black');
    const port = rootThemePort(dom, { attribute: 'data-mode' });
    port.apply('white');
    expect(port.current()).toBe('white');
    document.documentElement.removeAttribute('data-mode');
  });

  it('as a class, replaces the previous theme class and keeps unrelated classes', () => {
    document.documentElement.className = 'app theme-black';
    const port = rootThemePort(dom, { classPrefix: 'theme-' });
    expect(port.current()).toBe('black');
    port.apply('white');
    expect([...document.documentElement.classList]).toEqual(['app', 'theme-white']);
    expect(port.current()).toBe('white');
  });
});

describe('reveal geometry', () => {
  it('the radius reaches the farthest corner of the viewport', () => {
    expect(revealRadius({ x: 0, y: 0 }, 300, 400)).toBe(500);
    expect(revealRadius({ x: 300, y: 400 }, 300, 400)).toBe(500);
    expect(revealRadius({ x: 150, y: 200 }, 300, 400)).toBe(250);
  });

  it('keyframes round the final radius up so no corner stays uncovered', () => {
    expect(revealKeyframes({ x: 1, y: 2 }, 10.2).clipPath).toEqual(['circle(0px at 1px 2px)', 'circle(11px at 1px 2px)']);
  });
});
