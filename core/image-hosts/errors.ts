import { ExkitError } from '../errors/exkit-error.js';

/** Raised by a probe when the image could not be loaded. */
export class ImageProbeFailedError extends ExkitError {
  override name = 'ImageProbeFailedError';
  constructor(url: string, reason: string) {
    super('IMAGE_PROBE_FAILED', `${url} ${reason}`, { extra: { url } });
  }
}
