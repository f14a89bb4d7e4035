export { compareVersions, isVersionAtLeast } from './versions.js';
export { isBase64 } from './base64.js';
export { assertClassName } from './class-name.js';
export { InvalidClassNameError } from './errors.js';
export { isMobileWidth, MOBILE_BREAKPOINT_PX } from './layout.js';
export { checkDuration, isDuration, MAX_TIMER_DELAY_MS } from './duration.js';
export type { DurationRule } from './duration.js';
