// @vitest-environment jsdom
// The theme change's refusals (each a rejection, never a synchronous throw), the paths where the browser's View
// Transitions API fails, the reveal's constants and geometry, and the root-element ports in their corner cases.
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../core/platform/types.js';
import {
  changeTheme,
  DEFAULT_THEME_ATTRIBUTE,
  memoryThemePort,
  revealKeyframes,
  revealOriginFromEvent,
  revealRadius,
  rootThemePort,
  THEME_REVEAL_CSS,
  THEME_REVEAL_PSEUDO_ELEMENT,
} from '../../../core/theme/index.js';
import { invalid } from '../../support/invalid-argument.js';

const dom: DomPort = { window, document };
const scripted = document as unknown as Record<string, unknown>;

/** Records Element.animate calls on the root element. */
function recordAnimations(): { keyframes: unknown; options: unknown }[] {
  const animations: { keyframes: unknown; options: unknown }[] = [];
  document.documentElement.animate = ((keyframes: unknown, options: unknown) => {
    animations.push({ keyframes, options });
    return {} as Animation;
  }) as typeof document.documentElement.animate;
  return animations;
}

afterEach(() => {
  delete scripted.startViewTransition;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.className = '';
});

describe('the reveal constants', () => {
  it('the pseudo-element, the style sheet and the default attribute', () => {
    expect(THEME_REVEAL_PSEUDO_ELEMENT).toBe('::view-transition-new(root)');
    expect(THEME_REVEAL_CSS).toBe('::view-transition-old(root),::view-transition-new(root){animation:none;mix-blend-mode:normal;}');
    expect(DEFAULT_THEME_ATTRIBUTE).toBe('data-theme');
  });
});

describe('changeTheme: refusals are rejections', () => {
  it('a platform without matchMedia, a port without apply or current, a theme that is not text, options that are not an object', async () => {
    const port = memoryThemePort();
    const platform = memoryPlatform();
    const calls = [
      () => changeTheme({} as never, port, 'white'),
      () => changeTheme(platform, { apply: () => undefined } as never, 'white'),
      () => changeTheme(platform, port, 1 as never),
      () => changeTheme(platform, port, 'white', null as never),
    ];
    const results = calls.map((call) => {
      let result: Promise<unknown> | undefined;
      expect(() => (result = call())).not.toThrow();
      return result;
    });
    await expect(results[0]).rejects.toEqual(invalid('platform.matchMedia'));
    await expect(results[1]).rejects.toEqual(invalid('port.current'));
    await expect(results[2]).rejects.toEqual(invalid('theme', 'changeTheme: theme must be a string, got 1'));
    await expect(results[3]).rejects.toEqual(invalid('options'));
    expect(port.applied).toEqual([]);
  });
});

describe('changeTheme: when the View Transitions API fails', () => {
  it('a startViewTransition that throws: the theme changes at once', async () => {
    scripted.startViewTransition = () => {
      throw new Error('InvalidStateError');
    };
    const animations = recordAnimations();
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white')).resolves.toBe('instant');
    expect(port.applied).toEqual(['white']);
    expect(animations).toEqual([]);
  });

  it('a skipped transition whose update already ran does not apply the theme twice', async () => {
    scripted.startViewTransition = (update: () => void) => {
      update();
      const ready = Promise.reject(new DOMException('Skipped', 'AbortError'));
      return { ready, finished: Promise.resolve() };
    };
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white')).resolves.toBe('instant');
    expect(port.applied).toEqual(['white']);
  });

  it('a skipped transition whose update never ran applies the theme', async () => {
    scripted.startViewTransition = () => ({
      ready: Promise.reject(new DOMException('Skipped', 'AbortError')),
      finished: Promise.resolve(),
    });
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white')).resolves.toBe('instant');
    expect(port.applied).toEqual(['white']);
  });

  it('a transition whose end fails still counts as a reveal, with the easing given', async () => {
    scripted.startViewTransition = (update: () => void) => {
      update();
      return { ready: Promise.resolve(), finished: Promise.reject(new Error('aborted')) };
    };
    const animations = recordAnimations();
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform({ dom }), port, 'white', { origin: { x: 0, y: 0 }, easing: 'linear' })).resolves.toBe('reveal');
    expect(port.applied).toEqual(['white']);
    expect(animations).toHaveLength(1);
    expect(animations[0]?.options).toEqual({ duration: 400, easing: 'linear', pseudoElement: '::view-transition-new(root)' });
  });

  it('a DOM port without a document changes the theme at once', async () => {
    const port = memoryThemePort('black');
    await expect(changeTheme(memoryPlatform({ dom: { window } as unknown as DomPort }), port, 'white')).resolves.toBe('instant');
    expect(port.applied).toEqual(['white']);
  });
});

describe('reveal geometry: refusals and the farthest corner', () => {
  it('the farthest corner from any quarter of the viewport', () => {
    expect(revealRadius({ x: 250, y: 100 }, 300, 400)).toBe(Math.hypot(250, 300));
    expect(revealRadius({ x: 50, y: 300 }, 300, 400)).toBe(Math.hypot(250, 300));
  });

  it('an event without numeric clientX and clientY is an InvalidArgumentError naming event', () => {
    const message = 'revealOriginFromEvent: event must be an object with numbers clientX and clientY';
    expect(() => revealOriginFromEvent(null as never)).toThrow(invalid('event', `${message}, got null`));
    expect(() => revealOriginFromEvent({ clientX: 1, clientY: '2' } as never)).toThrow(invalid('event', `${message}, got an object`));
    expect(() => revealOriginFromEvent({ clientX: '1', clientY: 2 } as never)).toThrow(invalid('event'));
    const throwing = Object.defineProperty({ clientY: 1 }, 'clientX', {
      get() {
        throw new Error('trap');
      },
    });
    expect(() => revealOriginFromEvent(throwing as never)).toThrow(invalid('event', `${message}, got an object`));
    expect(revealOriginFromEvent({ clientX: 3, clientY: 4 })).toEqual({ x: 3, y: 4 });
  });

  it('a point, width, height or radius that is not a number is refused, naming it', () => {
    expect(() => revealRadius({ x: 1 } as never, 1, 1)).toThrow(
      invalid('point', 'revealRadius: point must be an object with numbers x and y, got an object'),
    );
    expect(() => revealRadius({ x: 1, y: 1 }, '1' as never, 1)).toThrow(invalid('width', 'revealRadius: width must be a number, got "1"'));
    expect(() => revealRadius({ x: 1, y: 1 }, 1, null as never)).toThrow(
      invalid('height', 'revealRadius: height must be a number, got null'),
    );
    expect(() => revealKeyframes('p' as never, 1)).toThrow(invalid('point'));
    expect(() => revealKeyframes({ x: 1, y: 1 }, '1' as never)).toThrow(
      invalid('radius', 'revealKeyframes: radius must be a number, got "1"'),
    );
  });

  it('keyframes keep an exact radius as it is', () => {
    expect(revealKeyframes({ x: 0, y: 0 }, 10).clipPath).toEqual(['circle(0px at 0px 0px)', 'circle(10px at 0px 0px)']);
  });
});

describe('theme ports in their corner cases', () => {
  it('an attribute port reads undefined when nothing is applied', () => {
    expect(rootThemePort(dom).current()).toBeUndefined();
  });

  it('a class port keeps the class of the theme applied where it is, and ignores a class that is only the prefix', () => {
    document.documentElement.className = 'theme- theme-white app theme-black';
    const port = rootThemePort(dom, { classPrefix: 'theme-' });
    expect(port.current()).toBe('white');
    port.apply('white');
    expect([...document.documentElement.classList]).toEqual(['theme-white', 'app']);
    document.documentElement.className = 'theme- app';
    expect(port.current()).toBeUndefined();
  });

  it('a memory port starts with the theme given, or none', () => {
    expect(memoryThemePort().current()).toBeUndefined();
    const port = memoryThemePort('black');
    expect(port.current()).toBe('black');
    port.apply('white');
    expect(port.current()).toBe('white');
    expect(port.applied).toEqual(['white']);
  });

  it('options that are not an object are refused', () => {
    expect(() => rootThemePort(dom, null as never)).toThrow(invalid('options'));
  });
});
