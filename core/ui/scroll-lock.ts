import type { DomPort, TimerHandle, Timers } from '../platform/types.js';
import { readRecord } from '../validate/describe-value.js';

/** Spec §B4, §B9: a modal's scroll lock is restored about this long after it closes. */
export const SCROLL_RESTORE_DELAY_MS = 200;

/** A reference-counted page scroll lock shared by every modal of a document. */
export interface ScrollLock {
  /** Adds `owner` to the holders; the page stops scrolling with the first one. Idempotent per owner. */
  lock(owner: string): void;
  /** Removes `owner`; the page scrolls again `restoreDelayMs` after the last holder leaves. */
  unlock(owner: string): void;
  /** How many owners hold the lock. */
  readonly holderCount: number;
  /** @deprecated Use {@link ScrollLock.holderCount}; the same figure under its old name. */
  readonly count: number;
  /** Whether the page styles are currently locked (including the restore delay after the last unlock). */
  readonly locked: boolean;
}

export interface ScrollLockOptions {
  /** Delay before the page scrolls again after the last unlock (default SCROLL_RESTORE_DELAY_MS). */
  restoreDelayMs?: number;
}

/**
 * Creates a scroll lock for a document. Locking hides the body's overflow and pads its right edge by the
 * scrollbar's width so the layout does not jump; without a DOM it only counts holders.
 *
 * @example
 * ```ts
 * const platform = browserPlatform();
 * const scrollLock = createScrollLock(platform.dom, platform.timers);
 * scrollLock.lock('settings-dialog'); // the page stops scrolling
 * scrollLock.unlock('settings-dialog'); // it scrolls again 200 ms later
 * ```
 */
export function createScrollLock(dom: DomPort | undefined, timers: Timers, options: ScrollLockOptions = {}): ScrollLock {
  options = readRecord('options', options, 'createScrollLock');
  const restoreDelayMs = options.restoreDelayMs ?? SCROLL_RESTORE_DELAY_MS;
  const owners = new Set<string>();
  let saved: { overflow: string; paddingRight: string } | undefined;
  let restoreTimer: TimerHandle | undefined;

  const apply = () => {
    if (saved || !dom) return;
    const { window: win, document: doc } = dom;
    const body = doc.body;
    const scrollbar = Math.max(0, win.innerWidth - doc.documentElement.clientWidth);
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const currentPadding = Number.parseFloat(win.getComputedStyle(body).paddingRight) || 0;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${currentPadding + scrollbar}px`;
    body.setAttribute('data-scroll-locked', '');
  };
  const restore = () => {
    restoreTimer = undefined;
    if (!saved || !dom) {
      saved = undefined;
      return;
    }
    const body = dom.document.body;
    body.style.overflow = saved.overflow;
    body.style.paddingRight = saved.paddingRight;
    body.removeAttribute('data-scroll-locked');
    saved = undefined;
  };

  return {
    lock(owner) {
      // Clearing no timer (undefined) does nothing on every platform.
      timers.clearTimeout(restoreTimer);
      restoreTimer = undefined;
      owners.add(owner);
      apply();
    },
    unlock(owner) {
      if (!owners.delete(owner) || owners.size > 0) return;
      restoreTimer = timers.setTimeout(restore, restoreDelayMs);
    },
    get holderCount() {
      return owners.size;
    },
    get count() {
      return owners.size;
    },
    get locked() {
      return owners.size > 0 || restoreTimer !== undefined;
    },
  };
}
