// Kept deliberately small and import-light: it runs on every keystroke and ships in every trading form.
import { InvalidArgumentError } from '../errors/exkit-error.js';

// A cheap stand-in for describeValue, which would double this module's size in a bundle.
const invalid = (field: string, expected: string, value: unknown) =>
  new InvalidArgumentError(`${field} must be ${expected}, got ${typeof value === 'number' ? String(value) : `a ${typeof value}`}`, {
    field,
    value,
  });

// Spec §S9: the amount sanitiser keeps at most 20 integer digits.
export const AMOUNT_MAX_INTEGER_DIGITS = 20;

/** A sanitised amount and where the caret belongs in it. */
export interface SanitizedAmountInput {
  value: string;
  caret: number;
}

const ZERO = 48;
const NINE = 57;
const DOT = 46;
// Spec §S5: the full-width full stop becomes a dot. Full-width digits (U+FF10–U+FF19) become ASCII digits
// too: IMEs for Chinese and Japanese type them, and the user means the digit (docs/content-safety.md).
const FULLWIDTH_DOT = 0xff0e;
const FULLWIDTH_ZERO = 0xff10;
const FULLWIDTH_NINE = 0xff19;

/**
 * A number's digits written out in full: String() writes 1e21 and 1e-7 in exponent form, whose letters the
 * sanitiser would drop (1e21 would become '121'). The sign goes, as the sanitiser drops it anyway. String()'s
 * exponent form has one digit before the point and an exponent of at least 21 or at most -7, so the point lands
 * either before every digit or after all of them.
 */
function plainNumber(n: number): string {
  const [mantissa, exponent] = String(Math.abs(n)).split('e') as [string, string?];
  if (exponent === undefined) return mantissa;
  const digits = mantissa.replace('.', '');
  const point = 1 + Number(exponent);
  // Stryker disable next-line EqualityOperator: the point is at most -6 or at least 22, never 0
  return point < 0 ? `0.${'0'.repeat(-point)}${digits}` : digits.padEnd(point, '0');
}

function run(input: string, fractionDigits: number, caret: number): SanitizedAmountInput {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0) throw invalid('fractionDigits', 'a non-negative integer', fractionDigits);
  // Numbers are accepted as their text (a form may hold one); anything else is a caller's mistake.
  if (typeof input !== 'string' && typeof input !== 'number') throw invalid('input', 'a string', input);
  const text = typeof input === 'number' ? plainNumber(input) : input;
  let out = '';
  let integerDigits = 0;
  let fraction = -1; // -1 until the first dot is kept (or, with no fraction allowed, swallowed)
  let caretOut = -1;
  for (let i = 0; i < text.length; i++) {
    if (i === caret) caretOut = out.length;
    let code = text.charCodeAt(i);
    if (code >= FULLWIDTH_ZERO) {
      // Stryker disable next-line ConditionalExpression: without this bound a code past U+FF19 maps past '9' and is stripped all the same.
      if (code <= FULLWIDTH_NINE) code -= FULLWIDTH_ZERO - ZERO;
    } else if (code === FULLWIDTH_DOT) code = DOT;
    if (code === DOT) {
      // A leading dot is removed; only the first dot after a digit is kept.
      if (out === '' || fraction >= 0) continue;
      fraction = 0;
      if (fractionDigits > 0) out += '.';
      continue;
    }
    if (code < ZERO || code > NINE) continue;
    if (fraction >= 0) {
      if (fraction < fractionDigits) {
        out += String.fromCharCode(code);
        fraction++;
      }
      continue;
    }
    if (out === '0') {
      // Leading zeros collapse into one 0, which the next non-zero digit replaces.
      if (code === ZERO) continue;
      out = String.fromCharCode(code);
      // Stryker disable next-line EqualityOperator: at 0 the caret is already where this would put it.
      if (caretOut > 0) caretOut = 0;
      continue;
    }
    if (integerDigits >= AMOUNT_MAX_INTEGER_DIGITS) continue;
    out += String.fromCharCode(code);
    integerDigits++;
  }
  if (caretOut < 0) caretOut = out.length;
  return { value: out, caret: caretOut };
}

/**
 * Cleans a typed amount (spec §S5): full-width digits and full stop become ASCII, everything but digits and
 * one dot is dropped, no leading dot, one leading zero at most, 20 integer digits, `fractionDigits` decimals.
 */
export function sanitizeAmount(input: string, fractionDigits: number): string {
  // Stryker disable next-line UnaryOperator: only the value is returned, and the caret never changes the value.
  return run(input, fractionDigits, -1).value;
}

/** sanitizeAmount plus the caret position in the result that matches `caret` in the raw input. */
export function sanitizeAmountInput(input: string, fractionDigits: number, caret: number): SanitizedAmountInput {
  return run(input, fractionDigits, caret);
}
