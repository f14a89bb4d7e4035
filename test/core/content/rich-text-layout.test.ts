// The layout rules of rich text (docs/content-safety.md, "Content that stays in its box"): what the style caps
// keep and drop, the size attributes, the class allow-list, and renderRichText's box. The browser test
// (test/browser/content/clickjacking.test.ts) shows the same rules hold where layout really happens.
import fc from 'fast-check';
import type { WindowLike } from 'dompurify';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_STYLE_FUNCTIONS,
  ALLOWED_STYLE_PROPERTIES,
  InvalidArgumentError,
  InvalidClassNameError,
  RICH_TEXT_CONTAINER_CSS,
  RICH_TEXT_CONTAINER_STYLE,
  RICH_TEXT_LAYOUT_LIMITS,
  renderRichText,
  sanitizeRichText,
  sanitizeStyle,
  silentContentLogger,
  UnsafeDomWindowError,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';
import { boundedDimension, withinLayoutBounds } from '../../../core/content/style-bounds.js';
import { jsdomWindow } from './jsdom-window.js';

const window = jsdomWindow('') as unknown as WindowLike;
const clean = (html: string, extra: Partial<Parameters<typeof sanitizeRichText>[1]> = {}) =>
  sanitizeRichText(html, { window, logger: silentContentLogger, ...extra });

describe('the styles that took the order form\'s click are dropped ("no negative margins, no viewport units, capped lengths")', () => {
  it.each([
    ['a viewport-sized image pulled up over the page', 'width:100vw;height:100vh;margin-top:-100vh', ''],
    ['the same through calc()', 'margin-top: calc(-100vh - 0px); width: calc(100vw + 0px)', ''],
    ['3000 px of transparent padding', 'padding:3000px;background-color:rgba(0,0,0,0)', 'background-color: rgba(0,0,0,0)'],
    ['a 3000 px transparent border', 'border:3000px solid rgba(0,0,0,0)', ''],
    ['negative margins', 'margin-top:-1500px;margin-left:-1500px', ''],
    ['a 3000 px invisible letter', 'font-size:3000px;line-height:0;color:rgba(0,0,0,0)', 'line-height: 0'],
  ])('%s', (_name, style, kept) => {
    expect(sanitizeStyle(style)).toBe(kept);
  });

  it('drops every viewport, container and line-relative unit, in any case', () => {
    for (const unit of ['vw', 'vh', 'vmin', 'vmax', 'vi', 'vb', 'svh', 'lvh', 'dvh', 'dvw', 'cqw', 'cqh', 'cqmin', 'lh', 'rlh', 'VH']) {
      expect(sanitizeStyle(`width: 1${unit}`), unit).toBe('');
      expect(sanitizeStyle(`padding: calc(1px + 1${unit})`), unit).toBe('');
    }
  });

  it('keeps the ordinary units within the caps', () => {
    for (const value of ['10px', '7.5pt', '1pc', '0.5in', '1cm', '10mm', '20q', '2em', '2rem', '4ex', '4ch', '5%', '0']) {
      expect(sanitizeStyle(`padding: ${value}`), value).toBe(`padding: ${value}`);
    }
  });
});

describe('each cap holds at its edge (RICH_TEXT_LAYOUT_LIMITS)', () => {
  const L = RICH_TEXT_LAYOUT_LIMITS;
  it.each([
    ['margin', `${L.spacingMaxPx}px`, `${L.spacingMaxPx + 1}px`],
    ['margin-left', `${L.spacingMaxPercent}%`, `${L.spacingMaxPercent + 1}%`],
    ['padding', `0 ${L.spacingMaxPx}px`, `0 ${L.spacingMaxPx + 0.5}px`],
    ['padding-top', '4em', '4.1em'],
    ['text-indent', `${L.spacingMaxPx}px`, `${L.spacingMaxPx + 1}px`],
    ['border-width', `${L.borderMaxPx}px`, `${L.borderMaxPx + 1}px`],
    ['border', `${L.borderMaxPx}px solid red`, `${L.borderMaxPx + 1}px solid red`],
    ['border-left', '6pt dotted', '6.1pt dotted'],
    ['border-radius', `${L.radiusMaxPercent}%`, `${L.radiusMaxPercent + 1}%`],
    ['border-spacing', `${L.gapMaxPx}px 0`, `${L.gapMaxPx + 1}px 0`],
    ['letter-spacing', `${L.gapMaxPx}px`, `${L.gapMaxPx + 1}px`],
    ['word-spacing', '1em', '1.1em'],
    ['width', `${L.boxMaxPx}px`, `${L.boxMaxPx + 1}px`],
    ['height', `${L.boxMaxPercent}%`, `${L.boxMaxPercent + 1}%`],
    ['max-width', '75em', '75.1em'],
    ['min-width', `${L.boxMaxPx}px`, '1e4px'],
    ['font-size', `${L.fontSizeMaxPx}px`, `${L.fontSizeMaxPx + 1}px`],
    ['font-size', `${L.fontSizeMinPx}px`, `${L.fontSizeMinPx - 1}px`],
    ['font-size', '36pt', '37pt'],
    ['font-size', '100%', '101%'],
    ['font-size', '0.5em', '0.49em'],
    ['font-size', `${L.fontSizeMaxRem}rem`, `${L.fontSizeMaxRem + 0.1}rem`],
    ['font-size', 'xxx-large', 'larger'],
    ['line-height', `${L.lineHeightMax}`, `${L.lineHeightMax + 0.1}`],
    ['line-height', '300%', '301%'],
    ['line-height', '3em', '3.1em'],
    ['line-height', `${L.lineHeightMaxPx}px`, `${L.lineHeightMaxPx + 1}px`],
  ])('%s: keeps %s, drops %s', (property, kept, dropped) => {
    expect(sanitizeStyle(`${property}: ${kept}`)).toBe(`${property}: ${kept}`);
    expect(sanitizeStyle(`${property}: ${dropped}`)).toBe('');
  });

  it('a plain number counts as pixels where a length is due (quirks-mode pages read `width: 3000` so)', () => {
    expect(sanitizeStyle('width: 1200')).toBe('width: 1200');
    expect(sanitizeStyle('width: 3000')).toBe('');
    expect(sanitizeStyle('vertical-align: 3000')).toBe('');
  });

  it('a number in exponent form is read at its value', () => {
    expect(sanitizeStyle('padding: 1e1px')).toBe('padding: 1e1px');
    expect(sanitizeStyle('padding: 1e3px')).toBe('');
    expect(sanitizeStyle('padding: 1e400px')).toBe('');
  });
});

describe('calc() is read term by term ("capped lengths, through calc() too")', () => {
  it.each([
    ['width', 'calc(100% - 20px)', true],
    ['width', 'calc(50% + 600px)', true],
    ['width', 'calc(50% + 601px)', false],
    ['width', 'calc(100% + 1px)', false],
    ['padding', 'calc(32px + 2em)', true],
    ['padding', 'calc(32px + 2em + 1px)', false],
    ['padding', 'calc(5% + 32px)', true],
    ['padding', 'calc(5% + 33px)', false],
    // Margins: a subtracted part could pull content out of its place, so every part must be positive.
    ['margin-top', 'calc(10px - 20px)', false],
    ['margin-top', 'calc(10% - 1px)', false],
    ['margin-top', 'calc(-1px + 2px)', true],
    ['margin-top', 'calc(100px - 3000px)', false],
    ['margin-top', 'calc(1px 2px)', false],
    ['margin-top', 'calc(1px + calc(2px))', false],
    ['margin-top', 'calc(1px +2px)', false],
    ['font-size', 'calc(12px + 0px)', false],
  ])('%s: %s kept %s', (property, value, kept) => {
    expect(sanitizeStyle(`${property}: ${value}`)).toBe(kept ? `${property}: ${value}` : '');
  });
});

describe('no invisible text ("no invisible text on links")', () => {
  it.each([
    ['transparent', false],
    ['TRANSPARENT', false],
    ['rgba(0, 0, 0, 0)', false],
    ['rgba(0, 0, 0, 0.49)', false],
    ['rgb(0, 0, 0, 0.2)', false],
    ['hsla(0, 0%, 0%, 10%)', false],
    ['#0000', false],
    ['#00000010', false],
    ['rgba(0, 0, 0, 0.5)', true],
    ['#000a', true],
    ['#000000ff', true],
    ['red', true],
    ['rgb(0, 0, 0)', true],
  ])('color: %s kept %s', (value, kept) => {
    expect(sanitizeStyle(`color: ${value}`)).toBe(kept ? `color: ${value}` : '');
  });

  it('a transparent background stays (it hides no text), and tiny text is dropped', () => {
    expect(sanitizeStyle('background-color: transparent')).toBe('background-color: transparent');
    expect(sanitizeStyle('font-size: 0')).toBe('');
    expect(sanitizeStyle('font-size: 1px')).toBe('');
  });

  it('a link keeps its text visible however the style is written', () => {
    expect(clean('<a href="/x" style="font-size:3000px;line-height:0;color:rgba(0,0,0,0)">W</a>')).toBe(
      '<a href="/x" style="line-height: 0">W</a>',
    );
    expect(clean('<a href="/x"><span style="color: transparent; font-size: 0">W</span></a>')).toBe('<a href="/x"><span>W</span></a>');
  });
});

describe('properties without a length rule take no length at all', () => {
  it.each([
    ['vertical-align', '-3000px'],
    ['vertical-align', '50%'],
    ['text-decoration', 'underline 300px'],
    ['font-style', 'oblique 40deg'],
    ['font-family', 'calc(1px + 1px)'],
  ])('%s: %s', (property, value) => {
    expect(sanitizeStyle(`${property}: ${value}`)).toBe('');
  });

  it('keeps plain numbers and the global keywords', () => {
    expect(sanitizeStyle('font-weight: 700')).toBe('font-weight: 700');
    expect(sanitizeStyle('margin: inherit; width: unset; font-size: revert')).toBe('margin: inherit; width: unset; font-size: revert');
  });
});

// An independent reading of the caps for single pixel lengths: kept exactly when 0 ≤ v ≤ cap.
const PIXEL_CAPS: [string, number, boolean][] = [
  ['margin-top', RICH_TEXT_LAYOUT_LIMITS.spacingMaxPx, false],
  ['padding-left', RICH_TEXT_LAYOUT_LIMITS.spacingMaxPx, false],
  ['border-width', RICH_TEXT_LAYOUT_LIMITS.borderMaxPx, false],
  ['width', RICH_TEXT_LAYOUT_LIMITS.boxMaxPx, false],
  ['letter-spacing', RICH_TEXT_LAYOUT_LIMITS.gapMaxPx, false],
];

describe('properties of the caps (fast-check)', () => {
  it('a single pixel length is kept exactly when it lies within [0, cap]', () => {
    const drawn = inputClasses<{ value: number; cap: number }>({
      kept: ({ value, cap }) => value > 0 && value < cap,
      'exactly 0': ({ value }) => value === 0,
      'exactly the cap': ({ value, cap }) => value === cap,
      'just below 0': ({ value }) => value === -0.01,
      'just above the cap': ({ value, cap }) => Math.abs(value - cap - 0.01) < 1e-9,
    });
    fc.assert(
      fc.property(
        // Any length, and the edges: 0, the cap, and one hundredth either side of each.
        fc
          .constantFrom(...PIXEL_CAPS)
          .chain(([property, cap]) =>
            fc.tuple(
              fc.constant([property, cap] as const),
              fc.oneof(
                fc.double({ min: -5000, max: 5000, noNaN: true, noDefaultInfinity: true }),
                fc.constantFrom(-0.01, 0, 0.01, cap - 0.01, cap, cap + 0.01),
              ),
            ),
          ),
        ([[property, cap], raw]) => {
          const value = Math.round(raw * 100) / 100;
          drawn.see({ value, cap });
          const kept = sanitizeStyle(`${property}: ${value}px`) !== '';
          expect(kept).toBe(value >= 0 && value <= cap);
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });

  it('a calc() margin of pixel terms is kept exactly when its sum lies within [0, cap]', () => {
    const cap = RICH_TEXT_LAYOUT_LIMITS.spacingMaxPx;
    const edgeTerm = fc.constantFrom(0, cap, -1, cap + 1).map((sum) => ({ sum }));
    const drawn = inputClasses<number>({
      'a sum inside': (sum) => sum > 0 && sum < cap,
      'a sum of exactly 0': (sum) => sum === 0,
      'a sum of exactly the cap': (sum) => sum === cap,
      'a sum below 0': (sum) => sum < 0,
      'a sum above the cap': (sum) => sum > cap,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 200 }),
        fc.constantFrom('+', '-'),
        fc.oneof(fc.integer({ min: -200, max: 200 }), edgeTerm),
        (a, op, drawnB) => {
          // An edge term makes the sum land on 0, the cap, or one past either.
          const b = typeof drawnB === 'number' ? drawnB : (op === '+' ? 1 : -1) * (drawnB.sum - a);
          const sum = op === '+' ? a + b : a - b;
          drawn.see(sum);
          const kept = sanitizeStyle(`margin-top: calc(${a}px ${op} ${b}px)`) !== '';
          expect(kept).toBe(sum >= 0 && sum <= RICH_TEXT_LAYOUT_LIMITS.spacingMaxPx);
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });

  it('whatever it keeps, sanitizeStyle keeps again unchanged, and it never keeps a viewport unit or a negative margin', () => {
    const unit = fc.constantFrom('px', 'em', 'rem', '%', 'vh', 'vw', 'pt', 'cm', 'dvh', '');
    const length = fc.tuple(fc.integer({ min: -4000, max: 4000 }), unit).map(([n, u]) => `${n}${u}`);
    // calc() of any two lengths, and of two small pixel lengths, which a layout keeps.
    const smallPx = fc.integer({ min: 0, max: 20 }).map((n) => `${n}px`);
    const keptCalc = fc.tuple(smallPx, smallPx).map(([a, b]) => `margin-top: calc(${a} + ${b})`);
    const calc = fc
      .tuple(fc.oneof(length, smallPx), fc.constantFrom(' + ', ' - '), fc.oneof(length, smallPx))
      .map(([a, op, b]) => `calc(${a}${op}${b})`);
    const property = fc.constantFrom(
      'margin',
      'margin-top',
      'padding',
      'border',
      'width',
      'height',
      'font-size',
      'line-height',
      'text-indent',
    );
    const declaration = fc
      .tuple(property, fc.array(fc.oneof(length, calc, fc.constantFrom('auto', 'solid', 'red')), { minLength: 1, maxLength: 4 }))
      .map(([p, parts]) => `${p}: ${parts.join(' ')}`);
    const drawn = inputClasses<{ given: string; kept: string }>({
      'something kept': ({ kept }) => kept !== '',
      'nothing kept': ({ kept }) => kept === '',
      'a calc() kept': ({ kept }) => kept.includes('calc('),
      'a viewport unit given': ({ given }) => /\d(vh|vw|dvh)\b/.test(given),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(declaration, keptCalc), { minLength: 1, maxLength: 4 }), (declarations) => {
        const kept = sanitizeStyle(declarations.join('; '));
        drawn.see({ given: declarations.join('; '), kept });
        expect(sanitizeStyle(kept)).toBe(kept);
        expect(kept).not.toMatch(/\d(vh|vw|dvh)\b/i);
        // Outside calc() no margin or indent length is negative (inside one, a negative term may be outweighed).
        for (const part of kept.split('; ').filter((d) => /^(margin|text-indent)/.test(d)))
          expect(part.replace(/calc\([^)]*\)/gi, '')).not.toMatch(/(^|\s)-\d/);
      }),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(3);
  });
});

describe('width and height attributes are held to the box cap', () => {
  it.each([
    ['<img width="1200" height="300">', '<img width="1200" height="300">'],
    ['<img width="3000" height="3000">', '<img>'],
    ['<img width="3000" height="300">', '<img height="300">'],
    ['<img width=" 640 " height="50%">', '<img width="640" height="50%">'],
    ['<img width="101%">', '<img>'],
    ['<img width="64px">', '<img width="64px">'],
    ['<img width="-5" height="1e4">', '<img>'],
    ['<img width="50vw">', '<img>'],
    ['<img width="12.5" height="99.25%">', '<img width="12.5" height="99.25%">'],
    ['<img width="1200.5" height="100.5%">', '<img>'],
    ['<img width="64PX" height="0">', '<img width="64PX" height="0">'],
    ['<img width="12." height=".5">', '<img>'],
    ['<img width="+5" height="5 px">', '<img>'],
    ['<img width="x5" height="5x">', '<img>'],
    ['<img width="1200%">', '<img>'],
    ['<table width="5000"><tbody><tr><td height="4000">x</td></tr></tbody></table>', '<table><tbody><tr><td>x</td></tr></tbody></table>'],
  ])('%s', (html, expected) => {
    expect(clean(html)).toBe(expected);
  });
});

describe('author classes reach the page only when the app allow-lists them', () => {
  it('keeps no class by default ("the default keeps none")', () => {
    expect(clean('<a href="/x" class="fixed inset-0 z-50 opacity-0">x</a><p class="note">y</p>')).toBe('<a href="/x">x</a><p>y</p>');
  });

  it('keeps the listed names and the names with a listed prefix, and drops the rest of the tokens', () => {
    const allowedClasses = { names: ['note', 'warning'], prefixes: ['cms-'] };
    expect(clean('<p class="note fixed  cms-quote\tinset-0 cms">y</p><p class="z-50">z</p>', { allowedClasses })).toBe(
      '<p class="note cms-quote">y</p><p>z</p>',
    );
    expect(clean('<p class="warning">y</p>', { allowedClasses: { names: ['warning'] } })).toBe('<p class="warning">y</p>');
    expect(clean('<p class="cms-a">y</p>', { allowedClasses: { prefixes: ['cms-'] } })).toBe('<p class="cms-a">y</p>');
    expect(clean('<p class="note">y</p>', { allowedClasses: {} })).toBe('<p>y</p>');
  });

  it('refuses an allow-list entry that is not one class token', () => {
    expect(() => clean('<p>y</p>', { allowedClasses: { prefixes: [''] } })).toThrow(InvalidClassNameError);
    expect(() => clean('<p>y</p>', { allowedClasses: { names: ['a b'] } })).toThrow(InvalidClassNameError);
    expect(() => clean('<p>y</p>', { allowedClasses: { names: 'note' as unknown as string[] } })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'sanitizeRichText: options.allowedClasses.names must be an array, got "note"',
      }),
    );
    expect(() => clean('<p>y</p>', { allowedClasses: null as unknown as { names: string[] } })).toThrow(InvalidArgumentError);
  });
});

describe('renderRichText(element, html): the documented path outside React', () => {
  it("sanitises with the element's window, makes the element the box and returns what it rendered", () => {
    const page = jsdomWindow('<div id="box" style="color: red"></div>');
    const box = page.document.getElementById('box')!;
    const out = renderRichText(box, '<p style="margin-top:-100px" class="x" onclick="alert(1)">hi</p><script>1</script>', {
      ownDomains: ['example.com'],
    });
    expect(out).toBe('<p>hi</p>');
    expect(box.innerHTML).toBe('<p>hi</p>');
    for (const [property, value] of Object.entries(RICH_TEXT_CONTAINER_STYLE)) {
      expect(box.style.getPropertyValue(property), property).toBe(value);
      expect(box.style.getPropertyPriority(property), property).toBe('important');
    }
    expect(box.style.getPropertyValue('color')).toBe('red');
    expect(RICH_TEXT_CONTAINER_CSS).toBe('contain: paint; overflow: clip; position: relative; isolation: isolate');
  });

  it('replaces what the element held, and passes the class allow-list on', () => {
    const page = jsdomWindow('<div id="box"><b>old</b></div>');
    const box = page.document.getElementById('box')!;
    renderRichText(box, '<p class="cms-a b">new</p>', { allowedClasses: { prefixes: ['cms-'] } });
    expect(box.innerHTML).toBe('<p class="cms-a">new</p>');
  });

  it('names what was wrong: not an element, no window, bad options', () => {
    expect(() => renderRichText({} as Element, '<p>x</p>')).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'renderRichText: element must be a DOM element, got an object' }),
    );
    const detached = jsdomWindow('').document.implementation.createHTMLDocument('').createElement('div');
    expect(() => renderRichText(detached, '<p>x</p>')).toThrow(UnsafeDomWindowError);
    const box = jsdomWindow('').document.createElement('div');
    expect(() => renderRichText(box, '<p>x</p>', 5 as unknown as object)).toThrow(InvalidArgumentError);
    expect(box.innerHTML).toBe('');
  });
});

describe('sanitizeStyle over generated hostile declarations', () => {
  // Any property (allowed, layout-taking, scripting), any value shape (functions, escapes, comments, strings,
  // !important, case), joined with stray semicolons. What comes out: allowed properties only, allowed
  // functions only, no escape, comment or URL-bearing text, within the layout caps, and stable.
  const properties = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ALLOWED_STYLE_PROPERTIES) },
    fc.constantFrom('position', 'z-index', 'opacity', 'transform', 'pointer-events', 'behavior', '-moz-binding', 'background-image'),
    fc.constantFrom('content', 'filter', 'clip-path', 'visibility', 'display', 'inset', 'top', '--x', 'COLOR', 'col\\6f r'),
  );
  const values = fc.oneof(
    fc.constantFrom('red', '#fff', '4px', '1.5em', '12px 4px', 'bold', 'center', 'solid 1px red', '0', '-3px', '100vw', '9999px'),
    fc.constantFrom('rgb(1, 2, 3)', 'hsla(1, 2%, 3%, 0.5)', 'calc(10px + 2em)', 'calc(100vh - 1px)', 'rgb(calc(1 + 2), 2, 3)'),
    fc.constantFrom('url(javascript:alert(1))', 'expression(alert(1))', 'var(--x)', 'attr(title)', 'env(safe-area-inset-top)'),
    fc.constantFrom('image-set("x.png" 1x)', 'u\\72 l(x)', '\\65 xpression(1)', 'r/**/ed', '"a;b"', "'x'", 'fixed', 'red !important'),
    fc.string({ maxLength: 10 }),
  );
  const declaration = fc.tuple(properties, fc.constantFrom(': ', ':', ' : '), values).map(([p, sep, v]) => `${p}${sep}${v}`);
  const style = fc
    .array(declaration, { minLength: 1, maxLength: 4 })
    .chain((ds) => fc.constantFrom('; ', ';', ';;').map((j) => ds.join(j)));
  const allowed = new Set(ALLOWED_STYLE_PROPERTIES);
  const functions = new Set(ALLOWED_STYLE_FUNCTIONS);

  it('keeps only allowed properties and functions, no escape, comment or URL, and keeps its own output unchanged', () => {
    const drawn = inputClasses<string>({
      'a layout-taking property': (s) => /(^|;\s*)(position|z-index|opacity|transform|inset|top)\s*:/.test(s),
      'a scripting value': (s) => /url\(|expression\(|-moz-binding|behavior/.test(s),
      'a CSS escape': (s) => s.includes('\\'),
      'a comment': (s) => s.includes('/*'),
      'a custom property or var()': (s) => /--x|var\(/.test(s),
      'a nested function': (s) => /\([^)]*\(/.test(s),
      'an allowed declaration': (s) => [...allowed].some((p) => s.startsWith(`${p}:`)),
      'a declaration kept': (s) => sanitizeStyle(s) !== '',
    });
    fc.assert(
      fc.property(style, (input) => {
        drawn.see(input);
        const kept = sanitizeStyle(input);
        expect(sanitizeStyle(kept)).toBe(kept);
        expect(kept).not.toMatch(/\\|\/\*|url\(|expression|var\(|attr\(|env\(/i);
        for (const part of kept === '' ? [] : kept.split('; ')) {
          const name = part.slice(0, part.indexOf(':'));
          expect(allowed.has(name), `property ${name} in ${JSON.stringify(kept)}`).toBe(true);
          for (const [, fn] of part.matchAll(/([a-z-]+)\(/gi)) expect(functions.has(fn!.toLowerCase()), `function ${fn}`).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('every property with a layout rule of its own takes the lengths that rule allows', () => {
  // Off the rule table a property takes no length at all, so each of these would lose its 1px.
  it.each([
    'margin',
    'margin-top',
    'margin-right',
    'margin-bottom',
    'margin-left',
    'padding',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'text-indent',
    'border',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
    'border-width',
    'border-radius',
    'border-spacing',
    'letter-spacing',
    'word-spacing',
    'width',
    'height',
    'min-width',
    'max-width',
  ])('%s: 1px is kept, 3000px is not', (property) => {
    expect(sanitizeStyle(`${property}: 1px`)).toBe(`${property}: 1px`);
    expect(sanitizeStyle(`${property}: 3000px`)).toBe('');
  });

  it.each([
    ['margin', '1px 2px 3px 4px', '1px 2px 3px 4px 5px'],
    ['margin-right', '1px', '1px 2px'],
    ['padding', '1px 2px 3px 4px', '1px 2px 3px 4px 5px'],
    ['padding-bottom', '1px', '1px 2px'],
    ['text-indent', '1px hanging each-line', '1px hanging each-line 2px'],
    ['border-width', '1px 2px 3px 4px', '1px 2px 3px 4px 5px'],
    ['border-radius', '1px 2px 3px 4px', '1px 2px 3px 4px 5px'],
    ['border-spacing', '1px 2px', '1px 2px 3px'],
    ['letter-spacing', '1px', '1px 2px'],
    ['width', '.25px', '.25px 1px'],
    ['width', '1px', '1px 2px'],
  ])('%s takes %s but not %s (how many lengths the shorthand has)', (property, kept, dropped) => {
    expect(sanitizeStyle(`${property}: ${kept}`)).toBe(`${property}: ${kept}`);
    expect(sanitizeStyle(`${property}: ${dropped}`)).toBe('');
  });

  it.each([
    ['margin', 'auto'],
    ['margin-top', 'auto'],
    ['text-indent', 'hanging'],
    ['text-indent', 'each-line'],
    ['border-width', 'thin'],
    ['border-width', 'medium'],
    ['border-width', 'thick'],
    ['width', 'auto'],
    ['height', 'none'],
    ['max-width', 'min-content'],
    ['min-width', 'max-content'],
    ['width', 'fit-content'],
    ['letter-spacing', 'normal'],
    ['word-spacing', 'normal'],
    ['line-height', 'normal'],
  ])('%s keeps the keyword %s', (property, word) => {
    expect(sanitizeStyle(`${property}: ${word}`)).toBe(`${property}: ${word}`);
  });

  it.each([
    ['padding', 'auto'],
    ['margin', 'none'],
    ['width', 'hanging'],
    ['border-width', 'normal'],
    ['border-radius', 'auto'],
    ['line-height', 'bold'],
    ['margin', '!important'],
    ['margin', '#fff'],
    ['padding', '"1px"'],
    ['width', 'red'],
    ['border-width', '1px, 1px'],
  ])('%s drops %s, a keyword (or nothing) the property does not take', (property, value) => {
    expect(sanitizeStyle(`${property}: ${value}`)).toBe('');
  });

  it('a subtracted length may pull a margin or indent below zero, so there every part counts; padding and width clamp at zero', () => {
    expect(sanitizeStyle('margin: calc(10% - 1px)')).toBe('');
    expect(sanitizeStyle('text-indent: calc(10% - 1px)')).toBe('');
    expect(sanitizeStyle('padding: calc(10% - 1px)')).toBe('padding: calc(10% - 1px)');
    expect(sanitizeStyle('padding-left: calc(10% - 1px)')).toBe('padding-left: calc(10% - 1px)');
    expect(sanitizeStyle('max-width: calc(100% - 1em)')).toBe('max-width: calc(100% - 1em)');
    expect(sanitizeStyle('border-radius: calc(50% - 1px)')).toBe('border-radius: calc(50% - 1px)');
    // A negative length clamps at zero only where a percentage outweighs it.
    expect(sanitizeStyle('padding: -1px')).toBe('');
    expect(sanitizeStyle('padding: calc(0% - 1px)')).toBe('');
    expect(sanitizeStyle('width: calc(-1% + 10px)')).toBe('');
    // A subtracted length does not buy room for a percentage over its cap.
    expect(sanitizeStyle('width: calc(101% - 20px)')).toBe('');
    expect(sanitizeStyle('padding: calc(11% - 10px)')).toBe('');
    // A length that cannot be measured (an infinite one taken from another) is refused, a percentage beside it or not.
    expect(sanitizeStyle('width: calc(1e400px - 1e400px + 50%)')).toBe('');
    expect(sanitizeStyle('padding: calc(1e400px - 1e400px)')).toBe('');
  });

  it('properties without a percentage cap take no percentage', () => {
    for (const declaration of ['border-width: 1%', 'border: 1% solid', 'border-spacing: 1%', 'letter-spacing: 1%', 'word-spacing: 0.5%']) {
      expect(sanitizeStyle(declaration), declaration).toBe('');
    }
    expect(sanitizeStyle('border-width: 0%')).toBe('border-width: 0%');
  });
});

describe('font-size and line-height are read by their own rules', () => {
  it.each(['xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large', 'smaller', 'SMALL'])(
    'font-size keeps the keyword %s',
    (word) => {
      expect(sanitizeStyle(`font-size: ${word}`)).toBe(`font-size: ${word}`);
    },
  );

  it.each([
    ['one size only', '12px 12px'],
    ['a plain number (no unit)', '12'],
    ['a colour', '#fff'],
    ['a string', "'12px'"],
    ['a keyword that grows text', 'larger'],
    ['below the rem floor', `${RICH_TEXT_LAYOUT_LIMITS.fontSizeMinRelative - 0.01}rem`],
    ['below the percentage floor', '49%'],
    ['ex above one em', '2.1ex'],
    ['ch below half an em', '0.9ch'],
    ['zero pixels', '0px'],
    ['a negative length', '-12px'],
  ])('font-size drops %s', (_name, value) => {
    expect(sanitizeStyle(`font-size: ${value}`)).toBe('');
  });

  it.each([`${RICH_TEXT_LAYOUT_LIMITS.fontSizeMinRelative}rem`, '1rem', '50%', '2ex', '1ch', '12pt', '1pc'])(
    'font-size keeps %s',
    (value) => {
      expect(sanitizeStyle(`font-size: ${value}`)).toBe(`font-size: ${value}`);
    },
  );

  it.each([
    ['0', true],
    ['1.5', true],
    ['-1', false],
    ['0px', true],
    ['-1px', false],
    ['0%', true],
    ['-1%', false],
    ['1rem', true],
    ['9rem', true],
    ['9.1rem', false],
    ['1em', true],
    ['1 1', false],
    ['#fff', false],
    ["'1'", false],
    ['calc(1px + 1px)', false],
    ['inherit', true],
  ])('line-height: %s kept %s', (value, kept) => {
    expect(sanitizeStyle(`line-height: ${value}`)).toBe(kept ? `line-height: ${value}` : '');
  });
});

describe('how a value is read into lengths, words and colours', () => {
  it.each([
    ['+1px', true],
    ['1.5px', true],
    ['1.px', true],
    ['.5px', true],
    ['.25px', true],
    ['1e1px', true],
    ['1E1PX', true],
    ['1e+1px', true],
    ['1e-1px', true],
    ['1e01px', true],
    ['1e10px', false],
    ['6.4e1px', true],
    ['6.5e1px', false],
    ['10PX', true],
    ['2EM', true],
    ['2Rem', true],
    ['1Q', true],
    ['65px', false],
    ['1e2px', false],
    ['1zz', false],
    ['70', false],
  ])('padding: %s kept %s', (value, kept) => {
    expect(sanitizeStyle(`padding: ${value}`)).toBe(kept ? `padding: ${value}` : '');
  });

  it.each(['initial', 'inherit', 'unset', 'revert', 'revert-layer', 'INITIAL'])(
    'a global keyword alone is kept for any property: %s',
    (word) => {
      expect(sanitizeStyle(`font-size: ${word}`)).toBe(`font-size: ${word}`);
      expect(sanitizeStyle(`width: ${word}`)).toBe(`width: ${word}`);
    },
  );

  it('a global keyword next to a length is no global keyword', () => {
    expect(sanitizeStyle('margin: inherit 1px')).toBe('');
    expect(sanitizeStyle('width: initial 3000px')).toBe('');
  });

  it('calc() reads its terms across any run of spaces, and refuses a term joined by anything but + or -', () => {
    expect(sanitizeStyle('width: calc( 1px + 2px )')).toBe('width: calc( 1px + 2px )');
    expect(sanitizeStyle('width: calc(1px  +\t2px)')).toBe('width: calc(1px  +\t2px)');
    expect(sanitizeStyle('width: calc(1px x 3000px)')).toBe('');
    expect(sanitizeStyle('width: calc(10px x 5px)')).toBe('');
    expect(sanitizeStyle('width: calc(1px + 3000px)')).toBe('');
    expect(sanitizeStyle('width: calc(1px - 3000px)')).toBe('');
    expect(sanitizeStyle('padding: calc(1rem + 0px)')).toBe('padding: calc(1rem + 0px)');
    expect(sanitizeStyle('padding: calc(0px + 2rem)')).toBe('padding: calc(0px + 2rem)');
    expect(sanitizeStyle('padding: calc(4rem + 1px)')).toBe('');
    expect(sanitizeStyle('padding: calc(5% + 0em)')).toBe('padding: calc(5% + 0em)');
    expect(sanitizeStyle('padding: calc(0px + 2em)')).toBe('padding: calc(0px + 2em)');
    expect(sanitizeStyle('padding: calc(0px + 11%)')).toBe('');
    expect(sanitizeStyle('padding: calc(1px - 1px + 11%)')).toBe('');
    expect(sanitizeStyle('font-weight: calc(700 + 0)')).toBe('');
    // Each term is one number with its unit, nothing before or after it.
    expect(sanitizeStyle('width: calc(1.2.3px + 0px)')).toBe('');
    expect(sanitizeStyle('width: calc(1px2 + 0px)')).toBe('');
  });

  it('the colour functions and hex colours are read for their opacity', () => {
    for (const colour of [
      'rgb(1, 2, 3)',
      'rgba(1, 2, 3, 1)',
      'hsl(1, 2%, 3%)',
      'hsla(1, 2%, 3%, 50%)',
      'HSL(1, 2%, 3%)',
      '#abc',
      '#aabbcc',
    ]) {
      expect(sanitizeStyle(`color: ${colour}`), colour).toBe(`color: ${colour}`);
      expect(sanitizeStyle(`background-color: ${colour}`), colour).toBe(`background-color: ${colour}`);
    }
    expect(sanitizeStyle('color: hsla(1, 2%, 3%, 49%)')).toBe('');
    expect(sanitizeStyle('color: #000f')).toBe('color: #000f');
    expect(sanitizeStyle('color: #0007')).toBe('');
    expect(sanitizeStyle('color: #00000080')).toBe('color: #00000080');
    expect(sanitizeStyle('color: #0000007f')).toBe('');
    expect(sanitizeStyle('color: red transparent')).toBe('');
    expect(sanitizeStyle('color: red, blue')).toBe('color: red, blue');
    // The alpha is the last two hex digits, the fourth argument read with its spaces trimmed.
    expect(sanitizeStyle('color: #ffffff80')).toBe('color: #ffffff80');
    expect(sanitizeStyle('color: #ffffff7f')).toBe('');
    expect(sanitizeStyle('color: rgba(0, 0, 0, 40% )')).toBe('');
    expect(sanitizeStyle('color: rgba(0, 0, 0, 60% )')).toBe('color: rgba(0, 0, 0, 60% )');
    // A unit that is not allowed is refused even where the rule does not look at lengths.
    expect(sanitizeStyle('color: red 1vw')).toBe('');
  });

  it('a colour whose opacity cannot be read is dropped, even where opacity does not matter', () => {
    expect(sanitizeStyle('background-color: rgba(0, 0, 0, x)')).toBe('');
    expect(sanitizeStyle('color: rgba(0, 0, 0, x)')).toBe('');
    expect(sanitizeStyle('background-color: rgb(0, 0, 0')).toBe('');
  });

  it('what follows a hex colour is read on its own', () => {
    expect(sanitizeStyle('border: #fff 1px solid')).toBe('border: #fff 1px solid');
    expect(sanitizeStyle('border: #fff 3000px solid')).toBe('');
    expect(sanitizeStyle('background-color: # 3000px')).toBe('');
    expect(sanitizeStyle('border: 1px "a" 3000px')).toBe('');
  });

  it('commas and quoted strings are read as separators and names, between which lengths are still capped', () => {
    expect(sanitizeStyle("font-family: 'PingFang SC', Arial, serif")).toBe("font-family: 'PingFang SC', Arial, serif");
    expect(sanitizeStyle('font-family: "a", b')).toBe('font-family: "a", b');
    expect(sanitizeStyle('border: 1px,2px')).toBe('border: 1px,2px');
    expect(sanitizeStyle('border: 1px,3000px')).toBe('');
    expect(sanitizeStyle("border: 'x'3000px")).toBe('');
    // What is inside quotes is a name, not lengths or punctuation to read.
    expect(sanitizeStyle('border: "3000px" solid')).toBe('border: "3000px" solid');
    expect(sanitizeStyle('font-family: "Wow!", serif')).toBe('font-family: "Wow!", serif');
  });

  it('!important is read only at the end, and a bare ! is refused', () => {
    expect(sanitizeStyle('color: red !IMPORTANT')).toBe('color: red !IMPORTANT');
    expect(sanitizeStyle('color: red ! important ')).toBe('color: red ! important');
    expect(sanitizeStyle('width: 1px!important')).toBe('width: 1px!important');
    expect(sanitizeStyle('color: red !important red')).toBe('');
    expect(sanitizeStyle('color: red !')).toBe('');
    expect(sanitizeStyle('color: red!')).toBe('');
    expect(sanitizeStyle('color: red !importantx')).toBe('');
  });

  it('vertical-align takes one keyword only', () => {
    expect(sanitizeStyle('vertical-align: middle')).toBe('vertical-align: middle');
    expect(sanitizeStyle('vertical-align: top middle')).toBe('');
    expect(sanitizeStyle('vertical-align: #fff')).toBe('');
  });
});

describe('withinLayoutBounds reads values the character rules would already refuse, and refuses them too', () => {
  it.each([
    ['font-family', `"a" 'b`, 'an unclosed string'],
    ['color', 'red(1)', 'a function that is neither a colour nor calc()'],
    ['color', 'var(--x)', 'var()'],
    ['width', 'calc(1px * 2)', 'a calc() that multiplies'],
    ['width', 'rgb(1, 2, 3', 'an unclosed bracket'],
    ['width', '(1px)', 'a bracket with no name'],
    ['width', '1px)', 'a stray closing bracket'],
    ['background-color', 'rgb((1)', 'a bracket inside a colour function'],
    ['width', 'calc((1px)', 'a bracket inside calc()'],
  ])('%s: %s (%s)', (property, value) => {
    expect(withinLayoutBounds(property, value)).toBe(false);
  });

  it('keeps what sanitizeStyle keeps', () => {
    expect(withinLayoutBounds('font-family', `"a" 'b'`)).toBe(true);
    expect(withinLayoutBounds('width', 'calc(1px + 2px)')).toBe(true);
  });
});

describe('renderRichText refuses what is not an element, and says which argument was wrong', () => {
  const errorOf = (run: () => unknown): Error & { cause?: unknown } => {
    try {
      run();
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected a throw');
  };
  const notElement = (got: string) => `renderRichText: element must be a DOM element, got ${got}`;

  it.each([
    ['null', null, 'null'],
    ['a string', '<div>', '"<div>"'],
    ['an object without style', { innerHTML: '' }, 'an object'],
    ['an object whose style cannot be set', { innerHTML: '', style: {} }, 'an object'],
    ['an object whose innerHTML is not text', { innerHTML: 5, style: { setProperty() {} } }, 'an object'],
  ])('%s is refused before anything is read from it', (_name, element, got) => {
    const error = errorOf(() => renderRichText(element as unknown as Element, '<p>x</p>'));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe(notElement(got));
    // Refused by the check itself, not by a TypeError caught on the way.
    expect('cause' in error).toBe(false);
  });

  it('a function carrying the fields of an element is no element', () => {
    const page = jsdomWindow('');
    const fake = Object.assign(() => undefined, { innerHTML: '', style: { setProperty() {} }, ownerDocument: page.document });
    const error = errorOf(() => renderRichText(fake as unknown as Element, '<p>x</p>'));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe(notElement('a function'));
    expect(fake.innerHTML).toBe('');
  });

  it('an element whose ownerDocument cannot be read is refused as no element', () => {
    const fake = {
      innerHTML: '',
      style: { setProperty() {} },
      get ownerDocument(): never {
        throw new Error('detached');
      },
    };
    const error = errorOf(() => renderRichText(fake as unknown as Element, '<p>x</p>'));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe(notElement('an object'));
    expect((error.cause as Error).message).toBe('detached');
  });

  it('an element with no document, or a document with no window, has no window to sanitise with', () => {
    const message = "renderRichText: the element's document has no window to sanitise with";
    for (const ownerDocument of [null, { defaultView: null }, {}]) {
      const fake = { innerHTML: '', style: { setProperty() {} }, ownerDocument };
      const error = errorOf(() => renderRichText(fake as unknown as Element, '<p>x</p>'));
      expect(error).toBeInstanceOf(UnsafeDomWindowError);
      expect(error.message).toBe(message);
    }
  });

  it('html that is not a string is rendered as its text, and html whose text cannot be read is refused by name', () => {
    const box = jsdomWindow('').document.createElement('div');
    expect(renderRichText(box, 5 as unknown as string)).toBe('5');
    expect(box.innerHTML).toBe('5');
    const hostile = {
      toString(): string {
        throw new Error('boom');
      },
    };
    const error = errorOf(() => renderRichText(box, hostile as unknown as string));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toBe('renderRichText: html must be a string, got an object');
    expect(box.innerHTML).toBe('5');
  });

  it('options that are not an object are refused by name, and no options is the default', () => {
    const box = jsdomWindow('').document.createElement('div');
    expect(() => renderRichText(box, '<p>x</p>', null as unknown as object)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'renderRichText: options must be an object, got null' }),
    );
    expect(renderRichText(box, '<p class="a">x</p>', undefined)).toBe('<p>x</p>');
  });

  it('RICH_TEXT_CONTAINER_STYLE names each declaration of the box, and cannot be changed', () => {
    expect(RICH_TEXT_CONTAINER_STYLE).toEqual({ contain: 'paint', overflow: 'clip', position: 'relative', isolation: 'isolate' });
    expect(Object.isFrozen(RICH_TEXT_CONTAINER_STYLE)).toBe(true);
  });
});

describe('boundedDimension keeps a size attribute within the box cap, trimmed', () => {
  it.each([
    [' 640 ', '640'],
    ['\t50%\n', '50%'],
    ['1200', '1200'],
    ['1200.5', null],
    ['3000', null],
    ['', null],
  ])('%j gives %j', (value, expected) => {
    expect(boundedDimension(value)).toBe(expected);
  });
});
