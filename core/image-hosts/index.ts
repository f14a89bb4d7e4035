export { createImageHostSelector, probeImageUrl, IMAGE_HOST_STORAGE_KEY } from './image-host-selector.js';
export type { ImageHostOptions, ImageHostSelector } from './image-host-selector.js';
export { raceImageHosts, IMAGE_PROBE_TIMEOUT_MS } from './race.js';
export type { RaceImageHostsOptions } from './race.js';
export { defaultImageProbe, domImageProbe, fetchImageProbe } from './probe.js';
export { ImageProbeFailedError } from './errors.js';
export type { ImageProbe } from './probe.js';
