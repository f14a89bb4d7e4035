import { SourceUnavailableError } from './errors.js';
import { isEmptyFrame, readScreenFrame } from './screen-frame.js';
import type { DomSource, ScreenFrame } from './types.js';
import { readRecord } from '../../validate/describe-value.js';

export interface ScreenSourceOptions {
  /** The last non-empty frame a watcher saw (see `createFingerprinter`), used while the page is full screen. */
  lastFrame?: () => ScreenFrame | undefined;
}

/** Screen size (larger side first, so rotation does not change it), colour depth and the screen frame. */
export function screenSource(options: ScreenSourceOptions = {}): DomSource {
  options = readRecord('options', options, 'screenSource');
  return {
    name: 'screen',
    needsDom: true,
    collect({ dom }) {
      const screen = dom.window.screen as Screen | undefined;
      if (!screen) throw new SourceUnavailableError('no window.screen');
      const now = readScreenFrame(dom);
      const last = options.lastFrame?.();
      const frame = now && isEmptyFrame(now) && last ? last : now;
      const width = Number(screen.width);
      const height = Number(screen.height);
      return {
        size: [Math.max(width, height), Math.min(width, height)],
        colorDepth: Number(screen.colorDepth),
        frame: frame ? [frame.top, frame.right, frame.bottom, frame.left] : undefined,
      };
    },
  };
}
