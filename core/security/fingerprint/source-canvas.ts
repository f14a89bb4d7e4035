import type { DomPort } from '../../platform/types.js';
import { SourceFailedError, SourceUnavailableError } from './errors.js';
import { sha256HexVia } from '../bytes.js';
import type { DomSource } from './types.js';

const WIDTH = 240;
const HEIGHT = 60;

/** Draws text (with an emoji, so the colour-font stack shows) and overlapping blended shapes. */
function draw(context: CanvasRenderingContext2D): void {
  context.textBaseline = 'alphabetic';
  context.fillStyle = '#f60';
  context.fillRect(100, 1, 62, 20);
  context.fillStyle = '#069';
  context.font = '11pt "Times New Roman"';
  context.fillText('exkit fingerprint, \u{1F603} \u00e9\u00df\u4e2d', 2, 15);
  context.fillStyle = 'rgba(102, 204, 0, 0.2)';
  context.font = '18pt Arial';
  context.fillText('Cwm fjordbank glyphs vext quiz', 4, 45);
  context.globalCompositeOperation = 'multiply';
  for (const [color, x, y] of [
    ['#f2f', 40, 40],
    ['#2ff', 80, 40],
    ['#ff2', 60, 20],
  ] as const) {
    context.fillStyle = color;
    context.beginPath();
    context.arc(x, y, 40, 0, Math.PI * 2, true);
    context.closePath();
    context.fill();
  }
  // Even-odd winding: a ring cut out of a disc.
  context.fillStyle = '#f9c';
  context.beginPath();
  context.arc(200, 30, 25, 0, Math.PI * 2, true);
  context.arc(200, 30, 10, 0, Math.PI * 2, true);
  context.fill('evenodd');
}

function render(dom: DomPort): { image: string; winding: boolean } {
  const canvas = dom.document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = typeof canvas.getContext === 'function' ? canvas.getContext('2d') : null;
  if (!context || typeof canvas.toDataURL !== 'function') throw new SourceUnavailableError('no 2D canvas');
  context.rect(0, 0, 10, 10);
  context.rect(2, 2, 6, 6);
  const winding = !context.isPointInPath(5, 5, 'evenodd');
  draw(context);
  return { image: canvas.toDataURL(), winding };
}

/** A hash of a canvas drawing (text and blended shapes), which varies with GPU, fonts and anti-aliasing. */
export function canvasSource(): DomSource {
  return {
    name: 'canvas',
    needsDom: true,
    async collect({ platform, dom }) {
      const first = render(dom);
      if (!first.image.startsWith('data:image/')) throw new SourceFailedError('the canvas gave no image');
      // Anti-fingerprinting browsers add noise per read: two different drawings mean the value is worthless.
      const second = render(dom);
      if (second.image !== first.image) throw new SourceFailedError('the canvas is randomised (two drawings differ)');
      // The data URL runs to tens of kilobytes: WebCrypto hashes it natively where a cold pure-JavaScript
      // SHA-256 took over 10 ms in a fresh Chromium page.
      return { winding: first.winding, image: await sha256HexVia(platform.crypto.subtle, first.image) };
    },
  };
}
