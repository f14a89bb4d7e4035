import { ImageProbeFailedError } from './errors.js';
import type { DomPort, Platform } from '../platform/types.js';
import { expectObjectWith } from '../validate/describe-value.js';

/** A window that may carry the Image constructor (every browser window does). */
type ImageWindow = Window & { Image?: typeof Image };

/**
 * Loads one image URL: resolves when it loaded, rejects when it failed. Stops loading when `signal`
 * aborts (a probe that lost the race or ran past the time-out).
 */
export type ImageProbe = (url: string, signal: AbortSignal) => Promise<void>;

/** A probe that fetches the image (for Node, workers and other hosts without an Image element). */
export function fetchImageProbe(fetchFn: typeof fetch): ImageProbe {
  return async (url, signal) => {
    const response = await fetchFn(url, { signal, cache: 'no-store' });
    // Only the status matters; the bytes are not needed, so the download stops here.
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new ImageProbeFailedError(url, `answered ${response.status}`);
  };
}

/** A probe that loads the URL into an Image element of the page, as the browser would for an <img>. */
export function domImageProbe(dom: DomPort): ImageProbe {
  return (url, signal) =>
    new Promise<void>((resolve, reject) => {
      const ImageElement = (dom.window as ImageWindow).Image;
      if (!ImageElement) {
        reject(new ImageProbeFailedError(url, 'cannot load: the window has no Image'));
        return;
      }
      const image = new ImageElement();
      const settle = () => {
        image.onload = null;
        image.onerror = null;
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        settle();
        // Clearing the source cancels the pending download.
        image.removeAttribute('src');
        reject(new ImageProbeFailedError(url, 'was cancelled'));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort);
      image.onload = () => {
        settle();
        resolve();
      };
      image.onerror = () => {
        settle();
        reject(new ImageProbeFailedError(url, 'failed to load'));
      };
      image.src = url;
    });
}

/** The Image-element probe where the platform has a DOM with Image, the fetch probe elsewhere. */
export function defaultImageProbe(platform: Platform): ImageProbe {
  expectObjectWith('platform', platform, 'defaultImageProbe', ['fetch']);
  const dom = platform.dom;
  return dom && typeof (dom.window as ImageWindow).Image === 'function' ? domImageProbe(dom) : fetchImageProbe(platform.fetch);
}
