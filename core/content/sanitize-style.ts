import { readGuarded } from '../validate/describe-value.js';
import { withinLayoutBounds } from './style-bounds.js';

// Spec §S5 ("unsafe style values removed"): inline styles keep only these properties, each with a plain value.
export const ALLOWED_STYLE_PROPERTIES: readonly string[] = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'font-variant',
  'text-align',
  'text-decoration',
  'text-decoration-line',
  'text-decoration-color',
  'text-decoration-style',
  'text-indent',
  'text-transform',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'white-space',
  'word-break',
  'overflow-wrap',
  'vertical-align',
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
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'width',
  'height',
  'max-width',
  'min-width',
  'float',
  'clear',
  'list-style-type',
  'list-style-position',
];

// CSS functions a value may call; everything else (expression(), url(), image-set(), var()…) drops the declaration.
export const ALLOWED_STYLE_FUNCTIONS: readonly string[] = ['rgb', 'rgba', 'hsl', 'hsla', 'calc'];

const allowedProperties = new Set(ALLOWED_STYLE_PROPERTIES);
const allowedFunctions = new Set(ALLOWED_STYLE_FUNCTIONS);
// Letters, digits, spaces and the punctuation plain values need. No backslash (CSS escapes), slash or star
// (comments), colon, semicolon, angle brackets, ampersand or at-sign: so no escapes, comments, imports or URLs.
const VALUE_CHARS = /^[\p{L}\p{N}\s#%.,()'"+\-!]*$/u;
// The same set in ASCII only: most values pass this cheaper test.
// Stryker disable next-line Regex: a fast path; VALUE_CHARS accepts every value this accepts, and the two function-call patterns read such
// a value alike.
const ASCII_VALUE_CHARS = /^[a-zA-Z0-9 \t\n\r\f#%.,()'"+\-!]*$/;
// The layout check (withinLayoutBounds) reads calls more strictly: a name from this same list with its bracket
// right after it. So a call these two patterns misread is refused there as well; they keep the allow-list
// enforced where it is declared.
// Stryker disable next-line Regex: the layout check refuses every call this pattern could miss
const FUNCTION_CALL = /([\p{L}\p{N}_-]*)\s*\(/gu;
// The same for a value that passed the ASCII test: non-Unicode patterns run faster.
// Stryker disable next-line Regex: the layout check refuses every call this pattern could miss
const ASCII_FUNCTION_CALL = /([a-zA-Z0-9_-]*)\s*\(/g;

const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const SEMICOLON = 59;

function splitDeclarations(style: string): string[] {
  // Stryker disable next-line ArrayDeclaration: a stray first part has no colon, so sanitizeStyle skips it.
  const parts: string[] = [];
  let depth = 0;
  let quote = 0;
  let start = 0;
  // Stryker disable next-line EqualityOperator: one step past the end reads NaN, which matches no character.
  for (let i = 0; i < style.length; i++) {
    const ch = style.charCodeAt(i);
    if (quote !== 0) {
      if (ch === quote) quote = 0;
    } else if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) quote = ch;
    else if (ch === OPEN_PAREN) depth++;
    else if (ch === CLOSE_PAREN) depth = Math.max(0, depth - 1);
    else if (ch === SEMICOLON && depth === 0) {
      parts.push(style.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(style.slice(start));
  return parts;
}

function safeValue(value: string): boolean {
  if (value === '') return false;
  const ascii = ASCII_VALUE_CHARS.test(value);
  if (!ascii && !VALUE_CHARS.test(value)) return false;
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; a value without '(' holds no call for the loop to find.
  if (value.includes('(')) {
    // exec on a shared pattern rather than matchAll, which clones the pattern on every call.
    const pattern = ascii ? ASCII_FUNCTION_CALL : FUNCTION_CALL;
    pattern.lastIndex = 0;
    for (let call = pattern.exec(value); call !== null; call = pattern.exec(value)) {
      if (!allowedFunctions.has(call[1]!.toLowerCase())) {
        pattern.lastIndex = 0;
        return false;
      }
    }
  }
  // Quotes must pair up, or the value could run past its end.
  let double = 0;
  let single = 0;
  // Stryker disable next-line EqualityOperator: one step past the end reads NaN, which is no quote.
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    if (ch === DOUBLE_QUOTE) {
      // Stryker disable next-line UpdateOperator: counting down keeps the parity, and only the parity is read.
      double++;
    } else if (ch === SINGLE_QUOTE) {
      // Stryker disable next-line UpdateOperator: counting down keeps the parity, and only the parity is read.
      single++;
    }
  }
  return double % 2 === 0 && single % 2 === 0;
}

/**
 * Keeps the declarations of an inline style whose property and value are on the allow-list and whose lengths keep
 * to the layout caps (RICH_TEXT_LAYOUT_LIMITS); '' when none does.
 */
export function sanitizeStyle(style: string): string {
  const kept: string[] = [];
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; String() gives a string its own text.
  const text = typeof style === 'string' ? style : readGuarded('style', 'a string', style, 'sanitizeStyle', () => String(style));
  for (const declaration of splitDeclarations(text)) {
    const colon = declaration.indexOf(':');
    // Stryker disable next-line EqualityOperator: a colon at 0 leaves an empty property, which the list refuses too.
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (allowedProperties.has(property) && safeValue(value) && withinLayoutBounds(property, value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}
