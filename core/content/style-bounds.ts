// The layout rules inline styles are held to, on top of the character and function rules in sanitize-style.ts:
// no negative margin or indent, no viewport or container unit, every length within a cap (through calc() too),
// no text colour too transparent to see. docs/content-safety.md gives each cap and where it comes from.

/** The caps rich-text styles and size attributes are held to; docs/content-safety.md gives the reason for each. */
export const RICH_TEXT_LAYOUT_LIMITS = Object.freeze({
  /** font-size in absolute units: 8 px to 48 px (48 px is `xxx-large`, three times the 16 px default). */
  fontSizeMinPx: 8,
  fontSizeMaxPx: 48,
  /** font-size relative to the parent (em, %, ex, ch, `smaller`): 0.5 to 1, so nesting can never grow text. */
  fontSizeMinRelative: 0.5,
  fontSizeMaxRelative: 1,
  /** font-size in rem (the page's root size, which does not compound): 0.5 to 3. */
  fontSizeMaxRem: 3,
  /** line-height: a number or em up to 3, a percentage up to 300 %, a length up to 144 px (3 × 48 px). */
  lineHeightMax: 3,
  lineHeightMaxPx: 144,
  /** margin, padding and text-indent: 0 to 64 px, or up to 10 % of the container's width. */
  spacingMaxPx: 64,
  spacingMaxPercent: 10,
  /** border widths: up to 8 px. */
  borderMaxPx: 8,
  /** border-radius: up to 64 px or 50 %. */
  radiusMaxPx: 64,
  radiusMaxPercent: 50,
  /** letter-spacing, word-spacing and border-spacing: 0 to 16 px. */
  gapMaxPx: 16,
  /** width, height, min-width, max-width, and the width and height attributes: up to 1200 px or 100 %. */
  boxMaxPx: 1200,
  boxMaxPercent: 100,
  /** The least opacity a text colour may have. */
  colorMinAlpha: 0.5,
});

const L = RICH_TEXT_LAYOUT_LIMITS;

// CSS pixels per unit for the absolute units. em, rem, ex and ch are counted at the 16 px default font size
// (ex and ch at half of it) wherever a length is capped, except for line-height, where em counts at 48 px.
const ABSOLUTE_UNITS: Readonly<Record<string, number>> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};
// Font-relative units, in em.
const FONT_UNITS: Readonly<Record<string, number>> = { em: 1, ex: 0.5, ch: 0.5 };
const DEFAULT_FONT_PX = 16;

/** A length (or calc() sum) split by what it is relative to. */
interface Measure {
  /** Absolute CSS pixels, with plain numbers counted as pixels (quirks-mode pages read `width: 3000` so). */
  px: number;
  /** In em of the element's font (ex and ch as half an em). */
  em: number;
  rem: number;
  /** Percent of whatever the property takes percentages of. */
  pct: number;
  /** A plain number was given (line-height reads it as a factor, not as pixels). */
  plain: boolean;
}

type Component =
  | { kind: 'measure'; measure: Measure; calc: boolean }
  | { kind: 'word'; word: string }
  | { kind: 'color'; alpha: number }
  | { kind: 'other' };

// A CSS number token with its unit: `1e3px` is 1000 px, `1em` is one em (an e followed by a digit is an exponent).
const NUMBER = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(%|[a-z]+)?/iy;
const NUMBER_WHOLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(%|[a-z]+)?$/i;
const WORD = /[^\s,()"'#]+/y;
const IMPORTANT = /!\s*important\s*$/i;
const GLOBAL_WORDS = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);
const COLOR_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla']);

/** A single length token as a measure; null for a unit that is not allowed (vw, vh, cqw, lh…). */
function measureOf(text: string): Measure | null {
  const match = NUMBER_WHOLE.exec(text);
  if (match === null) return null;
  const unit = (match[1] ?? '').toLowerCase();
  const value = Number.parseFloat(text);
  const measure: Measure = { px: 0, em: 0, rem: 0, pct: 0, plain: false };
  if (unit === '') {
    measure.px = value;
    measure.plain = true;
  } else if (unit === '%') measure.pct = value;
  else if (unit === 'rem') measure.rem = value;
  else if (unit in FONT_UNITS) measure.em = value * FONT_UNITS[unit]!;
  else if (unit in ABSOLUTE_UNITS) measure.px = value * ABSOLUTE_UNITS[unit]!;
  else return null;
  return measure;
}

/** The terms of a calc() joined by + and - (the character rules already refuse * and /); null when unreadable. */
function calcMeasure(inner: string): Measure | null {
  const tokens = inner.trim().split(/\s+/);
  if (tokens.length % 2 === 0) return null;
  // Stryker disable next-line BooleanLiteral: a sum is marked calc, and every rule that reads `plain` refuses a calc() first.
  const sum: Measure = { px: 0, em: 0, rem: 0, pct: 0, plain: false };
  // Stryker disable next-line EqualityOperator: tokens.length is odd and i even, so i never equals it (`<=` reads no further).
  for (let i = 0; i < tokens.length; i += 2) {
    const sign = i === 0 || tokens[i - 1] === '+' ? 1 : tokens[i - 1] === '-' ? -1 : 0;
    if (sign === 0) return null;
    const term = measureOf(tokens[i]!);
    if (term === null) return null;
    sum.px += sign * term.px;
    sum.em += sign * term.em;
    sum.rem += sign * term.rem;
    sum.pct += sign * term.pct;
  }
  return sum;
}

/** The alpha of a colour function's arguments (the fourth comma-separated one), 1 when there is none; NaN if unreadable. */
function alphaOfArguments(args: string): number {
  const parts = args.split(',');
  if (parts.length < 4) return 1;
  const text = parts[3]!.trim();
  const value = Number.parseFloat(text);
  return text.endsWith('%') ? value / 100 : value;
}

/** The alpha of a hex colour: #RGBA and #RRGGBBAA carry one, the other forms are opaque. */
function alphaOfHex(hex: string): number {
  if (hex.length === 4) return Number.parseInt(hex[3]! + hex[3]!, 16) / 255;
  if (hex.length === 8) return Number.parseInt(hex.slice(6), 16) / 255;
  return 1;
}

/** The value's top-level components, or null when one cannot be read (a unit not allowed, a calc() not understood). */
function componentsOf(value: string): Component[] | null {
  const out: Component[] = [];
  const text = value.replace(IMPORTANT, '');
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = text.indexOf(ch, i + 1);
      if (end === -1) return null;
      // Stryker disable next-line ObjectLiteral,StringLiteral: no rule reads an 'other' part beyond its not being a length, word or colour.
      out.push({ kind: 'other' });
      i = end + 1;
      continue;
    }
    if (ch === ',') {
      // Stryker disable next-line ObjectLiteral,StringLiteral: no rule reads an 'other' part beyond its not being a length, word or colour.
      out.push({ kind: 'other' });
      i++;
      continue;
    }
    if (ch === '#') {
      WORD.lastIndex = i + 1;
      const hex = WORD.exec(text)?.[0] ?? '';
      out.push({ kind: 'color', alpha: alphaOfHex(hex) });
      i += 1 + hex.length;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number !== null) {
      const measure = measureOf(number[0]);
      if (measure === null) return null;
      out.push({ kind: 'measure', measure, calc: false });
      i += number[0].length;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(text)?.[0];
    // A bracket with no name before it, a stray closing bracket, '!' left after !important was taken off.
    if (word === undefined || word.includes('!')) return null;
    i += word.length;
    if (text[i] !== '(') {
      out.push({ kind: 'word', word: word.toLowerCase() });
      continue;
    }
    const close = text.indexOf(')', i);
    if (close === -1) return null;
    const args = text.slice(i + 1, close);
    // Only rgb/rgba/hsl/hsla/calc pass the function rule; a calc() inside a calc() is not read.
    if (args.includes('(')) return null;
    const name = word.toLowerCase();
    if (COLOR_FUNCTIONS.has(name)) {
      const alpha = alphaOfArguments(args);
      if (Number.isNaN(alpha)) return null;
      out.push({ kind: 'color', alpha });
    } else if (name === 'calc') {
      const measure = calcMeasure(args);
      if (measure === null) return null;
      out.push({ kind: 'measure', measure, calc: true });
    } else return null;
    i = close + 1;
  }
  return out;
}

/**
 * Whether a length lies in [0, cap]: `maxPx` for its absolute part (em and rem at the default font size),
 * `maxPercent` for its percentage; a sum of both may use each cap in proportion. `clampsAtZero` for properties
 * the browser never lets go below zero (padding, width…): there `calc(100% - 10px)` is fine, while for margin
 * and indent a subtracted length could pull the content out of its place, so every part must be ≥ 0.
 */
function withinCap(m: Measure, maxPx: number, maxPercent: number, clampsAtZero: boolean): boolean {
  const px = m.px + DEFAULT_FONT_PX * (m.em + m.rem);
  if (!(m.pct >= 0)) return false;
  if (!(px >= 0) && !(clampsAtZero && m.pct > 0)) return false;
  const share = (m.pct > 0 ? m.pct / maxPercent : 0) + Math.max(px, 0) / maxPx;
  return share <= 1;
}

type Rule = (components: Component[]) => boolean;

/** 1 to `most` components, each a length within the cap or one of `words`. */
// Stryker disable next-line ArrayDeclaration: a word is one lower-case token, so a list holding a phrase allows no more words.
function lengths(most: number, maxPx: number, maxPercent: number, clampsAtZero: boolean, words: readonly string[] = []): Rule {
  const allowed = new Set(words);
  return (components) =>
    components.length >= 1 &&
    components.length <= most &&
    components.every((c) =>
      c.kind === 'word' ? allowed.has(c.word) : c.kind === 'measure' && withinCap(c.measure, maxPx, maxPercent, clampsAtZero),
    );
}

const FONT_SIZE_WORDS = new Set(['xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large', 'smaller']);

const fontSize: Rule = (components) => {
  if (components.length !== 1) return false;
  const c = components[0]!;
  if (c.kind === 'word') return FONT_SIZE_WORDS.has(c.word);
  if (c.kind !== 'measure' || c.calc) return false;
  const { px, em, rem, pct, plain } = c.measure;
  if (plain) return false;
  if (px !== 0) return px >= L.fontSizeMinPx && px <= L.fontSizeMaxPx;
  if (rem !== 0) return rem >= L.fontSizeMinRelative && rem <= L.fontSizeMaxRem;
  const relative = em !== 0 ? em : pct / 100;
  return relative >= L.fontSizeMinRelative && relative <= L.fontSizeMaxRelative;
};

const lineHeight: Rule = (components) => {
  if (components.length !== 1) return false;
  const c = components[0]!;
  if (c.kind === 'word') return c.word === 'normal';
  if (c.kind !== 'measure' || c.calc) return false;
  const { px, em, rem, pct, plain } = c.measure;
  if (plain) return px >= 0 && px <= L.lineHeightMax;
  const total = px + L.fontSizeMaxPx * em + DEFAULT_FONT_PX * rem;
  return total >= 0 && total <= L.lineHeightMaxPx && pct >= 0 && pct <= 100 * L.lineHeightMax;
};

// Any number of components, each a length within the border cap, or a style or colour.
// Stryker disable next-line BooleanLiteral: with no percentage allowed (cap 0), a percentage is refused whether or not zero clamps.
const border: Rule = (components) => components.every((c) => c.kind !== 'measure' || withinCap(c.measure, L.borderMaxPx, 0, true));

const textColor: Rule = (components) =>
  components.every((c) => (c.kind === 'word' ? c.word !== 'transparent' : c.kind !== 'color' || c.alpha >= L.colorMinAlpha));

const margin = lengths(4, L.spacingMaxPx, L.spacingMaxPercent, false, ['auto']);
const marginSide = lengths(1, L.spacingMaxPx, L.spacingMaxPercent, false, ['auto']);
const padding = lengths(4, L.spacingMaxPx, L.spacingMaxPercent, true);
const paddingSide = lengths(1, L.spacingMaxPx, L.spacingMaxPercent, true);
const box = lengths(1, L.boxMaxPx, L.boxMaxPercent, true, ['auto', 'none', 'min-content', 'max-content', 'fit-content']);
const gap = lengths(1, L.gapMaxPx, 0, false, ['normal']);

const RULES: Readonly<Record<string, Rule>> = {
  'font-size': fontSize,
  'line-height': lineHeight,
  color: textColor,
  margin,
  'margin-top': marginSide,
  'margin-right': marginSide,
  'margin-bottom': marginSide,
  'margin-left': marginSide,
  padding,
  'padding-top': paddingSide,
  'padding-right': paddingSide,
  'padding-bottom': paddingSide,
  'padding-left': paddingSide,
  'text-indent': lengths(3, L.spacingMaxPx, L.spacingMaxPercent, false, ['hanging', 'each-line']),
  border,
  'border-top': border,
  'border-right': border,
  'border-bottom': border,
  'border-left': border,
  'border-width': lengths(4, L.borderMaxPx, 0, true, ['thin', 'medium', 'thick']),
  'border-radius': lengths(4, L.radiusMaxPx, L.radiusMaxPercent, true),
  // Stryker disable next-line BooleanLiteral: with no percentage allowed (cap 0), a percentage is refused whether or not zero clamps.
  'border-spacing': lengths(2, L.gapMaxPx, 0, true),
  'letter-spacing': gap,
  'word-spacing': gap,
  width: box,
  height: box,
  'min-width': box,
  'max-width': box,
  // Keywords only: a length or percentage would lift the text off its line (and quirks mode reads a plain number as px).
  'vertical-align': (components) => components.length === 1 && components[0]!.kind === 'word',
};

// Properties without a rule of their own take no length at all (vertical-align: 3000px, text-decoration's
// thickness, an oblique angle): plain numbers (font-weight: 700) and colours only.
const noLength: Rule = (components) => components.every((c) => c.kind !== 'measure' || (c.measure.plain && !c.calc));

/** Whether a declaration (an allowed property with a value that passed the character rules) keeps to the layout caps. */
export function withinLayoutBounds(property: string, value: string): boolean {
  const components = componentsOf(value);
  if (components === null) return false;
  const only = components.length === 1 ? components[0]! : undefined;
  if (only?.kind === 'word' && GLOBAL_WORDS.has(only.word)) return true;
  return (RULES[property] ?? noLength)(components);
}

const DIMENSION = /^(\d+(?:\.\d+)?)(%|px)?$/i;

/**
 * The width or height attribute an element may keep: digits (optionally a fraction, then % or px) within the box cap,
 * trimmed; null for anything else (`3000`, `-5`, `1e4`, `50vw`).
 */
export function boundedDimension(value: string): string | null {
  const text = value.trim();
  const match = DIMENSION.exec(text);
  if (match === null) return null;
  const number = Number.parseFloat(match[1]!);
  return number <= (match[2] === '%' ? L.boxMaxPercent : L.boxMaxPx) ? text : null;
}
