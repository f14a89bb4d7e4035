// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createScrollLock, SCROLL_RESTORE_DELAY_MS } from '../../../core/ui/index.js';
import { jsdomPort } from './dom.js';

describe('scroll lock', () => {
  it('"A modal popup locks page scroll and restores it after about 200 ms" and nested modals do not unlock early', () => {
    const port = jsdomPort();
    const platform = memoryPlatform();
    const lock = createScrollLock(port, platform.timers);
    const body = port.document.body;
    body.style.overflow = 'auto';
    lock.lock('a');
    lock.lock('b');
    lock.lock('b');
    expect(lock.holderCount).toBe(2);
    expect(lock.count).toBe(2); // the deprecated name reads the same figure
    expect(body.style.overflow).toBe('hidden');
    lock.unlock('b');
    platform.advance(1000);
    expect(body.style.overflow).toBe('hidden');
    lock.unlock('a');
    platform.advance(SCROLL_RESTORE_DELAY_MS - 1);
    expect(body.style.overflow).toBe('hidden');
    expect(lock.locked).toBe(true);
    platform.advance(1);
    expect(body.style.overflow).toBe('auto');
    expect(lock.locked).toBe(false);
    expect(SCROLL_RESTORE_DELAY_MS).toBe(200);
  });

  it('a modal opened during the restore delay keeps the page locked', () => {
    const port = jsdomPort();
    const platform = memoryPlatform();
    const lock = createScrollLock(port, platform.timers);
    lock.lock('a');
    lock.unlock('a');
    platform.advance(100);
    lock.lock('c');
    platform.advance(500);
    expect(port.document.body.style.overflow).toBe('hidden');
    lock.unlock('c');
    platform.advance(200);
    expect(port.document.body.style.overflow).toBe('');
    expect(port.document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('compensates for the scrollbar width with body padding', () => {
    const port = jsdomPort();
    const platform = memoryPlatform();
    Object.defineProperty(port.window, 'innerWidth', { value: 1015, configurable: true });
    Object.defineProperty(port.document.documentElement, 'clientWidth', { value: 1000, configurable: true });
    port.document.body.style.paddingRight = '5px';
    const lock = createScrollLock(port, platform.timers, { restoreDelayMs: 0 });
    lock.lock('x');
    expect(port.document.body.style.paddingRight).toBe('20px');
    lock.unlock('x');
    platform.advance(0);
    expect(port.document.body.style.paddingRight).toBe('5px');
  });

  it('unlocking an owner that never locked changes nothing', () => {
    const platform = memoryPlatform();
    const lock = createScrollLock(undefined, platform.timers);
    lock.unlock('ghost');
    expect(lock.locked).toBe(false);
    lock.lock('a');
    expect(lock.locked).toBe(true);
  });
});
