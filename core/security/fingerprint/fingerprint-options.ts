import { MAX_TIMER_DELAY_MS, isDuration } from '../../validate/duration.js';
import { FingerprintError } from './errors.js';
import { audioSource } from './source-audio.js';
import { canvasSource } from './source-canvas.js';
import { fontsSource } from './source-fonts.js';
import { hardwareSource } from './source-hardware.js';
import { languagesSource } from './source-languages.js';
import { screenSource } from './source-screen.js';
import { timeZoneSource } from './source-time-zone.js';
import { userAgentSource } from './source-user-agent.js';
import type { FingerprintSource, ScreenFrame } from './types.js';
import { readRecord } from '../../validate/describe-value.js';

/** Options of `collectFingerprint` and `createFingerprinter`. */
export interface FingerprintOptions {
  /** Replaces the default sources (to add, drop or fake one); source names must be unique. */
  sources?: readonly FingerprintSource[];
  /** Fonts probed by the fonts source. Default `DEFAULT_FONT_CANDIDATES`. */
  fonts?: readonly string[];
  /** Width of the font test box in px. Default 4000 (spec §B9). */
  fontTestWidthPx?: number;
  /** Audio source time-out in ms. Default 5000 (spec §S9). */
  audioTimeoutMs?: number;
  /** How often `createFingerprinter` samples the screen frame, in ms. Default 2500 (spec §B9). */
  screenFrameRefreshMs?: number;
  /** The IANA time zone; by default what `Intl.DateTimeFormat` resolves to. */
  timeZone?: () => string | undefined;
}

function invalid(field: string, value: unknown, why: string): never {
  throw new FingerprintError('FINGERPRINT_INVALID_OPTION', `${field} ${why}`, { extra: { field, value } });
}

function checkPositive(field: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) invalid(field, value, 'must be a positive finite number');
}

/** A time option: the shared duration rule (a delay every host's timer honours), reported as this module's error. */
function checkMs(field: string, value: unknown): void {
  if (value === undefined || isDuration(value)) return;
  invalid(field, value, `must be a positive, finite number of ms up to ${MAX_TIMER_DELAY_MS}`);
}

/** Throws FingerprintError on options that cannot work (non-positive times, empty font names, duplicate sources). */
export function validateFingerprintOptions(options: FingerprintOptions): void {
  options = readRecord('options', options, 'validateFingerprintOptions');
  checkPositive('fontTestWidthPx', options.fontTestWidthPx);
  checkMs('audioTimeoutMs', options.audioTimeoutMs);
  checkMs('screenFrameRefreshMs', options.screenFrameRefreshMs);
  if (options.timeZone !== undefined && typeof options.timeZone !== 'function') invalid('timeZone', options.timeZone, 'must be a function');
  if (options.fonts !== undefined) {
    if (!Array.isArray(options.fonts)) invalid('fonts', options.fonts, 'must be an array of font names');
    options.fonts.forEach((font, i) => {
      if (typeof font !== 'string' || font.trim() === '') invalid(`fonts[${i}]`, font, 'must be a non-empty font name');
    });
  }
  if (options.sources !== undefined) {
    if (!Array.isArray(options.sources)) invalid('sources', options.sources, 'must be an array of sources');
    const names = new Set<string>();
    options.sources.forEach((entry: FingerprintSource, i) => {
      const field = `sources[${i}]`;
      // Checked as untrusted input: a caller in plain JavaScript can pass anything.
      const source = entry as unknown as Partial<Record<keyof FingerprintSource, unknown>>;
      if (typeof source !== 'object' || source === null) invalid(field, source, 'must be a source object');
      if (typeof source.name !== 'string' || source.name === '') invalid(`${field}.name`, source.name, 'must be a non-empty string');
      if (names.has(source.name)) invalid(`${field}.name`, source.name, 'is used by another source');
      names.add(source.name);
      if (typeof source.needsDom !== 'boolean') invalid(`${field}.needsDom`, source.needsDom, 'must be a boolean');
      if (typeof source.collect !== 'function') invalid(`${field}.collect`, source.collect, 'must be a function');
      checkMs(`${field}.timeoutMs`, source.timeoutMs);
    });
  }
}

/** The default sources, configured from the options; `lastFrame` feeds the screen source a watched frame. */
export function defaultSources(options: FingerprintOptions = {}, lastFrame?: () => ScreenFrame | undefined): FingerprintSource[] {
  options = readRecord('options', options, 'defaultSources');
  validateFingerprintOptions(options);
  return [
    userAgentSource(),
    screenSource(lastFrame ? { lastFrame } : {}),
    timeZoneSource(options.timeZone ? { timeZone: options.timeZone } : {}),
    languagesSource(),
    canvasSource(),
    fontsSource({
      ...(options.fonts ? { fonts: options.fonts } : {}),
      ...(options.fontTestWidthPx ? { testWidthPx: options.fontTestWidthPx } : {}),
    }),
    audioSource(options.audioTimeoutMs ? { timeoutMs: options.audioTimeoutMs } : {}),
    hardwareSource(),
  ];
}
