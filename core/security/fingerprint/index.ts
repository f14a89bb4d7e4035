export {
  FONT_TEST_WIDTH_PX,
  SCREEN_FRAME_REFRESH_MS,
  AUDIO_TIMEOUT_MS,
  CROSS_TAB_WAIT_MS,
  INVALID_TERMINAL_CODE_PREFIX,
  PENDING_MARKER_TTL_MS,
  MAX_TERMINAL_CODE_REGENERATIONS,
  TERMINAL_CODE_SALT_BYTES,
  TERMINAL_CODE_KEY,
  TERMINAL_CODE_PENDING_KEY,
  FONT_FALLBACK_FAMILIES,
  FONT_TEST_STRING,
  FONT_TEST_SIZE_PX,
  DEFAULT_FONT_CANDIDATES,
} from './constants.js';
export { FingerprintError, SourceFailedError, SourceUnavailableError } from './errors.js';
export type { FingerprintFailure } from './errors.js';
export type {
  Fingerprint,
  FingerprintSource,
  DomSource,
  PlainSource,
  SourceContext,
  SourceReport,
  SourceStatus,
  ScreenFrame,
} from './types.js';
export { canonicalJson } from './canonical-json.js';
export { hashComponents, isValidTerminalCode } from './terminal-code-hash.js';
export type { TerminalCodeHash } from './terminal-code-hash.js';
export { readScreenFrame, isEmptyFrame, screenFrame$ } from './screen-frame.js';
export { userAgentSource } from './source-user-agent.js';
export { languagesSource } from './source-languages.js';
export { timeZoneSource } from './source-time-zone.js';
export type { TimeZoneSourceOptions } from './source-time-zone.js';
export { screenSource } from './source-screen.js';
export type { ScreenSourceOptions } from './source-screen.js';
export { hardwareSource } from './source-hardware.js';
export { canvasSource } from './source-canvas.js';
export { fontsSource } from './source-fonts.js';
export type { FontsSourceOptions } from './source-fonts.js';
export { audioSource } from './source-audio.js';
export type { AudioSourceOptions } from './source-audio.js';
export { defaultSources, validateFingerprintOptions } from './fingerprint-options.js';
export type { FingerprintOptions } from './fingerprint-options.js';
export { collectFingerprint } from './collect-fingerprint.js';
export { createFingerprinter } from './fingerprinter.js';
export type { Fingerprinter } from './fingerprinter.js';
export { createTerminalCode } from './terminal-code.js';
export type { TerminalCode, TerminalCodeOptions } from './terminal-code.js';
