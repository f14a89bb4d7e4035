// The fingerprint's and terminal code's constants. Seed values carry their section; the rest are ours.

/** Width of the off-screen box the font test strings are laid out in (so no string ever wraps). */
export const FONT_TEST_WIDTH_PX = 4000; // spec §B9

/** How often the screen frame (available-area insets) is sampled again. */
export const SCREEN_FRAME_REFRESH_MS = 2500; // spec §B9

/** How long the audio source may render before it is reported as timed out. */
export const AUDIO_TIMEOUT_MS = 5000; // spec §S9

/** How long a tab waits for another tab that is already computing the terminal code. */
export const CROSS_TAB_WAIT_MS = 1000; // spec §S9

/** The fixed known-bad terminal-code hash begins with this; such a code is invalid and regenerated. */
export const INVALID_TERMINAL_CODE_PREFIX = '787f01ff'; // spec §S5

/** Lifetime of the "computing" marker: long enough for the audio time-out, short enough to outlive a crashed tab only briefly. */
export const PENDING_MARKER_TTL_MS = 10_000;

/** How many salted retries a terminal code gets before giving up (a real hash never needs a second). */
export const MAX_TERMINAL_CODE_REGENERATIONS = 8;

/** Random bytes mixed into a regenerated terminal code. */
export const TERMINAL_CODE_SALT_BYTES = 16;

/** The key of the terminal code in the common storage area (spec §S9). */
export const TERMINAL_CODE_KEY = 'terminalCode';

/** The key of the "a tab is computing the terminal code" marker in the common storage area. */
export const TERMINAL_CODE_PENDING_KEY = 'terminalCodePending';

/** Font families every browser has; a candidate font is present when it changes a fallback's measurement. */
export const FONT_FALLBACK_FAMILIES = ['monospace', 'sans-serif', 'serif'] as const;

/** Wide and narrow glyphs, ligature pairs and symbols: most fonts differ from the fallbacks on this string. */
export const FONT_TEST_STRING = 'mmMwWLliI0O&1fiflffi';

/** Font size of the measured strings: large so that small metric differences show in whole pixels. */
export const FONT_TEST_SIZE_PX = 72;

/** The fonts probed by default: common on Windows, macOS, Linux, Android and iOS. */
export const DEFAULT_FONT_CANDIDATES: readonly string[] = [
  'Arial',
  'Arial Black',
  'Arial Narrow',
  'Bahnschrift',
  'Calibri',
  'Cambria',
  'Candara',
  'Comic Sans MS',
  'Consolas',
  'Constantia',
  'Corbel',
  'Courier New',
  'DejaVu Sans',
  'DejaVu Sans Mono',
  'DejaVu Serif',
  'Droid Sans',
  'Franklin Gothic Medium',
  'Futura',
  'Garamond',
  'Geneva',
  'Georgia',
  'Gill Sans',
  'Helvetica',
  'Helvetica Neue',
  'Impact',
  'Liberation Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Lucida Console',
  'Lucida Grande',
  'Menlo',
  'Microsoft YaHei',
  'Monaco',
  'Noto Color Emoji',
  'Noto Sans',
  'Noto Serif',
  'Optima',
  'Palatino',
  'Palatino Linotype',
  'PingFang SC',
  'Roboto',
  'Segoe UI',
  'SimSun',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Ubuntu',
  'Verdana',
];
