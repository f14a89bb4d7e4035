import { filter, map, merge, of } from 'rxjs';
import type { Observable } from 'rxjs';
import { interval$ } from '../../platform/rx.js';
import type { DomPort, Platform } from '../../platform/types.js';
import { checkDuration } from '../../validate/duration.js';
import { SCREEN_FRAME_REFRESH_MS } from './constants.js';
import type { ScreenFrame } from './types.js';
import { expectObjectWith, readRecord } from '../../validate/describe-value.js';

/** Non-standard, but present in Chromium and Firefox. */
interface ScreenWithOffsets {
  readonly availTop?: number;
  readonly availLeft?: number;
}

const inset = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** The screen frame now: the insets of the available area (task bars, docks); undefined without a screen. */
export function readScreenFrame(dom: DomPort): ScreenFrame | undefined {
  expectObjectWith('dom', dom, 'readScreenFrame', ['window']);
  const screen = dom.window.screen as (Screen & ScreenWithOffsets) | undefined;
  if (!screen) return undefined;
  const top = Number(screen.availTop ?? 0);
  const left = Number(screen.availLeft ?? 0);
  return {
    top: inset(top),
    right: inset(screen.width - screen.availWidth - left),
    bottom: inset(screen.height - screen.availHeight - top),
    left: inset(left),
  };
}

/** Whether no inset is set: a full-screen page (or a screen without bars) reads as an empty frame. */
export function isEmptyFrame(frame: ScreenFrame): boolean {
  frame = readRecord('frame', frame, 'isEmptyFrame');
  return frame.top === 0 && frame.right === 0 && frame.bottom === 0 && frame.left === 0;
}

/**
 * The non-empty screen frames seen now and at every refresh: a page that goes full screen keeps the
 * frame it had before, so the fingerprint does not change with full-screen mode. Throws
 * InvalidArgumentError when `refreshMs` is not a delay a timer honours.
 */
export function screenFrame$(platform: Platform, refreshMs = SCREEN_FRAME_REFRESH_MS): Observable<ScreenFrame> {
  checkDuration('refreshMs', refreshMs, { owner: 'screen frame' });
  expectObjectWith('platform', platform, 'screenFrame$', ['timers']);
  const dom = platform.dom;
  if (!dom) return of();
  return merge(of(0), interval$(platform.timers, refreshMs)).pipe(
    map(() => readScreenFrame(dom)),
    filter((frame): frame is ScreenFrame => frame !== undefined && !isEmptyFrame(frame)),
  );
}
